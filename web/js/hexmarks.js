// hexmarks.js: the markers that belong to a location rather than to a unit
// (docs/view.md "Markers", "control", "victory_hexes", briefing "event_markers"):
// Smoke 1 and 2 (7.0), Fire For Effect (18.1), Melee (8.1), Spotted (10.1),
// foxholes (21.2), wire (21.3), mines with their side and FP (21.4), bunkers with
// their front (21.1; a bunker is a location of its own, "H4:bunker"), caves the same
// way (10.7, "H4:cave") and their Collapsed Entrance (10.7.2), wrecks (1.3), Rubble (15.1.2),
// Acquisition markers on the target and Acquiring on the firer (14.3), control of
// the victory hexes (22.1), event markers (1.8), and the terrain counters of 10.5
// (fords, roadblocks, craters, tree-lined road hexes).

import { svg } from './dom.js';
import { R } from './geometry.js';
import { sideColour } from './counters.js';

const LABEL = {
  smoke1: 'SMOKE 1', smoke2: 'SMOKE 2', ffe: 'FFE', melee: 'MELEE', spotted: 'SPOTTED',
  foxholes: 'FOXHOLES', wire: 'WIRE', bunker: 'BUNKER', rubble: 'RUBBLE', wreck: 'WRECK',
  cave: 'CAVE', collapsed_entrance: 'COLLAPSED',
  ford: 'FORD', roadblock: 'ROADBLOCK', craters: 'CRATERS', tree_lined: 'TREES', fire1: 'FIRE 1', fire2: 'FIRE 2',
};
const COLOURS = {
  smoke1: ['#e9e9e9', '#222'], smoke2: ['#bdbdbd', '#222'], ffe: ['#c0161b', '#fff'], melee: ['#8b0000', '#fff'],
  foxholes: ['#8a6a3a', '#fff'], wire: ['#555', '#fff'], bunker: ['#555', '#fff'], wreck: ['#2a2622', '#ffb060'],
  rubble: ['#8d8170', '#fff'],
  cave: ['#5a4630', '#fff'], collapsed_entrance: ['#7a6a58', '#fff'],
  acquisition: ['#ffe14d', '#3a2c00'],
  ford: ['#3d7fc4', '#fff'], roadblock: ['#6b4a2b', '#fff'], craters: ['#7a6a58', '#fff'], tree_lined: ['#2f6b2f', '#fff'],
  fire1: ['#ff8c1a', '#2a1200'], fire2: ['#d41c00', '#fff'],
};
// a bunker's front, as the compass direction of the hex it faces (flat-topped hexes)
const FRONT_ANGLE = { n: 0, ne: 60, se: 120, s: 180, sw: 240, nw: 300 };

function unitById(view, id) {
  return (view.units || []).find((u) => u.id === id);
}

// The bunker drawn where its units stand (board.centre of "H4:bunker"): a block
// with its front side thick, turned toward the front hex. It is a location the
// player can click, so it joins the board's location elements.
function bunkerShape(m, board) {
  const loc = `${m.location}:bunker`;
  const [x, y] = board.centre(loc);
  const g = svg('g', { class: 'bunker floor', 'data-hex': loc, transform: `translate(${x},${y}) rotate(${FRONT_ANGLE[m.front] || 0})` },
    svg('rect', { class: 'floor-shape bunker-shape', x: -19, y: -17, width: 38, height: 34, rx: 4 }),
    svg('line', { class: 'bunker-front', x1: -17, y1: -17, x2: 17, y2: -17 }),
    svg('title', {}, `${loc}: bunker, TM +${m.tm}, front toward the ${m.front.toUpperCase()} (21.1)`));
  board.locEls.set(loc, g);
  return g;
}

// A cave (10.7) where its units stand ("H4:cave"): a rounded mouth, open on the
// side of its front (the red arrow of the counter), turned toward the front hex.
function caveShape(m, board) {
  const loc = `${m.location}:cave`;
  const [x, y] = board.centre(loc);
  const g = svg('g', { class: 'cave floor', 'data-hex': loc, transform: `translate(${x},${y}) rotate(${FRONT_ANGLE[m.front] || 0})` },
    svg('path', { class: 'floor-shape cave-shape', d: 'M-19 -12 Q0 -30 19 -12 L19 17 L-19 17 Z' }),
    svg('path', { class: 'cave-front', d: 'M-8 -20 L0 -29 L8 -20' }),
    svg('title', {}, `${loc}: cave, TM +${m.tm}, open toward the ${m.front.toUpperCase()} (10.7)`));
  board.locEls.set(loc, g);
  return g;
}

function chip(text, bg, fg, x, y, w) {
  return svg('g', { class: 'hexmark-chip', transform: `translate(${x},${y})` },
    svg('rect', { width: w, height: 10, rx: 2, fill: bg, stroke: 'rgba(0,0,0,0.5)', 'stroke-width': 0.5 }),
    svg('text', { x: w / 2, y: 7.6, fill: fg }, text));
}

// A coil of barbed wire across the hex: a row of loops.
function wirePath(x, y) {
  let d = `M${x - 30} ${y}`;
  for (let i = 0; i < 6; i++) d += ` c3 -9 9 -9 7 0 c-1 5 -4 5 3 0`;
  return d;
}

