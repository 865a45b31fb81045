// What the map boards share: the legal actions whichever form the view gives them in, and a board's own stylesheet.

/** @typedef {import("../action_button.js").Action} Action */

/**
 * The seat's legal actions, exactly as `legal_actions` lists them; from `action_groups` when the view is grouped
 * (`?actions=grouped`: each group's `action` completed by every combination of one option per field of each of its
 * `rows`, then by each action of its `then`; a field that is a list of fields holds sub-rows in each row).
 * @param {any} game the view document
 * @returns {Action[]}
 */
export function legalActions(game) {
  if (Array.isArray(game.legal_actions)) return game.legal_actions;
  if (!Array.isArray(game.action_groups)) return [];
  return expandGroups(game.action_groups);
}

/**
 * Every combination of one option per field of a row; where a field is a list of fields, of each of its sub-rows.
 * @param {any[]} fields
 * @param {any[][]} row
 * @returns {Record<string, any>[]}
 */
function combinations(fields, row) {
  return row.reduce(
    (/** @type {Record<string, any>[]} */ made, /** @type {any[]} */ options, /** @type {number} */ i) => {
      const field = fields[i];
      const choices = Array.isArray(field)
        ? options.flatMap((/** @type {any[][]} */ sub) => combinations(field, sub))
        : options.map((option) => ({ [field]: option }));
      return made.flatMap((partial) => choices.map((choice) => ({ ...partial, ...choice })));
    },
    [{}],
  );
}

/**
 * @param {any[]} groups compact action groups
 * @returns {Action[]}
 */
export function expandGroups(groups) {
  return groups.flatMap((group) => {
    const shared = group.action || {};
    /** @type {any[]} */
    let heads = [{ ...shared }];
    if (Array.isArray(group.fields)) {
      heads = group.rows.flatMap((/** @type {any[][]} */ row) =>
        combinations(group.fields, row).map((combo) => ({ ...shared, ...combo })),
      );
    }
    if (Array.isArray(group.then) && group.then.length) {
      const tails = expandGroups(group.then);
      heads = heads.flatMap((head) => tails.map((tail) => ({ ...head, ...tail })));
    }
    return heads;
  });
}

/**
 * Load a stylesheet of the page's own static folder once (a <link>, which the page's CSP allows).
 * @param {string} path relative to the static folder, e.g. "boards/ticket-to-ride-europe.css"
 */
export function useStyle(path) {
  const base = document.body.dataset.static || "/play/static/";
  const href = `${base}${path}?v=${document.body.dataset.version || ""}`;
  if (document.querySelector(`link[data-board-style="${path}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.boardStyle = path;
  document.head.append(link);
}

/** Where each map box was scrolled to, by name: a redraw builds a new box, which should stay where the person left it. */
const scrolled = new Map();

/**
 * Keep a scrolling map box where it was before the redraw (or, the first time, at `start` units from its left edge of
 * the drawing, centred). Call it once the box is in the document.
 * @param {HTMLElement} box
 * @param {string} name
 * @param {number} [start] a place on the drawing, as a share of its width (0..1), to centre the first time
 */
export function keepScroll(box, name, start) {
  const saved = scrolled.get(name);
  if (saved !== undefined) box.scrollLeft = saved;
  else if (start !== undefined) {
    const centre = () => {
      if (!scrolled.has(name)) box.scrollLeft = Math.max(0, start * box.scrollWidth - box.clientWidth / 2);
    };
    centre();
    // the board's stylesheet may still be on its way, and with it the map's width: centre again when it comes
    const map = box.firstElementChild;
    if (map) new ResizeObserver(centre).observe(map);
  }
  box.addEventListener("scroll", () => scrolled.set(name, box.scrollLeft), { passive: true });
}
