// hexpanel.js: everything about one location, for the panel beside the board:
// its terrain (name, line-of-sight class, TM, hill level, building and floors,
// road, walls and hedges on its sides), its markers, and each unit and weapon
// there drawn full size with its numbers, status and markers in words; a vehicle
// with its facing, hatches, printed values and the units riding in or on it (15-16).

import { h, svg } from './dom.js';
import { splitLocation } from './geometry.js';
import { unitCounter, C, MARKERS, unitMarkers, weaponTitle, isSmc } from './counters.js';
import { vehicleFacts, ridersOf } from './vehicles.js';

const FLOOR_WORDS = { upper: 'upper floor', roof: 'rooftop', bunker: 'in the bunker', cave: 'in the cave' };

const LOS_WORDS = { open: 'open (no effect on LOS)', degrading: 'degrading (−1 to fire through it)', blocking: 'blocks LOS' };

function counterPicture(unit, weaponsById) {
  // a vehicle counter is turned to its facing: its corners need room all round
  const pic = unit.vehicle ? svg('svg', { class: 'counter-pic', viewBox: `-10 -10 ${C + 20} ${C + 20}`, width: 70, height: 70 })
    : svg('svg', { class: 'counter-pic', viewBox: `-4 -4 ${C + 8} ${C + 20}`, width: 70, height: 84 });
  pic.append(unitCounter(unit, weaponsById, { markers: false, hook: false }));
  return pic;
}

export function renderHexPanel(loc, ctx) {
  const { board, view } = ctx;
  const { hex, floor } = splitLocation(loc);
  const hx = board.hexes.get(hex);
  if (!hx) return h('p', {}, 'Choose a hex on the map.');
  const t = board.chart[hx.terrain] || { name: hx.terrain };
  const facts = [
    h('li', {}, h('b', {}, t.name), ` — ${LOS_WORDS[t.los] || t.los}, TM ${t.tm >= 0 ? '+' : ''}${t.tm} (10.4)`),
  ];
  for (const sil of hx.silhouettes || []) {
    const st = board.chart[sil.terrain];
    if (st && sil.terrain !== hx.terrain) facts.push(h('li', {}, `part of the hex: ${st.name}`));
  }
  if (hx.level) facts.push(h('li', {}, `hill, level ${hx.level} (10.2)`));
  if (hx.road) facts.push(h('li', {}, 'road'));
  if (hx.building) {
    const b = (board.map.buildings || []).find((x) => x.id === hx.building);
    if (b) facts.push(h('li', {}, `building of ${b.hexes.length} hex${b.hexes.length > 1 ? 'es' : ''} (${b.hexes.join(', ')}), ${b.stories} storey${b.stories > 1 ? 's' : ''}${b.roof ? ', usable rooftop (10.6)' : ''}`));
  }
  if ((hx.floors || []).length > 1) facts.push(h('li', {}, 'locations: ' + hx.floors.map((f) => (f === 'ground' ? hex : `${hex}:${f}`)).join(', ')));
  for (const s of board.map.hexsides || []) {
    if (s.a !== hex && s.b !== hex) continue;
    const other = s.a === hex ? s.b : s.a;
    const kind = s.feature || (s.stream ? `stream (class ${s.stream})` : 'hexside');
    facts.push(h('li', {}, `${(board.chart[s.feature] || {}).name || kind} on the side towards ${other}`));
  }
  if (hx.reconstructed) facts.push(h('li', { class: 'muted' }, 'reconstructed hex (no source map art survives)'));
  const marks = (view.markers || []).filter((m) => m.location === loc).map((m) =>
    h('li', {}, `${m.marker.replace('smoke', 'Smoke ')}${m.fp ? ' FP ' + m.fp : ''}${m.for_side ? ' for the ' + view.sides[m.for_side].name : ''}`, h('span', { class: 'rule' }, m.rule)));
  const owner = ['1', '2'].find((s) => ((view.control || {})[s] || []).includes(hex));
  if (owner && (view.victory_hexes || []).includes(hex)) marks.push(h('li', {}, `victory hex controlled by the ${view.sides[owner].name}`, h('span', { class: 'rule' }, '22.1')));
  const weaponsById = new Map((view.weapons || []).map((w) => [w.id, w]));
  const units = (view.units || []).filter((u) => u.where === 'map' && u.location === loc)
    .sort((a, b) => (isSmc(a) ? 1 : 0) - (isSmc(b) ? 1 : 0) || a.id - b.id);
  const loose = (view.weapons || []).filter((w) => w.where === 'map' && w.holder === null && w.location === loc);
  return h('div', { class: 'hex-panel', 'data-panel-hex': loc },
    h('h3', {}, loc, floor !== 'ground' ? ` (${FLOOR_WORDS[floor] || floor})` : ''),
    h('ul', { class: 'hex-facts' }, facts),
    marks.length ? h('ul', { class: 'hex-marks' }, marks) : null,
    units.length ? h('div', { class: 'hex-units' }, units.map((u) => [unitCard(u, view, weaponsById),
      u.vehicle ? ridersOf(u, view).map((r) => riderCard(r, u, view, weaponsById)) : null])) : h('p', { class: 'muted' }, 'No units here.'),
    loose.length ? h('ul', {}, loose.map((w) => h('li', {}, 'Lying here: ' + weaponTitle(w)))) : null);
}

