// actions.js: reads the engine's legal actions (the text commands of the view's
// "legal" list) to know which hexes and counters each one concerns, and says each
// in words. It never judges legality: the list is the engine's, and the command
// sent is always the exact text of one of its entries.

const LOC_RE = /^(\d+)?[A-Z]{1,2}\d{1,2}(:upper|:roof|:bunker|:cave)?$/;
// a corner a vehicle faces: the two hexes beside it, or a compass point at the
// map's edge (15.1)
const CORNER_RE = /^([A-Z]{1,2}\d{1,2}\/[A-Z]{1,2}\d{1,2}|ne|e|se|sw|w|nw)$/;

export function parseAction(text) {
  const words = text.trim().split(/\s+/);
  const a = { text, verb: words[0], locs: [], units: [], weapons: [], vehicles: [], corner: null, rest: [] };
  for (const w of words.slice(1)) {
    if (/^#\d+$/.test(w)) a.units.push(Number(w.slice(1)));
    else if (/^w\d+$/.test(w)) a.weapons.push(w);
    else if (/^v\d+$/.test(w)) a.vehicles.push(Number(w.slice(1))); // the vehicle acted on
    else if ((a.verb === 'pivot' || a.verb === 'place') && CORNER_RE.test(w)) a.corner = w;
    else if (LOC_RE.test(w)) a.locs.push(w);
    else a.rest.push(w);
  }
  return a;
}

// Verbs whose single location is where the units go (not where they are).
const DESTINATION = new Set(['step', 'enter', 'place', 'sniper', 'retreat', 'withdraw', 'withdraw-assault', 'withdraw-dt',
  'withdraw-crawl', 'withdraw-stealth', 'withdraw-hit-and-run', 'opp-move', 'opp-hit-and-run']);
// Verbs whose single location is what the named unit acts on, from where it stands.
const AT_TARGET = new Set(['spot', 'smoke', 'call-fire', 'ffe', 'hr-fire']);
export const FIRE_VERBS = new Set(['fire', 'opfire', 'assault-fire', 'assault-fire-dt', 'stealth-assault-fire', 'snipe',
  'hr-fire', 'indirect', 'call-mortar', 'call-fire', 'ffe',
  'shoot', 'opshoot', 'mg', 'opmg', 'fire-at', 'opfire-at', 'vehicle-af']);
export const MOVE_VERBS = new Set(['move', 'assault', 'dt', 'crawl', 'stealth', 'stealth-assault', 'hit-and-run', 'assault-dt', 'opp-move', 'opp-hit-and-run',
  'drive', 'drive-assault']);
// Vehicle verbs that are neither fire nor a move of the stack (15.0.1, 15.1, 15.5, 15.10, 16.2, 16.4).
export const VEHICLE_VERBS = ['pivot', 'button', 'unbutton', 'load', 'unload', 'disembark', 'stay', 'hull-down', 'continuous', 'end-continuous'];

// The locations an action concerns, and its source and target where it has them.
export function placesOf(a, view) {
  // a passenger is where its vehicle is (the view gives it the vehicle's location)
  const unitLoc = (id) => {
    const u = (view.units || []).find((x) => x.id === id);
    return u && (u.where === 'map' || u.where === 'aboard') ? u.location || null : null;
  };
  let from = null, to = null;
  if (a.locs.length >= 2) {
    [from, to] = a.locs;
  } else if (a.locs.length === 1) {
    if (a.verb === 'overrun') {
      to = a.locs[0];
      from = view.move ? view.move.location : null;
    } else if (DESTINATION.has(a.verb)) {
      to = a.locs[0];
      from = a.verb === 'step' && view.move ? view.move.location : null;
    } else if (AT_TARGET.has(a.verb)) {
      to = a.locs[0];
      from = a.units.length ? unitLoc(a.units[0]) : null;
    } else if (a.verb === 'opfire') {
      from = a.locs[0];
      to = view.move ? view.move.location : null;
    } else {
      from = a.locs[0];
    }
  }
  const all = new Set([from, to, ...a.locs].filter(Boolean));
  if (!a.locs.length) for (const id of a.units) {
    const l = unitLoc(id);
    if (l) all.add(l);
  }
  return { from, to, all: [...all] };
}

export class LegalIndex {
  constructor(legal, view) {
    this.view = view;
    this.actions = (legal || []).map((text) => {
      const a = parseAction(text);
      a.places = placesOf(a, view);
      return a;
    });
    // "join #6" (22.0) adds a unit to the group gathered to enter: it belongs to
    // the entry hex, where the commands that send the group in act
    const entry = this.actions.find((a) => MOVE_VERBS.has(a.verb) && a.locs.length);
    for (const a of this.actions) if (a.verb === 'join' && entry && !a.places.all.length)
      a.places = { from: null, to: entry.locs[0], all: [entry.locs[0]] };
    this.byLoc = new Map();
    for (const a of this.actions) for (const loc of a.places.all) {
      if (!this.byLoc.has(loc)) this.byLoc.set(loc, []);
      this.byLoc.get(loc).push(a);
    }
    this.units = new Set(this.actions.flatMap((a) => a.units));
  }

  at(loc) {
    return this.byLoc.get(loc) || [];
  }

  // The locations the actions at `loc` reach (fire targets, destinations, ...).
  reachFrom(loc) {
    const out = new Map();
    for (const a of this.at(loc)) for (const other of a.places.all) {
      if (other === loc) continue;
      const kind = FIRE_VERBS.has(a.verb) ? 'fire' : a.verb === 'step' || a.verb === 'enter' ? 'move' : 'other';
      if (!out.has(other) || kind === 'fire') out.set(other, kind);
    }
    return out;
  }

  // Actions that concern both locations, those between them first.
  between(a, b) {
    return this.actions.filter((x) => x.places.all.includes(a) && x.places.all.includes(b));
  }

  without() {
    return this.actions.filter((a) => a.places.all.length === 0);
  }
}

function unitName(view, id) {
  const u = (view.units || []).find((x) => x.id === id);
  return u ? `#${id} ${u.name}` : `#${id}`;
}

// "the MG34 (w2 of #6)": two weapons of one type in a hex are told apart.
function weaponName(view, id) {
  const w = (view.weapons || []).find((x) => x.id === id);
  if (!w) return id;
  return `the ${w.name} (${id}${w.holder !== null && w.holder !== undefined ? ' of #' + w.holder : ''})`;
}

const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

// Lattice position of a hex id ("H5", "15H5" with its map's number) as lnlt/hex.h
// places it: X = 3*column, Y = 2*row, half a hex lower (+1) in odd-letter columns.
function hexLattice(id) {
  const m = /^(?:\d+)?([A-Z]{1,2})(\d{1,2})$/.exec(id);
  if (!m) return null;
  const col = [...m[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
  return [3 * col, 2 * Number(m[2]) + (col % 2 === 0 ? 1 : 0)];
}

const CORNER_NAMES = ['NE', 'E', 'SE', 'SW', 'W', 'NW'];

// The compass name of the corner of hex `loc` written "A/B" (the two hexes beside
// it, 15.1), as the engine names the corners at the map's edge: the corner lies
// between the directions of A and B, each 30 degrees off it.
export function cornerCompass(loc, corner) {
  if (!corner) return null;
  if (!corner.includes('/')) return corner.toUpperCase();
  const at = hexLattice(loc.split(':')[0]);
  const [a, b] = corner.split('/').map(hexLattice);
  if (!at || !a || !b) return null;
  // drawn on the page a lattice step is 1 wide and sqrt(3) tall, up being north
  const dx = a[0] + b[0] - 2 * at[0], dy = (a[1] + b[1] - 2 * at[1]) * Math.sqrt(3);
  const bearing = (Math.atan2(dx, -dy) * 180) / Math.PI;
  const k = ((Math.round((bearing - 30) / 60) % 6) + 6) % 6;
  return CORNER_NAMES[k];
}

function facingWords(a) {
  const c = cornerCompass(a.locs[0] || '', a.corner);
  return a.corner + (c && c !== a.corner.toUpperCase() ? ` (${c})` : '');
}

// "the vehicle #17 M4A1 Sherman in H7", or the hex's units without a vehicle named.
function targetName(view, a, loc) {
  return a.vehicles.length ? `${unitName(view, a.vehicles[0])} in ${loc}` : `the units in ${loc}`;
}

// g1 is a vehicle's second gun (14.0).
function gunName(a) {
  const g = a.rest.find((w) => /^g\d+$/.test(w));
  return g ? `gun ${Number(g.slice(1)) + 1}` : 'the gun';
}

// m1 is a vehicle's second MG; m4-m7 the hull half of a split MG (15.0).
function mgName(a) {
  const m = a.rest.find((w) => /^m\d+$/.test(w));
  if (!m) return 'the MG';
  const n = Number(m.slice(1));
  return n >= 4 ? `the hull half of MG ${n - 3}` : `MG ${n + 1}`;
}

// The action in words, for the buttons and the preview's title.
export function describe(a, view) {
  const U = a.units.map((id) => unitName(view, id)).join(', ');
  const W = a.weapons.map((id) => weaponName(view, id)).join(', ');
  const [L0, L1] = a.locs;
  const with_ = U ? ` with ${U}` : '';
  switch (a.verb) {
    case 'pass': return 'Pass (end this impulse without acting)';
    case 'end-rally': return 'End the rally phase';
    case 'rally': return `Rally in ${L0}${with_}`;
    case 'activate': return `Activate ${L0}`;
    case 'also': return `Also activate ${L0} (a leader's second hex)`;
    case 'fire': return `Fire from ${L0} at ${L1}${with_}`;
    case 'assault-fire': return `Assault fire from ${L0} at ${L1}${with_}`;
    case 'assault-fire-dt': return `Assault fire at double time from ${L0} at ${L1}${with_}`;
    case 'stealth-assault-fire': return `Stealth assault fire from ${L0} at ${L1}${with_}`;
    case 'opfire': {
      const at = L1 || (a.places && a.places.to);
      return `Opportunity fire from ${L0}${at ? ' at ' + at : ''}${with_}`;
    }
    case 'no-fire': return 'Hold fire (no opportunity fire)';
    case 'snipe': return `Sniper attack from ${L0} at ${L1}${with_}`;
    case 'move': return `Move from ${L0}${with_}`;
    case 'assault': return `Assault move from ${L0}${with_}`;
    case 'assault-dt': return `Assault move at double time from ${L0}${with_}`;
    case 'dt': return `Double time from ${L0}${with_}`;
    case 'crawl': return `Low crawl from ${L0}${with_}`;
    case 'stealth': return `Stealth move from ${L0}${with_}`;
    case 'stealth-assault': return `Stealth assault move from ${L0}${with_}`;
    case 'hit-and-run': return `Hit and run from ${L0}${with_}`;
    case 'step': return `Step into ${L0}`;
    case 'stop': return 'Stop the move here';
    case 'done': return 'Done (end this activation)';
    case 'spot': return `Spot ${L0}${U ? ' by ' + U : ''}`;
    case 'place': return `Set up ${U} in ${L0}${a.corner ? ' facing ' + facingWords(a) : ''}`;
    case 'enter': return `Bring ${U || 'units'} onto the map at ${L0}`;
    case 'join': return `Add ${U} to the group entering${a.places && a.places.to ? ' at ' + a.places.to : ''}`;
    case 'exit': return 'Exit the map';
    case 'choose': return `Choose ${a.rest.join(' ')}`;
    case 'target': return `Attack ${U} in melee`;
    case 'melee': return `Fight a melee round in ${L0}`;
    case 'pickup': return `${U || 'A unit'} picks up ${W} in ${L0}`;
    case 'drop': return `Drop ${W} in ${L0}`;
    case 'give': return `Give ${W} to ${U} in ${L0}`;
    case 'flip': return `Flip ${W} in ${L0}`;
    case 'destroy-sw': return `Destroy ${W} in ${L0}`;
    case 'retreat': return `Retreat into ${L0}`;
    case 'smoke': return `${U} lays smoke in ${L0}`;
    case 'sniper': return `Place ${U} in ${L0}`;
    case 'tend': return `${U} tends the wounded in ${L0}`;
    case 'recombine': return `Recombine the half-squads in ${L0}`;
    case 'withdraw': return `Withdraw from the melee into ${L0}`;
    case 'opp-move': return `Opportunity move into ${L0}`;
    case 'dismount': return 'Dismount';
    case 'drive': return `Drive ${U || 'the vehicle'} from ${L0}${a.units.length > 1 ? ' (the others move along)' : ''}`;
    case 'drive-assault': return `Assault move ${U || 'the vehicle'} from ${L0}`;
    case 'vehicle-af': return `Assault fire with ${U} from ${L0}, then move half its MF`;
    case 'pivot': return `Turn ${U || 'the vehicle'} in ${L0} to face ${facingWords(a)}`;
    case 'button': return `Button up ${U}`;
    case 'unbutton': return `Unbutton ${U} (open the hatches)`;
    case 'shoot': case 'opshoot':
      return `${a.verb === 'opshoot' ? 'Opportunity fire' : 'Fire'} ${a.weapons.length ? W : gunName(a) + ' of ' + U} from ${L0} at ${targetName(view, a, L1)}`;
    case 'mg': case 'opmg':
      return `${a.verb === 'opmg' ? 'Opportunity fire' : 'Fire'} ${mgName(a)} of ${U} from ${L0} at ${targetName(view, a, L1)}`;
    case 'fire-at': case 'opfire-at':
      return `${a.verb === 'opfire-at' ? 'Opportunity small-arms fire' : 'Small-arms fire'} from ${L0} at ${targetName(view, a, L1)}${with_}`;
    case 'overrun': return `Overrun the enemy in ${L0}`;
    case 'close-assault': return `Close assault ${targetName(view, a, L1)} from ${L0}${with_}`;
    case 'load': return `${U || 'Units'} in ${L0} get${a.units.length === 1 ? 's' : ''} ${a.rest.includes('outside') ? 'on top of' : 'into'} ${unitName(view, a.vehicles[0])}`;
    case 'unload': return `${U || 'Units'} get${a.units.length === 1 ? 's' : ''} off ${unitName(view, a.vehicles[0])} in ${L0}${a.rest.includes('assault') ? ' by assault move' : ''}`;
    case 'disembark': return `${U} get${a.units.length > 1 ? '' : 's'} off with the shaken riders`;
    case 'stay': return 'Stay (the riders keep their place)';
    case 'hull-down': return 'Try to go hull down';
    case 'continuous': return `${U} keeps moving into the next turn`;
    case 'end-continuous': return 'Done declaring continuous movement';
    default: {
      const words = a.text.split(/\s+/).slice(1).map((w) =>
        /^#\d+$/.test(w) ? unitName(view, Number(w.slice(1))) : /^w\d+$/.test(w) ? weaponName(view, w) : w);
      return cap(a.verb.replace(/-/g, ' ')) + (words.length ? ' ' + words.join(' ') : '');
    }
  }
}

// Headings of the full action list, in the order a player looks for them.
export const GROUPS = [
  ['end', 'End or hold', ['pass', 'done', 'stop', 'no-fire', 'end-rally', 'exit']],
  ['fire', 'Fire', [...FIRE_VERBS]],
  ['melee', 'Melee', ['melee', 'target', 'withdraw', 'withdraw-assault', 'withdraw-dt', 'withdraw-crawl', 'withdraw-stealth', 'withdraw-hit-and-run']],
  ['move', 'Move', ['step', 'enter', 'join', ...MOVE_VERBS]],
  ['activate', 'Activate', ['activate', 'also', 'rally']],
  ['vehicle', 'Vehicles: turn, hatches, riders', VEHICLE_VERBS],
  ['assault', 'Overrun and close assault', ['overrun', 'close-assault']],
  ['setup', 'Set up and place', ['place', 'sniper', 'retreat']],
  ['weapons', 'Support weapons', ['pickup', 'drop', 'give', 'flip', 'destroy-sw']],
];

export function groupOf(verb) {
  for (const [id, title, verbs] of GROUPS) if (verbs.includes(verb)) return [id, title];
  return ['other', 'Other'];
}

// Whether the player should see the preview and confirm before the command is
// sent: anything that rolls dice, starts a melee or sets off an event.
export function needsConfirm(preview) {
  if (!preview) return true;
  if (preview.attack || preview.melee || preview.outcomes) return true;
  if (Array.isArray(preview.rolls) && preview.rolls.length) return true;
  if (preview.event) return true; // sets off an event marker: it cannot be taken back
  return false;
}
