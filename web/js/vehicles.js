// vehicles.js: vehicles and gun teams as counters and in words (docs/view.md, "A
// vehicle"). A vehicle counter is turned so that its front points at the corner of
// its hex the hull faces (15.1); a turret turned away from the hull gets its own
// arrow (15.1.1). Buttoned (15.0.1), shaken, abandoned (14.1.1), immobilized
// (21.4.2), hull down (15.10) and continuous movement (15.5) are tags under the
// counter like the infantry's Moved and Fired. The printed values (armour of each
// face, guns with their to-hit columns, MGs, capacity) and the passengers (16.1,
// 16.2) are said in words for the hex panel.

import { svg, h } from './dom.js';
import { cornerCompass } from './actions.js';

// The engine numbers corners 0..5 clockwise from the north-east one (lnlt/hex.h);
// on the drawn (flat-topped) hex, corner 0 lies 30 degrees clockwise of north and
// each next corner 60 degrees further. A counter drawn pointing north is turned
// by this angle to point at the corner.
export function cornerAngle(corner) {
  return 30 + 60 * (((corner % 6) + 6) % 6);
}

export const isFaced = (unit) => !!unit.vehicle;
export const isGunTeam = (unit) => !!(unit.vehicle && unit.vehicle.gun);

// The tags of a vehicle's state, in the order a player reads them; the view's
// `markers` already hold buttoned, abandoned, hull_down and continuous.
export function vehicleTags(unit) {
  const v = unit.vehicle;
  if (!v) return [];
  const tags = [];
  if (v.buttoned) tags.push('buttoned');
  if (unit.status === 'shaken') tags.push('shaken');
  if (v.abandoned) tags.push('abandoned');
  if (v.immobilized) tags.push('immobilized');
  if (v.hull_down) tags.push('hull_down');
  if (v.continuous) tags.push('continuous');
  if (v.atgm_expended) tags.push('atgm_expended');
  return tags;
}

export const VEHICLE_MARKERS = {
  buttoned: { label: 'BUTTONED', bg: '#27465e', fg: '#fff', rule: '15.0.1' },
  shaken: { label: 'SHAKEN', bg: '#c22222', fg: '#fff', rule: '14.1.1' },
  abandoned: { label: 'ABANDONED', bg: '#5a1010', fg: '#fff', rule: '14.1.1' },
  immobilized: { label: 'IMMOBILE', bg: '#7a4b12', fg: '#fff', rule: '21.4.2' },
  hull_down: { label: 'HULL DOWN', bg: '#4f5f2f', fg: '#fff', rule: '15.10' },
  continuous: { label: 'CONT. MOVE', bg: '#2f6fd6', fg: '#fff', rule: '15.5' },
  atgm_expended: { label: 'ATGM OUT', bg: '#555', fg: '#fff', rule: '14.4.1' },
};

// The turret's turn from the hull, in degrees (0 when it looks where the hull does).
export function turretTurn(unit) {
  const v = unit.vehicle;
  if (!v || v.turret_corner === undefined || v.turret_corner === null) return 0;
  return ((v.turret_corner - v.facing_corner + 6) % 6) * 60;
}

// "M4A1 Sherman" -> "M4A1": a long name keeps its first word, as counters print it.
function shortVehicleName(name) {
  return name.length <= 10 ? name : name.split(/\s+/)[0].slice(0, 10);
}

