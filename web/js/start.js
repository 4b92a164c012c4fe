// start.js: the start page: the scenarios with their briefing, a new game against
// the computer (side and level, the levels the server lists), hot-seat, or against
// a friend (two secret links), and "my games" kept in this browser with the ones
// waiting for you marked "your turn". A scenario with optional special rules
// (22.0) offers each as a checkbox, preset to its default (docs/server.md).

import { h, fill } from './dom.js';
import { api } from './api.js';
import { renderBriefing } from './briefing.js';
import { listGames, rememberGame, forgetGame, gameUrl } from './mygames.js';

export async function startPage(root) {
  document.title = 'lnlt — Lock \'n Load Tactical';
  const mine = h('section', { class: 'my-games' });
  const create = h('section', { class: 'new-game' }, h('p', {}, 'Loading the scenarios…'));
  fill(root, h('div', { class: 'start' },
    h('header', { class: 'start-head' },
      h('h1', {}, 'lnlt'),
      h('p', {}, "Lock 'n Load Tactical v5.1 with every rule enforced and every die roll explained. Pick a scenario and an opponent.")),
    mine, create));
  renderMyGames(mine);
  let scenarios, bots;
  try {
    [scenarios, bots] = await Promise.all([api.scenarios(), api.bots().catch(() => ({ levels: ['random'], default: 'random' }))]);
  } catch (e) {
    fill(create, h('p', { class: 'error' }, 'Cannot load the scenarios: ' + e.message));
    return;
  }
  renderNewGame(create, scenarios, bots);
}

async function renderMyGames(el) {
  const games = listGames();
  if (!games.length) return fill(el);
  const tokens = games.flatMap((g) => g.seats.map((s) => s.token));
  let status = [];
  try {
    status = await api.mine(tokens);
  } catch {
    status = [];
  }
  const byGame = new Map();
  for (const s of status) {
    if (!byGame.has(s.game)) byGame.set(s.game, []);
    byGame.get(s.game).push(s);
  }
  const rows = games.map((g) => {
    const st = byGame.get(g.game) || [];
    const yourTurn = st.some((s) => s.your_turn && !s.over);
    const over = st.some((s) => s.over);
    const first = st[0] || {};
    const mySides = g.seats.map((x) => x.side);
    const result = !over ? null
      : !first.winner ? 'a draw'
        : mySides.length === 1 ? (first.winner === mySides[0] ? 'you won' : 'you lost') + (first.result === 'resigned' ? ' (resignation)' : '')
          : `side ${first.winner} won`;
    return h('li', { class: 'my-game' + (yourTurn ? ' your-turn' : ''), 'data-game': g.game },
      h('a', { href: gameUrl(g.game, g.seats.map((s) => s.token)) }, first.title || g.title || g.scenario || g.game),
      ' ', h('span', { class: 'mg-mode' }, modeName(g)),
      yourTurn ? h('span', { class: 'badge your-turn-badge' }, 'your turn') : null,
      over ? h('span', { class: 'badge over-badge' }, 'finished' + (result ? ': ' + result : '')) : null,
      st.length ? h('span', { class: 'mg-seq' }, `${first.seq} actions`) : h('span', { class: 'mg-seq' }, 'not found on this server'),
      h('button', { class: 'link-button', title: 'Remove from this list (the game stays on the server)', onclick: () => { forgetGame(g.game); renderMyGames(el); } }, 'forget'));
  });
  fill(el, h('h2', {}, 'My games'), h('ul', { class: 'my-game-list' }, rows));
}

function modeName(g) {
  if (g.mode === 'bot') return `against the computer (${g.level || 'bot'})`;
  if (g.mode === 'hotseat') return 'hot-seat';
  if (g.mode === 'friend') return 'against a friend';
  return 'shared link';
}

