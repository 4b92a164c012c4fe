// legend.js: the key to the board: each terrain type of this map with its line of
// sight class and TM, how to read a counter and a vehicle counter, and what each
// marker means.

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
  const tank = { id: 16, side: 1, name: 'M4A1 Sherman', kind: 'vehicle', color: 'olive', status: 'good_order', numbers: { morale: 6, mf: 10 }, markers: ['buttoned'], weapons: [],
    vehicle: { facing_corner: 1, facing: 'E', turret_corner: 2, turret: 'SE', buttoned: true, passengers: [], on_top: [20], commander: null,
      counter: { movement: 'tracked', armored: true, open_top: false, armor: { hull: [], turret: [] }, guns: [{}], mgs: [] } } };
  const tankPic = svg('svg', { viewBox: `-12 -12 ${C + 26} ${C + 26}`, width: 76, height: 76 }, unitCounter(tank, new Map(), { hook: false }));
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
    h('div', { class: 'legend-counter legend-vehicle' }, tankPic,
      h('ul', {},
        h('li', {}, 'a vehicle or gun counter is turned: the white notch points at the corner its hull faces (15.1)'),
        h('li', {}, 'yellow turret and arrow: the turret looks elsewhere than the hull (15.1.1)'),
        h('li', {}, '+1 in a light circle: units riding in or on it, listed in the Hex tab (16.1, 16.2)'),
        h('li', {}, 'tags beside the stack: buttoned, shaken, abandoned, immobile, hull down ...'))),
    h('h4', {}, 'Markers'),
    h('ul', { class: 'legend-markers' }, Object.keys(MARKERS).map((m) =>
      h('li', {}, svg('svg', { width: 42, height: 11 }, markerChip(m, 0, 1, 40)), ` ${m.replace(/_/g, ' ')} (${MARKERS[m].rule})`)),
      h('li', {}, '★ in a circle: a victory hex, filled with the colour of the side that controls it (22.1)'),
      h('li', {}, 'yellow diamond: an event marker (1.8)'),
      h('li', {}, 'grey cloud: Smoke (7.0); red ring: Fire For Effect (18.1); red dashed hex: Melee (8.1)'),
      h('li', {}, 'coil: wire (21.3); MINES n in the owner\'s colour (21.4); grey block with a thick front side: a bunker, a location of its own (21.1); brown arch pointing to its open side: a cave, the same (10.7); dark hull with an orange cross: a wreck (1.3); RUBBLE: a building or huts a vehicle rubbled, Rubble for every rule since (15.1.2)'),
      h('li', {}, 'FORD, ROADBLOCK, CRATERS +n: terrain counters laid by the scenario (10.5.2, 10.5.4, 10.5.5); TREES: a tree-lined road hex (10.5.3)'),
      h('li', {}, 'ACQ −1 / −2 on a target and ACQ\'G on its firer: target acquisition (14.3)')));
}
