// preview.js: shows the engine's preview of an action (GET preview, docs/view.md
// "Previews") before it is committed: for fire every modifier with its rule
// section, the chance of each DC and of each result for each unit at the target;
// for an ordnance shot the to-hit roll, where a hit strikes, the armour met and
// the chance of penetration and of each outcome; for melee the odds, kill number and chance of a kill; for a step its MP and who
// could fire at the stack; for anything else the dice it rolls or what it does.

import { h, pct, signed } from './dom.js';

const RESULT_ORDER = ['no_effect', 'shaken', 'wounded', 'casualties', 'eliminated'];
const RESULT_NAME = { no_effect: 'no effect', shaken: 'shaken', wounded: 'wounded', casualties: 'casualty (reduced)', eliminated: 'eliminated' };

function terms(list) {
  return h('ul', { class: 'pv-terms' }, (list || []).map((t) =>
    h('li', {}, h('span', { class: 'pv-src' }, t.source), ' ', h('b', {}, signed(t.value)), t.rule ? h('span', { class: 'rule' }, t.rule) : null)));
}

function bar(parts) {
  // parts: [{label, p, cls}]
  return h('div', { class: 'pv-bar' }, parts.filter((x) => x.p > 0).map((x) =>
    h('span', { class: 'pv-seg ' + x.cls, style: { flexGrow: String(x.p) }, title: `${x.label}: ${pct(x.p)}` }, x.p >= 0.08 ? pct(x.p) : '')));
}

function outcomeClass(o) {
  return o.dc ? 'dc dc-' + Math.min(o.dc, 5) : 'none';
}

function firePreview(p) {
  const a = p.attack || {}, d = p.defence || {};
  const out = [];
  out.push(h('div', { class: 'pv-cols' },
    h('div', { class: 'pv-col' },
      h('h4', {}, `Attack: ${a.dice || '1d6'} ${a.total < 0 ? '-' : '+'} ${Math.abs(a.total)}`, a.rule ? h('span', { class: 'rule' }, a.rule) : null),
      terms(a.terms),
      a.target_terms && a.target_terms.length
        ? [h('p', { class: 'pv-fp' }, 'and against the units it concerns:'), terms(a.target_terms)] : null,
      a.firepower ? h('p', { class: 'pv-fp' }, a.firepower) : null),
    h('div', { class: 'pv-col' },
      h('h4', {}, `Defence: ${d.dice || '1d6'} + TM ${d.tm}`),
      terms(d.terms))));
  return out.concat(fireResults(p));
}

// What a shot at a vehicle does to it (14.1, 14.1.1).
const VEH_ORDER = ['miss', 'no_effect', 'shaken', 'abandoned', 'destroyed'];
const VEH_NAME = { miss: 'miss', no_effect: 'hit, no effect', shaken: 'shaken', abandoned: 'abandoned', destroyed: 'destroyed' };
const VEH_CLASS = { miss: 'none', no_effect: 'none', shaken: 'dc dc-2', abandoned: 'dc dc-4', destroyed: 'dc dc-5' };
const vehOutcomes = (list) => VEH_ORDER.map((r) => (list || []).find((o) => o.result === r)).filter(Boolean);

