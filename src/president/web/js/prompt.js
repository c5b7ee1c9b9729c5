// What the line above the hand says, and which buttons it offers: pure functions of a seat's view and the
// table's rules, so that they can be checked against the engine's views.

import { t } from "./i18n.js";

/** What the seat owes for its play now ("7-pass: choose 2 cards to pass on to Ann."), or "" when nothing. */
export function owedPrompt(view, seatName) {
  const owed = view.owed?.[0];
  if (!owed) return "";
  if (owed.move === "name") {
    return view.to_act === view.seat ? t("game.chooseName") : t("game.nameWait", { name: seatName(view.to_act) });
  }
  if (owed.move === "salvage") {
    return view.to_act === view.seat ? takePrompt(owed) : t("game.salvageWait", { name: seatName(view.to_act) });
  }
  if (view.to_act !== view.seat) return t("game.owedWait", { name: seatName(view.to_act) });
  if (owed.move === "pass-on") return t("game.choosePassOn", { n: owed.count, name: seatName(owed.to) });
  return owed.option === "galaxy_express" ? t("game.chooseGalaxyDiscard", { n: owed.count })
    : t("game.chooseDiscard", { n: owed.count });
}

/** What a take from the discard pile asks, by the rule that owes it (the trick's end on 3s, three 6s, 9s …). */
function takePrompt(owed) {
  switch (owed.option) {
    case "satan": return t("game.chooseSatan");
    case "chestnut_picking": return t("game.chooseChestnut", { n: owed.count });
    case "galaxy_express": return t("game.chooseGalaxyTake", { n: owed.count });
    default: return t("game.chooseSalvage");
  }
}

/** The prompt of a lead: how many cards of one rank, runs where they are allowed, the card the lead must hold. */
export function leadPrompt(view, rules) {
  const max = rules.max_set ?? 4;
  const text = t("game.lead", { max, run: rules.runs ? rules.run_min ?? 3 : 0 });
  return view.must_contain ? `${text} ${t("game.mustContain", { card: view.must_contain })}` : text;
}

/** Whether the seat gives back in the exchange's second half; the others may receive and give nothing. */
function lowerHalf(view) {
  const order = view.deal_results[view.deal_results.length - 1]?.order || [];
  const place = order.indexOf(view.seat);
  return place >= 0 && place >= order.length / 2;
}

/** Until the seat's first play of the deal: the exchange is still news. */
function exchangeNews(view) {
  if (view.phase === "exchange") return true;
  return view.phase === "play" && !view.history.some((e) => e.seat === view.seat);
}

/** Cards outlined in green: those received in the exchange, until the seat's first play of the deal. */
export function receivedCards(view) {
  if (!view.received?.length || !exchangeNews(view)) return new Set();
  return new Set(view.received.filter((c) => view.hand.includes(c)));
}

/** The cards the exchange took from a seat in the lower half (its automatic gift), until its first play. */
export function takenCards(view) {
  if (!view.given?.length || !lowerHalf(view) || !exchangeNews(view)) return [];
  return view.given;
}

/** The Play button's job: "give" when the seat gives back now, "passOn" or "discard" when its play owes that,
 * "play" in the play, null when it has none (or when it names a rank or takes a card back from the pile: the rank
 * and pile buttons stand for it). */
export function playButton(view, myTurn) {
  if (view.phase === "play" && view.owed?.length) {
    if (!myTurn || view.owed[0].move === "name" || view.owed[0].move === "salvage") return null;
    return view.owed[0].move === "pass-on" ? "passOn" : "discard";
  }
  if (view.phase === "play") return "play";
  if (view.phase === "exchange" && myTurn && view.give_count > 0) return "give";
  return null;
}
