// board.js: draws the static board of a map (GET /api/maps/ID, docs/view.md "The
// map") as SVG layers: terrain with its patterns, buildings with their outlines,
// roads, hills by level with contour lines, walls, hedges and streams on their
// hexsides, the hex grid with its ids, and floor tabs for upper floors and
// rooftops. Every location gets an element carrying data-hex ("H5", "H5:upper",
// "H5:roof"), the stable hook tests and tools use.

import { svg } from './dom.js';
import { R, px, py, hexPoints, edgePx, NEIGHBOURS, latticeKey, pointsAttr, splitLocation } from './geometry.js';
import { styleOf, BUILDING, HEXSIDE, patternDefs } from './terrain.js';

const FLOOR_LABEL = { upper: 'UPPER', roof: 'ROOF' };

export class Board {
  constructor(svgEl, map) {
    this.svg = svgEl;
    this.map = map;
    this.chart = Object.fromEntries((map.terrain || []).map((t) => [t.id, t]));
    this.hexes = new Map(); // id -> hex JSON
    this.byLattice = new Map();
    this.locEls = new Map(); // location -> element with data-hex
    for (const hx of map.hexes) {
      this.hexes.set(hx.id, hx);
      this.byLattice.set(latticeKey(hx.x, hx.y), hx);
    }
    const xs = map.hexes.map((hx) => hx.x), ys = map.hexes.map((hx) => hx.y);
    // The edge columns and the odd columns' end rows are half hexes: the printed
    // map's edge runs through their centres.
    this.rect = { x: px(Math.min(...xs)), y: py(Math.min(...ys)), w: px(Math.max(...xs) - Math.min(...xs)), h: py(Math.max(...ys) - Math.min(...ys)) };
    this.draw();
  }

  neighbour(hx, dir) {
    const [dx, dy] = NEIGHBOURS[dir];
    return this.byLattice.get(latticeKey(hx.x + dx, hx.y + dy));
  }

  centre(loc) {
    const { hex, floor } = splitLocation(loc);
    const hx = this.hexes.get(hex);
    if (!hx) return null;
    const c = [px(hx.x), py(hx.y)];
    if (floor === 'upper') return [c[0] + R * 0.42, c[1] - R * 0.42];
    if (floor === 'roof') return [c[0] + R * 0.42, c[1] + R * 0.36];
    if (floor === 'bunker' || floor === 'cave') return [c[0] - R * 0.44, c[1] - R * 0.3];
    return c;
  }

  draw() {
    const s = this.svg;
    while (s.firstChild) s.removeChild(s.firstChild);
    s.append(patternDefs());
    const r = this.rect;
    s.querySelector('defs').append(
      svg('clipPath', { id: 'map-clip' }, svg('rect', { x: r.x, y: r.y, width: r.w, height: r.h })));
    this.layers = {};
    for (const name of ['terrain', 'roads', 'hills', 'hexsides', 'grid', 'hexmarks', 'floors', 'paths', 'counters', 'overlay']) {
      const clip = ['terrain', 'roads', 'hills', 'hexsides', 'grid'].includes(name) ? 'url(#map-clip)' : null;
      this.layers[name] = svg('g', { class: 'layer layer-' + name, 'clip-path': clip });
      s.append(this.layers[name]);
    }
    this.layers.terrain.append(svg('rect', { x: r.x, y: r.y, width: r.w, height: r.h, fill: '#e6e9c6' }));
    for (const hx of this.map.hexes) this.drawTerrain(hx);
    for (const hx of this.map.hexes) this.drawBuilding(hx);
    this.drawRoads();
    for (const hx of this.map.hexes) this.drawHill(hx);
    for (const side of this.map.hexsides || []) this.drawHexside(side);
    for (const hx of this.map.hexes) this.drawGridHex(hx);
    this.drawBuildingLabels();
    this.layers.terrain.append(svg('rect', { class: 'map-edge', x: r.x, y: r.y, width: r.w, height: r.h }));
  }

  drawTerrain(hx) {
    const L = this.layers.terrain;
    const st = styleOf(hx.terrain, this.chart);
    const partial = hx.silhouettes && hx.silhouettes.length > 0;
    const base = partial || st.building ? styleOf('clear', this.chart) : st;
    const pts = hexPoints(hx.x, hx.y);
    L.append(svg('polygon', { points: pts, fill: base.fill, class: 't-' + (partial ? 'clear' : hx.terrain) }));
    if (base.pattern) L.append(svg('polygon', { points: pts, fill: `url(#pat-${base.pattern})` }));
    if (partial) {
      for (const sil of hx.silhouettes) {
        const sst = styleOf(sil.terrain, this.chart);
        if (sst.building) continue; // drawn with the buildings
        const p = pointsAttr(sil.points.map(([x, y]) => [px(x), py(y)]));
        L.append(svg('polygon', { points: p, fill: sst.fill, stroke: 'rgba(0,0,0,0.25)', 'stroke-width': 0.8 }));
        if (sst.pattern) L.append(svg('polygon', { points: p, fill: `url(#pat-${sst.pattern})` }));
      }
    }
  }

