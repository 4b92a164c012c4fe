// layout.js: the game page's skeleton: the status bar, the board with its tools
// (zoom, fit, line of sight, key), the decision box (what is decided, the quick
// buttons, what can be done in the chosen hex, the preview with its confirm
// button) and the tabbed panels (every legal action, the hex, the log, dice,
// briefing, line of sight, the key). On a phone the panels go under the board.

import { h, svg } from './dom.js';

export const TABS = [
  ['actions', 'Actions'],
  ['hex', 'Hex'],
  ['log', 'Log'],
  ['dice', 'Dice'],
  ['briefing', 'Briefing'],
  ['los', 'LOS'],
  ['key', 'Key'],
];

export function buildLayout(root) {
  const r = {};
  r.status = h('header', { class: 'statusbar', 'data-status': '' });
  r.svg = svg('svg', { class: 'board', 'data-board': '', role: 'img', 'aria-label': 'the map' });
  const tool = (name, label, title) => h('button', { class: 'tool', 'data-tool': name, title }, label);
  r.tools = h('div', { class: 'board-tools' },
    tool('zoom-in', '+', 'Zoom in (+)'), tool('zoom-out', '−', 'Zoom out (-)'), tool('fit', '⤢ fit', 'Fit the whole map in the window (F)'),
    tool('los', 'LOS tool', 'Line of sight: drag from one hex to another (L)'),
    h('span', { class: 'board-hint' }, 'drag to pan · wheel or pinch to zoom · click a lit hex to act'));
  r.replay = h('div', { class: 'replay', hidden: true });
  r.toast = h('div', { class: 'toast', role: 'status', 'aria-live': 'polite' });
  r.boardWrap = h('main', { class: 'board-wrap' }, r.svg, r.toast);
  r.decText = h('p', { class: 'dec-text', 'data-decision': '' });
  r.quick = h('div', { class: 'quick' });
  r.here = h('div', { class: 'here' });
  r.previewBox = h('div', { class: 'preview-box', hidden: true });
  r.message = h('p', { class: 'message', 'data-message': '' });
  r.decision = h('section', { class: 'decision' }, r.decText, r.quick, r.message, r.previewBox, r.here);
  r.tabs = h('nav', { class: 'tabs', role: 'tablist' }, TABS.map(([id, label]) =>
    h('button', { class: 'tab', role: 'tab', 'data-tab': id }, label, id === 'actions' ? h('span', { class: 'count', 'data-action-count': '' }) : null)));
  r.panels = {};
  for (const [id] of TABS) r.panels[id] = h('section', { class: 'panel panel-' + id, 'data-panel': id, hidden: true });
  r.panels.actions.append(
    h('input', { class: 'action-filter', type: 'search', placeholder: 'filter the actions (e.g. fire, H5)', 'aria-label': 'filter the actions' }),
    h('div', { class: 'action-list', 'data-action-list': '' }));
  r.logList = h('div', { class: 'log', 'data-log': '' });
  r.logOnlyRolls = h('input', { type: 'checkbox' });
  r.panels.log.append(h('label', { class: 'log-filter' }, r.logOnlyRolls, ' only actions, rolls and results'), r.logList);
  r.side = h('aside', { class: 'side' }, r.decision, r.tabs, h('div', { class: 'panel-wrap' }, Object.values(r.panels)));
  r.game = h('div', { class: 'game', 'data-state': 'idle' }, r.status, h('div', { class: 'game-body' }, h('div', { class: 'board-col' }, r.tools, r.boardWrap, r.replay), r.side));
  root.append(r.game);
  return r;
}
