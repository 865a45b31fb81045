// Chronology: every player's own chronology, my three stacks' tops to place, the common decks, and after a right
// placement the colour's power with each of its targets named.
import { actionButton } from "../action_button.js";
import { h } from "../dom.js";
import { seatMark } from "../players.js";

/** @typedef {import("../action_button.js").Table} Table */

const SIGNS = { red: "⚔", beige: "✎", blue: "⚗" };
/** The stack I am about to place from, per game. @type {Map<string, string>} */
const chosen = new Map();

/** @param {Table} table @param {string} colour */
function colourName(table, colour) {
  const named = table.name("colours", colour);
  return named === colour ? table.t(`ch_colour_${colour}`) : named;
}

/** @param {Table} table @param {string} colour */
function powerName(table, colour) {
  const named = table.name("powers", colour);
  return named === colour ? table.t(`ch_power_${colour}`) : named;
}

/** @param {string} colour */
function sign(colour) {
  return /** @type {Record<string, string>} */ (SIGNS)[colour] || "";
}

/**
 * A card turned over (with its year) or a front.
 * @param {any} card
 * @param {string} [extra]
 */
function cardFace(card, extra = "") {
  return h("div", { class: `ch-card colour-${card.colour} ${extra}`, "data-card": card.id }, [
    card.label ? h("span", { class: "tl-key", text: card.label }) : null,
    h("span", { class: "tl-title", text: card.title }),
    h("span", { class: "ch-sign", "aria-hidden": "true", text: sign(card.colour) }),
  ]);
}

/**
 * A pile (stack or common deck): its colour, its size and its top's front.
 * @param {Table} table
 * @param {any} pile
 * @param {string} label
 */
function pileFace(table, pile, label) {
  return h("div", { class: `ch-pile colour-${pile.colour}`, "data-pile": pile.colour }, [
    h("span", { class: "ch-pile-name" }, [h("span", { "aria-hidden": "true", text: sign(pile.colour) }), ` ${label}`]),
    h("span", { class: "ch-count", text: table.t("tl_cards", { count: pile.count }) }),
    pile.top ? h("span", { class: "tl-title", text: pile.top.title }) : h("span", { class: "tl-title empty", text: table.t("ch_empty") }),
  ]);
}

/**
 * Where a power's pile is, in words: the common deck or a seat's stack.
 * @param {Table} table
 * @param {number | null} seat
 * @param {string} colour
 */
function pileWords(table, seat, colour) {
  const c = colourName(table, colour);
  if (seat === null) return table.t("ch_common_deck", { colour: c });
  if (seat === table.seat) return table.t("ch_my_stack", { colour: c });
  return table.t("ch_stack_of", { colour: c, name: table.seatName(seat) });
}

/**
 * The top card of a pile, as the view shows it.
 * @param {any} view
 * @param {number | null} seat
 * @param {string} colour
 */
function topOf(view, seat, colour) {
  const piles = seat === null ? view.common : view.players.find((/** @type {any} */ p) => p.seat === seat)?.stacks || [];
  const pile = piles.find((/** @type {any} */ p) => p.colour === colour);
  return pile && pile.top ? pile.top.title : "";
}

/**
 * A power's action in words.
 * @param {Table} table
 * @param {any} action
 */
function powerWords(table, action) {
  const view = table.view.view;
  switch (action.type) {
    case "skip":
      return table.t("ch_skip");
    case "discard_top":
      return table.t("ch_do_discard", { pile: pileWords(table, action.seat, action.colour), card: topOf(view, action.seat, action.colour) });
    case "move_top":
      return table.t("ch_do_move", { card: topOf(view, null, action.colour), pile: pileWords(table, action.seat, action.colour) });
    case "swap_tops":
      return table.t("ch_do_swap", { a: pileWords(table, action.seats[0], action.colour), b: pileWords(table, action.seats[1], action.colour) });
    case "reshuffle":
      return table.t("ch_do_reshuffle", { pile: pileWords(table, table.seat, action.colour) });
    default:
      return JSON.stringify(action);
  }
}

/**
 * @param {HTMLElement} root
 * @param {Table} table
 */
