// endgame.js: the end-of-game report: who won and why (the engine's victory
// report, 22.0), the revealed seed that proves every die (docs/server.md "Dice
// nobody has to trust"), and the way to the replay.

import { h } from './dom.js';

export function renderEndGame(view, ctx) {
  const r = view.result || {};
  const winner = r.winner ? view.sides[r.winner].name : null;
  const head = r.reason === 'resigned'
    ? `${winner || 'Nobody'} win${winner ? 's' : ''}: the other side resigned`
    : winner ? `${winner} win${/s$/.test(winner) ? '' : 's'}` : 'A draw';
  const mine = ctx.mySides.includes(r.winner) ? 'You won.' : r.winner && ctx.mySides.length === 1 ? 'You lost.' : '';
  const dialog = h('div', { class: 'modal', 'data-endgame': r.winner || 0, role: 'dialog' },
    h('div', { class: 'modal-box' },
      h('h2', {}, head),
      mine ? h('p', { class: 'endgame-you' }, mine) : null,
      h('ul', { class: 'report' }, (r.report || []).map((line) => h('li', {}, line.replace(/^\[[0-9.]+\]\s*/, '')))),
      view.seed !== undefined && view.seed !== null
        ? h('p', { class: 'muted' }, `The seed is revealed: ${view.seed}. It hashes to the commitment shown during the game (${(view.seed_commitment || '').slice(0, 16)}…), so every roll can be checked with lnlt replay --seed.`)
        : null,
      h('div', { class: 'modal-buttons' },
        h('button', { class: 'primary', 'data-replay': '', onclick: () => { dialog.remove(); ctx.onReplay(); } }, 'Replay the game'),
        h('a', { class: 'button', href: `/api/games/${encodeURIComponent(ctx.game)}/replay`, download: `lnlt-${ctx.game}.json` }, 'Download the record'),
        h('a', { class: 'button', href: '/' }, 'New game'),
        h('button', { onclick: () => dialog.remove() }, 'Close'))));
  return dialog;
}
