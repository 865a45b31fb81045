// The log in words: a board describes its game's events; the shell words those every game shares.

/** @typedef {import("./action_button.js").Table} Table */

/**
 * One event as a sentence in the page's language, or null to leave it out of the log.
 * @param {any} event
 * @param {Table} table
 * @param {{describe?: (event: any, table: Table) => string | null | undefined}} board
 * @returns {string | null}
 */
export function describe(event, table, board) {
  if (board.describe) {
    const words = board.describe(event, table);
    if (words !== undefined) return words;
  }
  const who = typeof event.seat === "number" ? table.seatName(event.seat) : "";
  switch (event.type) {
    case "seat_resigned":
      return table.t(event.by === "clock" ? "log_resigned_clock" : "log_resigned", { name: who });
    case "turn_timed_out":
      return table.t(event.then === "resign" ? "log_timed_out_resign" : "log_timed_out_bot", { name: who });
    case "table_cancelled":
      return table.t("log_cancelled");
    case "game_over":
      return table.t("log_game_over");
    default:
      return null;
  }
}
