// Timeline: the shared timeline with its keys and the gaps to place into, my hand, the others' hands, the round,
// the pile and the box, and sudden death once some players are out.
import { actionButton } from "../action_button.js";
import { h } from "../dom.js";
import { seatMark } from "../players.js";

/** @typedef {import("../action_button.js").Table} Table */

/** The card of my hand I am about to place, per game. @type {Map<string, string>} */
const chosen = new Map();
/** The last card boxed, per game, as the log saw it. @type {Map<string, any>} */
const lastBoxed = new Map();

/**
 * @param {any} card
 * @param {string} [extra]
 */
function cardFace(card, extra = "", theme = card.theme) {
  return h("div", { class: `tl-card theme-${card.theme} ${extra}`, "data-card": card.id }, [
    card.label ? h("span", { class: "tl-key", text: card.label }) : null,
    h("span", { class: "tl-title", text: card.title }),
    h("span", { class: "tl-theme", text: theme }),
  ]);
}

/**
 * @param {HTMLElement} root
 * @param {Table} table
 */
export function drawBoard(root, table) {
  const { t } = table;
  const game = table.view;
  const view = game.view;
  const id = game.id;
  /** @type {any[]} */
  const legal = game.legal_actions || [];
  const myHand = table.seat === null ? null : view.hands.find((/** @type {any} */ hand) => hand.seat === table.seat);
  const placeable = new Set(legal.filter((a) => a.type === "place").map((a) => a.card));
  let selected = chosen.get(id);
  if (!selected || !placeable.has(selected)) selected = placeable.values().next().value;
  if (selected) chosen.set(id, selected);

  const sudden = view.eliminated.length > 0 && game.status === "running";
  const facts = h("div", { class: "facts" }, [
    h("span", { class: "fact", text: t("tl_round", { round: view.round }) }),
    h("span", { class: "fact", text: t("tl_pile", { count: view.pile }) }),
    h("span", { class: "fact", "data-box": view.box, text: t("tl_box", { count: view.box }) }),
    sudden ? h("span", { class: "fact alarm", text: t("tl_sudden_death") }) : null,
    h("span", { class: "fact", text: view.kind === "ordinal" ? t("tl_kind_ordinal") : t("tl_kind_dated") }),
  ]);

  // the timeline: cards and, for the chosen card, a gap button between every two
  const line = h("ol", { class: "tl-line", "aria-label": t("tl_timeline") });
  const cards = view.timeline;
  /** @param {number} gap */
  const gapSlot = (gap) => {
    const slot = h("li", { class: "tl-gap" });
    for (const action of legal) {
      if (action.type !== "place" || action.gap !== gap) continue;
      const card = myHand ? myHand.cards.find((/** @type {any} */ c) => c.id === action.card) : null;
      const before = cards[gap - 1];
      const after = cards[gap];
      const where = before && after
        ? t("tl_between", { a: before.label, b: after.label })
        : before ? t("tl_after", { a: before.label }) : after ? t("tl_before", { b: after.label }) : "";
      const button = actionButton(table, action, "▼", {
        title: t("tl_place_here", { card: card ? card.title : action.card, where }),
        class: "gap-button",
      });
      button.hidden = action.card !== selected;
      slot.append(button);
    }
    return slot;
  };
  line.append(gapSlot(0));
  cards.forEach((/** @type {any} */ card, /** @type {number} */ index) => {
    line.append(h("li", { class: "tl-slot" }, [cardFace(card, "", table.name("themes", card.theme))]));
    line.append(gapSlot(index + 1));
  });

  // my hand: choosing a card shows its gaps
  const handBox = h("section", { class: "tl-hand", "aria-label": t("tl_my_hand") });
  if (myHand) {
    handBox.append(h("h2", { text: t("tl_my_hand_count", { count: myHand.cards.length }) }));
    const row = h("div", { class: "hand-row" });
    for (const card of myHand.cards) {
      const can = placeable.has(card.id);
      const pick = h("button", {
        type: "button",
        class: `pick ${card.id === selected ? "picked" : ""}`,
        "aria-pressed": String(card.id === selected),
        "data-pick": card.id,
        disabled: !can,
      }, [cardFace(card, "", table.name("themes", card.theme))]);
      pick.addEventListener("click", () => {
        chosen.set(id, card.id);
        for (const gap of root.querySelectorAll(".gap-button")) {
          if (!(gap instanceof HTMLButtonElement)) continue;
          gap.hidden = JSON.parse(gap.dataset.action || "{}").card !== card.id;
        }
        for (const other of row.querySelectorAll(".pick")) {
          const on = other === pick;
          other.classList.toggle("picked", on);
          other.setAttribute("aria-pressed", String(on));
        }
      });
      row.append(pick);
    }
    handBox.append(row);
    if (placeable.size) handBox.append(h("p", { class: "help", text: t("tl_hint") }));
  }

  // the others' hands: fronts are public
  const others = h("section", { class: "tl-others", "aria-label": t("tl_others") });
  for (const hand of view.hands) {
    if (hand.seat === table.seat) continue;
    const out = view.eliminated.find((/** @type {any} */ e) => e.seat === hand.seat);
    others.append(
      h("details", { class: "other-hand" }, [
        h("summary", {}, [
          seatMark(hand.seat),
          " ",
          table.seatName(hand.seat),
          " · ",
          t("tl_cards", { count: hand.cards.length }),
          out ? ` · ${t("tl_out_in", { round: out.round })}` : "",
        ]),
        h("ul", {}, hand.cards.map((/** @type {any} */ card) => h("li", { text: card.title }))),
      ]),
    );
  }

  const boxed = lastBoxed.get(id);
  const boxBox = boxed
    ? h("div", { class: "tl-boxed" }, [h("span", { text: t("tl_last_boxed") }), cardFace(boxed, "small", table.name("themes", boxed.theme))])
    : null;

  root.append(facts, h("div", { class: "tl-scroll" }, [line]));
  if (myHand) root.append(handBox);
  if (boxBox) root.append(boxBox);
  root.append(others);
  const picked = line.querySelector(".gap-button:not([hidden])");
  if (picked) picked.closest(".tl-gap")?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
}