  drawBuilding(hx) {
    const L = this.layers.terrain;
    const sils = (hx.silhouettes || []).filter((sil) => styleOf(sil.terrain, this.chart).building);
    const st = styleOf(hx.terrain, this.chart);
    if (sils.length) {
      for (const sil of sils) {
        const b = BUILDING[styleOf(sil.terrain, this.chart).building];
        const p = pointsAttr(sil.points.map(([x, y]) => [px(x), py(y)]));
        L.append(svg('polygon', { points: p, fill: b.fill, class: 'building building-' + b.label }));
        L.append(svg('polygon', { points: p, fill: `url(#pat-${b.pattern})`, stroke: b.stroke, 'stroke-width': 2.2, 'stroke-linejoin': 'round' }));
      }
      return;
    }
    if (!st.building) return;
    // A whole-hex building: filled to the hex edges, outlined only where the
    // neighbour is not part of the same building, so a building of several hexes
    // reads as one outline.
    const b = BUILDING[st.building];
    L.append(svg('polygon', { points: hexPoints(hx.x, hx.y), fill: b.fill, class: 'building building-' + b.label }));
    L.append(svg('polygon', { points: hexPoints(hx.x, hx.y), fill: `url(#pat-${b.pattern})` }));
    for (let i = 0; i < 6; i++) {
      const n = this.neighbour(hx, i);
      if (n && hx.building && n.building === hx.building) continue;
      const [[x1, y1], [x2, y2]] = edgePx(hx.x, hx.y, i);
      // pull the outline slightly inside the hex so the two sides of a shared
      // hexside never overlap
      const cx = px(hx.x), cy = py(hx.y), k = 0.97;
      L.append(svg('line', {
        x1: cx + (x1 - cx) * k, y1: cy + (y1 - cy) * k, x2: cx + (x2 - cx) * k, y2: cy + (y2 - cy) * k,
        stroke: b.stroke, 'stroke-width': 2.6, 'stroke-linecap': 'round',
      }));
    }
  }

  // The road network. The map data only says which hexes hold a road, so the
  // roads are drawn as links between neighbouring road hexes, straight runs
  // first, leaving out any link that would close a triangle (three road hexes
  // around one vertex are a bend or a crossing, not three roads).
  roadLinks() {
    const isRoad = (n) => n && (n.road || n.terrain === 'road' || n.terrain === 'bridge');
    const roads = this.map.hexes.filter(isRoad);
    const links = [];
    for (const hx of roads) for (let i = 0; i < 3; i++) {
      const dir = [1, 0, 5][i]; // S, SE, NE: each pair once
      const n = this.neighbour(hx, dir);
      if (isRoad(n)) links.push({ a: hx, b: n, dir });
    }
    const straight = (l) => {
      // how many links continue this one in a straight line
      const fwd = this.neighbour(l.b, l.dir), back = this.neighbour(l.a, (l.dir + 3) % 6);
      return (isRoad(fwd) ? 1 : 0) + (isRoad(back) ? 1 : 0);
    };
    links.sort((x, y) => straight(y) - straight(x) || (x.dir === 1 ? -1 : 0) - (y.dir === 1 ? -1 : 0));
    const adj = new Map(roads.map((hx) => [hx.id, new Set()]));
    const kept = [];
    for (const l of links) {
      const A = adj.get(l.a.id), B = adj.get(l.b.id);
      if ([...A].some((x) => B.has(x))) continue;
      A.add(l.b.id);
      B.add(l.a.id);
      kept.push(l);
    }
    // a road hex at the edge with one link runs off the map
    const ends = [];
    for (const hx of roads) {
      const linked = adj.get(hx.id);
      if (linked.size !== 1) continue;
      const other = this.hexes.get([...linked][0]);
      for (let d = 0; d < 6; d++) {
        if (this.neighbour(hx, d) !== other) continue;
        const opp = (d + 3) % 6;
        if (!this.neighbour(hx, opp)) ends.push({ hx, dir: opp });
      }
    }
    return { kept, ends, lonely: roads.filter((hx) => adj.get(hx.id).size === 0) };
  }

