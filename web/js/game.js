// game.js: the game page. It holds the seats this browser plays (the tokens of
// the URL), keeps each seat's view up to date from the server (GET view, then the
// WebSocket's pushes), draws the board and the panels from the view of the seat
// that decides, and acts only by sending the exact text of an entry of the
// engine's legal list, after showing its preview when dice are involved. It never
// judges what is legal: it lights up what the list contains.

import { h, fill } from './dom.js';
import { api, ApiError } from './api.js';
import { Board } from './board.js';
import { PanZoom } from './panzoom.js';
import { drawStacks, toggleFan, sideColour, sideInk } from './counters.js';
import { drawHexMarks } from './hexmarks.js';
import { LegalIndex, describe, GROUPS, groupOf, needsConfirm, parseAction } from './actions.js';
import { renderPreview, previewPlaces } from './preview.js';
import { LosTool, renderLos } from './los.js';
import { LogPanel, renderDiceStats } from './log.js';
import { renderStatus } from './status.js';
import { renderBriefing } from './briefing.js';
import { renderHexPanel, renderOffMap, counterPicture } from './hexpanel.js';
import { renderLegend } from './legend.js';
import { renderEndGame, resultHeadline } from './endgame.js';
import { Replay } from './replay.js';
import { SeatSocket } from './socket.js';
import { buildLayout } from './layout.js';
import { rememberSeat, listGames } from './mygames.js';
import { installKeys } from './keys.js';
import { drawMovePath } from './movepath.js';

// Commands the quick buttons and the keyboard send as they are, when legal.
export const QUICK = [
  ['pass', 'Pass', 'p'],
  ['done', 'Done', 'd'],
  ['stop', 'Stop', 's'],
  ['no-fire', 'No fire', 'n'],
  ['end-rally', 'End rally', 'e'],
];

// Actions done by a single click on their hex when they are the only one there.
const DIRECT = new Set(['place', 'step', 'enter', 'sniper', 'retreat', 'opp-move']);

export class GamePage {
  constructor(root, gameId, tokens) {
    this.root = root;
    this.id = gameId;
    this.seats = tokens.map((token) => ({ token, side: null, view: null, socket: null }));
    this.connected = new Map();
    this.selection = null;
    this.context = null; // the hex chosen before the selection (a source before its target)
    this.pending = null; // {text, preview}
    this.busy = false;
    this.tab = 'actions';
    this.stepCosts = new Map();
    this.endShown = false;
    this.replay = null;
  }

  // ---- loading ----

  async start() {
    fill(this.root, h('p', { class: 'loading' }, 'Loading the game…'));
    try {
      if (this.seats.length === 0) this.seats.push({ token: null, side: 0, view: null });
      for (const seat of this.seats) {
        seat.view = await api.view(this.id, seat.token);
        seat.side = seat.view.side;
      }
      this.map = await api.map(this.seats[0].view.map);
    } catch (e) {
      fill(this.root, h('div', { class: 'start' }, h('h1', {}, 'lnlt'),
        h('p', { class: 'error' }, e instanceof ApiError && e.status === 403 ? 'This seat link is not valid for this game.' : 'The game cannot be loaded: ' + e.message),
        h('a', { class: 'button', href: '/' }, 'Back to the start page')));
      return;
    }
    const known = listGames().find((g) => g.game === this.id);
    for (const seat of this.seats) if (seat.token) rememberSeat(this.id, seat.side, seat.token, { scenario: seat.view.scenario, title: seat.view.briefing?.title || seat.view.scenario, ...(known ? {} : { mode: this.seats.length > 1 ? 'hotseat' : 'link' }) });
    fill(this.root);
    this.ui = buildLayout(this.root);
    this.board = new Board(this.ui.svg, this.map);
    this.pz = new PanZoom(this.ui.svg, this.board.rect);
    this.los = new LosTool(this.board, this.pz, {
      query: (from, to) => api.los(this.id, this.activeSeat().token, from, to),
      onResult: (res, err) => {
        renderLos(this.ui.panels.los, res, err);
        this.showTab('los');
      },
      onChange: (on) => {
        this.ui.tools.querySelector('[data-tool=los]').classList.toggle('on', on);
        if (on) {
          renderLos(this.ui.panels.los, null, null);
          this.showTab('los');
        }
      },
    });
    this.logPanel = new LogPanel(this.ui.logList, {
      hexIds: new Set(this.board.hexes.keys()),
      onHighlight: (locs) => this.flash(locs),
      scroller: () => this.ui.logList.closest('.panel-wrap'),
      sideColour: (s) => sideColour(this.view(), s),
    });
    this.ui.logOnlyRolls.addEventListener('change', () => {
      this.logPanel.onlyRolls = this.ui.logOnlyRolls.checked;
      this.logPanel.render();
    });
    this.wire();
    requestAnimationFrame(() => this.pz.fit(window.matchMedia('(max-width: 800px)').matches, this.unitsCentre()));
    fill(this.ui.panels.key, renderLegend(this.map));
    // a game that has not started yet opens on its briefing
    this.showTab(this.view().actions_applied === 0 && !this.view().over ? 'briefing' : 'actions');
    await this.loadLog();
    this.render();
    for (const seat of this.seats) {
      seat.socket = new SeatSocket(this.id, seat.token, {
        onMessage: (msg) => this.onPush(seat, msg),
        onState: (on) => {
          this.connected.set(seat, on);
          this.renderStatus();
          if (on) this.refresh();
        },
      });
    }
  }