export function drawBoard(root, table) {
  const { t } = table;
  const game = table.view;
  const view = game.view;
  /** @type {any[]} */
  const legal = game.legal_actions || [];
  const facts = h("div", { class: "facts" }, [
    h("span", { class: "fact", text: view.phase === "setup" ? t("ch_setup") : t("tl_round", { round: view.round }) }),
    view.final_round ? h("span", { class: "fact alarm", text: t("ch_final_round") }) : null,
    h("span", { class: "fact", text: t("ch_discard", { count: view.discard.length }) }),
    view.powers ? null : h("span", { class: "fact", text: t("ch_no_powers") }),
  ]);
  root.append(facts);

  // the common decks; in setup each is a choice
  const common = h("div", { class: "ch-common" });
  for (const pile of view.common) {
    const face = pileFace(table, pile, t("ch_common_deck", { colour: colourName(table, pile.colour) }));
    const start = legal.find((a) => a.type === "start" && a.colour === pile.colour);
    if (start) {
      face.append(
        actionButton(table, start, t("ch_start"), {
          title: t("ch_start_with", { card: pile.top ? pile.top.title : "", name: table.seatName((table.seat ?? 0) + 1 >= view.players.length ? 0 : (table.seat ?? 0) + 1) }),
          class: "small primary",
        }),
      );
    }
    common.append(face);
  }
  root.append(h("section", { "aria-label": t("ch_common") }, [h("h2", { text: t("ch_common") }), common]));

  // the power on offer, every target a button
  const powers = legal.filter((a) => ["skip", "discard_top", "move_top", "swap_tops", "reshuffle"].includes(a.type));
  if (powers.length) {
    const panel = h("section", { class: `ch-power colour-${view.power}`, "aria-labelledby": "power-heading" }, [
      h("h2", { id: "power-heading", text: t("ch_power_offer", { power: powerName(table, view.power) }) }),
      h("p", { class: "help", text: t(`ch_power_help_${view.power}`) }),
    ]);
    const list = h("div", { class: "ch-targets" });
    for (const action of powers) {
      list.append(actionButton(table, action, powerWords(table, action), { class: action.type === "skip" ? "small ghost" : "small" }));
    }
    panel.append(list);
    root.append(panel);
  }

  const me = table.seat === null ? null : view.players.find((/** @type {any} */ p) => p.seat === table.seat);
  if (me) root.append(drawMine(table, me, legal));
  const others = h("div", { class: "ch-others" });
  for (const player of view.players) {
    if (me && player.seat === me.seat) continue;
    others.append(drawPlayer(table, player));
  }
  root.append(h("section", { "aria-label": t("ch_others") }, [h("h2", { text: t("ch_others") }), others]));
}

/**
 * My stacks to choose from and my chronology with its gaps.
 * @param {Table} table
 * @param {any} me
 * @param {any[]} legal
 */
function drawMine(table, me, legal) {
  const { t } = table;
  const id = table.view.id;
  const places = legal.filter((a) => a.type === "place");
  const colours = new Set(places.map((a) => a.colour));
  let selected = chosen.get(id);
  if (!selected || !colours.has(selected)) selected = colours.values().next().value;
  if (selected) chosen.set(id, selected);
  const box = h("section", { class: "ch-mine", "aria-label": t("ch_mine") });

  const line = h("ol", { class: "tl-line" });
  /** @param {number} gap */
  const gapSlot = (gap) => {
    const slot = h("li", { class: "tl-gap" });
    for (const action of places.filter((a) => a.gap === gap)) {
      const before = me.chronology[gap - 1];
      const after = me.chronology[gap];
      const where = before && after
        ? t("tl_between", { a: before.label, b: after.label })
        : before ? t("tl_after", { a: before.label }) : after ? t("tl_before", { b: after.label }) : "";
      const top = me.stacks.find((/** @type {any} */ s) => s.colour === action.colour)?.top;
      const button = actionButton(table, action, "▼", { title: t("tl_place_here", { card: top ? top.title : action.colour, where }), class: "gap-button" });
      button.hidden = action.colour !== selected;
      slot.append(button);
    }
    return slot;
  };
  line.append(gapSlot(0));
  me.chronology.forEach((/** @type {any} */ card, /** @type {number} */ index) => {
    line.append(h("li", { class: "tl-slot" }, [cardFace(card)]));
    line.append(gapSlot(index + 1));
  });
  box.append(h("h2", { text: t("ch_my_chronology", { count: me.chronology.length }) }), h("div", { class: "tl-scroll" }, [line]));

  const row = h("div", { class: "hand-row" });
  for (const pile of me.stacks) {
    const can = colours.has(pile.colour);
    const pick = h("button", {
      type: "button",
      class: `pick ${pile.colour === selected ? "picked" : ""}`,
      "aria-pressed": String(pile.colour === selected),
      "data-pick": pile.colour,
      disabled: !can,
    }, [pileFace(table, pile, t("ch_my_stack", { colour: colourName(table, pile.colour) }))]);
    pick.addEventListener("click", () => {
      chosen.set(id, pile.colour);
      for (const gap of box.querySelectorAll(".gap-button")) {
        if (gap instanceof HTMLElement) gap.hidden = JSON.parse(gap.dataset.action || "{}").colour !== pile.colour;
      }
      for (const other of row.querySelectorAll(".pick")) {
        other.classList.toggle("picked", other === pick);
        other.setAttribute("aria-pressed", String(other === pick));
      }
    });
    row.append(pick);
  }
  box.append(h("h2", { text: t("ch_my_stacks", { count: me.cards_left }) }), row);
  if (places.length) box.append(h("p", { class: "help", text: t("ch_hint") }));
  return box;
}