// The turned part of a vehicle or gun team counter (size c, drawn with its top-left
// corner at (0, 0)): body, front notch, hull and turret or gun, morale, number and
// name. The caller adds what must stay upright (tags, weapons, the title).
export function facedBody(unit, style, c, bodyFill) {
  const v = unit.vehicle;
  const mid = c / 2;
  const g = svg('g', { class: 'c-faced', transform: `rotate(${cornerAngle(v.facing_corner)} ${mid} ${mid})` });
  // the front: a notch standing out of the counter's top edge
  g.append(svg('path', { class: 'c-front', d: `M${mid - 8} 0.5 L${mid} -8 L${mid + 8} 0.5 Z`, fill: '#fff', stroke: style.edge, 'stroke-width': 1.2 }));
  g.append(svg('rect', { class: 'c-body', x: 0, y: 0, width: c, height: c, rx: 3.5, fill: bodyFill, stroke: style.edge }));
  g.append(svg('circle', { cx: 6.5, cy: 6.5, r: 5.2, fill: '#fff', stroke: '#000', 'stroke-width': 0.6 }));
  g.append(svg('text', { class: 'c-morale', x: 6.5, y: 9.1 }, (unit.numbers || {}).morale ?? '*'));
  g.append(svg('text', { class: 'c-id', x: c - 2.5, y: 8, fill: style.fg }, '#' + unit.id));
  const cy = c / 2 + 1;
  if (isGunTeam(unit)) {
    // a towed gun seen from above: the trail behind, two wheels, the barrel forward
    g.append(svg('path', { d: `M${mid - 6} ${cy + 9} L${mid} ${cy + 1} L${mid + 6} ${cy + 9}`, fill: 'none', stroke: style.fg, 'stroke-width': 1.6 }));
    g.append(svg('rect', { x: mid - 9, y: cy - 1, width: 3, height: 6, fill: style.fg }));
    g.append(svg('rect', { x: mid + 6, y: cy - 1, width: 3, height: 6, fill: style.fg }));
    g.append(svg('line', { x1: mid, y1: cy + 2, x2: mid, y2: cy - 13, stroke: style.fg, 'stroke-width': 2.2 }));
  } else {
    const counter = v.counter || {};
    const wheeled = counter.movement && counter.movement !== 'tracked';
    // the hull seen from above; tracks along its sides on a tracked vehicle
    g.append(svg('rect', { class: 'c-hull', x: mid - 8, y: cy - 11, width: 16, height: 21, rx: 2.5, fill: 'none', stroke: style.fg, 'stroke-width': 1.2 }));
    if (!wheeled) for (const x of [mid - 10.5, mid + 8.5]) g.append(svg('rect', { x, y: cy - 11, width: 2, height: 21, fill: style.fg }));
    else for (const y of [cy - 8, cy + 5]) for (const x of [mid - 10.5, mid + 8.5]) g.append(svg('rect', { x, y, width: 2, height: 4, fill: style.fg }));
    if (counter.open_top) g.append(svg('rect', { x: mid - 5, y: cy - 3, width: 10, height: 10, fill: 'none', stroke: style.fg, 'stroke-width': 0.7, 'stroke-dasharray': '1.5 1' }));
    if ((counter.armor || {}).turret) {
      const turn = turretTurn(unit);
      const turret = svg('g', { class: 'c-turret' + (turn ? ' turret-turned' : ''), transform: `rotate(${turn} ${mid} ${cy})` });
      const colour = turn ? '#ffd23f' : style.fg;
      // a turned turret in yellow over a dark casing, to stand out on any colour
      if (turn) {
        turret.append(svg('circle', { cx: mid, cy, r: 5, fill: 'none', stroke: '#000', 'stroke-width': 2.6 }));
        turret.append(svg('line', { x1: mid, y1: cy - 5, x2: mid, y2: cy - 15, stroke: '#000', 'stroke-width': 3.4 }));
      }
      turret.append(svg('circle', { cx: mid, cy, r: 5, fill: bodyFill, stroke: colour, 'stroke-width': 1.4 }));
      turret.append(svg('line', { x1: mid, y1: cy - 5, x2: mid, y2: cy - 16, stroke: colour, 'stroke-width': 2 }));
      if (turn) turret.append(svg('path', { class: 'turret-arrow', d: `M${mid - 4} ${cy - 14} L${mid} ${cy - 20} L${mid + 4} ${cy - 14} Z`, fill: colour, stroke: '#000', 'stroke-width': 0.5 }));
      g.append(turret);
    } else {
      // no turret: the main gun (if any) points where the hull does
      if ((counter.guns || []).length) g.append(svg('line', { x1: mid, y1: cy - 11, x2: mid, y2: cy - 16, stroke: style.fg, 'stroke-width': 2 }));
    }
  }
  g.append(svg('text', { class: 'c-vname', x: mid, y: c - 3, fill: style.fg }, shortVehicleName(unit.name)));
  return g;
}

// A small badge at the counter's lower right, clear of the turned counter's
// corners whatever its facing: how many units ride in or on it.
export function passengerBadge(unit, c) {
  const v = unit.vehicle;
  const n = (v.passengers || []).length + (v.on_top || []).length + (v.commander !== null && v.commander !== undefined ? 1 : 0);
  if (!n) return null;
  return svg('g', { class: 'c-riders', transform: `translate(${c + 4},${c + 3})` },
    svg('circle', { r: 6.2, fill: '#fffbe8', stroke: '#000', 'stroke-width': 0.7 }),
    svg('text', { y: 2.4 }, '+' + n));
}

