// hotseat.test.mjs: a hot-seat game of Assault on Vierville in the browser, as a
// player clicks it: the start page, the American set-up hex by hex, the rally
// phase by its shortcut, a German entry and move with its path and step costs,
// then an American activation and a fire shown with the engine's preview before
// it is confirmed (an activation without a target is taken back with undo);
// then both seats hold and pass to the end of the game and its victory report.
// Screenshots at desktop and phone sizes go to build/browser/.

import test from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, openPage, shot, legal, act, key, clickHex, clickToAct, PHONE } from './harness.mjs';

const SETUP = { 0: 'I5', 1: 'I6', 2: 'G6', 3: 'I5' };

test('hot-seat: set-up, an activation, a fire with its preview, a move, and on to the end', async (t) => {
  const { server, browser } = await serverAndBrowser(t);
  const page = await openPage(browser, server.url);

  // the start page: scenarios with their briefing, the hot-seat mode
  await page.click('[data-scenario="sk1_assault_on_vierville"]');
  assert.match(await page.locator('.scenario-detail').innerText(), /Victory/);
  await page.check('input[name=mode][value=hotseat]');
  await shot(page, 'hotseat-01-start');
  await page.click('[data-start]');
  await page.waitForSelector('.statusbar[data-phase="setup"]');
  await page.waitForSelector('[data-hex="H6"]');
  assert.equal(await page.locator('.statusbar').getAttribute('data-turn'), '1');
  await shot(page, 'hotseat-02-setup');

  // set-up: choose a hex on the map, then the placement it offers there
  for (let i = 0; i < 4; i++) {
    const list = await legal(page);
    const place = list.find((a) => a.startsWith('place '));
    assert.ok(place, 'a set-up decision offers placements: ' + list.join(', '));
    const unit = Number(place.split('#')[1]);
    const cmd = `place ${SETUP[unit]} #${unit}`;
    assert.ok(list.includes(cmd), `${cmd} is legal`);
    // a lit hex whose only action is this placement: one click places the unit
    const r = await clickToAct(page, SETUP[unit]);
    assert.equal(r.error, null);
    await page.waitForSelector(`.stack[data-loc="${SETUP[unit]}"] [data-unit="${unit}"]`);
  }
  await page.waitForSelector('.statusbar[data-phase="rally"]');
  await shot(page, 'hotseat-03-after-setup');

  // the rally phase: both sides end it with the E shortcut (hot-seat switches seats)
  for (let i = 0; i < 2; i++) {
    const st = await key(page, 'e');
    assert.notEqual(st.state, 'error');
  }
  await page.waitForSelector('.statusbar[data-phase="operations"]');

  // the Germans enter: a move with its path and the cost of each step
  let list = await legal(page);
  const enter = list.find((a) => a.startsWith('enter '));
  assert.ok(enter, 'the Germans may enter: ' + list.join(', '));
  await act(page, enter);
  const entered = enter.split(' ')[1];
  await sendGroupIn(page);
  await answerOpportunityFire(page);
  list = await legal(page);
  const step = list.find((a) => a.startsWith('step '));
  assert.ok(step, 'the entering stack may step on: ' + list.join(', '));
  const to = step.split(' ')[1];
  await page.waitForSelector(`.step-cost[data-step="${to}"]`);
  await page.waitForSelector('.mp-left');
  await shot(page, 'hotseat-04-move');
  // a click on a lit destination steps there
  assert.equal((await clickToAct(page, to)).error, null);
  await answerOpportunityFire(page);
  const moved = Number(enter.split('#')[1]);
  if ((await legal(page)).includes('stop')) await key(page, 's');
  await answerOpportunityFire(page);
  const where = await page.$eval(`[data-unit="${moved}"]`, (el) => el.closest('.stack').dataset.loc);
  assert.notEqual(where, undefined);
  assert.ok(where === to || where !== entered, `the unit moved on from ${entered}`);
  await moveTowards(page, 'H6');
  if ((await legal(page)).includes('stop')) await key(page, 's');

  // activations until one can fire (those that cannot are taken back with undo);
  // meanwhile the Germans close in on the village and the Americans wait
  let fired = false;
  for (let round = 0; round < 40 && !fired; round++) {
    await answerOpportunityFire(page);
    list = await legal(page);
    for (const activate of list.filter((a) => a.startsWith('activate '))) {
      await act(page, activate);
      const fire = (await legal(page)).find((a) => a.startsWith('fire '));
      if (!fire) {
        const st = await key(page, 'u');
        assert.notEqual(st.state, 'error', 'an activation without a die rolled can be taken back');
        continue;
      }
      const [, from, target] = fire.split(' ');
      // choose the firing hex, then the target, then the fire offered between them
      await clickHex(page, from);
      await clickHex(page, target);
      await page.waitForSelector(`[data-here-action="${fire}"]`);
      await page.click(`[data-here-action="${fire}"]`);
      await page.waitForSelector(`[data-commit="${fire}"]`);
      const text = await page.locator('.preview-box').innerText();
      assert.match(text, /Attack: 1d6/);
      assert.match(text, /Defence: 1d6 \+ TM/);
      assert.match(text, /no effect: \d/);
      assert.match(text, /5\.2/); // the FP term's rule section
      await shot(page, 'hotseat-05-fire-preview');
      const before = await page.$$eval('.log-entry', (els) => els.length);
      await page.click(`[data-commit="${fire}"]`);
      await page.waitForFunction(() => document.querySelector('.game').dataset.state !== 'sending');
      await page.click('[data-tab=log]');
      await page.waitForFunction((n) => document.querySelectorAll('.log-entry').length > n, before);
      const log = await page.locator('[data-log]').innerText();
      assert.match(log, new RegExp(`fire ${from} ${target}`));
      assert.match(log, /attack: /);
      fired = true;
      break;
    }
    if (fired) break;
    list = await legal(page);
    const side = await page.$eval('.game', (g) => g.dataset.side);
    if (side === '2') {
      const enter = list.find((a) => a.startsWith('enter '));
      const activate = list.find((a) => a.startsWith('activate '));
      if (enter) {
        await act(page, enter);
        await sendGroupIn(page);
      } else if (activate) {
        await act(page, activate);
        const move = (await legal(page)).find((a) => a.startsWith('move '));
        if (move) await act(page, move);
      }
      await moveTowards(page, 'H6');
    }
    list = await legal(page);
    for (const end of ['stop', 'done', 'pass', 'no-fire', 'end-rally']) {
      if (list.includes(end)) {
        await act(page, end);
        break;
      }
    }
  }
  assert.ok(fired, 'a unit fired');
  await page.click('[data-tab=actions]');
  await shot(page, 'hotseat-06-after-fire');

  // the same game on a phone
  const phone = await openPage(browser, page.url(), PHONE);
  await phone.waitForSelector('.statusbar[data-phase="operations"]');
  await phone.waitForTimeout(400);
  await shot(phone, 'hotseat-07-phone');
  await phone.click('[data-tab=log]');
  await shot(phone, 'hotseat-08-phone-log');

  // both seats then hold, pass and end each phase by the shortcut keys to the
  // end of turn 6: the victory report closes the game
  for (let i = 0; i < 400 && !(await page.$('[data-endgame]')); i++) {
    list = await legal(page);
    const k = [['no-fire', 'n'], ['end-rally', 'e'], ['pass', 'p'], ['stop', 's'], ['done', 'd']].find(([c]) => list.includes(c));
    if (k) await key(page, k[1]);
    else if (list.length) assert.equal((await act(page, list[0])).error, null);
    else await page.waitForTimeout(100);
  }
  await page.waitForSelector('[data-endgame]');
  assert.match(await page.locator('[data-endgame]').innerText(), /wins?\b|A draw/);
  assert.equal(await page.locator('.statusbar').getAttribute('data-turn'), '6');
  await shot(page, 'hotseat-09-end');
  assert.deepEqual(page.errors, []);
  assert.deepEqual(phone.errors, []);
});