/**
 * Another player's chronology and stacks.
 * @param {Table} table
 * @param {any} player
 */
function drawPlayer(table, player) {
  const { t } = table;
  const acting = (table.view.to_act || []).includes(player.seat);
  return h("div", { class: `ch-player ${acting ? "acting" : ""}`, "data-player": player.seat }, [
    h("h3", {}, [seatMark(player.seat), " ", table.seatName(player.seat), " · ", t("ch_chronology_count", { count: player.chronology.length })]),
    h("div", { class: "ch-mini-line" }, player.chronology.map((/** @type {any} */ card) => cardFace(card, "mini"))),
    h("div", { class: "ch-mini-stacks" }, player.stacks.map((/** @type {any} */ pile) => pileFace(table, pile, colourName(table, pile.colour)))),
  ]);
}

/**
 * @param {any} event
 * @param {Table} table
 */
export function describe(event, table) {
  const { t } = table;
  const who = typeof event.seat === "number" ? table.seatName(event.seat) : "";
  switch (event.type) {
    case "chronology_started":
      return t("ch_log_started", { name: who, card: event.card.title, key: event.card.label });
    case "round_started":
      return t("tl_log_round", { round: event.round });
    case "card_placed":
      return t("tl_log_placed", { name: who, card: event.card.title, key: event.card.label });
    case "card_discarded":
      return t("ch_log_discarded", { name: who, card: event.card.title, key: event.card.label });
    case "power_offered":
      return null;
    case "power_skipped":
      return t("ch_log_skipped", { name: who, power: powerName(table, event.power) });
    case "power_used": {
      const words = {
        discard_top: () => t("ch_log_discard_top", { name: who, card: event.card ? event.card.title : "", pile: pileWords(table, event.from ?? null, event.colour) }),
        move_top: () => t("ch_log_move_top", { name: who, card: event.card ? event.card.title : "", pile: pileWords(table, event.onto ?? null, event.colour) }),
        swap_tops: () => t("ch_log_swap_tops", { name: who, a: pileWords(table, event.seats[0], event.colour), b: pileWords(table, event.seats[1], event.colour) }),
        reshuffle: () => t("ch_log_reshuffle", { name: who, colour: colourName(table, event.colour), count: event.count ?? 0 }),
      }[/** @type {"discard_top" | "move_top" | "swap_tops" | "reshuffle"} */ (event.move)];
      return words ? words() : null;
    }
    case "final_round":
      return t("ch_log_final_round");
    case "game_over":
      return t("log_game_over");
    default:
      return undefined;
  }
}

/** @param {Table} table */
export function status(table) {
  const game = table.view;
  if (game.status !== "running" || table.seat === null || !(game.to_act || []).includes(table.seat)) return null;
  const phase = game.view.phase;
  if (phase === "setup") return table.t("ch_your_start");
  if (phase === "power") return table.t("ch_your_power", { power: powerName(table, game.view.power) });
  return table.t("ch_your_turn");
}

/**
 * @param {HTMLElement} root
 * @param {Table} table
 */
export function drawOutcome(root, table) {
  const outcome = table.view.outcome;
  const rows = outcome.standings.map((/** @type {any} */ s) =>
    h("li", { text: `${table.seatName(s.seat)}: ${table.t("ch_chronology_count", { count: s.chronology })}, ${table.t("tl_cards_left", { count: s.cards_left })}` }),
  );
  root.append(h("p", { text: table.t(`ch_decided_${outcome.decided_by}`) }), h("ul", { class: "outcome-detail" }, rows));
}
