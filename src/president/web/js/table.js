// The table screen: joining, the waiting room, and the game itself (seats around the table, the combination to
// beat in the centre, the hand with its controls, the score table and the end of the match).

import { whenAccountKnown } from "./account.js";
import { api, saveName, savedName, seats, tableUrl } from "./api.js";
import { cardFace, sortCards } from "./cards.js";
import { ChatPanel } from "./chat.js";
import { TableConnection } from "./connection.js";
import { h, mount, patch } from "./dom.js";
import { eventLine, ruleLine, standsText } from "./events.js";
import { HandView } from "./hand.js";
import { icon } from "./icons.js";
import { isLearning, lessonEnd, lessonPanel, stopLearning, wasLearning } from "./learn.js";
import { DealLog, LogView } from "./log.js";
import { cardText, computerName, errorText, placeText, rankText, t, titleName, whyText } from "./i18n.js";
import { chipsTable, faceDownLog, OLD_GAME, oldEventLines, oldScreen, showOldEnd } from "./old.js";
import { leadPrompt, owedPrompt, playButton, receivedCards, takenCards } from "./prompt.js";
import { loadPresets } from "./presets.js";
import { loadMyRules, changeList, rulesHref, whySentence } from "./myrules.js";
import { codePreset, plainValue, rulesView } from "./rules.js";
import { scoreTable, winnerLine } from "./scores.js";
import { setSound, soundOn, turnChime, unlockSound } from "./sound.js";
import { SPEEDS } from "./start.js";
import { centre, lastActionText, placeOf, seatPanel } from "./seats.js";
import { assess, brightCards, canPass, clickCard, isMyTurn, standsOf } from "./selection.js";
import { announce, closeDialog, openDialog, scrollFrame, toast } from "./ui.js";
import { dailyOf } from "./daily.js";
import { tournamentOf } from "./tournament.js";
import { showVerification } from "./verify.js";
import { joinPanel, waitingPanel } from "./waiting.js";

/** How many events of an old game the page keeps for its log (a snapshot brings back the latest of them). */
const OLD_EVENTS_KEPT = 200;