// An entry gathers a group (22.0): the other units due join it, then it moves in.
async function sendGroupIn(page) {
  for (let i = 0; i < 12; i++) {
    const list = await legal(page);
    const join = list.find((a) => a.startsWith('join '));
    if (join) {
      await act(page, join);
      continue;
    }
    const move = list.filter((a) => a.startsWith('move ')).sort((a, b) => b.length - a.length)[0];
    if (move) await act(page, move);
    return;
  }
}

// Opportunity fire windows of the side that does not move are answered "no fire".
async function answerOpportunityFire(page) {
  for (let i = 0; i < 10; i++) {
    const kind = await page.$eval('.decision', (el) => el.dataset.kind);
    if (kind !== 'opportunity_fire') return;
    await key(page, 'n');
  }
}

// The moving stack steps towards a hex while that brings it closer, answering
// the enemy's opportunity fire with no-fire.
async function moveTowards(page, goal) {
  for (let i = 0; i < 8; i++) {
    await answerOpportunityFire(page);
    const steps = (await legal(page)).filter((a) => a.startsWith('step '));
    if (!steps.length) return;
    const best = await page.evaluate(([cands, g, here]) => {
      const c = (id) => {
        const b = document.querySelector(`[data-hex="${id.split(':')[0]}"] .hex-shape`).getBBox();
        return [b.x + b.width / 2, b.y + b.height / 2];
      };
      const d = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
      const goalC = c(g);
      let pick = null, dist = here ? d(c(here), goalC) : Infinity;
      for (const s of cands) {
        const dd = d(c(s.split(' ')[1]), goalC);
        if (dd < dist - 1) {
          dist = dd;
          pick = s;
        }
      }
      return pick;
    }, [steps, goal, await page.$eval('.game', () => (window.lnltPage.view().move || {}).location || null)]);
    if (!best) return;
    await act(page, best);
  }
}
