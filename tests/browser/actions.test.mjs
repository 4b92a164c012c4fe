// actions.test.mjs: the client's reading of the engine's legal list
// (web/js/actions.js), in Node without a browser: which locations, units and
// weapons a command names, where an action acts from and to, its words, and
// which actions are confirmed after their preview. The commands are the engine's
// own forms (docs/protocol.md, src/rules/action_text.c).

import test from 'node:test';
import assert from 'node:assert/strict';
import { parseAction, placesOf, LegalIndex, describe, needsConfirm, groupOf, cornerCompass } from '../../web/js/actions.js';

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
    { text: 'fire G3:upper H5 #1 #2', verb: 'fire', locs: ['G3:upper', 'H5'], units: [1, 2], weapons: [], vehicles: [], corner: null, rest: [] });
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

// The vehicle commands (docs/cli.md, rules 14-17) on the vehicle training
// situation's position: vehicle 0 in D5, the half-track 3 in H2 carrying 4 and 5.
const vview = {
  units: [
    { id: 0, side: 2, name: 'Pz IV H', where: 'map', location: 'D5', vehicle: { facing_corner: 2 } },
    { id: 3, side: 2, name: 'SdKfz 251', where: 'map', location: 'H2', vehicle: { facing_corner: 3 } },
    { id: 4, side: 2, name: 'Squad 1-6-4', where: 'aboard', location: 'H2', aboard: { vehicle: 3, outside: false } },
    { id: 6, side: 2, name: 'Squad 1-6-4', where: 'map', location: 'H4:bunker' },
    { id: 10, side: 1, name: 'Jeep', where: 'map', location: 'C6', vehicle: { facing_corner: 0 } },
    { id: 13, side: 1, name: 'Airborne squad 2-5-4', where: 'map', location: 'F7' },
  ],
  weapons: [{ id: 'w3', name: 'Bazooka', holder: 13 }],
  move: { location: 'E5', units: [0], mp_left: 6 },
};

test('vehicle commands: targets, corners, bunkers and passengers are read', () => {
  const a = parseAction('shoot D5 C6 v10 #0');
  assert.deepEqual([a.locs, a.units, a.vehicles], [['D5', 'C6'], [0], [10]]);
  assert.equal(parseAction('pivot D5 D4/E4 #0').corner, 'D4/E4');
  assert.equal(parseAction('pivot A1 ne #0').corner, 'ne', 'a corner at the map edge is a compass point');
  assert.equal(parseAction('place D5 D6/E5 #0').corner, 'D6/E5');
  assert.deepEqual(parseAction('activate H4:bunker').locs, ['H4:bunker']);
  const p = (t) => placesOf(parseAction(t), vview);
  assert.deepEqual(p('shoot D5 C6 v10 #0'), { from: 'D5', to: 'C6', all: ['D5', 'C6'] });
  assert.deepEqual(p('overrun F6'), { from: 'E5', to: 'F6', all: ['E5', 'F6'] });
  assert.deepEqual(p('disembark #4'), { from: null, to: null, all: ['H2'] }, 'a passenger acts where its vehicle is');
  assert.deepEqual(p('activate H4:bunker'), { from: 'H4:bunker', to: null, all: ['H4:bunker'] });
});

test('a corner written A/B gets its compass name (15.1; lnlt/hex.h corners)', () => {
  // the engine's corners of the training situation's vehicles: D5 faces corner 2
  // (SE), H2 corner 3 (SW), G5 corner 5 (NW), C6 corner 0 (NE), E2 corner 2 (SE)
  assert.equal(cornerCompass('D5', 'E5/D6'), 'SE');
  assert.equal(cornerCompass('D5', 'D6/E5'), 'SE', 'either order');
  assert.equal(cornerCompass('H2', 'H3/G2'), 'SW');
  assert.equal(cornerCompass('G5', 'F5/G4'), 'NW');
  assert.equal(cornerCompass('C6', 'C5/D6'), 'NE');
  assert.equal(cornerCompass('D5', 'E4/E5'), 'E');
  assert.equal(cornerCompass('D5', 'C5/C4'), 'W');
  assert.equal(cornerCompass('J1', 'nw'), 'NW', 'a corner at the map edge is already a compass point');
});

test('vehicle commands in words and in their groups', () => {
  const say = (t) => describe(parseAction(t), vview);
  assert.equal(say('pivot D5 D4/E4 #0'), 'Turn #0 Pz IV H in D5 to face D4/E4 (NE)');
  assert.equal(say('pivot A1 ne #0'), 'Turn #0 Pz IV H in A1 to face ne');
  assert.equal(say('shoot D5 C6 v10 #0'), 'Fire the gun of #0 Pz IV H from D5 at #10 Jeep in C6');
  assert.equal(say('shoot D5 F7 g1 #0'), 'Fire gun 2 of #0 Pz IV H from D5 at the units in F7');
  assert.equal(say('opshoot F7 D5 v0 w3 #13'), 'Opportunity fire the Bazooka (w3 of #13) from F7 at #0 Pz IV H in D5');
  assert.equal(say('mg D5 F7 m4 #0'), 'Fire the hull half of MG 1 of #0 Pz IV H from D5 at the units in F7');
  assert.equal(say('fire-at F7 D5 v0 #13'), 'Small-arms fire from F7 at #0 Pz IV H in D5 with #13 Airborne squad 2-5-4');
  assert.equal(say('button D5 #0'), 'Button up #0 Pz IV H');
  assert.equal(say('unbutton D5 #0'), 'Unbutton #0 Pz IV H (open the hatches)');
  assert.equal(say('drive D5 #0'), 'Drive #0 Pz IV H from D5');
  assert.equal(say('load H2 v3 outside #13'), '#13 Airborne squad 2-5-4 in H2 gets on top of #3 SdKfz 251');
  assert.equal(say('unload H2 v3 assault #4'), '#4 Squad 1-6-4 gets off #3 SdKfz 251 in H2 by assault move');
  assert.equal(say('close-assault F7 D5 v0 #13'), 'Close assault #0 Pz IV H in D5 from F7 with #13 Airborne squad 2-5-4');
  assert.equal(say('place D5 D6/E5 #0'), 'Set up #0 Pz IV H in D5 facing D6/E5 (SE)');
  const group = (t) => groupOf(parseAction(t).verb)[0];
  for (const t of ['shoot D5 C6 v10 #0', 'opshoot F7 D5 v0 w3 #13', 'mg D5 F7 #0', 'opmg D5 F7 #0', 'fire-at F7 D5 v0 #13', 'vehicle-af D5 #0'])
    assert.equal(group(t), 'fire', t);
  for (const t of ['drive D5 #0', 'drive-assault D5 #0']) assert.equal(group(t), 'move', t);
  for (const t of ['pivot D5 D4/E4 #0', 'button D5 #0', 'unbutton D5 #0', 'load H2 v3 #13', 'unload H2 v3 #4', 'hull-down', 'continuous #0', 'disembark #4', 'stay'])
    assert.equal(group(t), 'vehicle', t);
  for (const t of ['overrun F6', 'close-assault F7 D5 v0 #13']) assert.equal(group(t), 'assault', t);
  // a shot rolls dice: it is confirmed after its preview (the engine's rolls list)
  assert.equal(needsConfirm({ kind: 'shoot', rolls: [{ purpose: 'to hit', rule: '14.1', dice: 2 }] }), true);
});