  async loadLog() {
    try {
      const log = await api.log(this.id, this.seats[0].token);
      this.logPanel.setEvents(log.events || []);
    } catch (e) {
      this.say('The log cannot be loaded: ' + e.message, true);
    }
  }

  // The seat whose view is shown: the one that decides, if this browser holds it.
  activeSeat() {
    const deciding = this.seats.find((s) => s.view && s.view.your_turn);
    if (deciding) this.lastActive = deciding;
    return deciding || this.lastActive || this.seats[0];
  }

  view() {
    return this.replayView || this.activeSeat().view;
  }

  sideName(side) {
    const v = this.view();
    return (v.sides[side] || {}).name || `side ${side}`;
  }

  // Where the units on the map are, on average (the first view on a phone).
  unitsCentre() {
    const pts = (this.view().units || []).filter((u) => u.where === 'map').map((u) => this.board.centre(u.location)).filter(Boolean);
    if (!pts.length) return null;
    return [pts.reduce((a, p) => a + p[0], 0) / pts.length, pts.reduce((a, p) => a + p[1], 0) / pts.length];
  }

  // ---- server updates ----

  // A paragraph read since the last view (an event marker set off, 1.8): said
  // at once, and the Briefing tab marked until it is opened.
  noticeParagraphs(before, after) {
    const n0 = ((before && before.briefing && before.briefing.paragraphs) || []).length;
    const list = (after && after.briefing && after.briefing.paragraphs) || [];
    if (!before || list.length <= n0) return;
    const p = list[list.length - 1];
    this.say(`Event: paragraph ${p.number} is read. ${p.text}`);
    this.ui.tabs.querySelector('[data-tab=briefing]').classList.add('news');
  }

  onPush(seat, msg) {
    if (!msg || !msg.view) return;
    const old = seat.view;
    if (seat === this.seats[0]) this.noticeParagraphs(old, msg.view);
    if (old && msg.view.seq < old.seq) return;
    seat.view = msg.view;
    if (seat === this.seats[0]) {
      if (old && msg.view.actions_applied < old.actions_applied) this.loadLog().then(() => this.render());
      else if (msg.type === 'update') this.logPanel.addEvents(msg.events || []);
    }
    if (!old || msg.view.seq !== old.seq) this.afterChange();
    this.render();
  }

