// mygames.js: the games this browser takes part in, kept in localStorage (the
// server keeps only the hash of a seat token, so the token lives here and in the
// seat's link). Each entry: {game, scenario, title, mode, seats: [{side, token}],
// created, links?}.

const KEY = 'lnlt.games';

export function listGames() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list.slice(0, 100)));
  } catch {
    /* private mode or full storage: the links still work */
  }
}

export function rememberGame(entry) {
  const list = listGames().filter((g) => g.game !== entry.game);
  list.unshift({ created: new Date().toISOString(), ...entry });
  save(list);
}

// Adds a seat token to a known game (a friend's link opened here), or a new entry.
export function rememberSeat(game, side, token, extra = {}) {
  const list = listGames();
  const g = list.find((x) => x.game === game);
  if (g) {
    if (!g.seats.some((s) => s.token === token)) g.seats.push({ side, token });
    Object.assign(g, extra);
    save(list);
  } else {
    rememberGame({ game, seats: [{ side, token }], mode: 'link', ...extra });
  }
}

export function forgetGame(game) {
  save(listGames().filter((g) => g.game !== game));
}

export function gameUrl(game, tokens) {
  return `/?game=${encodeURIComponent(game)}` + tokens.map((t) => `&token=${encodeURIComponent(t)}`).join('');
}
