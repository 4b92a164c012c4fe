// log.js: the game's log as the engine explains it (the "line" of every event the
// side may see, docs/server.md "The log"): one entry per action with its rolls and
// results under it, dice drawn as dice, each line's rule number; clicking an entry
// lights up the hexes it names. Also the dice statistics of each side.

import { h, fill } from './dom.js';

const HEX_RE = /\b(\d+)?([A-Z]{1,2}\d{1,2})(:upper|:roof)?\b/g;

export function hexesIn(text, known) {
  const out = new Set();
  for (const m of String(text).matchAll(HEX_RE)) {
    const loc = m[2] + (m[3] || '');
    if (known.has(m[2])) out.add(loc);
  }
  return [...out];
}

function die(face, coloured) {
  return h('span', { class: 'die' + (coloured ? ' die-coloured' : '') }, String(face));
}

function eventLine(e, view) {
  const cls = ['ev', 'ev-' + e.kind];
  if (e.what) cls.push('ev-' + e.what.replace(/[^a-z0-9]+/gi, '-'));
  const kids = [];
  if (e.kind === 'roll' && Array.isArray(e.faces)) {
    kids.push(h('span', { class: 'dice' }, e.faces.map((f, i) => die(f, e.dice && e.dice[i] === 'coloured'))));
  }
  let text = e.line || e.text || '';
  let rule = null;
  const m = /^\[([0-9.]+)\]\s*(.*)$/.exec(text);
  if (m) {
    rule = m[1];
    text = m[2];
  }
  kids.push(h('span', { class: 'ev-text' }, text));
  if (rule) kids.push(h('span', { class: 'rule' }, rule));
  const side = e.kind === 'action' ? e.side : null;
  return h('div', { class: cls.join(' '), 'data-side': side || null, style: side && view ? { borderLeftColor: view.sideColour(side) } : null }, kids);
}

export class LogPanel {
  constructor(el, opts) {
    this.el = el;
    this.opts = opts; // {hexIds: Set, onHighlight(locs), sideColour(side), sideName(side)}
    this.events = [];
    this.onlyRolls = false;
  }

  setEvents(events) {
    this.events = events.slice();
    this.render();
  }

  addEvents(events) {
    if (!events || !events.length) return;
    const seqs = new Set(events.map((e) => e.seq));
    // pushes and answers may arrive out of order: keep the log in seq order
    // (a stable sort keeps each action's events in their own order)
    this.events = this.events.filter((e) => !seqs.has(e.seq)).concat(events).sort((a, b) => a.seq - b.seq);
    this.render();
  }

  entries() {
    const bySeq = new Map();
    for (const e of this.events) {
      if (!bySeq.has(e.seq)) bySeq.set(e.seq, []);
      bySeq.get(e.seq).push(e);
    }
    return [...bySeq.entries()].sort((a, b) => a[0] - b[0]);
  }

  render() {
    const list = h('ol', { class: 'log-list' });
    const view = { sideColour: this.opts.sideColour };
    for (const [seq, evs] of this.entries()) {
      const shown = this.onlyRolls ? evs.filter((e) => e.kind === 'action' || e.kind === 'roll' || e.kind === 'result') : evs;
      const text = evs.map((e) => e.line || e.text || '').join('\n');
      const li = h('li', { class: 'log-entry', 'data-seq': seq, title: 'Show these hexes on the map' },
        shown.map((e) => eventLine(e, view)));
      li.addEventListener('click', () => {
        for (const x of list.querySelectorAll('.log-entry.chosen')) x.classList.remove('chosen');
        li.classList.add('chosen');
        this.opts.onHighlight(hexesIn(text, this.opts.hexIds));
      });
      list.append(li);
    }
    // the newest entry stays in sight unless the player scrolled back
    const sc = this.opts.scroller ? this.opts.scroller() : this.el;
    const atBottom = sc.scrollHeight - sc.scrollTop - sc.clientHeight < 60;
    fill(this.el, list);
    if (atBottom || !this.rendered) sc.scrollTop = sc.scrollHeight;
    this.rendered = true;
  }

  // Dice rolled by each side, and their faces (dice statistics).
  diceStats(unitSide) {
    const stats = { 1: { dice: 0, sum: 0, faces: [0, 0, 0, 0, 0, 0, 0], rolls: 0 }, 2: { dice: 0, sum: 0, faces: [0, 0, 0, 0, 0, 0, 0], rolls: 0 } };
    let actor = null, lastSeq = null;
    for (const e of this.events) {
      if (e.seq !== lastSeq) {
        actor = null;
        lastSeq = e.seq;
      }
      if (e.kind === 'action') actor = e.side;
      if (e.kind !== 'roll' || !Array.isArray(e.faces)) continue;
      // who rolled: the die's own side, else its unit's, else the target of a
      // defence roll, else the side that acted
      let side = e.side || (e.unit !== undefined ? unitSide(e.unit) : null);
      if (!side && actor) side = /^defen[cs]e/.test(e.purpose || '') ? 3 - actor : actor;
      if (side !== 1 && side !== 2) continue;
      const s = stats[side];
      s.rolls++;
      for (const f of e.faces) {
        if (f < 1 || f > 6) continue;
        s.dice++;
        s.sum += f;
        s.faces[f]++;
      }
    }
    return stats;
  }
}

export function renderDiceStats(el, stats, sideName, sideColour, sideInk = sideColour) {
  const blocks = [1, 2].map((side) => {
    const s = stats[side];
    const max = Math.max(1, ...s.faces.slice(1));
    return h('div', { class: 'dice-side' },
      h('h4', { style: { color: sideInk(side) } }, sideName(side)),
      h('p', {}, `${s.rolls} rolls, ${s.dice} dice, average `, h('b', {}, s.dice ? (s.sum / s.dice).toFixed(2) : '–'), ' (3.50 expected)'),
      h('div', { class: 'dice-hist' }, [1, 2, 3, 4, 5, 6].map((f) =>
        h('div', { class: 'dice-col', title: `${s.faces[f]} × ${f}` },
          h('div', { class: 'dice-bar', style: { height: `${(s.faces[f] / max) * 100}%`, background: sideColour(side) } }),
          h('span', {}, String(f))))));
  });
  fill(el, ...blocks);
}
