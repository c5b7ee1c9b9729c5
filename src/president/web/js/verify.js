// Checking the deals of a finished match in the browser (docs/verify.md). Every commitment and every deal is
// recomputed here from the secret, with WebCrypto's SHA-256 and SHA-512 and JavaScript's BigInt; the server's
// own check (/api/matches/ID/deals) only says which hands it claims to have dealt, and is never trusted.

import { api } from "./api.js";
import { cardId } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { openDialog } from "./ui.js";

const encoder = new TextEncoder();

async function digest(name, lines) {
  return new Uint8Array(await crypto.subtle.digest(name, encoder.encode(lines.join("\n"))));
}

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** The commitment of deal `deal` of the match dealt from `secret` (hexadecimal) at `table`. */
export async function commitment(secret, table, deal) {
  return hex(await digest("SHA-256", ["president commitment", table, String(deal), secret]));
}

/** The seat the first deal is dealt from (and led by) when the rules draw it. */
export async function firstLeader(secret, players) {
  const x = BigInt(`0x${hex(await digest("SHA-512", ["president leader", secret]))}`);
  return Number(x % BigInt(players));
}

/** The deck before shuffling: the card numbers 0 to 51, then the jokers the rules use. */
export function deck(jokers) {
  const cards = Array.from({ length: 52 }, (_, i) => i);
  if (jokers === 1) cards.push(53);
  if (jokers === 2) cards.push(52, 53);
  return cards;
}

/** `cards` shuffled for deal `deal`: Fisher–Yates from the last position down, each partner a digit of the
 * SHA-512 number in the mixed radix of the positions. */
