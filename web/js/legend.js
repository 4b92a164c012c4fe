// legend.js: the key to the board: each terrain type of this map with its line of
// sight class and TM, how to read a counter, and what each marker means.

import { h, svg } from './dom.js';
import { swatch } from './terrain.js';
import { MARKERS, markerChip, unitCounter, C } from './counters.js';

export function renderLegend(map) {
  const used = new Set(map.hexes.map((hx) => hx.terrain));
  for (const hx of map.hexes) for (const s of hx.silhouettes || []) used.add(s.terrain);
  for (const s of map.hexsides || []) used.add(s.feature || 'stream');
  const chart = Object.fromEntries(map.terrain.map((t) => [t.id, t]));
  const rows = [...used].map((id) => chart[id] || { id, name: id, los: 'open', tm: 0, kind: 'hexside' }).map((t) =>
    h('li', {}, swatch(t.id, chart), h('span', {}, h('b', {}, t.name), ` — ${t.los}, TM ${t.tm}`)));
  if (map.hexes.some((hx) => hx.level)) rows.push(h('li', {}, svg('svg', { width: 28, height: 20, class: 'swatch' },
    svg('rect', { width: 28, height: 20, class: 'hill hill-1' }), svg('line', { x1: 0, y1: 19, x2: 28, y2: 19, class: 'hill-contour' })), h('span', {}, h('b', {}, 'Hill'), ' — level shown as L1, L2 (10.2)')));
  const sample = { id: 7, side: 1, name: 'Squad', kind: 'squad', color: 'olive', status: 'good_order', numbers: { fp: 2, range: 5, mf: 4, morale: 6 }, markers: [], weapons: [] };
  const anatomy = svg('svg', { viewBox: `-4 -4 ${C + 8} ${C + 8}`, width: 76, height: 76 }, unitCounter(sample, new Map(), { hook: false }));
  return h('div', { class: 'legend' },
    h('h4', {}, 'Terrain on this map'),
    h('ul', { class: 'legend-terrain' }, rows),
    h('h4', {}, 'Counters'),
    h('div', { class: 'legend-counter' }, anatomy,
      h('ul', {},
        h('li', {}, 'circle: morale'),
        h('li', {}, '#7: the unit number the commands use'),
        h('li', {}, '2-5-4: firepower, range, movement'),
        h('li', {}, 'red band: shaken (the back of the counter); orange: wounded'),
        h('li', {}, '★ leader (box: leadership modifier), ✚ medic, ◎ sniper'),
        h('li', {}, 'small tab: a support weapon held (J: may jam)'),
        h('li', {}, 'number in a dark circle: counters in the stack (hover or tap to fan it out)'))),
    h('h4', {}, 'Markers'),
    h('ul', { class: 'legend-markers' }, Object.keys(MARKERS).map((m) =>
      h('li', {}, svg('svg', { width: 34, height: 11 }, markerChip(m, 0, 1, 32)), ` ${m.replace(/_/g, ' ')} (${MARKERS[m].rule})`)),
      h('li', {}, '★ in a circle: a victory hex, filled with the colour of the side that controls it (22.1)'),
      h('li', {}, 'yellow diamond: an event marker (1.8)'),
      h('li', {}, 'grey cloud: Smoke (7.0); red ring: Fire For Effect (18.1); red dashed hex: Melee (8.1)')));
}