  async refresh() {
    try {
      const views = await Promise.all(this.seats.map((s) => api.view(this.id, s.token)));
      views.forEach((v, i) => {
        const seat = this.seats[i];
        if (i === 0) this.noticeParagraphs(seat.view, v);
        if (!seat.view || v.seq >= seat.view.seq) seat.view = v;
      });
      this.render();
    } catch (e) {
      this.say('Cannot refresh the game: ' + e.message, true);
    }
  }

  afterChange() {
    for (const el of this.ui.svg.querySelectorAll('.flash')) el.classList.remove('flash');
    this.pending = null;
    this.stepCosts = new Map();
    this.ui.previewBox.hidden = true;
  }

  // ---- acting ----

  legal() {
    const seat = this.activeSeat();
    if (this.replayView || !seat.view || !seat.view.your_turn) return [];
    return seat.view.legal || [];
  }

  async choose(text) {
    if (this.busy) return;
    if (!this.legal().includes(text)) return this.say(`"${text}" is not one of the legal actions now.`, true);
    this.pending = { text, preview: null };
    this.setState('asking');
    this.renderPreviewBox();
    let p = null;
    try {
      p = await api.preview(this.id, this.activeSeat().token, text);
    } catch (e) {
      if (this.pending && this.pending.text === text) this.pending = null;
      this.renderPreviewBox();
      this.setState('error');
      return this.say(e.message, true);
    }
    if (!this.pending || this.pending.text !== text) return;
    if (!needsConfirm(p)) return this.commit(text);
    this.pending.preview = p;
    this.renderPreviewBox();
    this.setState('confirm');
    this.flash(previewPlaces(p), false);
  }

  // What the page is doing, for tests and tools: idle, asking (a preview),
  // confirm (a preview waits for Confirm), sending, error.
  setState(state) {
    this.ui.game.dataset.state = state;
  }

  async commit(text) {
    if (this.busy) return;
    const seat = this.activeSeat();
    if (!seat.view) return;
    this.busy = true;
    this.ui.game.classList.add('busy');
    this.setState('sending');
    let state = 'idle';
    try {
      const res = await api.act(this.id, seat.token, seat.view.seq, text);
      this.logPanel.addEvents(res.events || []);
      this.say(lastResult(res.events) || '');
      this.afterChange();
      this.afterAct(text);
      await this.refresh();
      if (this.view()?.over) this.say(`The game is over: ${resultHeadline(this.view())}.`);
    } catch (e) {
      state = 'error';
      if (e instanceof ApiError && e.status === 409) {
        this.say('The game moved on before your action arrived; here is the new position.', true);
        await this.refresh();
      } else {
        this.say(e.message, true);
      }
    } finally {
      this.busy = false;
      this.ui.game.classList.remove('busy');
      this.setState(state);
    }
  }

  // Where to look after an action: stay on the moving stack, drop other selections.
  afterAct(text) {
    const a = parseAction(text);
    if (a.verb === 'step' || a.verb === 'enter') this.selection = a.locs[0];
    else if (['move', 'assault', 'dt', 'crawl', 'stealth', 'hit-and-run', 'assault-dt', 'activate'].includes(a.verb)) this.selection = a.locs[0];
    else this.selection = null;
    this.context = null;
  }

  async undo() {
    if (this.busy) return;
    // the seat that made the last action, when this browser holds it
    const last = [...this.logPanel.events].reverse().find((e) => e.kind === 'action');
    const seat = (last && this.seats.find((s) => s.side === last.side && s.token)) || this.activeSeat();
    this.busy = true;
    this.setState('sending');
    let state = 'idle';
    try {
      await api.undo(this.id, seat.token, seat.view.seq);
      this.say('Taken back.');
      this.selection = null;
      this.afterChange();
      await this.loadLog();
      await this.refresh();
    } catch (e) {
      state = 'error';
      this.say('Cannot take it back: ' + e.message, true);
    } finally {
      this.busy = false;
      this.setState(state);
    }
  }

  async resign() {
    const seat = this.activeSeat();
    if (!seat.token) return;
    if (!window.confirm(`Resign the game for the ${this.sideName(seat.side)}? The other side wins.`)) return;
    try {
      await api.resign(this.id, seat.token, seat.view.seq);
      await this.refresh();
    } catch (e) {
      this.say(e.message, true);
    }
  }

