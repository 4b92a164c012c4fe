// counters.js: units and support weapons drawn as counters (docs/view.md, "A unit"
// and "A weapon"): the nation's colour, the unit's numbers (FP-range-MF and morale)
// of the face up, the shaken or wounded side, leaders with their LM, heroes and the
// other single-man counters, the weapons each unit holds, and the Moved, Fired, Ops
// Complete, Assault Move, Low Crawl, Stealth and Hit & Run markers. Stacks fan out
// on hover (or on a tap). Every counter carries data-unit="N", its unit number.

import { svg } from './dom.js';

export const C = 38; // counter size, in board units (a hex is 100 wide)

const NATION = {
  olive: { bg: '#6b7a38', fg: '#ffffff', edge: '#2c3314' },
  field_grey: { bg: '#8e989e', fg: '#0c0c0c', edge: '#3c4246' },
  green: { bg: '#4d7b3c', fg: '#ffffff', edge: '#213a18' },
  khaki: { bg: '#c4ad76', fg: '#141008', edge: '#6b5a2c' },
  black: { bg: '#2b2b2b', fg: '#f3f3f3', edge: '#000000' },
};
const DEFAULT_NATION = [null, { bg: '#4e6fa8', fg: '#fff', edge: '#1b2b4a' }, { bg: '#a8524e', fg: '#fff', edge: '#4a1b1b' }];

export function nationStyle(unit) {
  return NATION[unit.color] || DEFAULT_NATION[unit.side] || DEFAULT_NATION[1];
}

// A dark shade of the side's colour, for text on a light background.
export function sideInk(view, side) {
  const u = (view.units || []).find((x) => x.side === side);
  return u ? nationStyle(u).edge : DEFAULT_NATION[side || 1].edge;
}

// The colour that stands for a side in panels, flags and the log.
export function sideColour(view, side) {
  const u = (view.units || []).find((x) => x.side === side);
  return u ? nationStyle(u).bg : DEFAULT_NATION[side || 1].bg;
}

export const MARKERS = {
  moved: { label: 'MOVED', bg: '#2f6fd6', fg: '#fff', rule: '6.0' },
  assault_move: { label: 'ASSAULT', bg: '#7a3fc4', fg: '#fff', rule: '6.1' },
  fired: { label: 'FIRED', bg: '#d4541d', fg: '#fff', rule: '5.0' },
  ops_complete: { label: 'OPS DONE', bg: '#1d1d1d', fg: '#fff', rule: '4.1' },
  low_crawl: { label: 'CRAWL', bg: '#8a6a17', fg: '#fff', rule: '6.3' },
  stealth: { label: 'STEALTH', bg: '#2f6b55', fg: '#fff', rule: '6.4' },
  hit_and_run: { label: 'H&R', bg: '#a02f4b', fg: '#fff', rule: '6.7' },
};
// markers shown on the counter's face itself, or on the hex
const FACE_MARKERS = new Set(['shaken', 'wounded', 'melee', 'spotted']);

export function unitMarkers(unit) {
  return (unit.markers || []).filter((m) => !FACE_MARKERS.has(m));
}

const SMC_GLYPH = {
  leader: '★', hero: '★', medic: '✚', corpsman: '✚', nurse: '✚', sniper: '◎', marksman: '◎',
  scout: 'S', commissar: 'C', chaplain: '✝', advisor: 'A', piper: '♪', armor_leader: '★',
};

export function isSmc(unit) {
  return !['squad', 'half_squad', 'crew', 'weapon_team'].includes(unit.kind);
}

export function shortName(unit) {
  if (!isSmc(unit)) return unit.name;
  const n = unit.name.replace(/\s*\(.*\)$/, '');
  const parts = n.split(/\s+/);
  return parts.length > 1 && /^(Lt|Cpl|Sgt|Capt|Pvt|Maj|Col|Cpt|SSgt|Sgt\.|Lt\.)$/i.test(parts[0]) ? parts.slice(1).join(' ') : n;
}

export function unitLabel(unit) {
  return `#${unit.id} ${unit.name}`;
}

function numbersText(n) {
  const f = (v) => (v === null || v === undefined ? '*' : String(v));
  return `${f(n.fp)}-${f(n.range)}-${f(n.mf)}`;
}

