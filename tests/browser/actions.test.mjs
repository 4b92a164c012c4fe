// actions.test.mjs: the client's reading of the engine's legal list
// (web/js/actions.js), in Node without a browser: which locations, units and
// weapons a command names, where an action acts from and to, its words, and
// which actions are confirmed after their preview. The commands are the engine's
// own forms (docs/protocol.md, src/rules/action_text.c).

import test from 'node:test';
import assert from 'node:assert/strict';
import { parseAction, placesOf, LegalIndex, describe, needsConfirm, groupOf } from '../../web/js/actions.js';

const view = {
  units: [
    { id: 0, side: 1, name: 'Airborne squad 2-5-4', where: 'map', location: 'I5' },
    { id: 4, side: 1, name: 'Sniper (US)', where: 'off_map' },
    { id: 6, side: 2, name: 'Squad 1-6-4', where: 'map', location: 'A3' },
    { id: 7, side: 2, name: 'Squad 1-6-4', where: 'map', location: 'F6' },
    { id: 8, side: 2, name: 'Half-squad 1-5-4', where: 'off_map' },
    { id: 9, side: 2, name: 'Lt Plassmann', where: 'off_map' },
  ],
  weapons: [
    { id: 'w2', name: 'MG34', holder: 6 },
    { id: 'w3', name: 'MG34', holder: 7 },
  ],
  move: { location: 'E5', units: [7], mp_left: 2 },
};

test('parseAction names locations, floors, units and weapons', () => {
  assert.deepEqual(parseAction('fire G3:upper H5 #1 #2'),
    { text: 'fire G3:upper H5 #1 #2', verb: 'fire', locs: ['G3:upper', 'H5'], units: [1, 2], weapons: [], rest: [] });
  assert.deepEqual(parseAction('pickup H3 w0 #0').weapons, ['w0']);
  assert.deepEqual(parseAction('choose 2').rest, ['2']);
  assert.deepEqual(parseAction('fire 15H7 15J8').locs, ['15H7', '15J8']);
});

test('placesOf: sources, targets and destinations', () => {
  const p = (t) => placesOf(parseAction(t), view);
  assert.deepEqual(p('fire I5 J8'), { from: 'I5', to: 'J8', all: ['I5', 'J8'] });
  assert.deepEqual(p('step F5'), { from: 'E5', to: 'F5', all: ['E5', 'F5'] });
  assert.deepEqual(p('place H6 #0'), { from: null, to: 'H6', all: ['H6'] });
  assert.deepEqual(p('spot F7 #6'), { from: 'A3', to: 'F7', all: ['A3', 'F7'] });
  assert.deepEqual(p('opfire K6'), { from: 'K6', to: 'E5', all: ['K6', 'E5'] });
  assert.deepEqual(p('target #0 #7').all, ['I5', 'F6'], 'a melee pick is where its units are');
  assert.deepEqual(p('pass').all, []);
});

test('the index lights what the list contains and nothing else', () => {
  const idx = new LegalIndex(['pass', 'activate I5', 'fire I5 F6', 'fire I5 A3', 'sniper J5 #4'], view);
  assert.deepEqual([...idx.byLoc.keys()].sort(), ['A3', 'F6', 'I5', 'J5']);
  assert.deepEqual([...idx.reachFrom('I5').entries()].sort(), [['A3', 'fire'], ['F6', 'fire']]);
  assert.deepEqual(idx.between('I5', 'F6').map((a) => a.text), ['fire I5 F6']);
  assert.ok(idx.units.has(4));
});

test('a join belongs to the entry hex of the group it joins (22.0)', () => {
  const idx = new LegalIndex(['move O0 #5', 'assault O0 #5', 'join #8', 'join #9'], view);
  assert.deepEqual(idx.at('O0').map((a) => a.text), ['move O0 #5', 'assault O0 #5', 'join #8', 'join #9']);
  assert.equal(describe(idx.actions[2], view), 'Add #8 Half-squad 1-5-4 to the group entering at O0');
  assert.deepEqual(groupOf('join'), ['move', 'Move']);
});

test('describe says each action in words, weapons told apart', () => {
  const d = (t) => describe(Object.assign(parseAction(t), { places: placesOf(parseAction(t), view) }), view);
  assert.equal(d('fire I5 F6'), 'Fire from I5 at F6');
  assert.equal(d('opfire K6'), 'Opportunity fire from K6 at E5');
  assert.equal(d('drop A3 w2'), 'Drop the MG34 (w2 of #6) in A3');
  assert.equal(d('drop F6 w3'), 'Drop the MG34 (w3 of #7) in F6');
  assert.equal(d('place H6 #0'), 'Set up #0 Airborne squad 2-5-4 in H6');
  assert.equal(d('no-fire'), 'Hold fire (no opportunity fire)');
  assert.match(d('frobnicate X1'), /^Frobnicate/);
  assert.deepEqual(groupOf('opfire'), ['fire', 'Fire']);
});

test('what is confirmed after its preview: dice, melee and events', () => {
  assert.equal(needsConfirm({ kind: 'fire', attack: {}, outcomes: [] }), true);
  assert.equal(needsConfirm({ kind: 'rally', rolls: [{ dice: 2 }] }), true);
  assert.equal(needsConfirm({ kind: 'step', mp_cost: 1, melee: { location: 'F6' } }), true);
  assert.equal(needsConfirm({ kind: 'step', mp_cost: 2, event: 'entering sets off event marker B (1.8)' }), true);
  assert.equal(needsConfirm({ kind: 'step', mp_cost: 1, opportunity_fire_from: [] }), false);
  assert.equal(needsConfirm({ kind: 'activate', rolls: [], effects: ['...'] }), false);
});
