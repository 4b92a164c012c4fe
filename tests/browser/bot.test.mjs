// bot.test.mjs: Assault on Vierville against the computer, played in the browser
// to the victory report: the start page lists the server's computer levels, the
// American set-up is clicked on the map, then every decision is answered the way
// a cautious player would (hold fire, pass, end the phase; otherwise the first
// entry of the legal-action panel) while the computer plays the Germans. At the
// end: the report, the revealed seed, and the replay's scrubber.

import test from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, openPage, shot, legal, act, key, clickToAct, PHONE } from './harness.mjs';

test('against the computer: Vierville to the victory report, then the replay', async (t) => {
  const { server, browser } = await serverAndBrowser(t, ['--bot-ms', '300']);
  const page = await openPage(browser, server.url);
  const levels = await (await fetch(server.url + 'api/bots')).json();
  const offered = await page.$$eval('select[name=level] option', (os) => os.map((o) => o.value));
  assert.deepEqual(offered, levels.levels, 'the start page offers the levels the server lists');
  if (levels.levels.includes('normal'))
    assert.equal(await page.$eval('select[name=level]', (s) => s.value), 'normal', 'a new player meets the normal level by default');
  await page.click('[data-scenario="sk1_assault_on_vierville"]');
  await page.check('input[name=mode][value=bot]');
  await page.selectOption('select[name=side]', '1');
  await page.click('[data-start]');
  await page.waitForSelector('.statusbar[data-phase="setup"]');

  // set up on the map: the church and the houses around it
  const spots = ['I5', 'I6', 'J7', 'I5'];
  for (let i = 0; i < 4; i++) {
    const place = (await legal(page)).find((a) => a.startsWith('place '));
    const unit = place.split('#')[1];
    const cmd = `place ${spots[i]} #${unit}`;
    assert.ok((await legal(page)).includes(cmd));
    assert.equal((await clickToAct(page, spots[i])).error, null);
    await page.waitForSelector(`.stack[data-loc="${spots[i]}"] [data-unit="${unit}"]`);
  }

  // "my games" remembers the game, with the seat in its link
  const remembered = await page.evaluate(() => JSON.parse(localStorage.getItem('lnlt.games') || '[]'));
  assert.equal(remembered.length, 1);
  assert.equal(remembered[0].mode, 'bot');

  let decisions = 0, shotTurn = 0;
  const deadline = Date.now() + 150000;
  while (Date.now() < deadline) {
    if (await page.$('[data-endgame]')) break;
    // wait for our decision or the end (the computer plays in between)
    await page.waitForFunction(() => document.querySelector('[data-endgame]') ||
      (document.querySelector('.game.my-turn') && document.querySelector('.game').dataset.state !== 'sending'), null, { timeout: 30000 });
    if (await page.$('[data-endgame]')) break;
    const list = await legal(page);
    if (!list.length) continue;
    const turn = Number(await page.locator('.statusbar').getAttribute('data-turn'));
    if (turn !== shotTurn && turn % 2 === 0) {
      shotTurn = turn;
      await shot(page, `bot-turn-${turn}`);
    }
    decisions++;
    let done = false;
    for (const [cmd, k] of [['no-fire', 'n'], ['pass', 'p'], ['end-rally', 'e'], ['stop', 's'], ['done', 'd']]) {
      if (list.includes(cmd)) {
        await key(page, k);
        done = true;
        break;
      }
    }
    if (!done) {
      const r = await act(page, list[0]);
      assert.equal(r.error, null, `${list[0]} was refused: ${r.error}`);
    }
  }
  await page.waitForSelector('[data-endgame]', { timeout: 30000 });
  const report = await page.locator('[data-endgame]').innerText();
  assert.match(report, /\bwins?\b|\bdraw\b/i);
  assert.match(report, /controls \d+ of/, 'the report gives each side\'s victory count');
  assert.match(await page.locator('.decision').innerText(), /The game is over: (\w+ wins?|A draw)/);
  assert.match(report, /seed is revealed/);
  assert.ok(decisions > 10, `the player decided ${decisions} times`);
  await shot(page, 'bot-end-report');
  const phone = await openPage(browser, page.url(), PHONE);
  await phone.waitForSelector('[data-endgame]');
  await shot(phone, 'bot-end-report-phone');

  // the replay: its scrubber walks the game from the start
  await page.click('[data-replay]');
  await page.waitForSelector('[data-scrubber]');
  const total = Number(await page.getAttribute('[data-scrubber]', 'max'));
  assert.ok(total > decisions);
  await page.locator('[data-scrubber]').fill('0');
  await page.waitForFunction(() => /action 0 of/.test(document.querySelector('[data-replay-at]').textContent));
  await page.waitForFunction(() => document.querySelectorAll('[data-unit]').length === 0);
  await page.locator('[data-scrubber]').fill(String(Math.floor(total / 2)));
  await page.waitForFunction(() => document.querySelectorAll('.stack [data-unit]').length > 0);
  await shot(page, 'bot-replay-middle');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(phone.errors, []);
});