  // ---- input ----

  wire() {
    const ui = this.ui;
    ui.svg.addEventListener('click', (e) => {
      if (this.los.active) return;
      const unit = e.target.closest('[data-unit]');
      const stack = e.target.closest('.stack');
      const hex = e.target.closest('[data-hex]');
      const loc = stack ? stack.dataset.loc : hex ? hex.dataset.hex : null;
      if (stack && e.pointerType !== 'mouse') toggleFan(stack, this.board.layers.counters);
      if (loc) this.select(loc, unit ? Number(unit.dataset.unit) : null);
      else this.select(null);
    });
    ui.tools.addEventListener('click', (e) => {
      const b = e.target.closest('[data-tool]');
      if (!b) return;
      const t = b.dataset.tool;
      if (t === 'zoom-in') this.pz.zoomAt(1.3);
      if (t === 'zoom-out') this.pz.zoomAt(1 / 1.3);
      if (t === 'fit') this.pz.fit();
      if (t === 'los') this.los.setActive(!this.los.active);
    });
    ui.tabs.addEventListener('click', (e) => {
      const b = e.target.closest('[data-tab]');
      if (b) this.showTab(b.dataset.tab);
    });
    const filter = ui.panels.actions.querySelector('.action-filter');
    filter.addEventListener('input', () => this.renderActionList());
    installKeys(this);
  }

  select(loc) {
    // a lit destination with a single action there (a placement, a step, an
    // entry) is done at once: no dice are rolled, and undo takes it back
    const only = loc && this.index ? this.index.at(loc) : [];
    if (only.length === 1 && DIRECT.has(only[0].verb) && only[0].places.to === loc && !this.busy) {
      this.selection = loc;
      this.renderSelection();
      this.choose(only[0].text);
      return;
    }
    if (loc && this.selection && loc !== this.selection && this.index && this.index.between(this.selection, loc).length) this.context = this.selection;
    else this.context = null;
    this.selection = loc;
    if (loc) this.showTab('hex', true);
    this.renderSelection();
  }

  showTab(id, soft) {
    // a soft switch (choosing a hex) leaves the log or the LOS panel alone on a
    // wide screen, where the decision box already lists what can be done there
    if (soft && window.matchMedia('(min-width: 801px)').matches && this.tab !== 'actions' && this.tab !== 'hex') return;
    this.tab = id;
    for (const b of this.ui.tabs.querySelectorAll('[data-tab]')) b.classList.toggle('on', b.dataset.tab === id);
    if (id === 'briefing') this.ui.tabs.querySelector('[data-tab=briefing]').classList.remove('news');
    for (const [pid, el] of Object.entries(this.ui.panels)) el.hidden = pid !== id;
    if (id === 'dice') this.renderDice();
    if (id === 'log') {
      this.logPanel.render();
      const wrap = this.ui.logList.closest('.panel-wrap');
      wrap.scrollTop = wrap.scrollHeight;
    }
    if (id === 'hex') this.renderHex();
  }

  say(text, isError) {
    this.ui.message.textContent = text || '';
    this.ui.message.classList.toggle('error', !!isError);
    if (text) {
      this.ui.toast.textContent = text;
      this.ui.toast.classList.toggle('error', !!isError);
      this.ui.toast.classList.add('show');
      clearTimeout(this.toastTimer);
      this.toastTimer = setTimeout(() => this.ui.toast.classList.remove('show'), isError || text.length > 80 ? 8000 : 3000);
    }
  }

  // Lights up locations for a moment (a log line, a preview).
  flash(locs, scroll = true) {
    for (const el of this.ui.svg.querySelectorAll('.flash')) el.classList.remove('flash');
    for (const loc of locs) this.board.el(loc)?.classList.add('flash');
    if (scroll && locs.length) {
      const c = this.board.centre(locs[0]);
      if (c) this.pz.show(c[0], c[1]);
    }
  }

  // ---- drawing ----

