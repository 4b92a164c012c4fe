// terrain.js: how each terrain type of the map data is drawn, so that a player can
// tell open ground, crops, brush, woods, buildings, water and the rest apart at a
// glance (no map art exists: docs/view.md "The map"). Unknown terrain ids fall back
// on their line-of-sight class (open, degrading, blocking) and building flags.

import { svg } from './dom.js';

const STYLES = {
  clear: { fill: '#e6e9c6' },
  road: { fill: '#e6e9c6' },
  bridge: { fill: '#e6e9c6' },
  brush: { fill: '#d3dca0', pattern: 'brush' },
  cemetery: { fill: '#d4d9c6', pattern: 'cemetery' },
  forest: { fill: '#3f6b33', pattern: 'forest' },
  light_woods: { fill: '#9bbd70', pattern: 'woods' },
  low_crops: { fill: '#e2da8e', pattern: 'crops' },
  wheat_field: { fill: '#e5c453', pattern: 'wheat' },
  marsh: { fill: '#b4d0bf', pattern: 'marsh' },
  river: { fill: '#74a9e0', water: true },
  pool: { fill: '#74a9e0', water: true },
  heavy_jungle: { fill: '#335d2c', pattern: 'forest' },
  light_jungle: { fill: '#86b163', pattern: 'woods' },
  rice_paddy: { fill: '#bfe1cf', pattern: 'paddy' },
  kunai_grass: { fill: '#d8d98a', pattern: 'grass' },
  soccer_field: { fill: '#a9d48e' },
  soccer_stands: { fill: '#b9b4a8' },
  hc_building: { fill: '#e6e9c6', building: 'stone' },
  lc_building: { fill: '#e6e9c6', building: 'wood' },
  bamboo_hut: { fill: '#e6e9c6', building: 'hut' },
};

export const BUILDING = {
  stone: { fill: '#9c9a94', stroke: '#2d2a26', pattern: 'roof-stone', label: 'stone' },
  wood: { fill: '#b07d4f', stroke: '#3b2411', pattern: 'roof-wood', label: 'wooden' },
  hut: { fill: '#c9a862', stroke: '#5b4418', pattern: 'roof-hut', label: 'hut' },
};

export const HEXSIDE = {
  wall: { stroke: '#5d5750', width: 5, dash: null, casing: '#efe9dc' },
  hedge: { stroke: '#2e6a2a', width: 6, dash: '2 3', casing: null },
  bocage: { stroke: '#1d4a1c', width: 10, dash: null, casing: null },
  stream: { stroke: '#3b7fd0', width: 4, dash: null, casing: null },
};

// The drawing of terrain `id` given its chart entry (terrain[] of the map JSON).
export function styleOf(id, chart) {
  if (STYLES[id]) return STYLES[id];
  const t = chart && chart[id];
  if (t && t.hut) return { fill: '#e6e9c6', building: 'hut' };
  if (t && t.building) return { fill: '#e6e9c6', building: 'stone' };
  if (t && t.los === 'blocking') return { fill: '#55804a', pattern: 'forest' };
  if (t && t.los === 'degrading') return { fill: '#c4d596', pattern: 'brush' };
  return { fill: '#e6e9c6' };
}