export function drawHexMarks(layer, view, board) {
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  const chips = new Map(); // location -> [{text, bg, fg}]
  const addChip = (loc, c) => {
    if (!chips.has(loc)) chips.set(loc, []);
    chips.get(loc).push(c);
  };
  for (const loc of [...board.locEls.keys()]) if (loc.endsWith(':bunker') || loc.endsWith(':cave')) board.locEls.delete(loc);
  for (const m of view.markers || []) {
    const c = board.centre(m.location);
    if (!c) continue;
    const kind = m.marker;
    if (kind === 'bunker') layer.append(bunkerShape(m, board));
    if (kind === 'cave') layer.append(caveShape(m, board));
    if (kind === 'wire') {
      layer.append(svg('path', { class: 'wire-coil', d: wirePath(c[0], c[1] - R * 0.12) }));
    }
    if (kind === 'wreck') {
      layer.append(svg('g', { class: 'wreck', transform: `translate(${c[0] + R * 0.45},${c[1] - R * 0.05}) rotate(-25)` },
        svg('rect', { x: -9, y: -6, width: 18, height: 12, rx: 2 }),
        svg('path', { d: 'M-5 -3 L5 3 M5 -3 L-5 3' })));
    }
    if (kind === 'fire1' || kind === 'fire2') { /* 10.5.6.4: a Fire fills its hex with smoke */
      layer.append(svg('circle', { class: 'smoke-cloud smoke1', cx: c[0], cy: c[1], r: R * 0.8 }));
    }
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
    let title = `${text} (${m.rule})`;
    if (kind === 'fire1' || kind === 'fire2') title = `${kind === 'fire2' ? 'Fire 2: burns for the rest of the game' : 'Fire 1: may be put out, may go out or grow'}; counts as Smoke (${m.rule})`;
    if (kind === 'spotted') {
      bg = sideColour(view, m.for_side);
      fg = '#fff';
      text = 'SPOTTED';
    }
    if (kind === 'mines') {
      bg = sideColour(view, m.side);
      fg = '#fff';
      text = `MINES ${m.fp}`;
      title = `Minefield of the ${(view.sides[m.side] || {}).name || 'side ' + m.side}, FP ${m.fp}; their own units are spared (${m.rule})`;
    }
    if (kind === 'craters') {
      text = `CRATERS +${m.tm}`;
      title = `Craters, TM +${m.tm} on top of the hex's; degrading; extra MP (${m.rule})`;
    }
    if (kind === 'ford') title = `Ford: the river is crossed here at 4 MP; open, TM +1 (${m.rule})`;
    if (kind === 'roadblock') title = `Roadblock: Leg units only, 4 MP; blocking, TM +2 (${m.rule})`;
    if (kind === 'tree_lined') title = `Tree-lined road: open along the road, else degrading with TM +1 (${m.rule})`;
    if (kind === 'bunker') {
      text = `BUNKER +${m.tm}`;
      title = `Bunker, TM +${m.tm}, front toward the ${String(m.front).toUpperCase()} (${m.rule})`;
    }
    if (kind === 'cave') {
      text = `CAVE +${m.tm}`;
      title = `Cave, TM +${m.tm}, open toward the ${String(m.front).toUpperCase()}; tunnels for ${(m.tunnel_sides || []).map((k) => (view.sides[k] || {}).name || 'side ' + k).join(' and ') || 'nobody'} (${m.rule})`;
    }
    if (kind === 'collapsed_entrance') title = `Collapsed Entrance: the cave is gone (${m.rule})`;
    if (kind === 'acquisition') {
      const firer = unitById(view, m.firer);
      const target = m.target !== undefined && m.target !== null ? unitById(view, m.target) : null;
      text = `ACQ −${m.level}`;
      title = `Acquisition −${m.level}: ${firer ? '#' + firer.id + ' ' + firer.name : 'unit #' + m.firer} has ${target ? '#' + target.id + ' ' + target.name : 'the units of ' + m.location} in its sights (${m.rule})`;
      // the firer carries the matching Acquiring marker
      if (firer && firer.location && board.centre(firer.location)) {
        addChip(firer.location, { text: `ACQ'G ${target ? '#' + target.id : m.location}`, bg, fg, title, kind: 'acquiring' });
      }
    }
    addChip(m.location, { text, bg, fg, title, kind });
  }
  for (const [loc, list] of chips) {
    const c = board.centre(loc);
    // each chip as wide as its text; rows of at most 84 units, bottom row first
    const rows = [[]];
    let used = 0;
    for (const ch of list) {
      ch.w = Math.max(30, ch.text.length * 4.3 + 5);
      if (used + ch.w > 84 && rows[rows.length - 1].length) {
        rows.push([]);
        used = 0;
      }
      rows[rows.length - 1].push(ch);
      used += ch.w + 2;
    }
    rows.forEach((row, r) => {
      let x = c[0] - (row.reduce((a, ch) => a + ch.w + 2, 0) - 2) / 2;
      for (const ch of row) {
        const el = chip(ch.text, ch.bg, ch.fg, x, c[1] + R * 0.62 - r * 11, ch.w);
        el.classList.add('hexmark-' + (ch.kind || 'chip'));
        el.append(svg('title', {}, ch.title));
        layer.append(el);
        x += ch.w + 2;
      }
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