const FACE_NAMES = ['front', 'side', 'rear'];
const ARC_WORDS = { covered: 'covered arc', hull: 'hull front', all_round: 'all round', rear: 'rear' };
const MOVE_WORDS = { tracked: 'tracked', off_road: 'off-road (half-track)', road: 'road (wheeled)', wheeled: 'wheeled' };

function armourText(faces) {
  return faces.map((f, i) => `${FACE_NAMES[i]} ${f.af === null ? '*' : f.af}${f.red ? ' (HEAT red)' : ''}`).join(', ');
}

function gunText(gun) {
  // the counter's back: one column per range band, to-hit number over PV
  const cols = (gun.to_hit || []).filter(Boolean);
  const table = cols.length ? `; range ${cols.map((t) => '≤' + t.range).join(' / ')}: to hit ${cols.map((t) => t.to_hit).join(' / ')}, PV ${cols.map((t) => t.pv).join(' / ')}` : '';
  return `${gun.name}: HE ${gun.he ?? '*'}, ${gun.shots} shot${gun.shots === 1 ? '' : 's'}, ${String(gun.ammo).toUpperCase()}${gun.hull ? ', hull-mounted' : ''}${table}`;
}

// The vehicle's facing, state and printed values as lines for the hex panel.
export function vehicleFacts(unit) {
  const v = unit.vehicle;
  const lines = [];
  const compass = (corner) => {
    const c = unit.location ? cornerCompass(unit.location, corner) : null;
    return corner + (c && c !== corner.toUpperCase() ? ` (${c})` : '');
  };
  lines.push(h('div', { 'data-facing': v.facing }, `Faces ${compass(v.facing)}`, h('span', { class: 'rule' }, isGunTeam(unit) ? '1.7.1' : '15.1')));
  if (v.turret) lines.push(h('div', { 'data-turret': v.turret }, `Turret toward ${compass(v.turret)}${turretTurn(unit) ? ', turned from the hull' : ''}`, h('span', { class: 'rule' }, '15.1.1')));
  if (!isGunTeam(unit)) lines.push(h('div', { 'data-buttoned': String(!!v.buttoned) }, v.buttoned ? 'Buttoned up' : 'Unbuttoned (hatches open)', h('span', { class: 'rule' }, '15.0.1')));
  if (v.gun) lines.push(h('div', { class: 'printed' }, 'Gun ' + gunText(v.gun)));
  const c = v.counter;
  if (c) {
    const kind = [MOVE_WORDS[c.movement] || c.movement, c.armored ? 'armoured' : 'soft-skinned', c.open_top ? 'open-topped' : null].filter(Boolean).join(', ');
    lines.push(h('div', { class: 'printed' }, kind));
    if (c.armored) {
      lines.push(h('div', { class: 'printed', 'data-armour': 'hull' }, 'Hull armour: ' + armourText(c.armor.hull)));
      if (c.armor.turret) lines.push(h('div', { class: 'printed', 'data-armour': 'turret' }, 'Turret armour: ' + armourText(c.armor.turret)));
    }
    for (const gun of c.guns || []) lines.push(h('div', { class: 'printed' }, 'Gun ' + gunText(gun)));
    for (const mg of c.mgs || []) lines.push(h('div', { class: 'printed' }, `MG ${mg.fp}-${mg.range}, ${ARC_WORDS[mg.arc] || mg.arc}`));
    const cap = [];
    if (c.inside) cap.push(`${c.inside} P inside`);
    if (c.outside) cap.push(`${c.outside} P on top`);
    if (cap.length) lines.push(h('div', { class: 'printed' }, 'Carries ' + cap.join(', ')));
  }
  return lines;
}

// The units riding in or on the vehicle, each with where it rides (16.1, 16.2, 11.5).
export function ridersOf(unit, view) {
  const v = unit.vehicle;
  const out = [];
  const add = (id, where) => {
    const u = (view.units || []).find((x) => x.id === id);
    if (u) out.push({ unit: u, where });
  };
  if (v.commander !== null && v.commander !== undefined) add(v.commander, 'commander');
  for (const id of v.passengers || []) add(id, 'inside');
  for (const id of v.on_top || []) add(id, 'on top');
  return out;
}