// <defs> with the fill patterns the styles name (user-space units: one hex is
// about 100 units wide).
export function patternDefs() {
  const pat = (id, w, hgt, ...kids) =>
    svg('pattern', { id: 'pat-' + id, width: w, height: hgt, patternUnits: 'userSpaceOnUse' }, ...kids);
  const tree = (x, y, r, fillc, strokec) => svg('circle', { cx: x, cy: y, r, fill: fillc, stroke: strokec, 'stroke-width': 0.8 });
  return svg('defs', {},
    pat('brush', 14, 14,
      svg('path', { d: 'M3 9 q1.5 -4 3 0 M9 4 q1.5 -4 3 0', stroke: '#6f8a35', 'stroke-width': 1.2, fill: 'none' })),
    pat('woods', 22, 20,
      tree(6, 6, 4.2, '#6f9e4c', '#3f6b2a'), tree(17, 15, 4.6, '#6f9e4c', '#3f6b2a')),
    pat('forest', 16, 14,
      tree(4, 4, 4.4, '#2f5926', '#1c3a16'), tree(12, 11, 4.6, '#35632b', '#1c3a16'), tree(13, 2, 3, '#2a5122', '#1c3a16')),
    pat('crops', 8, 8,
      svg('path', { d: 'M0 8 L8 0', stroke: '#b9ae4c', 'stroke-width': 1.3 })),
    pat('wheat', 6, 9,
      svg('path', { d: 'M3 1 v6', stroke: '#a8852a', 'stroke-width': 1.4, 'stroke-linecap': 'round' })),
    pat('cemetery', 16, 16,
      svg('path', { d: 'M8 3 v9 M5 6 h6', stroke: '#6d6d6d', 'stroke-width': 1.4 })),
    pat('marsh', 16, 10,
      svg('path', { d: 'M1 7 h6 M9 3 h6 M4 7 v-3 M12 3 v-3', stroke: '#4f7fa0', 'stroke-width': 1 })),
    pat('paddy', 14, 14,
      svg('path', { d: 'M0 0.5 H14 M0.5 0 V14', stroke: '#7fb39a', 'stroke-width': 1 })),
    pat('grass', 10, 10,
      svg('path', { d: 'M2 8 l1 -5 M5 8 l0 -6 M8 8 l-1 -5', stroke: '#8e9a3c', 'stroke-width': 0.9 })),
    pat('roof-stone', 8, 8,
      svg('path', { d: 'M0 0 L8 8 M8 0 L0 8', stroke: 'rgba(255,255,255,0.22)', 'stroke-width': 1 })),
    pat('roof-wood', 7, 7,
      svg('path', { d: 'M0 3.5 H7', stroke: 'rgba(60,30,10,0.35)', 'stroke-width': 1 })),
    pat('roof-hut', 6, 6,
      svg('path', { d: 'M0 6 L6 0', stroke: 'rgba(90,60,10,0.45)', 'stroke-width': 1 })),
    pat('smoke', 10, 10,
      svg('circle', { cx: 5, cy: 5, r: 3.5, fill: 'rgba(255,255,255,0.35)' })),
  );
}

// A small swatch (for the legend) of terrain id.
export function swatch(id, chart) {
  const st = styleOf(id, chart);
  const kids = [];
  const t = chart && chart[id];
  if (t && t.kind === 'hexside') {
    const hs = HEXSIDE[id] || HEXSIDE.wall;
    kids.push(svg('rect', { x: 0, y: 0, width: 28, height: 20, fill: '#e6e9c6' }));
    if (hs.casing) kids.push(svg('line', { x1: 2, y1: 10, x2: 26, y2: 10, stroke: hs.casing, 'stroke-width': hs.width + 2 }));
    kids.push(svg('line', { x1: 2, y1: 10, x2: 26, y2: 10, stroke: hs.stroke, 'stroke-width': hs.width, 'stroke-dasharray': hs.dash }));
  } else {
    kids.push(svg('rect', { x: 0, y: 0, width: 28, height: 20, fill: st.fill }));
    if (st.pattern) kids.push(svg('rect', { x: 0, y: 0, width: 28, height: 20, fill: `url(#pat-${st.pattern})` }));
    if (st.building) {
      const b = BUILDING[st.building];
      kids.push(svg('rect', { x: 5, y: 3, width: 18, height: 14, fill: b.fill, stroke: b.stroke, 'stroke-width': 1.5 }));
      kids.push(svg('rect', { x: 5, y: 3, width: 18, height: 14, fill: `url(#pat-${b.pattern})` }));
    }
    if (id === 'road' || id === 'bridge')
      kids.push(svg('line', { x1: 0, y1: 10, x2: 28, y2: 10, stroke: '#a88a5c', 'stroke-width': 5 }));
  }
  return svg('svg', { width: 28, height: 20, viewBox: '0 0 28 20', class: 'swatch' }, ...kids);
}
