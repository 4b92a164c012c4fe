// preview_sign.test.mjs: the odds shown before a shot whose modifiers add up below
// zero read "Attack: 1d6 - 1", never "1d6 + -1" (a half-squad firing through two
// degrading hexes of map 15, 10.3: the position of tests/fixtures/view/
// weak_fire_position.json, the same shot the terminal's test previews).

import test from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, openPage, shot, legal, act, clickHex } from './harness.mjs';

test('a preview with a negative attack total writes a minus', async (t) => {
  const { server, browser } = await serverAndBrowser(t, [], {
    maps: { map15: 'data/maps/map15.json' },
    scenarios: ['tests/fixtures/view/weak_fire_position.json'],
  });
  const page = await openPage(browser, server.url);
  await page.check('input[name=mode][value=hotseat]');
  await page.click('[data-start]');
  await page.waitForSelector('.statusbar[data-phase="operations"]');
  assert.ok((await legal(page)).includes('activate J7'));
  await act(page, 'activate J7');
  const fire = 'fire J7 M8';
  assert.ok((await legal(page)).includes(fire), 'the half-squad may fire at M8');
  await clickHex(page, 'J7');
  await clickHex(page, 'M8');
  await page.waitForSelector(`[data-here-action="${fire}"]`);
  await page.click(`[data-here-action="${fire}"]`);
  await page.waitForSelector(`[data-commit="${fire}"]`);
  const text = await page.locator('.preview-box').innerText();
  assert.match(text, /Attack: 1d6 - 1/);
  assert.doesNotMatch(text, /\+ -/);
  await shot(page, 'preview-sign-01');
  assert.deepEqual(page.errors, []);
});
