// harness.mjs: what every browser test needs: its own `lnlt serve` on a free
// port with a temporary database (the program of the build under test, the
// repository's data/ and web/), Debian's chromium driven by playwright-core with
// a closed network's flags, screenshots under build/browser/, and small helpers
// that act on the page the way a player does (clicks and keys, never the API).

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHOTS = path.join(ROOT, process.env.LNLT_SHOTS || 'build/browser');
const PROGRAM = path.join(ROOT, process.env.LNLT_PROGRAM || 'build/debug/lnlt');

// A data directory of its own for a test scenario: the repository's counters,
// nations, weapons, skills and terrain, with the given maps and scenarios only.
// maps: {id: path of a map file} (its terrain reference is pointed at the
// directory's terrain/), scenarios: paths of scenario files.
export function dataDir(dir, { maps = {}, scenarios = [] }) {
  const data = path.join(dir, 'data');
  fs.mkdirSync(path.join(data, 'maps'), { recursive: true });
  fs.mkdirSync(path.join(data, 'scenarios'), { recursive: true });
  // copies, not links: the server reads no file whose real path lies outside its
  // data directory (R-SRV-20)
  for (const d of ['nations', 'units', 'weapons', 'skills', 'terrain'])
    fs.cpSync(path.join(ROOT, 'data', d), path.join(data, d), { recursive: true });
  for (const [id, file] of Object.entries(maps)) {
    const map = JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
    map.terrain = '../terrain/' + path.basename(map.terrain);
    fs.writeFileSync(path.join(data, 'maps', id + '.json'), JSON.stringify(map));
  }
  for (const file of scenarios) fs.copyFileSync(path.join(ROOT, file), path.join(data, 'scenarios', path.basename(file)));
  return data;
}

// Starts `lnlt serve`; fixture: {maps, scenarios} for a data directory of its
// own (dataDir), else the repository's data/.
export async function startServer(extra = [], fixture = null) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lnlt-browser-'));
  const data = fixture ? dataDir(dir, fixture) : path.join(ROOT, 'data');
  const child = spawn(PROGRAM, ['serve', '--listen', '127.0.0.1:0', '--db', path.join(dir, 'games.db'),
    '--data', data, '--web', path.join(ROOT, 'web'), '--quiet', ...extra],
  { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('lnlt serve did not start: ' + stderr)), 20000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = /listening on (http:\/\/[^ ]+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`lnlt serve exited (${code}): ${stderr}`));
    });
  });
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const done = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const t = setTimeout(() => child.kill('SIGKILL'), 8000);
        await done;
        clearTimeout(t);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Debian's chromium, headless, with nothing that reaches out of this machine.
// playwright starts every browser with a fresh --user-data-dir of its own (it
// refuses the flag from its caller) and removes it when the browser closes.
// A server (startServer's arguments) and a browser for test t, both stopped when
// the test ends.
export async function serverAndBrowser(t, extra = [], fixture = null) {
  const server = await startServer(extra, fixture);
  const browser = await launch();
  t.after(async () => {
    await browser.close();
    await server.stop();
  });
  return { server, browser };
}

export async function launch() {
  return chromium.launch({
    executablePath: process.env.LNLT_CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export const DESKTOP = { width: 1400, height: 900 };
export const PHONE = { width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// A page that fails the test on any script error of the client.
export async function openPage(browser, url, device = DESKTOP) {
  const { width, height, ...rest } = device;
  const context = await browser.newContext({ viewport: { width, height }, ...rest });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    // a 409 or 422 is a race the client handles (a preview asked for while the
    // game moved on); a missing file (404) or a server error (500) is a defect
    if (m.type() === 'error' && !/WebSocket|status of (409|422)/.test(m.text())) page.errors.push(m.text());
  });
  if (url) await page.goto(url);
  return page;
}

export async function shot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, name + '.png') });
}

// ---- acting as a player ----

export async function legal(page) {
  return page.$$eval('[data-action]', (els) => els.map((e) => e.dataset.action));
}

export async function decisionKind(page) {
  return page.$eval('.decision', (el) => el.dataset.kind);
}

export async function myTurn(page) {
  return page.$eval('.game', (el) => el.classList.contains('my-turn'));
}

export async function showActions(page) {
  await page.click('[data-tab=actions]');
}

async function gameState(page) {
  return page.$eval('.game', (g) => ({ state: g.dataset.state, seq: g.dataset.seq }));
}

// Waits for the page to finish what it was doing since `seq`: a preview waiting
// for Confirm, an answer that moved the game on, or an error.
async function after(page, seq) {
  await page.waitForFunction((s) => {
    const g = document.querySelector('.game');
    return g && (g.dataset.state === 'confirm' || g.dataset.state === 'error' || (g.dataset.state === 'idle' && g.dataset.seq !== s));
  }, seq, { timeout: 20000 });
  return gameState(page);
}

// Does a command as a player: a click on `selector` (by default its entry in the
// legal-action panel), then Confirm when the page shows the preview first.
// Returns {preview: the preview's text or null, error: the message or null}.
export async function act(page, command, selector) {
  if (!selector) await showActions(page);
  const { seq } = await gameState(page);
  await page.click(selector || `[data-action="${command}"]`);
  let st = await after(page, seq);
  let preview = null;
  if (st.state === 'confirm') {
    preview = await page.locator('.preview-box').innerText();
    await page.click(`[data-commit="${command}"]`);
    st = await after(page, seq);
  }
  const error = st.state === 'error' ? await page.locator('[data-message]').innerText() : null;
  return { preview, error };
}

// Clicks a location on the map as a player would: on its upper part, where its
// id is, clear of the counters (a click on a counter chooses its location too).
export async function clickHex(page, loc) {
  const el = page.locator(`[data-hex="${loc}"]`);
  const box = await el.boundingBox();
  if (!box) throw new Error(`no location ${loc} on the board`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height * (loc.includes(':') ? 0.5 : 0.12));
}

// Clicks a lit destination (a placement, a step) that the page does at once,
// and waits for the answer.
export async function clickToAct(page, loc) {
  const { seq } = await gameState(page);
  await clickHex(page, loc);
  const st = await after(page, seq);
  const error = st.state === 'error' ? await page.locator('[data-message]').innerText() : null;
  return { ...st, error };
}

// Presses a shortcut key and waits for the answer.
export async function key(page, k) {
  const { seq } = await gameState(page);
  await page.keyboard.press(k);
  return after(page, seq);
}

export async function waitFor(page, fn, arg, timeout = 30000) {
  return page.waitForFunction(fn, arg, { timeout });
}