/**
 * @param {any} event
 * @param {Table} table
 */
export function describe(event, table) {
  const { t } = table;
  const who = typeof event.seat === "number" ? table.seatName(event.seat) : "";
  switch (event.type) {
    case "card_placed":
      return t("tl_log_placed", { name: who, card: event.card.title, key: event.card.label });
    case "card_boxed":
      lastBoxed.set(table.view.id, event.card);
      return t("tl_log_boxed", { name: who, card: event.card.title, key: event.card.label });
    case "card_drawn":
      return t("tl_log_drew", { name: who });
    case "nothing_to_draw":
      return t("tl_log_nothing", { name: who });
    case "box_reshuffled":
      return t("tl_log_reshuffled", { count: event.count });
    case "round_ended":
      return null;
    case "players_eliminated":
      return t("tl_log_eliminated", { names: event.seats.map((/** @type {number} */ s) => table.seatName(s)).join(", ") });
    case "round_started":
      return t("tl_log_round", { round: event.round });
    case "game_over":
      return t("log_game_over");
    default:
      return undefined;
  }
}

/** @param {Table} table */
export function status(table) {
  const game = table.view;
  if (game.status !== "running" || table.seat === null) return null;
  if ((game.to_act || []).includes(table.seat)) return table.t("tl_your_turn");
  return null;
}

/**
 * @param {HTMLElement} root
 * @param {Table} table
 */
export function drawOutcome(root, table) {
  const rows = table.view.outcome.standings.map((/** @type {any} */ s) =>
    h("li", { text: `${table.seatName(s.seat)}: ${table.t("tl_cards_left", { count: s.cards_left })}` }),
  );
  root.append(h("ul", { class: "outcome-detail" }, rows));
}
