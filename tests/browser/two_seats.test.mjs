// two_seats.test.mjs: a game against a friend: the start page gives two secret
// links; each seat opens in its own browser context (no shared storage), and each
// sees the other's action arrive over the WebSocket without reloading. Also the
// line-of-sight tool: a drag from one hex to another draws the thread and lists
// the verdict with its reasons.

import test from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, openPage, shot, legal, act, key, PHONE } from './harness.mjs';

test('two seats in two browser contexts see each other act', async (t) => {
  const { server, browser } = await serverAndBrowser(t);
  const a = await openPage(browser, server.url);
  await a.click('[data-scenario="sk1_assault_on_vierville"]');
  await a.check('input[name=mode][value=friend]');
  await a.selectOption('select[name=side]', '1');
  await a.click('[data-start]');
  await a.waitForSelector('[data-link=theirs]');
  const theirs = await a.inputValue('[data-link=theirs]');
  const mine = await a.inputValue('[data-link=mine]');
  assert.notEqual(theirs, mine);
  assert.match(theirs, /\?game=[0-9a-f]{16}&token=[0-9a-f]{32}$/);
  await shot(a, 'friend-01-links');
  await a.click('[data-open-seat]');
  await a.waitForSelector('.statusbar[data-phase="setup"]');

  // the friend opens their link in a browser of their own (a phone here)
  const b = await openPage(browser, theirs, PHONE);
  await b.waitForSelector('.statusbar[data-phase="setup"]');
  await b.waitForSelector('.st-conn.on');
  assert.deepEqual(await legal(b), [], 'the Germans have nothing to decide while the Americans set up');

  // the Americans place a unit: it appears on the friend's board by itself
  const first = (await legal(a)).find((x) => x.startsWith('place '));
  await act(a, first);
  const [, hex, unit] = /^place (\S+) #(\d+)$/.exec(first);
  await b.waitForSelector(`.stack[data-loc="${hex}"] [data-unit="${unit}"]`, { timeout: 10000 });
  for (let i = 0; i < 3; i++) await act(a, (await legal(a)).find((x) => x.startsWith('place ')));

  // now the Germans decide: they end their rally phase; the Americans see it
  await b.waitForFunction(() => document.querySelector('.game.my-turn'), null, { timeout: 10000 });
  await shot(b, 'friend-02-phone-their-turn');
  const st = await key(b, 'e');
  assert.notEqual(st.state, 'error');
  await a.click('[data-tab=log]');
  await a.waitForFunction(() => /Germans: end-rally/.test(document.querySelector('[data-log]').innerText), null, { timeout: 10000 });
  await a.waitForFunction(() => document.querySelector('.game.my-turn'));
  assert.ok((await legal(a)).includes('end-rally'));

  // the line of sight tool: drag from I5 to a hex across the map
  await a.click('[data-tool=los]');
  const from = await a.locator('[data-hex="I5"]').boundingBox();
  const to = await a.locator('[data-hex="C5"]').boundingBox();
  await a.mouse.move(from.x + from.width / 2, from.y + from.height * 0.15);
  await a.mouse.down();
  await a.mouse.move(to.x + to.width / 2, to.y + to.height * 0.15, { steps: 8 });
  await a.mouse.up();
  await a.waitForSelector('[data-verdict]');
  const verdict = await a.getAttribute('[data-verdict]', 'data-verdict');
  assert.ok(['clear', 'degraded', 'blocked'].includes(verdict));
  const text = await a.locator('[data-panel=los]').innerText();
  assert.match(text, /I5 → C5/);
  assert.match(text, /range \d+/);
  if (verdict !== 'clear') assert.match(text, /\(10\.\d/);
  await a.waitForSelector(`.los.los-${verdict}`);
  await shot(a, 'friend-03-los');
  assert.deepEqual(a.errors, []);
  assert.deepEqual(b.errors, []);
});
