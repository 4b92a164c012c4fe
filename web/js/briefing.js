// briefing.js: the scenario card in words (the view's "briefing", docs/view.md):
// place and date, summary, length and initiative, each side's forces and how they
// arrive, the victory conditions with where each side stands now, special rules,
// event markers, the paragraphs read so far, and objectives.

import { h } from './dom.js';

export function renderBriefing(b, opts = {}) {
  if (!b) return h('p', {}, 'No briefing.');
  const colour = opts.sideColour || (() => '#555');
  const vc = b.victory || {};
  return h('div', { class: 'briefing' },
    h('h3', {}, b.title),
    h('p', { class: 'br-place' }, [b.place, b.date].filter(Boolean).join(', ')),
    h('p', { class: 'br-summary' }, b.summary),
    h('p', {}, b.length),
    (b.sides || []).map((s) => h('div', { class: 'br-side' },
      h('h4', { style: { color: colour(s.side) } }, s.name, s.formation ? h('small', {}, ' — ' + s.formation) : null),
      h('ul', {}, (s.forces || []).map((f) => h('li', {}, h('b', {}, f.units), ': ', f.arrival))))),
    h('h4', {}, 'Victory'),
    h('p', {}, vc.text),
    opts.showNow ? h('ul', { class: 'br-now' }, (vc.conditions || []).flatMap((c) =>
      Object.entries(c.now || {}).map(([side, now]) =>
        h('li', { class: now.met ? 'met' : '' }, h('b', { style: { color: colour(Number(side)) } }, (b.sides.find((x) => String(x.side) === side) || {}).name || side), ' ', now.text, now.met ? ' ✓' : '')))) : null,
    (vc.points || []).length ? h('ul', {}, vc.points.map((p) => h('li', {}, p))) : null,
    (vc.initial_control || []).length ? h('p', { class: 'br-control' }, cap(vc.initial_control.join('; ')) + '.') : null,
    (b.special_rules || []).length ? [h('h4', {}, 'Special rules'),
      h('ol', {}, b.special_rules.map((r) => h('li', { value: r.number }, r.text, r.optional ? ' (optional)' : '')))] : null,
    (b.event_markers || []).length ? [h('h4', {}, 'Event markers'),
      h('ul', {}, b.event_markers.map((e) => h('li', { class: e.on_map ? '' : 'spent' }, e.text, e.on_map ? '' : ' (set off)')))] : null,
    (b.paragraphs || []).length ? [h('h4', {}, 'Paragraphs read'),
      h('ol', { class: 'br-paragraphs' }, b.paragraphs.map((p) => h('li', { value: p.number }, p.text,
        (p.effects || []).length ? h('ul', {}, p.effects.map((e) => h('li', {}, e))) : null)))] : null,
    (b.objectives || []).length ? [h('h4', {}, 'Objectives'),
      h('ul', {}, b.objectives.map((o) => h('li', {}, o.text, o.hex ? ` in ${o.hex}` : ' (location unknown)', o.destroyed ? ' — destroyed' : '')))] : null,
    opts.commitment ? h('p', { class: 'muted br-commitment' }, 'Dice: the server committed to its seed before the first roll (SHA-256 ',
      h('code', {}, opts.commitment), '); the seed is revealed when the game ends, so every roll can be checked.') : null);
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