  drawRoads() {
    const L = this.layers.roads;
    const { kept, ends, lonely } = this.roadLinks();
    const segs = kept.map((l) => [px(l.a.x), py(l.a.y), px(l.b.x), py(l.b.y)]);
    for (const { hx, dir } of ends) {
      const [dx, dy] = NEIGHBOURS[dir];
      segs.push([px(hx.x), py(hx.y), px(hx.x + dx), py(hx.y + dy)]);
    }
    for (const cls of ['road-casing', 'road'])
      for (const [x1, y1, x2, y2] of segs) L.append(svg('line', { x1, y1, x2, y2, class: cls }));
    for (const hx of lonely) L.append(svg('circle', { cx: px(hx.x), cy: py(hx.y), r: 7, class: 'road' }));
  }

  drawHill(hx) {
    if (!hx.level) return;
    const L = this.layers.hills;
    L.append(svg('polygon', { points: hexPoints(hx.x, hx.y), class: `hill hill-${Math.min(hx.level, 3)}` }));
    for (let i = 0; i < 6; i++) {
      const n = this.neighbour(hx, i);
      if (n && (n.level || 0) >= hx.level) continue;
      const [[x1, y1], [x2, y2]] = edgePx(hx.x, hx.y, i);
      L.append(svg('line', { x1, y1, x2, y2, class: 'hill-contour' }));
    }
    L.append(svg('text', { x: px(hx.x) - R * 0.62, y: py(hx.y) + R * 0.12, class: 'hill-label' }, 'L' + hx.level));
  }

  drawHexside(side) {
    const L = this.layers.hexsides;
    const kind = side.feature || (side.stream ? 'stream' : null);
    if (!kind || !side.ends) return;
    const st = HEXSIDE[kind] || HEXSIDE.wall;
    const [[x1, y1], [x2, y2]] = side.ends.map(([x, y]) => [px(x), py(y)]);
    const width = kind === 'stream' ? st.width + (side.stream || 1) : st.width;
    const attrs = { x1, y1, x2, y2, 'stroke-linecap': 'round' };
    if (st.casing) L.append(svg('line', { ...attrs, stroke: st.casing, 'stroke-width': width + 2.5 }));
    L.append(svg('line', {
      ...attrs, class: 'hexside hexside-' + kind, stroke: st.stroke, 'stroke-width': width,
      'stroke-dasharray': st.dash, 'data-hexside': `${side.a}-${side.b}`,
    }));
  }

  drawGridHex(hx) {
    const cx = px(hx.x), cy = py(hx.y);
    const g = svg('g', { class: 'hex', 'data-hex': hx.id },
      svg('polygon', { class: 'hex-shape', points: hexPoints(hx.x, hx.y) }),
      svg('polygon', { class: 'hex-glow', points: hexPoints(hx.x, hx.y, 0.9) }),
      svg('text', { class: 'hex-id', x: cx, y: cy - R * 0.62 }, hx.id));
    this.layers.grid.append(g);
    this.locEls.set(hx.id, g);
    for (const floor of hx.floors || []) {
      // the ground is the hex itself; a bunker or a cave is drawn from its marker (hexmarks.js)
      if (floor === 'ground' || floor === 'bunker' || floor === 'cave') continue;
      const loc = `${hx.id}:${floor}`;
      const [fx, fy] = this.centre(loc);
      const tab = svg('g', { class: 'floor floor-' + floor, 'data-hex': loc },
        svg('rect', { class: 'floor-shape', x: fx - 16, y: fy - 9, width: 32, height: 18, rx: 3 }),
        svg('text', { class: 'floor-label', x: fx, y: fy + 3 }, FLOOR_LABEL[floor] || floor));
      this.layers.floors.append(tab);
      this.locEls.set(loc, tab);
    }
  }

  drawBuildingLabels() {
    for (const b of this.map.buildings || []) {
      if (!(b.stories > 1)) continue; // a rooftop has its own tab
      const hx = this.hexes.get(b.hexes[0]);
      if (!hx) continue;
      const text = (b.stories > 1 ? `${b.stories} storeys` : '1 storey') + (b.roof ? ' + roof' : '');
      this.layers.floors.append(svg('text', { class: 'storeys', x: px(hx.x), y: py(hx.y) + R * 0.78 }, text));
    }
  }

  // Every location element (data-hex) in drawing order.
  locations() {
    return [...this.locEls.keys()];
  }

  el(loc) {
    return this.locEls.get(loc);
  }
}