// An ordnance shot (14.1-14.4): the to-hit roll with its modifiers, where a hit
// strikes and what armour it meets, and the chance of each outcome.
function ordnancePreview(p) {
  const t = p.to_hit || {};
  const out = [h('div', { class: 'pv-col pv-to-hit' },
    h('h4', {}, `To hit: 2d6 ${signed(t.modifier || 0)} ≤ ${t.number}`, t.rule ? h('span', { class: 'rule' }, t.rule) : null),
    t.shot ? h('p', { class: 'pv-fp' }, t.shot) : null,
    terms(t.terms),
    h('p', {}, 'Chance to hit: ', h('b', { 'data-pv': 'to-hit' }, pct(t.probability || 0)), ' (a natural 2 always hits, a 12 always misses)'))];
  if (p.hit_location) {
    out.push(h('h4', {}, 'Where a hit strikes', h('span', { class: 'rule' }, '14.1.3')));
    out.push(h('table', { class: 'pv-targets pv-hit-location' },
      h('thead', {}, h('tr', {}, h('th', {}, 'part hit'), h('th', {}, 'chance'), h('th', {}, 'armour'), h('th', {}, 'penetration'))),
      h('tbody', {}, p.hit_location.map((x) => h('tr', { 'data-part': x.part },
        h('td', {}, x.face),
        h('td', {}, pct(x.probability)),
        h('td', {}, x.armor === null || x.armor === undefined ? (x.hull_down ? 'hull down' : 'none') : `AF ${x.armor}${x.heat_vs_red ? ' (red)' : ''}`),
        h('td', { title: x.penetration_roll || x.note || '' }, x.penetration !== undefined ? pct(x.penetration) : (x.note || '')))))));
    const outc = vehOutcomes(p.outcomes);
    out.push(h('h4', {}, `Result for ${p.target ? '#' + p.target.unit + ' ' + p.target.name : 'the target'}`, h('span', { class: 'rule' }, '14.1.1')));
    out.push(bar(outc.map((o) => ({ label: VEH_NAME[o.result], p: o.probability, cls: VEH_CLASS[o.result] }))));
    out.push(h('ul', { class: 'pv-outcomes' }, outc.map((o) =>
      h('li', { 'data-outcome': o.result }, h('span', { class: 'pv-dot ' + VEH_CLASS[o.result] }), `${VEH_NAME[o.result]}: `, h('b', {}, pct(o.probability))))));
    if (p.atgm_expended_probability) out.push(h('p', { class: 'pv-note' }, `Chance the ATGM is expended (14.4.1): ${pct(p.atgm_expended_probability)}`));
    return out;
  }
  if (p.he) out.push(h('p', { class: 'pv-fp' }, `On a hit: HE ${p.he.he ?? ''}: ${p.he.roll}`));
  return out.concat(fireResults(p));
}

function fireResults(p) {
  const out = [];
  const outcomes = p.outcomes || [];
  out.push(h('h4', {}, `Result at ${p.to}`));
  out.push(bar(outcomes.map((o) => ({ label: o.result, p: o.probability, cls: outcomeClass(o) }))));
  out.push(h('ul', { class: 'pv-outcomes' }, outcomes.map((o) =>
    h('li', {}, h('span', { class: 'pv-dot ' + outcomeClass(o) }), `${o.result}: `, h('b', {}, pct(o.probability))))));
  if (p.targets && p.targets.length) {
    const present = RESULT_ORDER.filter((r) => p.targets.some((t) => (t.results || {})[r] > 0));
    const hero = p.targets.some((t) => t.hero > 0);
    out.push(h('h4', {}, 'What happens to each unit there (damage check, 5.1)'));
    out.push(h('table', { class: 'pv-targets' },
      h('thead', {}, h('tr', {}, h('th', {}, 'unit'), h('th', {}, 'morale'), present.map((r) => h('th', {}, RESULT_NAME[r])), hero ? h('th', {}, 'hero') : null)),
      h('tbody', {}, p.targets.map((t) => h('tr', { 'data-unit-row': t.unit },
        h('td', {}, `#${t.unit} ${t.name}${t.status === 'shaken' ? ' (shaken)' : ''}`),
        h('td', {}, t.morale ?? ''),
        present.map((r) => h('td', { class: 'res-' + r }, pct((t.results || {})[r] || 0))),
        hero ? h('td', {}, pct(t.hero || 0)) : null)))));
  }
  if (p.jam_probability) out.push(h('p', { class: 'pv-note' }, `Chance a weapon jams (1.6.2): ${pct(p.jam_probability)}`));
  return out;
}

