// The one way a page offers a move: a real button carrying the exact legal action it posts as data-action.

/** @typedef {Record<string, unknown>} Action */
/**
 * @typedef {object} Table
 * @property {any} view the seat's view as the API answers it
 * @property {any} type the game-type document, data in the page's language
 * @property {number | null} seat null for a spectator
 * @property {string} lang
 * @property {(key: string, vars?: Record<string, string | number>) => string} t
 * @property {(kind: string, id: string) => string} name
 * @property {(action: Action) => Promise<unknown>} act
 * @property {(seat: number) => string} seatName a seat's name as the shell writes it ("you" marked)
 */

/**
 * A button that posts one legal action.
 * @param {Table} table
 * @param {Action} action exactly as in legal_actions
 * @param {string | Node} label text or content; a content's text must name the action
 * @param {{title?: string, class?: string}} [options]
 * @returns {HTMLButtonElement}
 */
export function actionButton(table, action, label, options = {}) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = options.class ? `act ${options.class}` : "act";
  button.dataset.action = JSON.stringify(action);
  if (typeof label === "string") button.textContent = label;
  else button.append(label);
  if (options.title) {
    button.title = options.title;
    button.setAttribute("aria-label", options.title);
  }
  button.addEventListener("click", () => {
    if (button.disabled) return;
    for (const other of document.querySelectorAll("button[data-action]")) {
      if (other instanceof HTMLButtonElement) other.disabled = true;
    }
    table.act(action).finally(() => {
      for (const other of document.querySelectorAll("button[data-action]")) {
        if (other instanceof HTMLButtonElement) other.disabled = false;
      }
    });
  });
  return button;
}