export async function dealOrder(secret, deal, cards) {
  let x = BigInt(`0x${hex(await digest("SHA-512", ["president deal", String(deal), secret]))}`);
  const order = [...cards];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const radix = BigInt(i + 1);
    const j = Number(x % radix);
    x /= radix;
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** The hands by seat (card numbers, sorted) of deal `deal`, dealt one card at a time from seat `first`. */
export async function dealHands(secret, deal, jokers, players, first) {
  const hands = Array.from({ length: players }, () => []);
  (await dealOrder(secret, deal, deck(jokers))).forEach((card, k) => hands[(first + k) % players].push(card));
  return hands.map((hand) => hand.sort((a, b) => a - b));
}

const sameCards = (codes, numbers) => codes.map(cardId).sort((a, b) => a - b).join() === numbers.join();

/** The old President's pack before shuffling: the card numbers 0 to 51 without 20 (the 8 of diamonds). */
export function oldDeck() {
  return Array.from({ length: 52 }, (_, i) => i).filter((c) => c !== 20);
}

const OLD_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

/** An old-game card number as its text (`suit * 13 + rank - 1`: `Ad`, `10h`, `Ks`). */
export function oldCardText(card) {
  return OLD_RANKS[card % 13] + "cdhs"[Math.floor(card / 13)];
}

/** Pack `deal` of an old-game match dealt by `dealer`: card by card from the dealer's left, the dummy before the
 * dealer, the last card turned up; the settlement `redeal` has no dummy. Hands and dummy as sorted card numbers. */
export async function oldDealHands(secret, deal, players, dealer, redeal) {
  const order = await dealOrder(secret, deal, oldDeck());
  const round = Array.from({ length: players - 1 }, (_, step) => (dealer + step + 1) % players);
  if (!redeal) round.push(-1);
  round.push(dealer);
  const hands = Array.from({ length: players }, () => []);
  const dummy = [];
  const dealt = redeal ? order.length : order.length - 1;
  for (let k = 0; k < dealt; k += 1) {
    const to = round[k % round.length];
    (to === -1 ? dummy : hands[to]).push(order[k]);
  }
  const sorted = (cards) => cards.sort((a, b) => a - b);
  return { hands: hands.map(sorted), dummy: sorted(dummy), turnedUp: redeal ? null : order[order.length - 1] };
}

const sameOld = (texts, numbers) => [...texts].sort().join() === numbers.map(oldCardText).sort().join();

async function oldCardsMatch(data, deal) {
  const got = await oldDealHands(data.secret, deal.deal, data.players, deal.dealer, deal.redeal);
  return deal.hands.every((texts, seat) => sameOld(texts, got.hands[seat])) && sameOld(deal.dummy, got.dummy)
    && deal.turned_up === (got.turnedUp === null ? null : oldCardText(got.turnedUp));
}

/**
 * Check the deals the server describes (`data`, from /api/matches/ID/deals) against the secret, and against what
 * this page saw during play (`seen`: `commitments` by deal from 1, `secret`, `seat` and that seat's `hands` as
 * dealt, by deal number; any may be missing). Resolves to {ok, rows}, a row per deal.
 */
export async function checkDeals(data, seen = {}) {
  const rows = [];
  for (const deal of data.deals) {
    const n = deal.deal;
    const computed = await commitment(data.secret, data.table, n);
    const saw = seen.commitments?.[n - 1];
    let cards;
    if (data.game === "old-president") {
      cards = await oldCardsMatch(data, deal);
    } else {
      const hands = await dealHands(data.secret, n, data.jokers, data.players, deal.first);
      const mine = seen.hands?.[n];
      cards = deal.hands.every((codes, seat) => sameCards(codes, hands[seat]))
        && (mine === undefined || sameCards(mine, hands[seen.seat]));
    }
    rows.push({
      deal: n, computed,
      commitment: computed === deal.shown && (saw === undefined || saw === computed),
      seen: saw !== undefined,
      cards,
    });
  }
  const extra = (seen.commitments?.length || 0) > data.deals.length;
  const secretSame = seen.secret === undefined || seen.secret === null || seen.secret === data.secret;
  const ok = rows.every((r) => r.commitment && r.cards) && !extra && secretSame;
  return { ok, rows };
}

function resultView(data, result, seenCount, ownHands) {
  const mark = (good) => h("span", { class: good ? "check-ok" : "check-bad" },
    good ? t("verify.ok") : t("verify.bad"));
  return h("div", { class: "verify-result" },
    h("p", { id: "verify-summary", role: "status", class: result.ok ? "check-ok" : "check-bad" },
      result.ok ? t("verify.allGood") : t("verify.failed")),
    h("p", { class: "muted small" }, !seenCount ? t("verify.recordNote")
      : t(ownHands ? "verify.seenNote" : "verify.seenCommitmentsNote", { n: seenCount })),
    h("table", { class: "scores verify-table" },
      h("thead", {}, h("tr", {}, h("th", {}, t("scores.deal")), h("th", {}, t("verify.commitment")),
        h("th", {}, t("verify.commitmentCheck")), h("th", {}, t("verify.cards")))),
      h("tbody", {}, result.rows.map((row) => h("tr",
        { "data-deal": row.deal, class: row.commitment && row.cards ? "" : "bad" },
        h("td", {}, String(row.deal)),
        h("td", { class: "hash", title: row.computed }, `${row.computed.slice(0, 16)}…`),
        h("td", {}, mark(row.commitment)),
        h("td", {}, mark(row.cards)))))),
    h("p", { class: "muted small secret" }, t("verify.secret", { secret: data.secret })));
}

/** Open the dialog that checks the deals of finished match `matchId` (with what the page saw, when it played). */
export function showVerification(matchId, seen = {}) {
  const body = h("div", {}, h("p", {}, t("verify.intro")),
    h("p", { class: "muted", role: "status" }, t("verify.checking")));
  const dialog = openDialog("verify", t("verify.title"), body);
  (async () => {
    let content;
    if (!globalThis.crypto?.subtle) {
      content = h("p", { class: "check-bad", id: "verify-summary" }, t("verify.noCrypto"));
    } else {
      try {
        const data = await api(`/api/matches/${encodeURIComponent(matchId)}/deals`);
        content = resultView(data, await checkDeals(data, seen), seen.commitments?.length || 0,
          Object.keys(seen.hands || {}).length > 0);
      } catch (err) {
        const text = err.code === "not_verifiable" ? t("verify.unavailable") : err.message;
        content = h("p", { class: "check-bad", id: "verify-summary" }, text);
      }
    }
    body.replaceChildren(h("p", {}, t("verify.intro")), content);
  })();
  return dialog;
}
