// The seats this browser holds: one token per game, kept in localStorage, never in an address after the first visit.

const KEY = "deskovka.play.seats";

/** @typedef {{token: string, seat: number, type: string, at: number}} Held */

/** @returns {Record<string, Held>} */
export function held() {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) || "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

/**
 * Keep a seat's token.
 * @param {string} gameId
 * @param {number} seat
 * @param {string} token
 * @param {string} type
 */
export function keep(gameId, seat, token, type) {
  const all = held();
  all[gameId] = { token, seat, type, at: Date.now() };
  localStorage.setItem(KEY, JSON.stringify(all));
}

/**
 * Forget a game.
 * @param {string} gameId
 */
export function forget(gameId) {
  const all = held();
  delete all[gameId];
  localStorage.setItem(KEY, JSON.stringify(all));
}

/**
 * The seat held for a game, if any.
 * @param {string} gameId
 * @returns {Held | null}
 */
export function seatOf(gameId) {
  return held()[gameId] || null;
}

/**
 * The seat a token names: tokens read "<game id>.<seat>.<secret>".
 * @param {string} token
 * @returns {number | null}
 */
export function tokenSeat(token) {
  const part = token.split(".")[1];
  const seat = Number(part);
  return Number.isInteger(seat) && seat >= 0 ? seat : null;
}

const NAME = "deskovka.play.name";

/** @returns {string} */
export function myName() {
  return localStorage.getItem(NAME) || "";
}

/** @param {string} name */
export function keepName(name) {
  localStorage.setItem(NAME, name);
}