function renderNewGame(el, scenarios, bots) {
  let chosen = scenarios.find((s) => /vierville/.test(s.id)) || scenarios[0];
  const cards = h('div', { class: 'scenario-list' });
  const detail = h('div', { class: 'scenario-detail' });
  const sideSel = h('select', { name: 'side' });
  // A new player expects an opponent that plays to win: "normal" (the scripted
  // player, quick on every machine) when the server offers it, else the server's default.
  const preferred = (bots.levels || []).includes('normal') ? 'normal' : bots.default;
  const levelSel = h('select', { name: 'level' }, (bots.levels || []).map((l) => h('option', { value: l, selected: l === preferred }, l)));
  const modeRadio = (value, label, checked) => h('label', { class: 'mode' },
    h('input', { type: 'radio', name: 'mode', value, checked }), ' ', label);
  const modes = h('fieldset', { class: 'modes' }, h('legend', {}, 'Play'),
    modeRadio('bot', 'against the computer', true),
    modeRadio('hotseat', 'hot-seat (both sides at this screen)', false),
    modeRadio('friend', 'against a friend (two secret links)', false));
  const levelLabel = h('label', { class: 'level' }, 'Computer level ', levelSel);
  const sideLabel = h('label', {}, 'Your side ', sideSel);
  const rulesBox = h('fieldset', { class: 'optional-rules' });
  const result = h('div', { class: 'created' });
  const startBtn = h('button', { class: 'primary', 'data-start': '' }, 'Start the game');

  const pick = (sc) => {
    chosen = sc;
    startBtn.textContent = `Start ${sc.title}`;
    for (const c of cards.children) c.classList.toggle('chosen', c.dataset.scenario === sc.id);
    fill(sideSel, sc.sides.map((s) => h('option', { value: s.side }, s.name + (s.sets_up_first ? ' (set up first)' : ''))));
    fill(detail, renderBriefing(sc.briefing || null));
    renderOptionalRules(rulesBox, sc.optional_rules || []);
  };
  for (const sc of scenarios) {
    cards.append(h('button', { class: 'scenario-card', 'data-scenario': sc.id, onclick: () => pick(sc) },
      h('b', {}, sc.title),
      h('span', { class: 'sc-where' }, [sc.place, sc.date].filter(Boolean).join(', ')),
      h('span', { class: 'sc-sides' }, sc.sides.map((s) => s.name).join(' vs '), ` · ${sc.turns} turns`),
      h('span', { class: 'sc-summary' }, sc.summary)));
  }
  const mode = () => (modes.querySelector('input[name=mode]:checked') || {}).value;
  const sync = () => {
    levelLabel.hidden = mode() !== 'bot';
    sideLabel.hidden = mode() === 'hotseat';
  };
  modes.addEventListener('change', sync);

  startBtn.addEventListener('click', async () => {
    startBtn.disabled = true;
    fill(result, h('p', {}, 'Creating the game…'));
    const m = mode();
    const mySide = Number(sideSel.value) || 1;
    const other = 3 - mySide;
    const seats = m === 'bot' ? { [mySide]: 'human', [other]: 'bot:' + levelSel.value } : { 1: 'human', 2: 'human' };
    try {
      const g = await api.createGame(chosen.id, seats, chosenRules(rulesBox));
      const tokens = g.seats.filter((s) => s.token);
      if (m === 'friend') {
        const mine = tokens.find((s) => s.side === mySide);
        const theirs = tokens.find((s) => s.side === other);
        const abs = (u) => new URL(u, location.origin).href;
        rememberGame({ game: g.id, scenario: chosen.id, title: chosen.title, mode: 'friend', seats: [{ side: mySide, token: mine.token }],
          links: { [mySide]: abs(mine.url), [other]: abs(theirs.url) } });
        fill(result,
          h('p', {}, 'Send your friend their link; keep yours (it is your seat: whoever has it plays your side).'),
          linkRow(`Your link (${chosen.sides[mySide - 1].name})`, abs(mine.url), 'mine'),
          linkRow(`Your friend's link (${chosen.sides[other - 1].name})`, abs(theirs.url), 'theirs'),
          h('a', { class: 'button primary', href: mine.url, 'data-open-seat': '' }, 'Open my seat'));
        startBtn.disabled = false;
        return;
      }
      const seatList = tokens.map((s) => ({ side: s.side, token: s.token }));
      rememberGame({ game: g.id, scenario: chosen.id, title: chosen.title, mode: m, level: m === 'bot' ? levelSel.value : undefined, seats: seatList });
      location.href = gameUrl(g.id, seatList.map((s) => s.token));
    } catch (e) {
      fill(result, h('p', { class: 'error' }, 'The game could not be created: ' + e.message));
      startBtn.disabled = false;
    }
  });

  fill(el,
    h('h2', {}, 'New game'),
    h('div', { class: 'new-game-grid' },
      h('div', { class: 'ng-list' }, h('h3', {}, 'Scenario'), cards),
      h('div', { class: 'options ng-options' }, modes, sideLabel, levelLabel, rulesBox, h('div', { class: 'start-bar' }, startBtn), result),
      h('div', { class: 'ng-detail' }, detail)));
  pick(chosen);
  sync();
}

// The scenario's optional rules as checkboxes (hidden when it has none).
function renderOptionalRules(box, rules) {
  box.hidden = !rules.length;
  fill(box, h('legend', {}, 'Optional rules'),
    rules.map((r) => h('label', { class: 'optional-rule' },
      h('input', { type: 'checkbox', 'data-optional-rule': String(r.id), checked: !!r.default }), ' ', r.name)));
}

// {"id": on} for every offered rule (null when the scenario has none).
function chosenRules(box) {
  const boxes = [...box.querySelectorAll('input[data-optional-rule]')];
  if (!boxes.length) return null;
  return Object.fromEntries(boxes.map((b) => [b.dataset.optionalRule, b.checked]));
}

function linkRow(label, url, which) {
  const input = h('input', { type: 'text', readonly: true, value: url, 'data-link': which, onclick: (e) => e.target.select() });
  const copy = h('button', { onclick: async () => {
    try {
      await navigator.clipboard.writeText(url);
      copy.textContent = 'copied';
    } catch {
      input.select();
    }
  } }, 'copy');
  return h('div', { class: 'link-row' }, h('label', {}, label), input, copy);
}