function infantrySymbol(x, y, w, hgt, fg, kind) {
  const kids = [
    svg('rect', { x, y, width: w, height: hgt, fill: 'none', stroke: fg, 'stroke-width': 1.3 }),
    svg('path', { d: `M${x} ${y} L${x + w} ${y + hgt} M${x + w} ${y} L${x} ${y + hgt}`, stroke: fg, 'stroke-width': 1.1 }),
  ];
  if (kind === 'weapon_team' || kind === 'crew') kids.push(svg('circle', { cx: x + w / 2, cy: y + hgt / 2, r: 2.4, fill: fg }));
  return kids;
}

// One unit's counter, drawn with its top-left corner at (0, 0).
export function unitCounter(unit, weaponsById, opts = {}) {
  const st = nationStyle(unit);
  const n = unit.numbers || {};
  const shaken = unit.status === 'shaken';
  const wounded = !!unit.wounded;
  const classes = ['counter', 'side-' + unit.side, 'kind-' + unit.kind];
  if (shaken) classes.push('shaken');
  if (wounded) classes.push('wounded');
  if (unit.activated) classes.push('activated');
  // data-unit is the board's hook: pictures elsewhere (panels, the key) leave it out
  const g = svg('g', { class: classes.join(' '), 'data-unit': opts.hook === false ? null : unit.id, 'data-side': unit.side });
  g.append(svg('rect', { class: 'c-glow', x: -3, y: -3, width: C + 6, height: C + 6, rx: 6 }));
  g.append(svg('rect', { class: 'c-body', x: 0, y: 0, width: C, height: C, rx: 3.5, fill: shaken ? shade(st.bg) : st.bg, stroke: st.edge }));
  // morale, top left
  g.append(svg('circle', { cx: 7, cy: 7, r: 5.6, fill: '#fff', stroke: '#000', 'stroke-width': 0.6 }));
  g.append(svg('text', { class: 'c-morale', x: 7, y: 9.6 }, n.morale ?? '*'));
  // unit number, top right
  g.append(svg('text', { class: 'c-id', x: C - 2.5, y: 8, fill: st.fg }, '#' + unit.id));
  // the middle: a NATO infantry box for squads, the name and a glyph for SMCs
  if (isSmc(unit)) {
    g.append(svg('text', { class: 'c-glyph', x: C / 2, y: 20, fill: unit.kind === 'medic' || unit.kind === 'corpsman' || unit.kind === 'nurse' ? '#e03030' : st.fg }, SMC_GLYPH[unit.kind] || '●'));
    g.append(svg('text', { class: 'c-name', x: C / 2, y: 27.5, fill: st.fg }, shortName(unit).slice(0, 11)));
    if (n.lm !== null && n.lm !== undefined) {
      g.append(svg('rect', { x: C - 13, y: 12, width: 12, height: 9, fill: '#fff', stroke: '#000', 'stroke-width': 0.5 }));
      g.append(svg('text', { class: 'c-lm', x: C - 7, y: 19 }, (n.lm > 0 ? '+' : n.lm < 0 ? '' : '') + n.lm));
    }
  } else {
    g.append(...infantrySymbol(C / 2 - 8, 12, 16, 10, st.fg, unit.kind));
    if (unit.kind === 'half_squad') g.append(svg('text', { class: 'c-half', x: C / 2 + 12, y: 20, fill: st.fg }, '½'));
  }
  // FP-range-MF of the face up
  g.append(svg('text', { class: 'c-nums', x: C / 2, y: C - 3.5, fill: st.fg }, numbersText(n)));
  if (shaken || wounded) {
    g.append(svg('rect', { class: 'c-band', x: 0.6, y: 12.5, width: C - 1.2, height: 10, fill: wounded ? '#e08a00' : '#c22' }));
    g.append(svg('text', { class: 'c-band-text', x: C / 2, y: 20.2 }, wounded && shaken ? 'SHAKEN+WND' : wounded ? 'WOUNDED' : 'SHAKEN'));
  }
  // held support weapons, as small counters under the bottom edge
  const held = (unit.weapons || []).map((w) => weaponsById.get(w)).filter(Boolean);
  held.forEach((w, i) => g.append(weaponChip(w, C - 24 + i * 3, C - 6 + i * 10)));
  if (opts.markers) {
    unitMarkers(unit).forEach((m, i) => g.append(markerChip(m, -1, C + 2 + held.length * 10 + i * 10, C + 2)));
  }
  g.append(svg('title', {}, counterTitle(unit, held)));
  return g;
}

function shade(hex) {
  const v = parseInt(hex.slice(1), 16);
  const r = (v >> 16) & 255, gg = (v >> 8) & 255, b = v & 255;
  const k = 0.62;
  return `rgb(${Math.round(r * k)},${Math.round(gg * k)},${Math.round(b * k)})`;
}

