// What the events of a move say at the table: the line read to screen readers, and the house-rule events
// (lock, 11-back, skip, reverse, cuts, a 4-stop, a forbidden finish, a fall, gekokujo, tenpen-chii, a 7-pass, a
// 10-discard, a Q-bomber's name, a salvage and the other takes from the discard pile)
// that also show as a toast.

import { cardText, placeText, rankText, t } from "./i18n.js";

const SUIT_SIGNS = { c: "♣", d: "♦", h: "♥", s: "♠" };

/** What one joker stands for, said for a player: "Red joker = 5♣", "… = ♣ below the 3", "… = a fifth 7". */
export function standText(joker, stand) {
  const name = cardText(joker);
  const past = /^([-+])([cdhs])$/.exec(stand);
  if (past) {
    return t(past[1] === "-" ? "game.standsBelow" : "game.standsAbove", { joker: name, suit: SUIT_SIGNS[past[2]] });
  }
  if (!/[cdhs]$/.test(stand)) return t("game.standsFifth", { joker: name, rank: stand });
  return t("game.stands", { joker: name, card: stand });
}

/** standText for each joker of a play that stands for something ({RJ: "5c"}). */
export function standsText(stands) {
  return Object.entries(stands || {}).map(([joker, stand]) => standText(joker, stand));
}

/** The revolutions started by a rule of their own, which the line names (coup, omen, great revolution, emperor). */
const REVOLUTION_RULES = new Set(["coup", "omen", "great_revolution", "emperor"]);

/** The line of a discard by the rule that owes it (the 10-discard's otherwise). */
const DISCARD_LINES = { queen_bomber: "ev.bombDiscard", galaxy_express: "ev.galaxyDiscard" };
/** The line of a take from the discard pile by the rule that owes it (the salvage's otherwise). */
const TAKE_LINES = { satan: "ev.satan", chestnut_picking: "ev.chestnut", galaxy_express: "ev.galaxyTake" };

/** The notable house-rule happening of an event, as a line, or "" (plays, passes and the like say nothing here). */
export function ruleLine(event, seatName) {
  const name = event.seat === undefined || event.seat === null ? "" : seatName(event.seat);
  switch (event.type) {
    case "lock": return event.stair ? t("ev.stair", { name }) : t("ev.lock", { name, suits: event.suits });
    case "eleven_back": return t(event.on ? "ev.elevenBackOn" : "ev.elevenBackOff", { name });
    case "revolution": {
      const line = t(event.on === false ? "ev.revolutionOff" : "ev.revolutionOn");
      return REVOLUTION_RULES.has(event.option) ? `${t(`ev.by.${event.option}`)}: ${line}` : line;
    }
    case "skip": return t(event.option === "five_skip" ? "ev.skipFive" : "ev.skip", { name });
    case "reverse": return t(event.backwards ? "ev.reverseCcw" : "ev.reverseCw", { name });
    case "fall": return t("ev.fall", { name });
    case "gekokujo": return t("ev.gekokujo", { name });
    case "spared": return t("ev.spared", { name });
    case "passed_on": return event.cards ? t("ev.passedOnSeen", { name, cards: event.cards, to: seatName(event.to) })
      : t("ev.passedOn", { name, n: event.count, to: seatName(event.to) });
    case "discard": return t(DISCARD_LINES[event.option] || "ev.discard", { name, cards: event.cards || [] });
    case "name": return t("ev.name", { name, rank: rankText(event.rank) });
    case "salvage": return t(TAKE_LINES[event.option] || "ev.salvage", { name, cards: event.cards || [] });
    case "cut_waits": return t("ev.cutWaits", { name });
    case "stop": return t("ev.fourStop", { name });
    case "out":
      if (event.forbidden) return t("ev.forbidden", { name, place: placeText(event.place) });
      if (event.option === "lucky_seven") return t("ev.luckyOut", { name, place: placeText(event.place) });
      return event.option === "great_revolution" ? t("ev.greatOut", { name, place: placeText(event.place) }) : "";
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
