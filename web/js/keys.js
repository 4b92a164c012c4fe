// keys.js: keyboard shortcuts of the game page: P pass, D done, S stop, N no-fire,
// E end the rally phase, U undo (each sent only when it is legal now), Enter
// confirms the previewed action, Esc cancels it or clears the chosen hex, L the
// line-of-sight tool, F fit the map, + and - zoom, arrows pan, ? the key.

export function installKeys(page) {
  window.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    const k = e.key;
    const quick = { p: 'pass', d: 'done', s: 'stop', n: 'no-fire', e: 'end-rally' }[k.toLowerCase()];
    if (quick) {
      if (page.legal().includes(quick)) page.commit(quick);
      else page.say(`"${quick}" is not possible now.`, true);
      e.preventDefault();
      return;
    }
    switch (k) {
      case 'u': case 'U': page.undo(); break;
      case 'Enter':
        if (page.pending && page.pending.preview) page.commit(page.pending.text);
        else return;
        break;
      case 'Escape':
        if (page.pending) page.cancel();
        else if (page.los.active) page.los.setActive(false);
        else page.select(null);
        break;
      case 'l': case 'L': page.los.setActive(!page.los.active); break;
      case 'f': case 'F': case '0': page.pz.fit(); break;
      case '+': case '=': page.pz.zoomAt(1.25); break;
      case '-': case '_': page.pz.zoomAt(1 / 1.25); break;
      case 'ArrowLeft': page.pz.panBy(60, 0); break;
      case 'ArrowRight': page.pz.panBy(-60, 0); break;
      case 'ArrowUp': page.pz.panBy(0, 60); break;
      case 'ArrowDown': page.pz.panBy(0, -60); break;
      case '?': page.showTab('key'); break;
      default: return;
    }
    e.preventDefault();
  });
}