export function weaponName(w) {
  return w.name.length > 7 ? w.name.replace(/[^A-Za-z0-9]/g, '').slice(0, 7) : w.name;
}

export function weaponChip(w, x, y) {
  const bad = w.jammed || w.broken;
  const g = svg('g', { class: 'weapon' + (bad ? ' weapon-bad' : ''), 'data-weapon': w.id, transform: `translate(${x},${y})` });
  g.append(svg('rect', { x: 0, y: 0, width: 27, height: 11, rx: 2, fill: bad ? '#f3c6c6' : '#f4eedb', stroke: '#3a3020', 'stroke-width': 0.7 }));
  const label = w.broken ? 'BROKEN' : w.jammed ? 'JAMMED' : weaponName(w);
  g.append(svg('text', { class: 'w-name', x: 13.5, y: 8.2 }, label));
  g.append(svg('title', {}, weaponTitle(w)));
  return g;
}

export function markerChip(marker, x, y, width = 30) {
  const m = MARKERS[marker] || { label: marker.toUpperCase(), bg: '#555', fg: '#fff' };
  return svg('g', { class: 'marker marker-' + marker, transform: `translate(${x},${y})` },
    svg('rect', { width, height: 9, rx: 1.5, fill: m.bg }),
    svg('text', { class: 'm-text', x: width / 2, y: 6.8, fill: m.fg }, m.label));
}

export function weaponTitle(w) {
  const bits = [`${w.name} (${w.id}): FP ${w.fp ?? '*'}, range ${w.range ?? '*'}`];
  if (w.min_range) bits.push(`minimum range ${w.min_range}`);
  if (w.jams) bits.push('may jam (J)');
  if (w.face === 'back') bits.push('back face');
  if (w.jammed) bits.push('JAMMED');
  if (w.broken) bits.push('BROKEN');
  if (w.captured) bits.push('captured');
  return bits.join(', ');
}

export function counterTitle(unit, held) {
  const n = unit.numbers || {};
  const lines = [`#${unit.id} ${unit.name} (${unit.kind.replace('_', ' ')})`, n.text || ''];
  if (n.lm !== null && n.lm !== undefined) lines.push(`leadership modifier ${n.lm}`);
  if (unit.status === 'shaken') lines.push('shaken');
  if (unit.wounded) lines.push('wounded');
  if (unit.skill) lines.push(`skill: ${unit.skill.name}${unit.skill.used ? ' (used)' : ''}`);
  for (const m of unitMarkers(unit)) lines.push((MARKERS[m] || { label: m }).label.toLowerCase());
  for (const w of held || []) lines.push('holds ' + weaponTitle(w));
  return lines.filter(Boolean).join('\n');
}

// Groups the units and loose weapons on the map by location.
export function stacksOf(view) {
  const stacks = new Map();
  const get = (loc) => {
    if (!stacks.has(loc)) stacks.set(loc, { loc, units: [], loose: [] });
    return stacks.get(loc);
  };
  for (const u of view.units || []) if (u.where === 'map' && u.location) get(u.location).units.push(u);
  for (const w of view.weapons || []) if (w.where === 'map' && w.holder === null && w.location) get(w.location).loose.push(w);
  // squads under the single-man counters, as players stack them; then by number
  const rank = (u) => (isSmc(u) ? 1 : 0);
  for (const s of stacks.values()) s.units.sort((a, b) => rank(a) - rank(b) || a.id - b.id);
  return stacks;
}

const STEP = 5; // offset of each counter up a stack