  render() {
    const v = this.view();
    if (!v) return;
    this.index = new LegalIndex(this.legal(), v);
    this.ui.game.dataset.seq = String(v.seq ?? v.at ?? '');
    this.ui.game.dataset.side = String(this.activeSeat().side ?? '');
    drawHexMarks(this.board.layers.hexmarks, v, this.board);
    this.stacks = drawStacks(this.board.layers.counters, v, this.board);
    this.renderStatus();
    this.renderDecision();
    this.renderActionList();
    this.renderSelection();
    this.renderMovePath();
    fill(this.ui.panels.briefing, renderBriefing(v.briefing, { sideColour: (s) => sideInk(v, s), showNow: true, commitment: v.seed_commitment }));
    if (this.tab === 'dice') this.renderDice();
    const mine = this.legal().length > 0;
    document.title = (mine ? '● Your turn — ' : '') + (v.briefing ? v.briefing.title : 'lnlt');
    this.ui.game.classList.toggle('my-turn', mine);
    if (v.over && !this.endShown && !this.replayView) {
      this.endShown = true;
      this.showEndGame();
      this.say(`The game is over: ${resultHeadline(v)}.`);
    }
  }

  // The end-of-game report (again, when the player closed it).
  showEndGame() {
    const v = this.view();
    if (!v || !v.over || this.root.querySelector('[data-endgame]')) return;
    this.root.append(renderEndGame(v, { game: this.id, mySides: this.seats.map((s) => s.side).filter(Boolean), onReplay: () => this.openReplay() }));
  }

  renderStatus() {
    const v = this.view();
    if (!v) return;
    const d = v.decision || {};
    const seatKind = v.seats && d.side ? (v.seats[d.side] || {}).kind : null;
    renderStatus(this.ui.status, v, {
      sideColour: (s) => sideColour(v, s),
      myTurn: this.legal().length > 0,
      waitingForBot: !v.over && seatKind === 'bot',
      connected: [...this.connected.values()].some(Boolean),
    });
  }

  renderDecision() {
    const v = this.view();
    const d = v.decision || {};
    const legal = this.legal();
    const colour = sideInk(v, d.side);
    this.ui.decision.dataset.kind = d.kind || '';
    this.ui.decision.style.borderTopColor = d.side ? sideColour(v, d.side) : '#888';
    if (this.replayView) {
      fill(this.ui.decText, 'Replay: the position after action ', String(v.at), ' of ', String(v.actions), '.');
    } else if (v.over) {
      fill(this.ui.decText, h('b', {}, `The game is over: ${resultHeadline(v)}.`), ' ',
        h('button', { class: 'link-button', onclick: () => this.showEndGame() }, 'The report'), ' · ',
        h('button', { class: 'link-button', onclick: () => this.openReplay() }, 'Replay it'));
    } else if (legal.length) {
      const placing = d.unit !== undefined && d.unit !== null ? (v.units || []).find((u) => u.id === d.unit) : null;
      fill(this.ui.decText,
        placing ? h('span', { class: 'placing' }, counterPicture(placing, new Map((v.weapons || []).map((w) => [w.id, w])))) : null,
        h('b', { style: { color: colour } }, 'Your decision'), this.seats.length > 1 ? ` (${this.sideName(d.side)})` : '', ': ', d.text || d.kind,
        h('span', { class: 'hint' }, legal.length === 1 ? '' : placing ? ' Click a lit hex to place it there.' : ' Lit hexes and counters have actions; click one, or pick from the list.'));
    } else {
      const kind = v.seats && v.seats[d.side] ? v.seats[d.side].kind : 'human';
      fill(this.ui.decText, h('b', { style: { color: colour } }, this.sideName(d.side)), kind === 'bot' ? ' (the computer) ' : ' ', 'to decide: ', d.text || d.kind);
    }
    const quick = QUICK.filter(([cmd]) => legal.includes(cmd)).map(([cmd, label, key]) =>
      h('button', { class: 'quick-' + cmd, 'data-quick': cmd, title: `${describe(parseAction(cmd), v)} (key ${key.toUpperCase()})`, onclick: () => this.commit(cmd) }, label, h('kbd', {}, key.toUpperCase())));
    const seatCanAct = this.seats.some((s) => s.token);
    fill(this.ui.quick, quick,
      !v.over && seatCanAct && !this.replayView ? h('button', { class: 'quick-undo', 'data-quick': 'undo', title: 'Take back your last action, while no die was rolled since (key U)', onclick: () => this.undo() }, 'Undo', h('kbd', {}, 'U')) : null,
      !v.over && seatCanAct && !this.replayView ? h('button', { class: 'quick-resign', title: 'Resign the game', onclick: () => this.resign() }, 'Resign') : null);
  }

