// What the events of a move say at the table: the line read to screen readers, and the house-rule events
// (lock, 11-back, skip, cuts, a forbidden finish, a fall) that also show as a toast.

import { cardText, placeText, t } from "./i18n.js";

/** "Red joker = 5♣" for each joker of a play that stands for a card ({RJ: "5c"}). */
export function standsText(stands) {
  return Object.entries(stands || {}).map(([joker, card]) => t("game.stands", { joker: cardText(joker), card }));
}

/** The notable house-rule happening of an event, as a line, or "" (plays, passes and the like say nothing here). */
export function ruleLine(event, seatName) {
  const name = event.seat === undefined || event.seat === null ? "" : seatName(event.seat);
  switch (event.type) {
    case "lock": return t("ev.lock", { name, suits: event.suits });
    case "eleven_back": return t(event.on ? "ev.elevenBackOn" : "ev.elevenBackOff", { name });
    case "revolution": return t(event.on === false ? "ev.revolutionOff" : "ev.revolutionOn");
    case "skip": return t("ev.skip", { name });
    case "fall": return t("ev.fall", { name });
    case "out": return event.forbidden ? t("ev.forbidden", { name, place: placeText(event.place) }) : "";
    case "trick_cleared": return event.cut ? t(`ev.cut.${event.cut}`, { name: seatName(event.leader) }) : "";
    default: return "";
  }
}

/** The line a screen reader hears for an event, or "". */
export function eventLine(event, seatName) {
  const rule = ruleLine(event, seatName);
  if (rule) return rule;
  const name = event.seat === undefined || event.seat === null ? "" : seatName(event.seat);
  switch (event.type) {
    case "play": {
      const stands = standsText(event.stands);
      return t("game.played", { name, cards: event.cards || [] }) + (stands.length ? ` (${stands.join(", ")})` : "");
    }
    case "pass": return t("game.passed", { name });
    case "out": return t("game.out", { name, place: placeText(event.place) });
    case "trick_cleared": return t("game.trickCleared", { name: seatName(event.leader) });
    case "deal_over": return t("game.dealOver", { n: event.deal });
    default: return "";
  }
}
