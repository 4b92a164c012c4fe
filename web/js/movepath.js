// movepath.js: a moving stack on the board (6.0): the path it has taken so far,
// read back from the log to where its move or its entry began, the MP it has
// left, and on each hex it may step into the cost of that step from the engine's
// preview, marked ⚠ where an enemy could opportunity-fire at it there (5.3).

import { svg } from './dom.js';
import { hexesIn } from './log.js';

const LOC = '([A-Z]{1,2}\\d{1,2}(?::upper|:roof)?)';

// The locations of the current move, oldest first.
export function movePath(events, known, now) {
  const path = [];
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (e.kind !== 'change') continue;
    if (e.what === 'step') {
      const m = new RegExp(`enters ${LOC}[^(]*\\(([^)]*)\\)`).exec(e.text || '');
      if (m) path.unshift(m[1]);
    } else if (e.what === 'move') {
      const locs = hexesIn(e.text || '', known);
      if (locs.length) path.unshift(locs[0]);
      break;
    } else if (e.what === 'enter' || e.what === 'stop' || e.what === 'activated') {
      break;
    }
  }
  if (!path.length || path[path.length - 1] !== now) path.push(now);
  return path;
}

// view: null outside a move (or in a replay); actions: the parsed legal list;
// opts: {cache: Map, preview(text) -> Promise, current() -> seq}.
export function drawMovePath(layer, board, view, events, actions, opts) {
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  if (!view || !view.move) return;
  const path = movePath(events, new Set(board.hexes.keys()), view.move.location);
  const pts = path.map((loc) => board.centre(loc)).filter(Boolean);
  if (pts.length > 1) {
    const points = pts.map((p) => p.join(',')).join(' ');
    layer.append(svg('polyline', { class: 'move-path-casing', points }));
    layer.append(svg('polyline', { class: 'move-path', points }));
  }
  const here = board.centre(view.move.location);
  if (here) layer.append(svg('g', { class: 'mp-left' },
    svg('rect', { x: here[0] - 26, y: here[1] - 46, width: 52, height: 14, rx: 7 }),
    svg('text', { x: here[0], y: here[1] - 35.5 }, `${view.move.mp_left} MP left`)));
  for (const a of actions.filter((x) => x.verb === 'step')) {
    const key = `${view.seq}:${a.text}`;
    const draw = (p) => {
      const c = board.centre(a.locs[0]);
      if (!c || !p) return;
      const danger = (p.opportunity_fire_from || []).length > 0 || p.melee;
      layer.append(svg('g', { class: 'step-cost' + (danger ? ' danger' : ''), 'data-step': a.locs[0] },
        svg('rect', { x: c[0] - 20, y: c[1] + 22, width: 40, height: 13, rx: 3 }),
        svg('text', { x: c[0], y: c[1] + 31.5 }, `${p.mp_cost} MP${danger ? ' ⚠' : ''}`),
        svg('title', {}, p.melee ? 'Enemy units there: a melee (8.0)' : danger ? 'An enemy could fire at the stack there (5.3)' : 'No enemy could fire at the stack there')));
    };
    if (opts.cache.has(key)) {
      const got = opts.cache.get(key);
      if (got !== 'pending') draw(got);
      continue;
    }
    opts.cache.set(key, 'pending');
    opts.preview(a.text).then((p) => {
      opts.cache.set(key, p);
      if (opts.current() === view.seq) draw(p);
    }).catch(() => opts.cache.delete(key));
  }
}
