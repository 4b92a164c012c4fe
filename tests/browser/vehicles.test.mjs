// vehicles.test.mjs: vehicles on the board (rules 14-16, 21; docs/web.md
// "Vehicles"). The vehicle training situation through the real server, hot-seat:
// each vehicle counter is turned toward the corner its hull faces, a turret turned
// from the hull gets its own arrow, buttoned vehicles carry the BUTTONED tag, the
// wreck, wire, mines, bunker and Acquisition markers are on the map, the hex panel
// gives a vehicle's printed values and its passengers, and the Pz IV turns and
// fires its gun from the legal list, with the engine's preview first, which turns
// its turret away from the hull.

import test from 'node:test';
import assert from 'node:assert/strict';
import { serverAndBrowser, openPage, shot, act, clickHex, showActions, PHONE } from './harness.mjs';

// The turn of the counter's turned part, in degrees: rotate(A cx cy).
async function counterTurn(page, unit) {
  const t = await page.$eval(`[data-unit="${unit}"] .c-faced`, (g) => g.getAttribute('transform'));
  return Number(/rotate\(([-\d.]+)/.exec(t)[1]);
}

test('vehicles: facing, turret, hatches, markers, passengers and a vehicle action', async (t) => {
  const { server, browser } = await serverAndBrowser(t);
  const page = await openPage(browser, server.url);
  await page.click('[data-scenario="training_vehicle_narrative"]');
  await page.check('input[name=mode][value=hotseat]');
  await page.click('[data-start]');
  await page.waitForSelector('.statusbar[data-phase="operations"]');
  await page.waitForSelector('[data-unit="0"]');

  // the Pz IV in D5 faces the E5/D6 corner (corner 2: 150 degrees from north),
  // buttoned; the M4A1s in G5 and H7 face corner 5 (330 degrees)
  const pz = page.locator('[data-unit="0"]');
  assert.equal(await pz.getAttribute('data-facing'), '2');
  assert.equal(await counterTurn(page, 0), 150);
  assert.equal(await counterTurn(page, 16), 330);
  assert.match(await pz.getAttribute('class'), /\bbuttoned\b/);
  assert.equal(await page.locator('.stack[data-loc="D5"] .stack-marks .marker-buttoned').count(), 1, 'BUTTONED tag on the stack');
  // the half-track in H2 is open: no BUTTONED tag, and it carries two units
  assert.equal(await page.locator('.stack[data-loc="H2"] .marker-buttoned').count(), 0);
  assert.match(await page.$eval('[data-unit="3"] .c-riders', (g) => g.textContent), /\+2/);
  // the ATG (a gun team) is turned to its facing too
  assert.equal(await counterTurn(page, 1), 150);
  // the passengers are not on the board as counters of their own
  assert.equal(await page.locator('[data-unit="4"]').count(), 0);

  // the location markers of the situation
  const chips = await page.$$eval('.hexmark-chip text', (els) => els.map((e) => e.textContent));
  for (const c of ['WRECK', 'WIRE', 'MINES 1', 'BUNKER +2', 'FOXHOLES', 'ACQ −1', "ACQ'G #17"]) assert.ok(chips.includes(c), `${c} chip on the map (${chips})`);
  assert.equal(await page.locator('.wreck').count(), 1);
  assert.equal(await page.locator('.wire-coil').count(), 2);
  assert.equal(await page.locator('[data-hex="H4:bunker"]').count(), 1, 'the bunker is a location of its own');
  assert.equal(await page.locator('.stack[data-loc="H4:bunker"] [data-unit="6"]').count(), 1, 'its squad is drawn in it');
  await shot(page, 'vehicles-01-board');

  // the hex panel: the half-track's printed values and its passengers under it
  await clickHex(page, 'H2');
  await page.click('[data-tab=hex]');
  const panel = page.locator('[data-panel-hex="H2"]');
  await panel.waitFor();
  assert.match(await panel.innerText(), /Faces H3\/G2 \(SW\)/);
  assert.match(await panel.innerText(), /Hull armour: front 1, side 0, rear 0/);
  assert.match(await panel.innerText(), /open-topped/);
  assert.equal(await panel.locator('[data-rider="4"][data-rides="inside"]').count(), 1);
  assert.equal(await panel.locator('[data-rider="5"][data-rides="inside"]').count(), 1);
  await clickHex(page, 'D5');
  await page.click('[data-tab=hex]');
  const pzPanel = page.locator('[data-panel-hex="D5"]');
  await pzPanel.waitFor();
  assert.match(await pzPanel.innerText(), /Turret armour: front 4, side 3, rear 2/);
  assert.match(await pzPanel.innerText(), /Buttoned up/);
  assert.match(await pzPanel.innerText(), /75 mm L\/48: HE 3/);
  await shot(page, 'vehicles-02-panel');

  // the Germans activate the Pz IV: its actions are grouped and said in words
  assert.equal((await act(page, 'activate D5')).error, null);
  await page.waitForSelector('[data-action="pivot D5 C5/C4 #0"]');
  const groups = await page.$$eval('[data-group]', (els) => els.map((e) => e.dataset.group));
  for (const g of ['fire', 'move', 'vehicle']) assert.ok(groups.includes(g), `group ${g} in ${groups}`);
  assert.match(await page.locator('[data-action="pivot D5 C5/C4 #0"]').innerText(), /Turn #0 Pz IV H in D5 to face C5\/C4 \(W\)/);
  assert.match(await page.locator('[data-action="shoot D5 G5 v16 #0"]').innerText(), /Fire the gun of #0 Pz IV H from D5 at #16 M4A1 Sherman in G5/);
  assert.match(await page.locator('[data-action="unbutton D5 #0"]').innerText(), /Unbutton/);
  await shot(page, 'vehicles-03-actions');

  // the gun fires at the Jeep in C6, off the hull's front: the preview comes
  // first (its rolls with their rules), then the turret turns one corner to bear
  // (15.1.1) and the counter shows it turned from the hull
  assert.equal(await page.locator('[data-unit="0"] .turret-turned').count(), 0, 'turret and hull agree at first');
  // the preview of a shot at the Sherman in G5 gives the odds (14.1-14.1.3): to hit
  // 2d6 +3 <= 9 (15/36), turret 8/36 at AF 4, hull 7/36 at AF 5, destroyed 273/1296;
  // Escape takes it back
  await showActions(page);
  await page.click('[data-action="shoot D5 G5 v16 #0"]');
  await page.waitForSelector('.preview-box [data-pv="to-hit"]');
  const odds = await page.locator('.preview-box').innerText();
  assert.match(odds, /To hit: 2d6 \+3 ≤ 9/);
  assert.match(odds, /Chance to hit: 42%/);
  assert.match(odds, /front turret\s+22%\s+AF 4\s+58%/);
  assert.match(odds, /front hull\s+19%\s+AF 5\s+42%/);
  assert.match(odds, /destroyed: 21%/);
  assert.match(odds, /buttoned/);
  await shot(page, 'vehicles-03b-ordnance-preview');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.querySelector('.game').dataset.state === 'idle');
  const res = await act(page, 'shoot D5 C6 v10 #0');
  assert.equal(res.error, null);
  assert.ok(res.preview, 'a preview was shown before the shot');
  assert.match(res.preview, /to hit/i);
  assert.match(res.preview, /14\.1/);
  assert.match(res.preview, /Chance to hit: 58%/); // 2d6 +2 <= 9: 21/36
  assert.match(res.preview, /destroyed: 58%/); // a Jeep has no armour (14.1.2)
  await page.waitForSelector('[data-unit="0"] .c-turret.turret-turned');
  assert.match(await page.$eval('[data-unit="0"] .c-turret', (g) => g.getAttribute('transform')), /^rotate\(60 /);
  assert.equal(await counterTurn(page, 0), 150, 'the hull has not moved');
  assert.match(await page.locator('[data-panel=log]').innerText(), /Pz IV H turns its turret/);
  await clickHex(page, 'D5');
  await page.click('[data-tab=hex]');
  await page.locator('[data-panel-hex="D5"]').waitFor();
  assert.match(await page.locator('[data-panel-hex="D5"]').innerText(), /Turret toward D6\/C5 \(SW\), turned from the hull/);
  await shot(page, 'vehicles-04-shot');

  // the key explains the vehicle counter and the new markers
  await page.click('[data-tab=key]');
  await page.waitForSelector('.legend-vehicle .counter.faced');
  assert.match(await page.locator('.legend').innerText(), /points at the corner its hull faces/);
  await shot(page, 'vehicles-05-key');

  // the line of sight from the bunker is its hex's (ruling R-WEB-10)
  await page.click('[data-tool=los]');
  const from = await page.locator('[data-hex="H4:bunker"]').boundingBox();
  const to = await page.locator('[data-hex="H7"]').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height * 0.15, { steps: 6 });
  await page.mouse.up();
  await page.waitForSelector('[data-verdict]');
  assert.match(await page.locator('[data-panel=los]').innerText(), /H4 → H7/);
  assert.equal(await page.locator('[data-verdict]').getAttribute('data-verdict'), 'clear');
  await shot(page, 'vehicles-06-los-bunker');

  // the same game on a phone: the vehicles are drawn there the same way
  const phone = await openPage(browser, page.url(), PHONE);
  await phone.waitForSelector('[data-unit="0"] .c-turret.turret-turned');
  assert.equal(await counterTurn(phone, 0), 150);
  await shot(phone, 'vehicles-07-phone');
  assert.deepEqual(phone.errors, []);
  assert.deepEqual(page.errors, []);
});