  actionButton(a, attrs) {
    const v = this.view();
    const b = h('button', { class: 'action act-' + a.verb, title: a.text, ...attrs, onclick: () => this.choose(a.text) },
      h('span', { class: 'act-words' }, describe(a, v)), h('code', {}, a.text));
    b.addEventListener('mouseenter', () => this.hover(a.places.all, true));
    b.addEventListener('mouseleave', () => this.hover(a.places.all, false));
    return b;
  }

  hover(locs, on) {
    for (const loc of locs) this.board.el(loc)?.classList.toggle('hover', on);
  }

  renderActionList() {
    const list = this.ui.panels.actions.querySelector('[data-action-list]');
    const q = this.ui.panels.actions.querySelector('.action-filter').value.trim().toLowerCase();
    const actions = this.index.actions;
    this.ui.tabs.querySelector('[data-action-count]').textContent = actions.length ? ` ${actions.length}` : '';
    if (!actions.length) {
      fill(list, h('p', { class: 'muted' }, this.view().over ? 'The game is over.' : 'Nothing to decide for you now.'));
      return;
    }
    const groups = new Map();
    for (const a of actions) {
      if (q && !a.text.toLowerCase().includes(q) && !describe(a, this.view()).toLowerCase().includes(q)) continue;
      const [id, title] = groupOf(a.verb);
      if (!groups.has(id)) groups.set(id, { title, items: [] });
      groups.get(id).items.push(a);
    }
    const order = [...GROUPS.map((g) => g[0]), 'other'];
    fill(list, [...groups.entries()].sort((x, y) => order.indexOf(x[0]) - order.indexOf(y[0])).map(([id, g]) =>
      h('div', { class: 'action-group group-' + id },
        h('h4', {}, `${g.title} (${g.items.length})`),
        g.items.map((a) => this.actionButton(a, { 'data-action': a.text })))));
  }

  renderSelection() {
    const svgEl = this.ui.svg;
    for (const el of svgEl.querySelectorAll('.can-act, .selected, .context, .reach-fire, .reach-move, .reach-other, .hover'))
      el.classList.remove('can-act', 'selected', 'context', 'reach-fire', 'reach-move', 'reach-other', 'hover');
    const idx = this.index;
    if (!idx) return;
    for (const loc of idx.byLoc.keys()) this.board.el(loc)?.classList.add('can-act');
    for (const id of idx.units) svgEl.querySelector(`.counter[data-unit="${id}"]`)?.classList.add('can-act');
    const sel = this.selection;
    if (sel) {
      this.board.el(sel)?.classList.add('selected');
      for (const [loc, kind] of idx.reachFrom(sel)) this.board.el(loc)?.classList.add('reach-' + kind);
    }
    if (this.context) this.board.el(this.context)?.classList.add('context');
    this.renderHere();
    if (this.tab === 'hex') this.renderHex();
  }