export function showTable(root, tableId, navigate) {
  const st = {
    info: null, seat: null, seq: 0, view: null, deadline: null, clock: 0, status: "connecting",
    selected: [], reason: null, pending: false, mode: "loading", endShown: false, choosing: null,
    oldEvents: [], hint: null, hintWhy: null, log: new DealLog(), game: null,
    // Why the computer players made their moves, as told by the server once each deal is over: text by move.
    reasons: new Map(),
    // The guided deal: where the log stood after this seat's last move, the turn whose lesson was closed, and
    // the turn whose hint was asked for.
    lessonMark: 0, lessonHidden: null, hintAsked: null,
    // What the table showed of its deals (docs/verify.md), for "Verify the deals": the commitments as they came,
    // the secret at the end, and this seat's hands as dealt, by deal number.
    proof: { match: null, commitments: [], secret: null, seat: null, hands: {} },
  };
  let conn = null;
  let dialog = null;
  let tick = null;
  const hand = new HandView(onCard);
  const logView = new LogView(matchMedia("(min-width: 1000px)").matches);
  const meTop = h("div", { class: "me-top" });
  const lessonBox = h("div", { class: "lesson-box" });
  const meArea = h("div", { class: "me-area" }, lessonBox, meTop, hand.el,
    h("p", { class: "shortcuts muted small" }, t("game.shortcuts")));
  const autostartKey = `president.autostart.${tableId}`;
  const chat = new ChatPanel(tableId, (message) => send(message), savedName);

  // ------------------------------------------------------------------ helpers

  /** Keep what a message shows of the deals: the first commitment seen for each deal, the secret, and (when the
   * message starts a deal: `dealt`) this seat's hand as dealt, the automatic gifts of the exchange taken back. */
  function keepProof(msg, dealt) {
    if (!msg.commitments || !st.info) return;
    let proof = st.proof;
    if (proof.match !== st.info.match_no) {
      proof = st.proof = { match: st.info.match_no, commitments: [], secret: null, seat: st.seat, hands: {} };
    }
    msg.commitments.forEach((c, i) => { if (proof.commitments[i] === undefined) proof.commitments[i] = c; });
    if (msg.secret) proof.secret = msg.secret;
    const v = msg.view;
    if (dealt && v && st.seat !== null && v.hand) {
      proof.hands[v.deal_number] = [...v.hand.filter((c) => !(v.received || []).includes(c)), ...(v.given || [])];
    }
  }

  const view = () => st.view;
  const players = () => st.info?.players || st.view?.players || 0;
  let presetOptions = {};
  let presetList = [];
  let optionSpecs = [];
  api("/api/options").then((specs) => { optionSpecs = specs; }).catch(() => {});
  loadPresets().then((list) => {
    presetList = list;
    presetOptions = Object.fromEntries(list.map((p) => [p.name, p.options]));
    renderHandArea();
  }).catch(() => {});
  /** The table's rule options: its preset's, with the house rules it changed. */
  const rules = () => ({ ...presetOptions[st.info?.rules], ...st.info?.options });
  const mine = () => st.seat !== null && st.seat !== undefined;
  const isOld = () => st.info?.game === OLD_GAME;

  function seatName(seat) {
    const info = st.info?.seats?.[seat];
    if (info?.kind === "bot") return computerName(seat + 1, info.name, info.bot);
    if (info?.bot_account) return `${info.name} · ${t("seat.botAccount")}`;
    return info?.name || computerName(seat + 1);
  }

  function names() {
    return Array.from({ length: players() }, (_, seat) => seatName(seat));
  }

  function send(message) {
    if (!conn || !conn.send(message)) {
      toast(t("game.reconnecting"));
      return false;
    }
    return true;
  }

  // ------------------------------------------------------------------ connection

  function connect(token) {
    st.mode = "live";
    conn = new TableConnection(tableId, token, { onMessage, onStatus, name: savedName() });
    render();
  }

  function onStatus(status) {
    st.status = status;
    const pill = root.querySelector(".conn");
    if (pill) updatePill(pill);
  }

  /** Ask why a computer player made the move of a log line: told once its deal is over (it would show the
   *  bot's cards before), so a move of the deal in play gets that answer at once, without asking; at a practice
   *  table (explain_now) it is told at once. */
  function askWhy(event) {
    if (st.reasons.has(event.seq)) {
      st.reasons.delete(event.seq);
    } else if (!st.info?.explain_now && st.view && st.view.phase !== "over"
        && !st.log.previous?.events.includes(event)) {
      st.reasons.set(event.seq, t("why.later"));
    } else {
      send({ type: "why", seq: event.seq });
      return;
    }
    render();
  }

  function onMessage(msg) {
    if (msg.type === "snapshot") {
      st.info = msg.table;
      st.game = msg.game;
      if (msg.seq < st.seq) st.reasons.clear(); // a new match: its moves are numbered from 0 again
      st.log.setEventTypes(msg.game?.event_types);
      st.seat = msg.seat;
      st.seq = msg.seq;
      st.deadline = msg.deadline;
      setClock(msg.now);
      const before = st.view;
      st.view = msg.view;
      st.pending = false;
      if (!before || !msg.view || before.phase === "over" || msg.view.phase !== "over") st.endShown = false;
      keepProof(msg, msg.seq === 0 && !isOld());
      if (!isOld()) st.log.sync(msg.view);
      else if (msg.view?.log) st.oldEvents = msg.view.log;
      keepSelection();
      render();
      maybeAutostart();
    } else if (msg.type === "update") {
      if (msg.seq <= st.seq && st.view) return;
      const gap = msg.seq !== st.seq + 1;
      const before = st.view;
      if (msg.history && msg.view) {
        // Version 2 of the protocol sends the deal's history once: each update says what its move added.
        msg.view.history = [...(before?.history || []).slice(0, msg.history.at), ...msg.history.add];
      }
      st.view = msg.view;
      st.seq = msg.seq;
      st.deadline = msg.deadline;
      setClock(msg.now);
      st.pending = false;
      st.hint = null;
      st.hintWhy = null;
      if (isOld()) {
        keepProof(msg, false);
        st.oldEvents = [...st.oldEvents, ...msg.events].slice(-OLD_EVENTS_KEPT);
        announce(oldEventLines(msg.events, seatName).join(" "));
        render();
        if (gap) send({ type: "sync" });
        return;
      }
      keepProof(msg, msg.events.some((e) => e.type === "deal"));
      st.log.add(msg.events, msg.view?.deal_number ?? null, { seq: msg.seq - 1, by: msg.by });
      if (msg.seat === st.seat) st.lessonMark = st.log.events.length;
      keepSelection();
      if (before && !isMyTurn(before) && msg.view && isMyTurn(msg.view)) turnChime();
      renderSoon(msg, before);
      if (gap) send({ type: "sync" });
    } else if (msg.type === "table") {
      const replayReady = msg.table.match_id !== st.info?.match_id;
      st.info = msg.table;
      render();
      if (replayReady && dialog?.classList.contains("end")) {
        if (isOld()) oldEnd();
        else showEnd();
      }
      maybeAutostart();
    } else if (msg.type === "why") {
      st.reasons.set(msg.seq, whyText(msg.why, seatName));
      render();
    } else if (msg.type === "hint") {
      if (msg.seq === st.seq) {
        st.hint = msg.move;
        st.hintWhy = msg.why || null;
      }
      render();
      root.querySelector(`.old-hand button[data-card="${msg.move}"]`)?.focus();
    } else if (msg.type === "chat" || msg.type === "chat_history") {
      chat.receive(msg);
    } else if (msg.type === "error") {
      onError(msg);
    }
  }

  function onError(msg) {
    st.pending = false;
    if (msg.ref === "hello" && msg.code === "bad_token") {
      seats.forget(tableId);
      conn = null;
      loadJoin();
      return;
    }
    if (msg.ref === "hello" && msg.code === "no_table") {
      conn = null;
      st.mode = "missing";
      render();
      return;
    }
    if (msg.code === "stale" || msg.code === "not_your_turn") send({ type: "sync" });
    toast(errorText(msg));
    render();
  }

  function maybeAutostart() {
    if (!sessionStorage.getItem(autostartKey) || !st.info) return;
    if (st.info.status !== "waiting") {
      sessionStorage.removeItem(autostartKey);
      return;
    }
    if (mine() && st.info.seats.every((s) => s.kind !== "open") && send({ type: "start" })) {
      sessionStorage.removeItem(autostartKey);
    }
  }

  // ------------------------------------------------------------------ joining

  let reclaimed = false;

  async function loadJoin() {
    st.mode = "loading";
    try {
      st.info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
      st.mode = "join";
    } catch {
      st.mode = "missing";
    }
    // Signed in to the account that holds a seat here (another device, a lost token): take it back at once.
    const me = st.mode === "join" && !reclaimed ? await whenAccountKnown() : null;
    if (me && st.info.seats.some((s) => s.kind === "person" && s.account && s.name === me.name)) {
      reclaimed = true;
      join(me.name);
      return;
    }
    render();
  }

  /** Before sitting down at a table whose rules differ from the player's own: only the differences, in words. */
  async function differences() {
    const mine = await loadMyRules();
    const code = st.info?.code;
    if (!mine || !code || mine === code) return null;
    try {
      const info = await api(`/api/rulesets/${encodeURIComponent(code)}?against=${encodeURIComponent(mine)}`);
      return info.against.changes.length ? info.against.changes : null;
    } catch {
      return null;
    }
  }

  function differencesScreen() {
    return h("section", { class: "panel differences", "aria-labelledby": "differences-title" },
      h("h1", { id: "differences-title" }, t("diff.title")),
      h("p", {}, t("diff.intro")),
      changeList(st.differences, optionSpecs, plainValue, "differences-list", "diff.change"),
      h("p", {}, h("a", { href: rulesHref(st.info.code), target: "_blank", rel: "noopener" }, t("rules.title"))),
      h("div", { class: "actions" },
        h("button", { type: "button", class: "primary", id: "diff-sit", onclick: () => {
          st.mode = "join";
          join(st.pendingName, true);
        } }, t("diff.sit")),
        h("button", { type: "button", id: "diff-not-now", onclick: () => navigate({}) }, t("diff.notNow"))));
  }

  async function join(name, seen = false) {
    if (!name.trim()) {
      toast(t("start.needName"));
      return;
    }
    if (!seen && !reclaimed) {
      const changes = await differences();
      if (changes) {
        st.differences = changes;
        st.pendingName = name;
        st.mode = "differences";
        render();
        root.querySelector("#diff-sit")?.focus();
        return;
      }
    }
    saveName(name.trim());
    try {
      const made = await api(`/api/tables/${encodeURIComponent(tableId)}/join`, { method: "POST",
        body: { name: name.trim() } });
      seats.set(tableId, { token: made.token, seat: made.seat, name: name.trim() });
      connect(made.token);
    } catch (err) {
      toast(errorText(err));
      loadJoin();
    }
  }

  function joinScreen() {
    return joinPanel(st.info, { seatName, onJoin: join, onWatch: () => connect(null), onBack: () => navigate({}) });
  }

  function waitingRoom() {
    return waitingPanel(st.info, {
      mySeat: mine() ? st.seat : null, seatName, bots: botList(), link: tableUrl(tableId), send,
      onLeave: () => {
        send({ type: "leave" });
        seats.forget(tableId);
        if (conn) conn.stop();
        navigate({});
      },
    });
  }

  const botList = () => st.game?.bots || [];

  // ------------------------------------------------------------------ the game

  function keepSelection() {
    st.choosing = null;
    const v = view();
    if (isOld()) {
      st.selected = [];
      return;
    }
    if (!v || !isMyTurn(v)) {
      st.selected = [];
      st.reason = null;
      return;
    }
    st.selected = st.selected.filter((c) => v.hand.includes(c));
    const bright = brightCards(v, st.selected);
    if (st.selected.some((c) => !bright.has(c))) st.selected = [];
  }

  function onCard(code) {
    const v = view();
    if (!v || st.pending) return;
    const result = clickCard(v, st.selected, code);
    st.choosing = null;
    st.selected = result.selected;
    st.reason = result.reason;
    renderHandArea();
  }

  function play() {
    const v = view();
    const verdict = assess(v, st.selected, rules());
    if (!verdict.ok || st.pending) return;
    if (verdict.moves.length > 1) {
      st.choosing = verdict.moves;
      renderHandArea();
      root.querySelector(".joker-chooser button")?.focus();
      return;
    }
    sendMove(verdict.move);
  }

  function sendMove(move) {
    if (send({ type: "move", move, seq: st.seq })) {
      st.pending = true;
      st.selected = [];
      st.choosing = null;
      renderHandArea();
    }
  }

  /** The buttons asking what the joker stands for, when the selection could mean several moves. */
  function jokerChooser() {
    if (!st.choosing || st.pending) return null;
    return h("div", { class: "joker-chooser", role: "group", "aria-labelledby": "joker-question" },
      h("span", { id: "joker-question" }, t("game.chooseJoker")),
      st.choosing.map((move) => h("button", { type: "button", class: "small", "data-move": move,
        onclick: () => sendMove(move) }, standsText(standsOf(move)).join(", "))),
      h("button", { type: "button", class: "small", id: "joker-cancel",
        onclick: () => { st.choosing = null; renderHandArea(); } }, t("game.cancel")));
  }

  /** The Q-bomber's question: a button per rank, 3 to 2 (the moves `name 3` … `name 2` the view lists). */
  function rankChooser(v, myTurn) {
    if (!myTurn || st.pending || v.owed?.[0]?.move !== "name") return null;
    return h("div", { class: "rank-chooser", role: "group", "aria-label": t("game.nameGroup") },
      v.legal_moves.map((move) => h("button", { type: "button", class: "small", "data-move": move,
        onclick: () => sendMove(move) }, rankText(move.slice(5)))));
  }

  /** The salvage's question: a button per card of the discard pile (the moves `salvage 9d` … the view lists). */
  function pileChooser(v, myTurn) {
    if (!myTurn || st.pending || v.owed?.[0]?.move !== "salvage") return null;
    return h("div", { class: "pile-chooser", role: "group", "aria-label": t("game.salvageGroup") },
      v.legal_moves.map((move) => h("button", { type: "button", class: "small", "data-move": move,
        onclick: () => sendMove(move) }, cardText(move.slice(8)))));
  }

  function pass() {
    const v = view();
    if (!canPass(v) || st.pending) return;
    if (send({ type: "move", move: "pass", seq: st.seq })) {
      st.pending = true;
      st.selected = [];
      renderHandArea();
    }
  }

  function dealText(v) {
    const info = st.info;
    if (info.target_score) return `${t("game.deal", { n: v.deal_number })} · ${t("game.target", { n: info.target_score })}`;
    return t("game.deal", { n: v.deal_number, of: info.deals || null });
  }

  function updatePill(pill) {
    const text = { connecting: t("game.connecting"), lost: t("game.reconnecting"), open: t("game.connected"),
      closed: "" }[st.status] || "";
    pill.textContent = text;
    pill.dataset.status = st.status;
  }

  /** The bar, the felt and the player's area of the game screen; the player's area is kept from one update to
   *  the next, so that the cards of the hand are never taken out of the page (that would restart their animation). */
  function gameScreen() {
    const v = view();
    const n = v.players;
    const base = mine() ? st.seat : 0;
    const panels = [];
    for (let slot = 0; slot < n; slot += 1) {
      const seat = (base + slot) % n;
      if (mine() && seat === st.seat) continue;
      panels.push(seatPanel(v, st.info.seats[seat], seat, slot, n, seatName(seat), st.deadline));
    }
    const pill = h("span", { class: "conn", role: "status" });
    updatePill(pill);
    const bar = h("div", { class: "bar" },
      h("span", { class: "rules-name" }, t(`preset.${v.rules}`)),
      h("span", { class: "deal-no" }, dealText(v)),
      v.phase === "exchange" ? h("span", { class: "phase-badge" }, t("game.exchange")) : null,
      st.info?.explain_now ? h("span", { class: "practice-badge", id: "practice-badge", title: t("game.practiceHelp") },
        t("game.practice")) : null,
      pill,
      h("button", { type: "button", class: "small icon-toggle", id: "sound-button", "aria-pressed": String(!soundOn()),
        "aria-label": t("sound.mute"), title: t("sound.mute"),
        onclick: () => { setSound(!soundOn()); unlockSound(); gameScreen(); root.querySelector("#sound-button")?.focus(); } },
      icon(soundOn() ? "sound" : "muted")),
      mine() ? speedButton() : null,
      h("button", { type: "button", class: "small", id: "rules-button", "aria-keyshortcuts": "R",
        onclick: showRulesDialog }, t("rules.title")),
      h("button", { type: "button", class: "small", id: "scores-button", "aria-keyshortcuts": "S",
        onclick: showScores }, t("game.scores")),
      inPlay() ? h("button", { type: "button", class: "small", id: "leave-button",
        onclick: () => askLeave(() => navigate({})) }, t("leave.button")) : null);
    const felt = h("div", { class: `felt${n >= 6 ? " many" : ""}${mine() ? " seated" : ""}` }, panels,
      centre(v, v.table_owner === null ? "" : seatName(v.table_owner)));
    const bottom = mine() ? meArea : h("p", { class: "watching" }, t("game.watching"));
    const log = logView.el;
    logView.update(st.log, seatName, { reasons: st.reasons, ask: askWhy });
    let screen = root.querySelector(":scope > section.game");
    if (!screen) {
      screen = h("section", {});
      mount(root, screen);
    }
    const attrs = { class: `game${mine() ? "" : " spectating"}`, "data-seq": st.seq, "data-phase": v.phase,
      "data-to-act": v.to_act ?? "", "data-seat": st.seat ?? "", "data-deal": v.deal_number,
      "data-my-turn": String(isMyTurn(v)) };
    for (const [key, value] of Object.entries(attrs)) {
      if (screen.getAttribute(key) !== String(value)) screen.setAttribute(key, String(value));
    }
    const kept = screen.children;
    // A button of the bar keeps the focus when the bar is drawn again (the keyboard stays where it was).
    const focusedId = document.activeElement?.closest?.(".game > .bar") ? document.activeElement.id : null;
    if (kept.length >= 4 && kept[2] === log && kept[3] === bottom) {
      // What did not change stays in the page as it is (the seats that did not move, the bar).
      if (!kept[0].isEqualNode(bar)) kept[0].replaceWith(bar);
      if (kept[1].className === felt.className) patch(kept[1], [...felt.childNodes]);
      else kept[1].replaceWith(felt);
    } else {
      screen.replaceChildren(bar, felt, log, bottom);
    }
    if (focusedId && !document.activeElement?.closest?.(".game > .bar")) {
      kept[0].querySelector(`#${CSS.escape(focusedId)}`)?.focus();
    }
  }

  /** The computer players' speed at this table; a click takes the next one (slow, normal, fast, slow …). */
  function speedButton() {
    const speed = st.info.bot_speed || "normal";
    const next = SPEEDS[(SPEEDS.indexOf(speed) + 1) % SPEEDS.length];
    return h("button", { type: "button", class: "small", id: "speed-button", "data-speed": speed,
      title: t("game.speedHelp"), "aria-label": `${t("game.speed", { speed: t(`speed.${speed}`) })}. ${t("game.speedHelp")}`,
      onclick: () => { send({ type: "speed", speed: next }); } }, t("game.speed", { speed: t(`speed.${speed}`) }));
  }

  function renderHandArea() {
    const v = view();
    if (!meArea.isConnected || !v || !mine()) return;
    const myTurn = isMyTurn(v);
    const bright = st.pending ? null : brightCards(v, st.selected);
    const received = receivedCards(v);
    const cards = sortCards(v.hand, v.rank_order);
    hand.update({ cards, selected: st.selected, bright, received, interactive: myTurn && !st.pending });
    const verdict = assess(v, st.selected, rules());
    const exchange = v.phase === "exchange";
    let prompt = "";
    if (myTurn && exchange) {
      const pairTo = v.received.length ? receiverName(v) : "";
      prompt = `${v.received.length ? t("game.received", { cards: v.received }) : ""} `
        + t("game.chooseGift", { n: v.give_count, name: pairTo });
    } else if (!myTurn && exchange) {
      prompt = t("game.exchangeWait", { name: seatName(v.to_act) });
    } else if (v.owed?.length) {
      prompt = owedPrompt(v, seatName);
    } else if (myTurn && !v.table.length && !st.selected.length) {
      prompt = leadPrompt(v, rules());
    }
    if (myTurn && !exchange && received.size) prompt = `${t("game.received", { cards: [...received] })} ${prompt}`;
    const taken = takenCards(v);
    if (taken.length) prompt = `${t("game.taken", { cards: taken })} ${prompt}`;
    const reason = st.reason || (myTurn && !verdict.ok && st.selected.length ? verdict.reason : null);
    const me = st.seat;
    const title = v.titles[me] ? titleName(v.rules, v.titles[me]) : "";
    const place = placeOf(v, me);
    const job = playButton(v, myTurn);
    const myLast = lastActionText(v, me);
    if (meArea.lastElementChild.textContent !== t("game.shortcuts")) meArea.lastElementChild.textContent = t("game.shortcuts");
    patch(meTop,
      h("div", { class: `me-info${myTurn ? " turn" : ""}` },
        h("span", { class: "name" }, seatName(me)),
        title ? h("span", { class: "title-name" }, title) : null,
        h("span", { class: "points" }, t("seat.points", { n: v.scores[me] })),
        place > 0 ? h("span", { class: "out-badge" }, t("seat.out", { place: placeText(place) }))
          : myLast ? h("span", { class: "my-last-action" }, t("game.youDid", { text: myLast })) : null,
        myTurn ? h("strong", { class: "your-turn", role: "status" }, t("game.yourTurn"),
          st.deadline ? h("span", { class: "timer", "data-deadline": st.deadline }) : null)
          : v.phase !== "over" && v.to_act !== null
            ? h("span", { class: "waiting-for" }, t("game.waitingFor", { name: seatName(v.to_act) })) : null),
      h("p", { class: "prompt", id: "prompt", "aria-live": "polite" }, prompt),
      h("p", { class: "reason", id: "reason", role: "alert" }, reason ? t(reason.key, reason.params) : ""),
      v.phase === "over" ? h("div", { class: "controls" },
        h("button", { type: "button", class: "primary", id: "results-button", onclick: showEnd }, t("end.title")))
        : h("div", { class: "controls" },
        job ? h("button", { type: "button", class: "primary", id: "play-button", disabled: !verdict.ok || st.pending,
          "aria-keyshortcuts": "Enter", "aria-describedby": "reason", onclick: play },
        t(`game.${job}`)) : null,
        exchange || v.owed?.length ? null : h("button", { type: "button", id: "pass-button", disabled: !canPass(v) || st.pending,
          "aria-keyshortcuts": "P", onclick: pass }, t("game.pass"))),
      rankChooser(v, myTurn),
      pileChooser(v, myTurn),
      jokerChooser());
    renderLesson(v, myTurn);
    hand.layout();
  }

  /** The lesson of the guided deal on this seat's turn (asking the server for the classic player's move). */
  function renderLesson(v, myTurn) {
    if (!isLearning(tableId) || !myTurn || st.pending || st.lessonHidden === st.seq || v.phase === "over") {
      lessonBox.replaceChildren();
      return;
    }
    if (st.hint === null && st.hintAsked !== st.seq) {
      st.hintAsked = st.seq;
      send({ type: "hint" });
    }
    const news = st.log.events.slice(Math.min(st.lessonMark, st.log.events.length));
    const back = () => {
      renderHandArea();
      hand.cardButtons()[0]?.focus();
    };
    lessonBox.replaceChildren(lessonPanel(v, { news, hint: st.hint, why: st.hintWhy, rules: rules(), seatName,
      onHide: () => { st.lessonHidden = st.seq; back(); },
      onStop: () => { stopLearning(tableId); back(); } }));
  }

  function receiverName(v) {
    const gift = v.received.length;
    if (!gift) return "";
    // The seat that gave us these cards is the one that will get ours back: the pair of the exchange.
    const order = v.deal_results[v.deal_results.length - 1]?.order || [];
    const place = order.indexOf(v.seat);
    const partner = order[order.length - 1 - place];
    return partner === undefined ? "" : seatName(partner);
  }

  // ------------------------------------------------------------------ dialogs

  /** Whether this page holds a seat in a match under way (leaving it then hands the seat to the stand-in). */
  function inPlay() {
    return mine() && st.info?.status === "playing" && !!view() && view().phase !== "over";
  }

  /** Ask before leaving a match under way, saying what happens to the seat; `go` leaves. */
  function askLeave(go) {
    if (!inPlay()) {
      go();
      return;
    }
    const rated = st.info.seats.every((s) => s.kind === "bot" || (s.kind === "person" && s.account));
    closeDialog(dialog);
    const stay = h("button", { type: "button", class: "primary", id: "leave-stay",
      onclick: () => closeDialog(asked) }, t("leave.stay"));
    const asked = openDialog("leave", t("leave.title"), h("div", {},
      h("p", {}, t("leave.explain", { s: Math.round(st.info.grace_seconds ?? 30) })),
      rated ? h("p", { id: "leave-rated" }, t("leave.rated")) : null,
      mine() ? h("p", { id: "leave-resign-cost" }, t("leave.resignCost")) : null,
      mine() && rated ? h("p", { id: "leave-resign-rated" }, t("leave.resignRated")) : null,
      h("div", { class: "actions" }, stay,
        mine() ? h("button", { type: "button", id: "leave-resign", onclick: () => {
          closeDialog(asked);
          send({ type: "leave" });
          toast(t("leave.resigned"));
        } }, t("leave.resign")) : null,
        h("button", { type: "button", id: "leave-confirm", onclick: () => {
          closeDialog(asked);
          if (conn) conn.stop();
          conn = null;
          go();
        } }, t("leave.confirm")))), forget);
    dialog = asked;
    stay.focus();
  }

  function forget(closed) {
    if (dialog === closed) dialog = null;
  }

  function showScores() {
    const v = view();
    if (!v) return;
    closeDialog(dialog);
    dialog = openDialog("scores", t("scores.title"), scoreTable(v, names(), mine() ? st.seat : null), forget);
  }

  function showRulesDialog() {
    const v = view();
    const preset = presetList.find((p) => p.name === v?.rules);
    if (!preset) return;
    closeDialog(dialog);
    const plain = h("section", { class: "rules-plain", "aria-labelledby": "rules-plain-title" },
      h("h3", { id: "rules-plain-title" }, t("code.plain")),
      h("p", { id: "rules-preset-line" }, t("code.preset", { preset: t(`preset.${preset.name}`) })));
    const settings = h("div", {}, rulesView(preset, optionSpecs, st.info.options || {}));
    if (st.info.code) {
      api(`/api/rulesets/${encodeURIComponent(st.info.code)}`).then((info) => {
        plain.append(changeList(info.changes, optionSpecs, plainValue),
          h("p", {}, h("a", { href: rulesHref(info.code), target: "_blank", rel: "noopener", id: "rules-code-link" },
            t("code.current", { code: info.code }))));
        settings.replaceChildren(rulesView(codePreset(preset, info), optionSpecs, info.options));
      }).catch(() => {});
    }
    dialog = openDialog("rules", `${t("rules.title")}: ${t(`preset.${preset.name}`)}`,
      h("div", {}, plain, h("h3", {}, t("code.settings")), settings), forget);
  }

  function showEnd() {
    const v = view();
    closeDialog(dialog);
    const info = st.info;
    const event = tournamentOf(tableId);
    const daily = dailyOf(tableId);
    const buttons = h("div", { class: "actions" },
      event ? h("button", { type: "button", class: "primary", id: "tournament-button",
        onclick: () => navigate({ tournament: event }) }, t("tour.back")) : null,
      daily ? h("button", { type: "button", class: "primary", id: "daily-button",
        onclick: () => navigate({ daily: "" }) }, t("daily.back")) : null,
      mine() && !event && !daily ? h("button", { type: "button", class: "primary", id: "rematch-button",
        onclick: () => { if (send({ type: "rematch" })) closeDialog(dialog); } }, t("end.rematch")) : null,
      info.match_id && !daily ? h("button", { type: "button", id: "replay-button",
        onclick: () => navigate({ replay: info.match_id }) }, t("end.replay")) : null,
      info.match_id && st.game?.analysable ? h("button", { type: "button", id: "analyse-end-button",
        onclick: () => navigate({ replay: info.match_id, analyse: 1 }) }, t("end.analyse")) : null,
      info.match_id && st.proof.secret ? h("button", { type: "button", id: "verify-deals-button",
        onclick: () => showVerification(info.match_id, st.proof) }, t("verify.button")) : null,
      h("button", { type: "button", id: "new-table-button", onclick: () => navigate({}) }, t("end.newTable")));
    const learned = wasLearning(tableId) && mine() ? lessonEnd(() => navigate({})) : null;
    dialog = openDialog("end", t("end.title"),
      h("div", {}, learned, h("p", { class: "winner-line" }, winnerLine(v, names(), mine() ? st.seat : null)),
        scoreTable(v, names(), mine() ? st.seat : null), buttons), forget);
  }

  /** The end of a deal: places, titles, points and totals, the coming exchange. */
  function showSummary(event) {
    closeDialog(dialog);
    const v = view();
    const n = event.order.length;
    const exchange = rules().exchange || [];
    const rows = event.order.map((seat, i) => h("tr", { class: seat === st.seat ? "me" : "" },
      h("td", {}, placeText(i + 1)),
      h("td", {}, seatName(seat)),
      h("td", {}, event.titles[seat] ? titleName(v.rules, event.titles[seat]) : ""),
      h("td", { class: "points" }, String(event.points[seat])),
      h("td", { class: "points" }, String(event.scores[seat]))));
    const gifts = exchange.map((count, i) => (count && i < n - 1 - i ? h("li", {}, t("summary.exchange",
      { from: seatName(event.order[n - 1 - i]), to: seatName(event.order[i]), n: count })) : null));
    // The server deals the next deal at once (the computer players may be playing it already): the summary says
    // so, and stays until the player closes it.
    const underWay = h("p", { class: "muted next-deal" }, t("summary.next", { n: event.deal + 1 }));
    const next = h("button", { type: "button", class: "primary", id: "summary-continue",
      onclick: () => closeDialog(summary) }, t("summary.continue"));
    const summary = openDialog("deal-summary", t("summary.title", { n: event.deal }),
      h("div", {},
        scrollFrame("score-wrap", h("table", { class: "scores" },
          h("thead", {}, h("tr", {}, h("th", {}, t("summary.place")), h("th", {}, t("summary.player")), h("th", {}, ""),
            h("th", {}, t("summary.deal")), h("th", {}, t("summary.total")))),
          h("tbody", {}, rows))),
        event.deal < (st.info.deals || Infinity) || st.info.target_score ? h("ul", { class: "exchange-list" }, gifts)
          : null,
        underWay,
        h("div", { class: "actions" }, next)),
      forget);
    dialog = summary;
    next.focus();
  }

  // ------------------------------------------------------------------ animations

  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

  function centreOf(el) {
    const box = el.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
  }

  // The house rules that have acted in this deal: the first time, the table says what happened and why.
  const firedOptions = new Set();
  let whyNote = null;
  let whyTimer = null;

  function hideWhy() {
    clearTimeout(whyTimer);
    whyNote?.remove();
    whyNote = null;
  }

  /** One sentence per rule acting for the first time in the deal, with a link to the rule's explanation. */
  function showWhy(events) {
    hideWhy();
    const code = st.info?.code;
    whyNote = h("div", { class: "why-note", id: "why-note", role: "status" },
      events.map((event) => h("p", { "data-option": event.option }, whySentence(event, seatName, optionSpecs), " ",
        code ? h("a", { href: rulesHref(code, event.option), target: "_blank", rel: "noopener", class: "why-link" },
          t("why.more")) : null)),
      h("button", { type: "button", class: "icon close", "aria-label": t("common.close"), onclick: hideWhy }, "×"));
    document.body.append(whyNote);
    whyTimer = setTimeout(hideWhy, 12000);
  }

  function announceEvents(msg) {
    const v = msg.view;
    const fresh = [];
    for (const event of msg.events) {
      if (event.type === "deal") firedOptions.clear();
      if (event.option && !firedOptions.has(event.option)) {
        firedOptions.add(event.option);
        fresh.push(event);
      }
    }
    if (fresh.length) showWhy(fresh);
    const said = msg.events.map((event) => (fresh.includes(event) ? whySentence(event, seatName, optionSpecs)
      : eventLine(event, seatName))).filter(Boolean);
    const rulesSaid = msg.events.filter((event) => !fresh.includes(event))
      .map((event) => ruleLine(event, seatName)).filter(Boolean);
    if (rulesSaid.length) toast(rulesSaid.join(" · "));
    if (v && isMyTurn(v)) said.push(t("game.yourTurn"));
    if (said.length) announce(said.join(". "));
  }

  /** Say that the stand-in moved for this seat (its turn timer ran out, or it was away). */
  function standInNotice(msg) {
    const played = msg.events.find((e) => e.type === "play" && e.seat === st.seat);
    const text = played ? t("game.standIn", { cards: played.cards }) : t("game.standInPass");
    toast(text, 6000);
    announce(text);
  }

  function animate(msg, before) {
    announceEvents(msg);
    const pile = root.querySelector(".pile");
    const v = view();
    if (!pile || !v) return;
    for (const event of msg.events) {
      if (event.type === "play") {
        const from = event.seat === st.seat ? root.querySelector(".hand")
          : root.querySelector(`.seat-panel[data-seat="${event.seat}"]`);
        if (!from) continue;
        // Where the cards fly from (measuring makes the browser lay the page out): not shown while motion is reduced.
        if (!reducedMotion.matches) {
          const a = centreOf(from), b = centreOf(pile);
          pile.style.setProperty("--from-x", `${a.x - b.x}px`);
          pile.style.setProperty("--from-y", `${a.y - b.y}px`);
        }
        pile.classList.add("fly");
        pile.addEventListener("animationend", () => pile.classList.remove("fly"), { once: true });
      } else if (event.type === "pass") {
        root.querySelector(`.seat-panel[data-seat="${event.seat}"] .last-action`)?.classList.add("pop");
      } else if (event.type === "trick_cleared" && before?.table?.length) {
        const ghost = h("div", { class: "pile ghost", "aria-hidden": "true" }, before.table.map((c) => cardFace(c)));
        pile.parentElement.append(ghost);
        ghost.addEventListener("animationend", () => ghost.remove(), { once: true });
        setTimeout(() => ghost.remove(), 1500);
      } else if (event.type === "revolution") {
        root.querySelector(".revolution-badge")?.classList.add("flash");
      } else if (event.type === "deal_over" && !msg.events.some((e) => e.type === "match_over")) {
        showSummary(event);
      }
    }
  }

  // ------------------------------------------------------------------ keyboard and timer

  function onKey(e) {
    if (st.mode !== "live" || !view() || document.querySelector("dialog[open]")) return;
    const target = e.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    if (target instanceof Element && target.closest("#log-panel, #chat-panel")) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    if (isOld()) {
      oldKey(e);
      return;
    }
    const buttons = hand.cardButtons();
    const index = buttons.indexOf(document.activeElement);
    if (e.key === "Enter") {
      if (target instanceof HTMLButtonElement && !target.classList.contains("card")) return;
      e.preventDefault();
      play();
    } else if (e.code === "KeyP") {
      e.preventDefault();
      pass();
    } else if (e.code === "KeyS") {
      e.preventDefault();
      showScores();
    } else if (e.code === "KeyR") {
      e.preventDefault();
      showRulesDialog();
    } else if (e.key === "Escape") {
      st.selected = [];
      st.reason = null;
      renderHandArea();
    } else if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      if (!buttons.length) return;
      e.preventDefault();
      const step = e.key === "ArrowRight" ? 1 : -1;
      const next = index < 0 ? (step > 0 ? 0 : buttons.length - 1) : (index + step + buttons.length) % buttons.length;
      buttons[next].focus();
    } else if (e.key === "ArrowUp" || e.key === "ArrowDown") {
      if (index < 0) return;
      e.preventDefault();
      const code = buttons[index].dataset.card;
      const selected = st.selected.includes(code);
      if ((e.key === "ArrowUp") !== selected) onCard(code);
    } else if (/^Digit[0-9]$/.test(e.code)) {
      const n = Number(e.code.slice(5)) || 10;
      if (n <= buttons.length) {
        e.preventDefault();
        buttons[n - 1].focus();
        onCard(buttons[n - 1].dataset.card);
      }
    }
  }

  // ------------------------------------------------------------------ the old President

  /** The old table's log events as the seed lets them be seen: stopped sequences face down, unless the open
   * record keeps every card face up. */
  function oldLogEvents() {
    return st.view?.options?.open_record ? st.oldEvents : faceDownLog(st.oldEvents);
  }

  function oldPlay(card) {
    const v = view();
    if (st.pending || !v || v.to_act !== st.seat || v.phase !== "lead") return;
    if (send({ type: "move", move: card, seq: st.seq })) {
      st.pending = true;
      render();
    }
  }

  function oldHint() {
    const v = view();
    if (v && v.to_act === st.seat && v.phase === "lead") send({ type: "hint" });
  }

  function oldChips() {
    closeDialog(dialog);
    dialog = openDialog("scores", t("old.chipsTable"), chipsTable(view(), seatName), forget);
  }

  function oldKey(e) {
    const buttons = [...root.querySelectorAll(".old-hand button.card")];
    const index = buttons.indexOf(document.activeElement);
    if (e.code === "KeyH") {
      e.preventDefault();
      oldHint();
    } else if (e.code === "KeyC" || e.code === "KeyS") {
      e.preventDefault();
      oldChips();
    } else if ((e.key === "ArrowRight" || e.key === "ArrowLeft") && buttons.length) {
      e.preventDefault();
      const step = e.key === "ArrowRight" ? 1 : -1;
      const next = index < 0 ? (step > 0 ? 0 : buttons.length - 1) : (index + step + buttons.length) % buttons.length;
      buttons[next].focus();
    }
  }

  function oldRender(v) {
    const focused = document.activeElement?.dataset?.card;
    const pill = h("span", { class: "conn", role: "status" });
    updatePill(pill);
    mount(root, oldScreen(v, { seat: mine() ? st.seat : null, seq: st.seq, seatName, pending: st.pending,
      hint: st.hint, log: oldEventLines(oldLogEvents(), seatName), pill, play: oldPlay, askHint: oldHint,
      showChips: oldChips }));
    if (focused) root.querySelector(`.old-hand button[data-card="${focused}"]`)?.focus();
    document.title = `${v.to_act === st.seat && v.phase === "lead" ? "▶ " : ""}${t("app.name")}`;
    if (v.phase === "over" && !st.endShown) {
      st.endShown = true;
      oldEnd();
    }
  }

  /** The end of an old game: the settlement and the chips, with its replay once the game is stored. */
  function oldEnd() {
    closeDialog(dialog);
    const id = st.info?.match_id;
    const actions = h("div", { class: "actions" },
      id ? h("button", { type: "button", class: "primary", id: "replay-button",
        onclick: () => navigate({ replay: id }) }, t("end.replay")) : null,
      id && st.proof.secret ? h("button", { type: "button", id: "verify-deals-button",
        onclick: () => showVerification(id, st.proof) }, t("verify.button")) : null,
      h("button", { type: "button", id: "new-table-button", onclick: () => navigate({}) }, t("end.newTable")));
    dialog = showOldEnd(view(), seatName, forget, actions);
  }

  /** How far the server's clock is ahead of this one (seconds), from the `now` of its last message. */
  function setClock(now) {
    if (typeof now === "number") st.clock = now - Date.now() / 1000;
  }

  function updateTimers() {
    for (const el of root.querySelectorAll(".timer[data-deadline]")) {
      const left = Math.max(0, Math.round(Number(el.dataset.deadline) - (Date.now() / 1000 + st.clock)));
      el.textContent = ` ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
      el.classList.toggle("urgent", left <= 5);
    }
  }

  // ------------------------------------------------------------------ rendering

  // The moves the server sent since the screen was last drawn, with the view before each: the screen is drawn once
  // for all of them, in the next frame (several come together when the computer players move at once).
  let drawn = [];
  let frame = 0;

  /** Draw the screen for an update in the next frame, then show what its move did (while the page is hidden,
   *  which has no frames, at once). */
  function renderSoon(msg, before) {
    drawn.push({ msg, before });
    if (document.visibilityState !== "visible") render();
    else if (!frame) frame = requestAnimationFrame(() => render());
  }

  /** Draw the screen, then the chat panel below it (kept with its draft and focus) once a table is joined; then
   *  show what the moves of the updates waiting for the next frame did (their animations, what they say). */
  function render() {
    cancelAnimationFrame(frame);
    frame = 0;
    const updates = drawn;
    drawn = [];
    const chatFocus = chat.saveFocus();
    draw();
    if (st.mode === "live" && st.info) {
      chat.setContext(st.info, st.seat);
      // At the climbing game's table the chat is part of the screen's grid (beside the hand on a wide screen).
      chat.place(root.querySelector(":scope > section.game:not(.old)") || root);
      chat.restoreFocus(chatFocus);
    }
    logView.followEnd();
    for (const { msg, before } of updates) {
      animate(msg, before);
      if (msg.by === "stand-in" && msg.seat === st.seat && mine()) standInNotice(msg);
    }
  }

  function draw() {
    if (st.mode === "loading") {
      mount(root, h("p", { class: "muted loading" }, t("game.connecting")));
      return;
    }
    if (st.mode === "missing") {
      mount(root, h("section", { class: "panel" }, h("p", {}, t("join.noTable")),
        h("button", { type: "button", onclick: () => navigate({}) }, t("join.back"))));
      return;
    }
    if (st.mode === "join") {
      mount(root, joinScreen());
      return;
    }
    if (st.mode === "differences") {
      mount(root, differencesScreen());
      return;
    }
    if (!st.info) {
      mount(root, h("p", { class: "muted loading" }, t("game.connecting")));
      return;
    }
    const v = view();
    if (!v) {
      mount(root, waitingRoom());
      return;
    }
    if (isOld()) {
      oldRender(v);
      return;
    }
    const keepFocus = document.activeElement?.classList?.contains("card") ? document.activeElement : null;
    gameScreen();
    renderHandArea();
    if (keepFocus && keepFocus.isConnected) keepFocus.focus();
    updateTimers();
    document.title = `${isMyTurn(v) ? "▶ " : ""}${t("app.name")}`;
    if (v.phase === "over" && !st.endShown) {
      st.endShown = true;
      showEnd();
    } else if (v.phase !== "over" && dialog?.classList.contains("end")) {
      closeDialog(dialog);
    }
  }

  // ------------------------------------------------------------------ start

  document.addEventListener("keydown", onKey);
  document.addEventListener("pointerdown", unlockSound);
  document.addEventListener("keydown", unlockSound);
  tick = setInterval(updateTimers, 250);
  const saved = seats.get(tableId);
  if (saved?.token) connect(saved.token);
  else loadJoin();
  render();

  return {
    beforeLeave: askLeave,
    render() {
      render();
      if (isOld()) return;
      if (dialog?.classList.contains("scores")) showScores();
      else if (dialog?.classList.contains("rules")) showRulesDialog();
      else if (dialog?.classList.contains("end")) showEnd();
    },
    destroy() {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", unlockSound);
      document.removeEventListener("keydown", unlockSound);
      clearInterval(tick);
      cancelAnimationFrame(frame);
      hand.destroy();
      hideWhy();
      closeDialog(dialog);
      if (conn) conn.stop();
      document.title = t("app.name");
    },
  };
}
