// optional_rules.test.mjs: a scenario's optional special rules (22.0) on the start
// page: offered as checkboxes preset to their defaults, hidden for a scenario
// without any, and the choice sent with the new game, whose view then says which
// rules it plays (docs/server.md, "Optional rules"; ruling R-SRV-30).

import test from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, openPage, shot } from './harness.mjs';

test('the start page offers the optional rules and the game plays the choice', async (t) => {
  const { server, browser } = await serverAndBrowser(t);
  const page = await openPage(browser, server.url);
  await page.click('[data-scenario="sk1_assault_on_vierville"]');
  assert.equal(await page.isVisible('fieldset.optional-rules'), false, 'Vierville has no optional rule to offer');

  await page.click('[data-scenario="sk2_rejoining_the_regiment"]');
  await page.waitForSelector('fieldset.optional-rules:visible');
  const boxes = page.locator('input[data-optional-rule]');
  assert.equal(await boxes.count(), 2);
  assert.equal(await page.isChecked('input[data-optional-rule="0"]'), true);
  assert.equal(await page.isChecked('input[data-optional-rule="1"]'), true);
  assert.match(await page.textContent('fieldset.optional-rules'), /hero counter with morale 6/);
  await page.uncheck('input[data-optional-rule="1"]');
  await shot(page, 'start-optional-rules');

  await page.check('input[name=mode][value=hotseat]');
  await page.click('[data-start]');
  await page.waitForSelector('.statusbar[data-phase]');
  const url = new URL(page.url());
  const game = url.searchParams.get('game');
  const token = url.searchParams.getAll('token')[0];
  const view = await (await fetch(`${server.url}/api/games/${game}/view?token=${token}`)).json();
  assert.deepEqual(view.optional_rules.map((r) => [r.id, r.on]), [[0, true], [1, false]]);
});