function meleeAttack(at, title) {
  if (!at) return null;
  return h('div', { class: 'pv-melee' },
    h('h4', {}, title),
    h('p', {}, (at.targets || []).map((t) => `#${t.unit} ${t.name}`).join(', ') || ''),
    h('p', {}, 'FP ', h('b', {}, String(at.attack_fp)), ' against ', h('b', {}, String(at.defence_fp)),
      ' → odds ', h('b', {}, at.odds), at.base_odds && at.base_odds !== at.odds ? ` (before the hero's shift ${at.base_odds})` : '',
      at.kill_number ? [', kill number ', h('b', {}, String(at.kill_number)), ` (kills on ${at.dice || '2d6'}${(at.modifiers || []).length ? ' + modifiers' : ''} ≥ ${at.kill_number})`] : ''),
    at.modifiers && at.modifiers.length ? terms(at.modifiers) : null,
    at.legal === false ? h('p', { class: 'pv-warn' }, 'Below 1-3 against several units: not allowed (8.0)') : null,
    at.ambush_fp ? h('p', {}, `Ambush FP ${at.ambush_fp} before tripling (8.4)`) : null,
    bar([{ label: 'kill', p: at.kill_probability || 0, cls: 'dc dc-4' }, { label: 'no kill', p: 1 - (at.kill_probability || 0), cls: 'none' }]),
    h('p', {}, 'Chance of a kill: ', h('b', {}, pct(at.kill_probability || 0)), at.rule ? h('span', { class: 'rule' }, at.rule) : null));
}

function meleePreview(m) {
  if (typeof m === 'string') return [h('p', { class: 'pv-warn' }, m)];
  const out = [h('p', {}, `Melee in ${m.location}`)];
  if (m.attack) out.push(meleeAttack(m.attack, 'Your attack'));
  if (m.attack_all) out.push(meleeAttack(m.attack_all, 'Against all their units together'));
  if (Array.isArray(m.attack_each)) m.attack_each.forEach((x, i) => out.push(meleeAttack(x, `Against ${x.targets && x.targets[0] ? '#' + x.targets[0].unit + ' ' + x.targets[0].name : 'unit ' + (i + 1)} alone`)));
  if (m.then) out.push(h('p', { class: 'pv-note' }, m.then));
  return out;
}

function stepPreview(p) {
  const out = [h('p', {}, 'Costs ', h('b', {}, `${p.mp_cost} MP`), ` (${p.mp_before} → ${p.mp_after} left)`, p.rule ? h('span', { class: 'rule' }, p.rule) : null)];
  const of = p.opportunity_fire_from || [];
  if (of.length) out.push(h('p', { class: 'pv-warn' }, 'May draw opportunity fire (5.3) from ',
    of.map((x) => `${x.location} (${x.units.map((u) => '#' + u).join(', ')})`).join(', ')));
  else out.push(h('p', { class: 'pv-ok' }, 'No enemy unit could opportunity-fire at the stack there.'));
  if (p.sniper_may_fire) out.push(h('p', { class: 'pv-warn' }, 'An enemy sniper may fire or be placed (11.4).'));
  if (p.event) out.push(h('p', { class: 'pv-warn' }, cap(p.event)));
  if (p.melee) out.push(...meleePreview(p.melee));
  return out;
}

const cap = (s) => String(s).charAt(0).toUpperCase() + String(s).slice(1);

export function renderPreview(p) {
  const body = [];
  if (p.ordnance) body.push(...ordnancePreview(p));
  else if (p.attack) body.push(...firePreview(p));
  else if (p.melee && p.kind !== 'step' && p.kind !== 'enter') body.push(...meleePreview(p.melee));
  else if (p.mp_cost !== undefined) body.push(...stepPreview(p));
  else if (p.movers) {
    body.push(h('p', {}, 'The stack may spend ', h('b', {}, `${p.mp} MP`), ' (6.0).'));
    body.push(h('ul', {}, p.movers.map((m) => h('li', {}, `#${m.unit} ${m.name}: ${m.mp} MP`))));
  }
  if (p.rolls && p.rolls.length)
    body.push(h('ul', { class: 'pv-rolls' }, p.rolls.map((r) => h('li', {}, `Rolls ${r.dice}d6: ${r.purpose}`, r.rule ? h('span', { class: 'rule' }, r.rule) : null))));
  if (p.effects && p.effects.length) body.push(h('ul', { class: 'pv-effects' }, p.effects.map((e) => h('li', {}, e))));
  if (p.melee && (p.kind === 'step' || p.kind === 'enter') && p.mp_cost === undefined) body.push(...meleePreview(p.melee));
  return h('div', { class: 'preview preview-' + (p.kind || 'action') }, body);
}

// The locations a preview points at, for lighting them on the board.
export function previewPlaces(p) {
  const out = new Set();
  if (p.from) out.add(p.from);
  if (p.to) out.add(p.to);
  for (const x of p.opportunity_fire_from || []) out.add(x.location);
  return [...out];
}
