// A board for a game whose own board is not there yet: every legal action as a button, so the game stays playable.
import { actionButton } from "../action_button.js";
import { h } from "../dom.js";

/** @typedef {import("../action_button.js").Table} Table */

/**
 * @param {HTMLElement} root
 * @param {Table} table
 */
function drawBoard(root, table) {
  const list = h("div", { class: "fallback-actions" });
  for (const action of table.view.legal_actions || []) {
    list.append(actionButton(table, action, Object.values(action).map(String).join(" ")));
  }
  root.append(h("pre", { class: "fallback-view", text: JSON.stringify(table.view.view, null, 1).slice(0, 4000) }), list);
}

export const fallbackBoard = { drawBoard };
