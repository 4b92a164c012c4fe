// replay.js: a finished game replayed with a scrubber: the position after any
// number of its actions (GET view?at=N, docs/server.md) with that action's events,
// stepping, playing and jumping to either end.

import { h, fill } from './dom.js';
import { api } from './api.js';

export class Replay {
  constructor(el, game, opts) {
    this.el = el;
    this.game = game;
    this.opts = opts; // {onView(view, events), onClose()}
    this.at = 0;
    this.total = 0;
    this.timer = null;
    this.cache = new Map();
  }

  async open() {
    const first = await this.load(0);
    this.total = first.actions;
    this.render();
    await this.go(this.total);
  }

  async load(n) {
    if (!this.cache.has(n)) this.cache.set(n, api.viewAt(this.game, n));
    return this.cache.get(n);
  }

  async go(n) {
    n = Math.max(0, Math.min(this.total, n));
    this.at = n;
    this.slider.value = String(n);
    this.label.textContent = `action ${n} of ${this.total}`;
    const v = await this.load(n);
    if (this.at !== n) return;
    this.opts.onView(v, v.events || []);
    fill(this.events, (v.events || []).map((e) => h('li', {}, (e.line || e.text || '').replace(/^\[[0-9.]+\]\s*/, ''))));
  }

  play() {
    if (this.timer) return this.stop();
    this.playBtn.textContent = '❚❚';
    if (this.at >= this.total) this.go(0);
    this.timer = setInterval(() => {
      if (this.at >= this.total) return this.stop();
      this.go(this.at + 1);
    }, 700);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    if (this.playBtn) this.playBtn.textContent = '▶';
  }

  render() {
    this.slider = h('input', { type: 'range', min: 0, max: this.total, value: 0, 'data-scrubber': '', 'aria-label': 'replay position' });
    this.slider.addEventListener('input', () => this.go(Number(this.slider.value)));
    this.label = h('span', { class: 'replay-at', 'data-replay-at': '' });
    this.playBtn = h('button', { title: 'Play', onclick: () => this.play() }, '▶');
    this.events = h('ul', { class: 'replay-events' });
    fill(this.el,
      h('div', { class: 'replay-bar' },
        h('b', {}, 'Replay'),
        h('button', { title: 'Start', onclick: () => this.go(0) }, '|◀'),
        h('button', { title: 'One action back', onclick: () => this.go(this.at - 1) }, '◀'),
        this.playBtn,
        h('button', { title: 'One action on', onclick: () => this.go(this.at + 1) }, '▶|'),
        h('button', { title: 'End', onclick: () => this.go(this.total) }, '▶▶|'),
        this.slider, this.label,
        h('button', { class: 'replay-close', onclick: () => { this.stop(); this.opts.onClose(); } }, 'Close the replay')),
      this.events);
    this.el.hidden = false;
  }
}