  renderHere() {
    const sel = this.selection;
    const idx = this.index;
    if (!sel || !idx) return fill(this.ui.here);
    const between = this.context ? idx.between(this.context, sel) : [];
    const rest = idx.at(sel).filter((a) => !between.includes(a));
    const units = (this.view().units || []).filter((u) => u.where === 'map' && u.location === sel);
    fill(this.ui.here,
      h('h4', {}, sel, units.length ? h('small', {}, ' — ' + units.map((u) => `#${u.id} ${u.name}${u.status === 'shaken' ? ' (shaken)' : ''}`).join(', ')) : null),
      between.length ? h('div', { class: 'here-group' }, h('p', { class: 'muted' }, `Between ${this.context} and ${sel}:`), between.map((a) => this.actionButton(a, { 'data-here-action': a.text }))) : null,
      rest.length ? h('div', { class: 'here-group' }, rest.map((a) => this.actionButton(a, { 'data-here-action': a.text })))
        : between.length ? null : h('p', { class: 'muted' }, this.legal().length ? 'Nothing to do here now. Lit hexes have actions.' : ''),
      h('div', { class: 'here-tools' },
        h('button', { class: 'link-button', onclick: () => { this.los.setActive(true); this.los.from = sel; this.los.to = null; this.say('Now drag or click towards the other hex to see the line of sight from ' + sel + '.'); } }, 'line of sight from here'),
        h('button', { class: 'link-button', onclick: () => this.select(null) }, 'clear')));
  }

  renderHex() {
    const el = this.ui.panels.hex;
    const v = this.view();
    fill(el,
      this.selection ? renderHexPanel(this.selection, { board: this.board, view: v })
        : h('p', { class: 'muted' }, 'Click a hex on the map to see its terrain and units here.'),
      renderOffMap(v, (s) => sideInk(v, s)));
  }

  renderPreviewBox() {
    const box = this.ui.previewBox;
    const p = this.pending;
    if (!p) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const v = this.view();
    const a = (this.index && this.index.actions.find((x) => x.text === p.text)) || parseAction(p.text);
    fill(box,
      h('h3', {}, describe(a, v), ' ', h('code', {}, p.text)),
      p.preview ? renderPreview(p.preview) : h('p', { class: 'muted' }, 'Asking the engine what this would do…'),
      p.preview ? h('div', { class: 'confirm' },
        h('button', { class: 'primary', 'data-commit': p.text, onclick: () => this.commit(p.text) }, 'Confirm', h('kbd', {}, 'Enter')),
        h('button', { 'data-cancel': '', onclick: () => this.cancel() }, 'Cancel', h('kbd', {}, 'Esc'))) : null);
    box.scrollIntoView({ block: 'nearest' });
  }

  cancel() {
    this.pending = null;
    this.setState('idle');
    this.renderPreviewBox();
    for (const el of this.ui.svg.querySelectorAll('.flash')) el.classList.remove('flash');
  }

  renderDice() {
    const v = this.view();
    const unitSide = (id) => ((v.units || []).find((u) => u.id === id) || {}).side;
    renderDiceStats(this.ui.panels.dice, this.logPanel.diceStats(unitSide), (s) => this.sideName(s), (s) => sideColour(v, s), (s) => sideInk(v, s));
  }

  // The moving stack's path so far and what each step would cost (movepath.js).
  renderMovePath() {
    const v = this.view();
    drawMovePath(this.board.layers.paths, this.board, this.replayView ? null : v, this.logPanel.events, this.index.actions, {
      cache: this.stepCosts,
      preview: (text) => api.preview(this.id, this.activeSeat().token, text),
      current: () => this.view().seq,
    });
  }

  // ---- replay ----

  async openReplay() {
    if (this.replay) return;
    this.ui.replay.hidden = false;
    this.replay = new Replay(this.ui.replay, this.id, {
      onView: (v) => {
        this.replayView = v;
        this.render();
      },
      onClose: () => {
        this.replay = null;
        this.replayView = null;
        this.ui.replay.hidden = true;
        this.render();
      },
    });
    try {
      await this.replay.open();
    } catch (e) {
      this.say('The replay cannot be loaded: ' + e.message, true);
    }
  }
}

function lastResult(events) {
  const r = (events || []).filter((e) => e.kind === 'result');
  return r.length ? (r[r.length - 1].line || '').replace(/^\[[0-9.]+\]\s*/, '') : '';
}
