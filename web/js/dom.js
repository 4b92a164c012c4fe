// dom.js: tiny helpers to build HTML and SVG elements without a framework.
// h('div', {class: 'x', onclick: fn}, child, ...) and svg('rect', {...}) return
// elements; strings become text nodes; null, undefined and false are skipped.

const SVG_NS = 'http://www.w3.org/2000/svg';

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'style' && typeof v === 'object') Object.assign(el.style, v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  return append(el, children);
}

export function svg(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  return append(el, children);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

// Replaces the children of el with the given ones.
export function fill(el, ...children) {
  clear(el);
  return append(el, children);
}

export function pct(p) {
  if (p === null || p === undefined) return '';
  if (p > 0 && p < 0.001) return '<0.1%';
  const v = p * 100;
  return (v >= 10 || v === 0 || v === 100 ? v.toFixed(0) : v.toFixed(1)) + '%';
}

export function signed(n) {
  return n > 0 ? '+' + n : String(n);
}
