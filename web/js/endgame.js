// endgame.js: the end-of-game report: who won and why (the engine's victory
// report, 22.0), the revealed seed that proves every die (docs/server.md "Dice
// nobody has to trust"), and the way to the replay.

import { h } from './dom.js';

// Who won, in a few words ("Americans win", "A draw"), for the report's title,
// the decision box and the last message of the game.
export function resultHeadline(view) {
  const r = view.result || {};
  const winner = r.winner && view.sides[r.winner] ? view.sides[r.winner].name : null;
  const wins = winner ? `${winner} win${/s$/.test(winner) ? '' : 's'}` : null;
  if (r.reason === 'resigned') return `${wins || 'Nobody wins'}: the other side resigned`;
  return wins || 'A draw';
}

export function renderEndGame(view, ctx) {
  const r = view.result || {};
  const head = resultHeadline(view);
  // only a player who holds one seat has won or lost (hot-seat holds both)
  const mine = ctx.mySides.length !== 1 ? '' : ctx.mySides.includes(r.winner) ? 'You won.' : r.winner ? 'You lost.' : '';
  const dialog = h('div', { class: 'modal', 'data-endgame': r.winner || 0, role: 'dialog' },
    h('div', { class: 'modal-box' },
      h('h2', {}, head),
      mine ? h('p', { class: 'endgame-you' }, mine) : null,
      // the engine's closing line ("the game is over: ...") repeats the title
      h('ul', { class: 'report' }, (r.report || []).map((line) => line.replace(/^\[[0-9.]+\]\s*/, ''))
        .filter((line) => !/^the game is over/i.test(line)).map((line) => h('li', {}, line))),
      view.seed !== undefined && view.seed !== null
        ? h('p', { class: 'muted' }, 'The seed is revealed: ', h('span', { class: 'seed' }, String(view.seed)), `. It hashes to the commitment shown during the game (${(view.seed_commitment || '').slice(0, 16)}…), so every roll can be checked with `, h('code', { class: 'nowrap' }, 'lnlt replay --seed'), '.')
        : null,
      h('div', { class: 'modal-buttons' },
        h('button', { class: 'primary', 'data-replay': '', onclick: () => { dialog.remove(); ctx.onReplay(); } }, 'Replay the game'),
        h('a', { class: 'button', href: `/api/games/${encodeURIComponent(ctx.game)}/replay`, download: `lnlt-${ctx.game}.json` }, 'Download the record'),
        h('a', { class: 'button', href: '/' }, 'New game'),
        h('button', { onclick: () => dialog.remove() }, 'Close'))));
  return dialog;
}
