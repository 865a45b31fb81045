// Seats as people see them: a name, a colour and a shape, so colours are told apart without seeing colour.
import { h } from "./dom.js";
import { t } from "./texts.js";

export const SEAT_COLOURS = ["#d1495b", "#2e86ab", "#edae49", "#3c8d2f", "#8e5cc4", "#e07a1f", "#1b998b", "#6b705c"];
export const SEAT_SHAPES = ["●", "▲", "■", "◆", "★", "✚", "⬟", "⬢"];

/**
 * @param {{seat: number, name?: string | null, bot?: string | null, open?: boolean}} seat
 * @returns {string}
 */
export function seatName(seat) {
  if (seat.open) return t("open_seat");
  // a bot the server named by default ("greedy bot") is named in the page's language
  if (seat.bot) return seat.name && seat.name !== `${seat.bot} bot` ? seat.name : t("bot_named", { bot: botName(seat.bot) });
  return seat.name || t("seat_n", { n: seat.seat + 1 });
}

/** @param {string} bot */
export function botName(bot) {
  const key = `bot_${bot}`;
  const text = t(key);
  return text === key ? bot : text;
}

/**
 * A seat's token: its shape in its colour, with the seat number for screen readers.
 * @param {number} seat
 * @returns {HTMLSpanElement}
 */
export function seatMark(seat) {
  const mark = h("span", { class: `seat-mark seat-${seat % 8}`, "aria-hidden": "true", text: SEAT_SHAPES[seat % 8] });
  mark.style.color = SEAT_COLOURS[seat % 8];
  return mark;
}

/** @param {string} type */
export function gameTitle(type) {
  const key = `game_${type}`;
  const text = t(key);
  return text === key ? type : text;
}
