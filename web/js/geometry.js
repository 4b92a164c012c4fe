// geometry.js: the engine's hex lattice (lnlt/hex.h, docs/view.md "The map") in
// drawing units. A hex centre (x, y) of the lattice is drawn at (x*R/2, y*R*sqrt3/2)
// for flat-topped hexes of radius R; its corners are (x±2, y) and (x±1, y±1) in
// lattice units, and its six neighbours are (x, y±2) and (x±3, y±1).

export const R = 50;
export const KX = R / 2;
export const KY = (R * Math.sqrt(3)) / 2;

export const px = (x) => x * KX;
export const py = (y) => y * KY;

// Corners in order E, SE, SW, W, NW, NE (lattice units); edge i runs from corner i
// to corner i+1 and faces NEIGHBOURS[i].
const CORNERS = [[2, 0], [1, 1], [-1, 1], [-2, 0], [-1, -1], [1, -1]];
export const NEIGHBOURS = [[3, 1], [0, 2], [-3, 1], [-3, -1], [0, -2], [3, -1]];

export function cornersPx(x, y, shrink = 1) {
  return CORNERS.map(([dx, dy]) => [px(x + dx * shrink), py(y + dy * shrink)]);
}

export function pointsAttr(points) {
  return points.map(([a, b]) => `${a.toFixed(2)},${b.toFixed(2)}`).join(' ');
}

export function hexPoints(x, y, shrink = 1) {
  return pointsAttr(cornersPx(x, y, shrink));
}

// The edge of hex (x, y) facing neighbour direction i, as two points in pixels.
export function edgePx(x, y, i) {
  const a = CORNERS[i], b = CORNERS[(i + 1) % 6];
  return [[px(x + a[0]), py(y + a[1])], [px(x + b[0]), py(y + b[1])]];
}

export const latticeKey = (x, y) => `${x},${y}`;

// "H5", "H5:upper", "H5:roof" -> { hex: "H5", floor: "ground" | "upper" | "roof" }
export function splitLocation(loc) {
  const [hex, floor] = String(loc).split(':');
  return { hex, floor: floor || 'ground' };
}
