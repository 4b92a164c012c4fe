// los.js: the line-of-sight tool. With it on, a drag from one location to another
// (or a tap on each, on a touch screen) asks the server (GET los, docs/view.md
// "Line of sight") and draws the thread from centre dot to centre dot coloured
// clear, degraded or blocked, outlining the hexes it crosses; the panel gets the
// range and every reason with its rule number.

import { svg, h, fill } from './dom.js';

// A bunker (21.1) or a cave (10.7) is a location for units and actions; its line of
// sight is its hex's, at ground level (21.1.1, as the engine traces it), so the
// tool asks for the hex (ruling R-WEB-10).
const losLocation = (loc) => (loc ? loc.replace(/:(bunker|cave)$/, '') : loc);

export function locationAt(clientX, clientY) {
  const el = document.elementFromPoint(clientX, clientY);
  if (!el) return null;
  const stack = el.closest('[data-loc]');
  if (stack) return losLocation(stack.dataset.loc);
  const hex = el.closest('[data-hex]');
  return hex ? losLocation(hex.dataset.hex) : null;
}

export class LosTool {
  constructor(board, panzoom, opts) {
    this.board = board;
    this.pz = panzoom;
    this.opts = opts; // {query(from, to) -> Promise<los>, onResult(los|null, error), onChange(active)}
    this.active = false;
    this.from = null;
    this.to = null;
    this.dragging = false;
    this.seq = 0;
    const s = board.svg;
    s.addEventListener('pointerdown', (e) => this.down(e));
    s.addEventListener('pointermove', (e) => this.move(e));
    s.addEventListener('pointerup', (e) => this.up(e));
    s.addEventListener('click', (e) => this.tap(e));
    const prev = panzoom.enabled;
    panzoom.enabled = (e) => !(this.active && e.isPrimary && e.pointerType !== 'touch') && prev(e);
  }

  setActive(on) {
    this.active = on;
    this.board.svg.classList.toggle('los-mode', on);
    if (!on) this.clear();
    this.opts.onChange(on);
  }

  clear() {
    this.from = this.to = null;
    const layer = this.board.layers.overlay;
    for (const el of layer.querySelectorAll('.los')) el.remove();
    for (const el of this.board.svg.querySelectorAll('.los-path, .los-end, .los-blocker')) el.classList.remove('los-path', 'los-end', 'los-blocker');
  }

  // On a touch screen a drag pans the board, so the line is set by two taps: the
  // first sets the origin, the second the target.
  tap(e) {
    if (!this.active || this.lastPointer !== 'touch') return;
    const loc = locationAt(e.clientX, e.clientY);
    if (!loc) return;
    if (!this.from || this.to) {
      this.clear();
      this.from = loc;
      this.drawThread(loc, loc, 'pending');
    } else {
      this.to = loc;
      this.run();
    }
  }

  down(e) {
    this.lastPointer = e.pointerType;
    if (!this.active || e.pointerType === 'touch') return;
    const loc = locationAt(e.clientX, e.clientY);
    if (!loc) return;
    this.clear();
    this.from = loc;
    this.dragging = true;
    this.board.svg.setPointerCapture?.(e.pointerId);
    this.drawThread(loc, loc, 'pending');
  }

  move(e) {
    if (!this.active || !this.dragging) return;
    const loc = locationAt(e.clientX, e.clientY);
    if (!loc || loc === this.to) return;
    this.to = loc;
    this.drawThread(this.from, loc, 'pending');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(), 120);
  }

  up(e) {
    if (!this.active || !this.dragging) return;
    this.dragging = false;
    const loc = locationAt(e.clientX, e.clientY) || this.to;
    if (loc && loc !== this.from) {
      this.to = loc;
      clearTimeout(this.timer);
      this.run();
    }
  }

  // Shows the line between two locations (also used by the hex panel's button).
  async show(from, to) {
    this.clear();
    this.from = from;
    this.to = to;
    await this.run();
  }

  async run() {
    const { from, to } = this;
    if (!from || !to || from === to) return;
    const mine = ++this.seq;
    try {
      const res = await this.opts.query(from, to);
      if (mine !== this.seq) return;
      this.drawResult(res);
      this.opts.onResult(res, null);
    } catch (err) {
      if (mine !== this.seq) return;
      this.opts.onResult(null, err);
    }
  }

  drawThread(from, to, verdict) {
    const layer = this.board.layers.overlay;
    for (const el of layer.querySelectorAll('.los')) el.remove();
    const a = this.board.centre(from), b = this.board.centre(to);
    if (!a || !b) return;
    layer.append(svg('g', { class: 'los los-' + verdict },
      svg('line', { class: 'los-casing', x1: a[0], y1: a[1], x2: b[0], y2: b[1] }),
      svg('line', { class: 'los-line', x1: a[0], y1: a[1], x2: b[0], y2: b[1] }),
      svg('circle', { class: 'los-dot', cx: a[0], cy: a[1], r: 5 }),
      svg('circle', { class: 'los-dot', cx: b[0], cy: b[1], r: 5 })));
  }

  drawResult(res) {
    for (const el of this.board.svg.querySelectorAll('.los-path, .los-end, .los-blocker')) el.classList.remove('los-path', 'los-end', 'los-blocker');
    this.drawThread(res.from, res.to, res.verdict);
    for (const loc of res.path || []) this.board.el(loc)?.classList.add('los-path');
    for (const loc of [res.from, res.to]) this.board.el(loc)?.classList.add('los-end');
    for (const r of res.reasons || []) if (r.hex && r.effect !== 'note') this.board.el(r.hex)?.classList.add('los-blocker');
  }
}

export function renderLos(el, res, err) {
  if (err) return fill(el, h('p', { class: 'error' }, err.message));
  if (!res) return fill(el, h('p', { class: 'hint' }, 'Drag from one hex to another (or tap one, then the other) to see the line of sight.'));
  return fill(el,
    h('p', { class: 'los-verdict los-' + res.verdict, 'data-verdict': res.verdict },
      `${res.from} → ${res.to}: `, h('b', {}, res.verdict), `, range ${res.range}`),
    (res.effects || []).length ? h('ul', {}, res.effects.map((x) => h('li', {}, x))) : null,
    (res.reasons || []).length
      ? h('ul', { class: 'los-reasons' }, res.reasons.map((r) => h('li', { class: 'los-' + r.effect }, r.text, r.rule ? h('span', { class: 'rule' }, r.rule) : null)))
      : h('p', {}, 'Nothing in the way.'),
    res.degrading ? h('p', {}, `${res.degrading} degrading hex${res.degrading > 1 ? 'es' : ''}: −${res.degrading} to fire (10.3)`) : null,
    res.limited ? h('p', {}, 'Limited LOS between buildings: −2 to fire (10.3.2)') : null);
}