// Draws every stack into `layer` at the board's location centres.
export function drawStacks(layer, view, board) {
  while (layer.firstChild) layer.removeChild(layer.firstChild);
  const weaponsById = new Map((view.weapons || []).map((w) => [w.id, w]));
  const out = new Map();
  for (const stack of stacksOf(view).values()) {
    const c = board.centre(stack.loc);
    if (!c) continue;
    const floor = stack.loc.includes(':');
    const scale = floor ? 0.62 : 1;
    const g = svg('g', { class: 'stack', 'data-loc': stack.loc, transform: `translate(${c[0]},${c[1] + (floor ? 0 : 5)}) scale(${scale})` });
    const items = [];
    for (const w of stack.loose) {
      const chip = weaponChip(w, 0, 0);
      chip.classList.add('loose');
      items.push({ el: chip, w: 27, h: 11 });
    }
    for (const u of stack.units) items.push({ el: unitCounter(u, weaponsById, { markers: true }), w: C, h: C, unit: u });
    const n = items.length;
    // two sides in one location (a melee): each side's stack on its own half
    const sides = [...new Set(stack.units.map((u) => u.side))];
    const split = sides.length > 1;
    const piles = new Map();
    for (const it of items) {
      const key = split && it.unit ? it.unit.side : 0;
      if (!piles.has(key)) piles.set(key, []);
      piles.get(key).push(it);
    }
    const depth = Math.min(Math.max(...[...piles.values()].map((p) => p.length)) - 1, 6);
    for (const [key, pile] of piles) {
      const pd = Math.min(pile.length - 1, 6);
      const shift = !split || key === 0 ? 0 : key === sides[0] ? -C * 0.64 : C * 0.64;
      const sc = split ? 0.7 : 1;
      pile.forEach((it, i) => {
        const k = Math.min(i, pd);
        const sx = shift + sc * (-C / 2 + k * STEP - pd * STEP / 2);
        const sy = sc * (-C / 2 - k * STEP + pd * STEP / 2) + (it.unit ? 0 : C / 2 + 4);
        it.stacked = `translate(${sx}px, ${sy}px) scale(${sc})`;
      });
    }
    items.forEach((it, i) => {
      // fanned out, the stack stays inside its own hex: a grid of smaller counters
      const cols = n <= 4 ? 2 : n <= 6 ? 3 : 4, rows = Math.ceil(n / cols);
      const k2 = n <= 4 ? 0.86 : n <= 6 ? 0.72 : 0.56;
      const cell = C * k2 + 3, row = Math.floor(i / cols), col = i % cols;
      const fx = (col - (cols - 1) / 2) * cell - (C * k2) / 2;
      const fy = (row - (rows - 1) / 2) * cell - (C * k2) / 2 - 5;
      it.fanned = `translate(${fx}px, ${fy}px) scale(${k2})`;
      it.el.style.transform = it.stacked;
      g.append(it.el);
    });
    // the markers of the whole stack, at its left, readable without fanning it
    const marks = new Set();
    for (const u of stack.units) for (const m of unitMarkers(u)) marks.add(m);
    const side = svg('g', { class: 'stack-marks' });
    [...marks].forEach((m, i) => side.append(markerChip(m, -C / 2 - 30 - depth * STEP / 2, -C / 2 + 2 + i * 10.5, 28)));
    g.append(side);
    if (n > 1) {
      g.append(svg('g', { class: 'stack-count' },
        svg('circle', { cx: C / 2 + depth * STEP / 2 + 2, cy: -C / 2 - depth * STEP / 2 + 1, r: 6.5 }),
        svg('text', { x: C / 2 + depth * STEP / 2 + 2, y: -C / 2 - depth * STEP / 2 + 4 }, String(stack.units.length + stack.loose.length))));
    }
    g._items = items;
    if (n > 1) attachFan(g, layer);
    layer.append(g);
    out.set(stack.loc, g);
  }
  return out;
}

function setFanned(g, on) {
  g.classList.toggle('fanned', on);
  for (const it of g._items) it.el.style.transform = on ? it.fanned : it.stacked;
}

// A fanned stack folds back once the mouse is over anything else (the board may
// have moved under a still pointer, by the wheel, without a pointerleave).
function guardFans(layer) {
  if (layer._fanGuard) return;
  layer._fanGuard = true;
  layer.ownerSVGElement.addEventListener('pointermove', (e) => {
    if (e.pointerType !== 'mouse') return;
    for (const g of layer.querySelectorAll('.stack.fanned')) if (!g.contains(e.target)) setFanned(g, false);
  });
}

// A mouse resting on a stack fans it out (after a moment, so that a pointer
// crossing the board does not shuffle every stack it passes).
function attachFan(g, layer) {
  guardFans(layer);
  let timer = null;
  g.addEventListener('pointerenter', (e) => {
    if (e.pointerType !== 'mouse') return;
    timer = setTimeout(() => {
      layer.append(g); // on top of the other stacks while fanned
      setFanned(g, true);
    }, 250);
  });
  g.addEventListener('pointerleave', (e) => {
    if (e.pointerType !== 'mouse') return;
    clearTimeout(timer);
    setFanned(g, false);
  });
}

// A tap on a stack (touch screens) fans it out or folds it back.
export function toggleFan(g, layer) {
  if (!g || !g._items || g._items.length < 2) return;
  const on = !g.classList.contains('fanned');
  for (const other of layer.querySelectorAll('.stack.fanned')) if (other !== g) setFanned(other, false);
  if (on) layer.append(g);
  setFanned(g, on);
}
