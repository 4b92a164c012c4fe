// api.js: the HTTP contract of `lnlt serve` (docs/server.md) as functions. Every
// call resolves to the JSON answer or throws an ApiError carrying the status and
// the server's reason; nothing here knows the rules.

export class ApiError extends Error {
  constructor(status, message, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

async function call(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let res;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, 'the server cannot be reached (' + e.message + ')');
  }
  let json = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  }
  if (!res.ok) {
    const why = json && json.error ? json.error : `HTTP ${res.status}`;
    throw new ApiError(res.status, why, json);
  }
  return json;
}

const enc = encodeURIComponent;
const game = (id) => `/api/games/${enc(id)}`;
const tok = (token) => (token ? `token=${enc(token)}` : '');

export const api = {
  scenarios: () => call('GET', '/api/scenarios'),
  bots: () => call('GET', '/api/bots'),
  map: (id) => call('GET', `/api/maps/${enc(id)}`),
  createGame: (scenario, seats, optionalRules) => call('POST', '/api/games', optionalRules ? { scenario, seats, optional_rules: optionalRules } : { scenario, seats }),
  view: (id, token) => call('GET', `${game(id)}/view?${tok(token)}`),
  viewAt: (id, at) => call('GET', `${game(id)}/view?at=${at}`),
  act: (id, token, seq, action) => call('POST', `${game(id)}/actions`, { token, seq, action }),
  preview: (id, token, action) => call('GET', `${game(id)}/preview?${tok(token)}&action=${enc(action)}`),
  los: (id, token, from, to) => call('GET', `${game(id)}/los?${tok(token)}&from=${enc(from)}&to=${enc(to)}`),
  log: (id, token) => call('GET', `${game(id)}/log?${tok(token)}`),
  replay: (id) => call('GET', `${game(id)}/replay`),
  undo: (id, token, seq) => call('POST', `${game(id)}/undo`, { token, seq }),
  resign: (id, token, seq) => call('POST', `${game(id)}/resign`, { token, seq }),
  mine: (tokens) => call('POST', '/api/games/mine', { tokens }),
};

// The WebSocket address of a game for one seat (docs/server.md, "WebSocket").
export function socketUrl(id, token) {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${location.host}/ws/games/${enc(id)}${token ? '?' + tok(token) : ''}`;
}
