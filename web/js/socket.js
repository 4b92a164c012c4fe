// socket.js: one seat's WebSocket (/ws/games/ID?token=T, docs/server.md
// "WebSocket"): a "hello" with the view on connecting, then an "update" with the
// events and the new view after every change. It reconnects by itself with a
// growing delay, and says when it is connected or not.

import { socketUrl } from './api.js';

export class SeatSocket {
  constructor(game, token, handlers) {
    this.game = game;
    this.token = token;
    this.handlers = handlers; // {onMessage(msg), onState(connected)}
    this.delay = 500;
    this.closed = false;
    this.open();
  }

  open() {
    if (this.closed) return;
    const ws = new WebSocket(socketUrl(this.game, this.token));
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.handlers.onState(true);
    };
    ws.onmessage = (e) => {
      let msg;
      try {
        msg = JSON.parse(e.data);
      } catch {
        return;
      }
      this.handlers.onMessage(msg);
    };
    ws.onclose = () => {
      this.handlers.onState(false);
      if (this.closed) return;
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 10000);
    };
    ws.onerror = () => ws.close();
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
