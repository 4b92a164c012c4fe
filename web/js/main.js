// main.js: the client's entry point: the game page when the URL names a game
// (?game=ID&token=T, a second token for hot-seat), the start page otherwise.

import { startPage } from './start.js';
import { GamePage } from './game.js';

const params = new URLSearchParams(location.search);
const root = document.getElementById('app');
const game = params.get('game');
if (game) {
  const page = new GamePage(root, game, params.getAll('token').filter(Boolean));
  window.lnltPage = page; // for debugging from the console
  page.start();
} else {
  startPage(root);
}
