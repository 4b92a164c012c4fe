// panzoom.js: pan and zoom of the board's SVG by mouse (drag, wheel), touch (one
// finger drags, two pinch) and keys (through the methods below), and
// fit-to-window. The view is kept as a centre and a scale (board units per screen
// pixel), turned into the SVG viewBox; a drag never counts as a click.

export class PanZoom {
  constructor(svgEl, bounds, opts = {}) {
    this.svg = svgEl;
    this.bounds = bounds; // {x, y, w, h} in board units
    this.margin = opts.margin ?? 56; // room for stacks on the edge hexes and the tools
    this.cx = bounds.x + bounds.w / 2;
    this.cy = bounds.y + bounds.h / 2;
    this.scale = 1;
    this.pointers = new Map();
    this.dragged = false;
    this.enabled = () => true; // the LOS tool takes the pointer over when it is on
    svgEl.addEventListener('wheel', (e) => this.onWheel(e), { passive: false });
    svgEl.addEventListener('pointerdown', (e) => this.onDown(e));
    svgEl.addEventListener('pointermove', (e) => this.onMove(e));
    svgEl.addEventListener('pointerup', (e) => this.onUp(e));
    svgEl.addEventListener('pointercancel', (e) => this.onUp(e));
    // a drag that moved the board is not a click on what is under the pointer
    svgEl.addEventListener('click', (e) => {
      if (this.dragged) {
        e.stopPropagation();
        e.preventDefault();
        this.dragged = false;
      }
    }, true);
    this.observer = new ResizeObserver(() => this.apply());
    this.observer.observe(svgEl);
  }

  size() {
    const r = this.svg.getBoundingClientRect();
    return [Math.max(r.width, 1), Math.max(r.height, 1)];
  }

  fitScale() {
    const [w, h] = this.size();
    const b = this.bounds, m = this.margin;
    return Math.max((b.w + 2 * m) / w, (b.h + 2 * m) / h);
  }

  // The whole map in the window; with cover, the map fills the window (centred
  // on `focus` when given) and the rest is reached by panning: the first view on
  // a phone, where the whole map would be too small to read.
  fit(cover = false, focus = null) {
    this.cx = this.bounds.x + this.bounds.w / 2;
    this.cy = this.bounds.y + this.bounds.h / 2;
    if (cover) {
      const [w, h] = this.size();
      const b = this.bounds, m = 6;
      this.scale = Math.min((b.w + 2 * m) / w, (b.h + 2 * m) / h);
      if (focus) [this.cx, this.cy] = focus;
    } else {
      this.scale = this.fitScale();
    }
    this.apply();
  }

  clamp() {
    const maxScale = this.fitScale() * 1.6, minScale = 0.12;
    this.scale = Math.min(maxScale, Math.max(minScale, this.scale));
    const b = this.bounds;
    this.cx = Math.min(b.x + b.w, Math.max(b.x, this.cx));
    this.cy = Math.min(b.y + b.h, Math.max(b.y, this.cy));
  }

  apply() {
    this.clamp();
    const [w, h] = this.size();
    const vw = w * this.scale, vh = h * this.scale;
    this.svg.setAttribute('viewBox', `${(this.cx - vw / 2).toFixed(2)} ${(this.cy - vh / 2).toFixed(2)} ${vw.toFixed(2)} ${vh.toFixed(2)}`);
    this.svg.dataset.zoom = (1 / this.scale).toFixed(3);
  }

  // board coordinates of a point on the screen
  toBoard(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    return [this.cx + (clientX - r.left - r.width / 2) * this.scale, this.cy + (clientY - r.top - r.height / 2) * this.scale];
  }

  zoomAt(factor, clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    if (clientX === undefined) {
      clientX = r.left + r.width / 2;
      clientY = r.top + r.height / 2;
    }
    const [bx, by] = this.toBoard(clientX, clientY);
    const before = this.scale;
    this.scale = this.scale / factor;
    this.clamp();
    const k = this.scale / before;
    this.cx = bx - (bx - this.cx) * k;
    this.cy = by - (by - this.cy) * k;
    this.apply();
  }

  panBy(dxScreen, dyScreen) {
    this.cx -= dxScreen * this.scale;
    this.cy -= dyScreen * this.scale;
    this.apply();
  }

  // Brings a board point into view without changing the zoom.
  show(x, y) {
    const [w, h] = this.size();
    const vw = w * this.scale, vh = h * this.scale;
    if (Math.abs(x - this.cx) > vw * 0.4 || Math.abs(y - this.cy) > vh * 0.4) {
      this.cx = x;
      this.cy = y;
      this.apply();
    }
  }

  onWheel(e) {
    e.preventDefault();
    const factor = Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.0018));
    this.zoomAt(factor, e.clientX, e.clientY);
  }

  onDown(e) {
    if (!this.enabled(e)) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY, x0: e.clientX, y0: e.clientY });
    if (this.pointers.size === 1) this.dragged = false;
  }

  onMove(e) {
    const p = this.pointers.get(e.pointerId);
    if (!p) return;
    if (this.pointers.size === 1) {
      const dist = Math.hypot(e.clientX - p.x0, e.clientY - p.y0);
      if (!this.dragged && dist < 6) return;
      if (!this.dragged) this.svg.setPointerCapture?.(e.pointerId);
      this.dragged = true;
      this.panBy(e.clientX - p.x, e.clientY - p.y);
    } else if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = e.clientX;
      p.y = e.clientY;
      const [a2, b2] = [...this.pointers.values()];
      const after = Math.hypot(a2.x - b2.x, a2.y - b2.y);
      if (before > 0) this.zoomAt(after / before, (a2.x + b2.x) / 2, (a2.y + b2.y) / 2);
      this.dragged = true;
      return;
    }
    p.x = e.clientX;
    p.y = e.clientY;
  }

  onUp(e) {
    this.pointers.delete(e.pointerId);
  }
}