const RIDES = { commander: ['Commanding', '11.5'], inside: ['Inside', '16.1'], 'on top': ['On top of', '16.2'] };

// A unit riding in or on a vehicle, under the vehicle's card.
function riderCard(r, vehicle, view, weaponsById) {
  const [words, rule] = RIDES[r.where];
  return h('div', { class: 'rider', 'data-rider': r.unit.id, 'data-rides': r.where },
    h('p', { class: 'rider-where' }, `${words} #${vehicle.id} ${vehicle.name}`, h('span', { class: 'rule' }, rule)),
    unitCard(r.unit, view, weaponsById));
}

// One unit's picture with its numbers, state, weapons and (a vehicle) its printed values.
function unitCard(u, view, weaponsById) {
  return h('div', { class: 'hex-unit', 'data-unit-card': u.id },
    counterPicture(u, weaponsById),
    h('div', {},
      h('b', {}, `#${u.id} ${u.name}`), h('br'),
      `${view.sides[u.side].name}, ${u.kind.replace('_', ' ')}`, h('br'),
      `${u.numbers.text}${u.numbers.lm !== null && u.numbers.lm !== undefined ? ', LM ' + u.numbers.lm : ''}`,
      u.status === 'shaken' ? h('div', { class: 'bad' }, `Shaken (${u.vehicle ? '14.1.1' : '1.5'})`) : null,
      u.wounded ? h('div', { class: 'bad' }, `Wounded${u.wounds > 1 ? ' ×' + u.wounds : ''} (5.1)`) : null,
      u.skill ? h('div', {}, `Skill: ${u.skill.name}${u.skill.used ? ' (used)' : ''}`) : null,
      unitMarkers(u).length ? h('div', { class: 'unit-marks' }, unitMarkers(u).map((m) =>
        h('span', { class: 'mk', style: { background: (MARKERS[m] || {}).bg || '#555' } }, (MARKERS[m] || { label: m }).label))) : null,
      (u.weapons || []).map((w) => weaponsById.get(w)).filter(Boolean).map((w) => h('div', {}, 'Holds ' + weaponTitle(w))),
      u.vehicle ? h('div', { class: 'vehicle-facts' }, vehicleFacts(u)) : null,
      u.activated ? h('div', { class: 'good' }, 'activated now') : null));
}

const WHERE = { off_map: 'Off the map', eliminated: 'Eliminated', exited: 'Exited', recombined: 'Recombined' };

// The units not on the map: waiting to set up or to enter (with the turn they may
// enter from), eliminated, exited, recombined; each side's listed apart.
export function renderOffMap(view, sideInk) {
  const weaponsById = new Map((view.weapons || []).map((w) => [w.id, w]));
  const blocks = [];
  for (const side of [1, 2]) {
    const groups = new Map();
    for (const u of view.units || []) {
      // passengers are listed under their vehicle, in its hex's panel
      if (u.side !== side || u.where === 'map' || u.where === 'aboard') continue;
      if (!groups.has(u.where)) groups.set(u.where, []);
      groups.get(u.where).push(u);
    }
    if (!groups.size) continue;
    blocks.push(h('h4', { style: { color: sideInk(side) } }, view.sides[side].name));
    for (const [where, units] of groups) {
      blocks.push(h('div', { class: 'off-map-group', 'data-where': where },
        h('p', { class: 'muted' }, WHERE[where] || where),
        h('div', { class: 'off-map-units' }, units.map((u) => h('div', { class: 'off-map-unit', title: `#${u.id} ${u.name}` },
          counterPicture(u, weaponsById),
          h('span', {}, `#${u.id}`, u.entry_turn ? ` · turn ${u.entry_turn}` : '', u.exit_turn ? ` · left turn ${u.exit_turn}` : ''))))));
    }
  }
  return blocks.length ? h('div', { class: 'off-map' }, h('h3', {}, 'Not on the map'), blocks) : null;
}

export { counterPicture };
