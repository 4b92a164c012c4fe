// floors.test.mjs: upper floors and rooftops on the board (rules 10.4.1, 10.6):
// every location, floors included, has its own element (data-hex="F2:upper",
// "C3:roof"); a unit set up on an upper floor is drawn on that floor's tab, and
// the line of sight can be asked from a floor. The board is the engine's test
// map of floors (tests/fixtures/maps/floors.json) with a small scenario.

import test from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, openPage, shot, legal, clickToAct } from './harness.mjs';

test('upper floors and rooftops are locations of their own', async (t) => {
  const { server, browser } = await serverAndBrowser(t, [], {
    maps: { map94: 'tests/fixtures/maps/floors.json' },
    scenarios: ['tests/browser/fixtures/floors_scenario.json'],
  });
  const page = await openPage(browser, server.url);
  await page.check('input[name=mode][value=hotseat]');
  await page.click('[data-start]');
  await page.waitForSelector('.statusbar[data-phase="setup"]');
  for (const loc of ['F2:upper', 'G2:upper', 'G3:upper', 'C3:roof', 'J5:roof', 'F2', 'A1'])
    assert.equal(await page.locator(`[data-hex="${loc}"]`).count(), 1, `one element for ${loc}`);
  assert.match(await page.$eval('.layer-floors', (g) => g.textContent), /2 storeys/);
  const place = (await legal(page)).find((a) => a.startsWith('place F2:upper '));
  assert.ok(place, 'a set-up on the upper floor is offered');
  const unit = place.split('#')[1];
  assert.equal((await clickToAct(page, 'F2:upper')).error, null);
  await page.waitForSelector(`.stack[data-loc="F2:upper"] [data-unit="${unit}"]`);
  await shot(page, 'floors-01-upper');

  // line of sight from the upper floor
  await page.click('[data-tool=los]');
  const from = await page.locator('[data-hex="G3:upper"]').boundingBox();
  const to = await page.locator('[data-hex="J6"]').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height * 0.15, { steps: 6 });
  await page.mouse.up();
  await page.waitForSelector('[data-verdict]');
  assert.match(await page.locator('[data-panel=los]').innerText(), /G3:upper → J6/);
  await shot(page, 'floors-02-los');
  assert.deepEqual(page.errors, []);
});
