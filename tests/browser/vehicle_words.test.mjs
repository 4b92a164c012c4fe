// vehicle_words.test.mjs (no browser): how web/js/vehicles.js reads a vehicle of
// the view (docs/view.md "A vehicle"): the angle its counter is turned to for each
// corner the engine numbers (lnlt/hex.h: 0..5 clockwise from the north-east
// corner of a flat-topped hex), the turret's turn from the hull (15.1.1), and the
// tags of its state in the order they are drawn.

import test from 'node:test';
import assert from 'node:assert/strict';
import { cornerAngle, turretTurn, vehicleTags, isFaced, isGunTeam } from '../../web/js/vehicles.js';

test('a counter points at the corner its hull faces', () => {
  // NE corner 30 degrees from north, E 90, then every 60 degrees clockwise
  assert.deepEqual([0, 1, 2, 3, 4, 5].map(cornerAngle), [30, 90, 150, 210, 270, 330]);
});

test('the turret turn is measured clockwise from the hull', () => {
  const v = (facing, turret) => ({ vehicle: { facing_corner: facing, turret_corner: turret } });
  assert.equal(turretTurn(v(2, 2)), 0);
  assert.equal(turretTurn(v(2, 3)), 60);
  assert.equal(turretTurn(v(5, 0)), 60, 'across corner 0');
  assert.equal(turretTurn(v(0, 5)), 300);
  assert.equal(turretTurn({ vehicle: { facing_corner: 3 } }), 0, 'no turret: nothing to turn');
});

test('vehicle tags: buttoned, shaken, abandoned, immobilized, hull down, continuous', () => {
  const base = { facing_corner: 0, buttoned: false, abandoned: false, immobilized: false, hull_down: false, continuous: false, atgm_expended: false };
  assert.deepEqual(vehicleTags({ status: 'good_order', vehicle: base }), []);
  assert.deepEqual(vehicleTags({ status: 'shaken', vehicle: { ...base, buttoned: true, immobilized: true } }), ['buttoned', 'shaken', 'immobilized']);
  assert.deepEqual(vehicleTags({ status: 'good_order', vehicle: { ...base, abandoned: true, hull_down: true, continuous: true } }), ['abandoned', 'hull_down', 'continuous']);
  assert.deepEqual(vehicleTags({ status: 'good_order' }), [], 'not a vehicle');
  assert.equal(isFaced({ vehicle: base }), true);
  assert.equal(isFaced({}), false);
  assert.equal(isGunTeam({ vehicle: { ...base, gun: { name: '75 mm ATG' } } }), true);
  assert.equal(isGunTeam({ vehicle: base }), false);
});
