// status.js: the status bar: scenario, turn of N, phase, initiative, whose impulse
// and who decides now, victory progress (VP and the hexes each side controls), and
// the live connection. It carries data-turn and data-phase for tests and tools.

import { h, fill } from './dom.js';

function sideTag(view, side, colour) {
  if (!side) return h('span', { class: 'side-tag' }, '—');
  return h('span', { class: 'side-tag', style: { background: colour(side) } }, view.sides[side].name);
}

export function victoryProgress(view, colour) {
  const out = [];
  const vc = (view.briefing && view.briefing.victory) || {};
  for (const c of vc.conditions || []) {
    for (const side of ['1', '2']) {
      const now = c.now && c.now[side];
      if (!now) continue;
      out.push(h('span', { class: 'vp-item' + (now.met ? ' met' : ''), title: `${view.sides[side].name}: ${now.text}` },
        h('i', { class: 'dot', style: { background: colour(Number(side)) } }),
        shortProgress(now.text), now.met ? ' ✓' : ''));
    }
  }
  if (view.vp) for (const side of ['1', '2']) {
    out.push(h('span', { class: 'vp-item', title: `${view.sides[side].name}: victory points so far (22.0)` },
      h('i', { class: 'dot', style: { background: colour(Number(side)) } }), `${view.vp[side]} VP`));
  }
  return out;
}

// "controls 8 of the Stone Building ... hexes in or within 3 hexes of H7 (4 needed)" -> "8 of 4 needed"
function shortProgress(text) {
  const m = /controls (\d+) of .*\((\d+) needed\)/.exec(text);
  if (m) return `holds ${m[1]} (needs ${m[2]})`;
  return text.length > 40 ? text.slice(0, 38) + '…' : text;
}

export function renderStatus(el, view, ctx) {
  const colour = ctx.sideColour;
  el.dataset.turn = String(view.turn);
  el.dataset.phase = view.phase;
  const d = view.decision || {};
  const who = view.over
    ? h('span', { class: 'st-who over' }, 'Game over')
    : h('span', { class: 'st-who' + (ctx.myTurn ? ' mine' : '') }, sideTag(view, d.side, colour), ctx.myTurn ? ' your decision' : ' to decide',
      ctx.waitingForBot ? h('span', { class: 'thinking' }, ' (the computer is thinking…)') : null);
  fill(el,
    h('a', { class: 'st-home', href: '/', title: 'Back to the start page' }, '⌂'),
    h('span', { class: 'st-title', title: view.briefing ? view.briefing.summary : '' }, view.briefing ? view.briefing.title : view.scenario),
    h('span', { class: 'st-turn' }, `Turn ${view.turn} of ${view.turns}`),
    h('span', { class: 'st-phase' }, view.phase_name || view.phase),
    h('span', { class: 'st-init', title: 'Initiative this turn (3.0)' }, 'Initiative ', sideTag(view, view.initiative, colour)),
    view.impulse_side ? h('span', { class: 'st-impulse', title: "Whose impulse it is (4.0)" }, 'Impulse ', sideTag(view, view.impulse_side, colour)) : null,
    who,
    h('span', { class: 'st-vp' }, victoryProgress(view, colour)),
    h('span', { class: 'st-conn ' + (ctx.connected ? 'on' : 'off'), title: ctx.connected ? 'Live: updates arrive as they happen' : 'Not connected: reconnecting…' }, ctx.connected ? '● live' : '○ offline'));
}
