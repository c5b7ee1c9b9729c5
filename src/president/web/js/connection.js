// One live connection to a table over the server's WebSocket, which comes back by itself when it drops.
//
// After every (re)connection the page says hello with its seat token (or asks to watch) and the server answers
// with a full snapshot, so a reload or a lost network resumes the game where it was.

const RETRY_MS = [300, 700, 1500, 3000, 5000];
const FATAL = new Set(["no_table", "bad_token", "already_joined"]);

export class TableConnection {
  /**
   * tableId: the table; token: the seat token, or null to watch.
   * onMessage(msg) receives every server message; onStatus(status) "connecting" | "open" | "lost" | "closed".
   * name: a spectator's name in the spectators' chat (optional).
   */
  constructor(tableId, token, { onMessage, onStatus, name = "" }) {
    this.tableId = tableId;
    this.token = token;
    this.name = String(name || "").replace(/[\p{C}]/gu, "").split(/\s+/).filter(Boolean).join(" ").slice(0, 24).trim();
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.socket = null;
    this.attempt = 0;
    this.stopped = false;
    this.timer = null;
    this.helloDone = false;
    this.connect();
  }

  connect() {
    if (this.stopped) return;
    this.onStatus(this.attempt ? "lost" : "connecting");
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(`${scheme}//${location.host}/ws`);
    this.socket = socket;
    this.helloDone = false;
    socket.addEventListener("open", () => {
      const hello = { type: "hello", table: this.tableId };
      if (this.token) hello.token = this.token;
      else {
        hello.spectate = true;
        if (this.name) hello.name = this.name;
      }
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (msg.type === "snapshot") {
        this.helloDone = true;
        this.attempt = 0;
        this.onStatus("open");
      }
      if (msg.type === "error" && msg.ref === "hello" && msg.code === "name_taken" && this.name && !this.token) {
        // The saved name is (or looks like) an account's: watch without a chat name (the chat says "Spectator").
        this.name = null;
        socket.send(JSON.stringify({ type: "hello", table: this.tableId, spectate: true }));
        return;
      }
      if (msg.type === "error" && msg.ref === "hello" && FATAL.has(msg.code)) this.stop();
      this.onMessage(msg);
    });
    socket.addEventListener("close", () => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = null;
      const wait = RETRY_MS[Math.min(this.attempt, RETRY_MS.length - 1)];
      this.attempt += 1;
      this.onStatus("lost");
      this.timer = setTimeout(() => this.connect(), wait);
    });
  }

  /** Send a message; false when the connection is down (the caller may tell the player). */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN || !this.helloDone) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Close for good (leaving the page or the table). */
  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.socket) {
      const socket = this.socket;
      this.socket = null;
      socket.close();
    }
    this.onStatus("closed");
  }
}
