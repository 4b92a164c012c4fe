// hexmarks.js: the markers that belong to a location rather than to a unit
// (docs/view.md "Markers", "control", "victory_hexes", briefing "event_markers"):
// Smoke 1 and 2 (7.0), Fire For Effect (18.1), Melee (8.1), Spotted (10.1),
// fortifications, control of the victory hexes (22.1) and event markers (1.8).

import { svg } from './dom.js';
import { R } from './geometry.js';
import { sideColour } from './counters.js';

const LABEL = {
  smoke1: 'SMOKE 1', smoke2: 'SMOKE 2', ffe: 'FFE', melee: 'MELEE', spotted: 'SPOTTED',
  foxholes: 'FOXHOLES', wire: 'WIRE', bunker: 'BUNKER', rubble: 'RUBBLE', wreck: 'WRECK',
};
const COLOURS = {
  smoke1: ['#e9e9e9', '#222'], smoke2: ['#bdbdbd', '#222'], ffe: ['#c0161b', '#fff'], melee: ['#8b0000', '#fff'],
  foxholes: ['#8a6a3a', '#fff'], wire: ['#555', '#fff'], bunker: ['#555', '#fff'],
};

function chip(text, bg, fg, x, y, w) {
  return svg('g', { class: 'hexmark-chip', transform: `translate(${x},${y})` },
    svg('rect', { width: w, height: 10, rx: 2, fill: bg, stroke: 'rgba(0,0,0,0.5)', 'stroke-width': 0.5 }),
    svg('text', { x: w / 2, y: 7.6, fill: fg }, text));
}

export function drawHexMarks(layer, view, board) {
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  const chips = new Map(); // location -> [{text, bg, fg}]
  const addChip = (loc, c) => {
    if (!chips.has(loc)) chips.set(loc, []);
    chips.get(loc).push(c);
  };
  for (const m of view.markers || []) {
    const c = board.centre(m.location);
    if (!c) continue;
    const kind = m.marker;
    if (kind === 'smoke1' || kind === 'smoke2') {
      layer.append(svg('circle', { class: 'smoke-cloud ' + kind, cx: c[0], cy: c[1], r: R * 0.8 }));
    }
    if (kind === 'ffe') {
      layer.append(svg('circle', { class: 'ffe-ring', cx: c[0], cy: c[1], r: R * 0.78 }));
    }
    if (kind === 'melee') {
      const el = board.el(m.location);
      if (el) el.classList.add('in-melee');
    }
    let text = LABEL[kind] || kind.toUpperCase();
    if (kind === 'ffe' && m.fp !== undefined) text += ' ' + m.fp;
    let [bg, fg] = COLOURS[kind] || ['#444', '#fff'];
    if (kind === 'spotted') {
      bg = sideColour(view, m.for_side);
      fg = '#fff';
      text = 'SPOTTED';
    }
    addChip(m.location, { text, bg, fg, title: `${text} (${m.rule})` });
  }
  for (const [loc, list] of chips) {
    const c = board.centre(loc);
    const w = 40;
    list.forEach((ch, i) => {
      const x = c[0] - (list.length * (w + 2)) / 2 + i * (w + 2);
      const el = chip(ch.text, ch.bg, ch.fg, x, c[1] + R * 0.62, w);
      el.append(svg('title', {}, ch.title));
      layer.append(el);
    });
  }
  // victory hexes with who controls them (22.1)
  const owner = new Map();
  for (const side of ['1', '2']) for (const hx of (view.control || {})[side] || []) owner.set(hx, Number(side));
  for (const hx of view.victory_hexes || []) {
    const c = board.centre(hx);
    if (!c) continue;
    const who = owner.get(hx);
    const fillc = who ? sideColour(view, who) : '#ffffff';
    const x = c[0] + R * 0.62, y = c[1] - R * 0.3;
    const g = svg('g', { class: 'victory-hex' + (who ? ' controlled-' + who : ''), 'data-victory': hx },
      svg('circle', { cx: x, cy: y, r: 8.5, fill: fillc, stroke: '#c9a400', 'stroke-width': 2 }),
      svg('text', { class: 'victory-star', x, y: y + 3.6 }, '★'),
      svg('title', {}, `${hx}: victory hex, ${who ? 'controlled by the ' + view.sides[who].name : 'controlled by nobody'} (22.1)`));
    layer.append(g);
  }
  // event markers still on the map (1.8)
  for (const ev of (view.briefing && view.briefing.event_markers) || []) {
    if (!ev.on_map || !ev.hex) continue;
    const c = board.centre(ev.hex);
    if (!c) continue;
    const x = c[0] + R * 0.62, y = c[1] + R * 0.28;
    layer.append(svg('g', { class: 'event-marker', 'data-event': ev.marker },
      svg('rect', { x: x - 7, y: y - 7, width: 14, height: 14, transform: `rotate(45 ${x} ${y})`, fill: '#ffd23f', stroke: '#6b5200', 'stroke-width': 1.2 }),
      svg('text', { x, y: y + 3.8 }, ev.marker),
      svg('title', {}, ev.text)));
  }
}
