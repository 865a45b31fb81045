// Around the World in 80 Days: the route from London round the world and back on a world map, where each traveller
// stands with their days, the detective and the receipts; the cards on offer with their actions, my travel and event
// cards, gold and balloon; and every legal action as a button.
import { actionButton } from "../action_button.js";
import { h, svg } from "../dom.js";
import { SEAT_COLOURS, SEAT_SHAPES, seatMark } from "../players.js";
import { keepScroll, legalActions, useStyle } from "./kit.js";
import { LAND } from "./world-land.js";

/** @typedef {import("../action_button.js").Table} Table */
/** @typedef {import("../action_button.js").Action} Action */

/** The band of the drawing shown: from 75 N to 17 S, where the route runs (board.json's units). */
const TOP = 14;
const SHOWN = 270;
/** Names written under the marker, its receipts and its travellers, where neighbours' names would touch. */
const NAME_BELOW = new Set(["calcutta"]);

/** @param {Table} table @param {string} id */
export function placeName(table, id) {
  const named = table.name("places", id);
  if (named !== id) return named;
  const location = table.type.data.route.locations.find((/** @type {any} */ l) => l.id === id);
  return location ? location.name : id;
}

/** @param {Table} table @param {string} name an event card's kind */
export function eventName(table, name) {
  const named = table.name("events", name);
  if (named !== name) return named;
  const key = `atw_event_${name}`;
  const text = table.t(key);
  return text === key ? name : text;
}

/** @param {Table} table @param {string} space an action space under the cards laid out */
function spaceName(table, space) {
  const named = table.name("spaces", space);
  return named !== space ? named : table.t(`atw_space_${space}`);
}

/** @param {Table} table @param {{kind: string, days: number}} card */
const cardWords = (table, card) => table.t(`atw_${card.kind}`, { days: card.days });

/** @param {Table} table @param {string} kind */
function receiptName(table, kind) {
  const named = table.name("receipts", kind);
  return named !== kind ? named : table.t(`atw_receipt_${kind}`);
}

/**
 * @param {HTMLElement} root
 * @param {Table} table
 */
export function drawBoard(root, table) {
  useStyle("boards/around-the-world.css");
  const legal = legalActions(table.view);
  /** @type {Map<string, Action[]>} */
  const byType = new Map();
  for (const action of legal) {
    const kind = String(action.type);
    byType.set(kind, [...(byType.get(kind) || []), action]);
  }
  const mapBox = h("div", { class: "atw-map-box" }, [drawMap(table)]);
  root.append(
    h("div", { class: "atw" }, [
      mapBox,
      h("div", { class: "atw-panels" }, [
        drawTurn(table, byType),
        drawDisplay(table, byType),
        drawMine(table, byType),
        drawPlayers(table),
      ]),
    ]),
  );
  // on a narrow screen the map scrolls: the first time, it shows where I stand (or London)
  const view = table.view.view;
  const me = view.players.find((/** @type {any} */ p) => p.seat === table.seat);
  const board = table.type.data.board;
  keepScroll(mapBox, `atw:${table.view.id}`, board.places[me ? me.location : "london"].x / board.width);
}

/**
 * The world with the route, its locations, the receipts beside them, the detective and the travellers.
 * @param {Table} table
 */
function drawMap(table) {
  const data = table.type.data;
  const board = data.board;
  const view = table.view.view;
  const ids = data.route.locations.map((/** @type {any} */ l) => l.id);
  const map = svg("svg", { class: "atw-map", viewBox: `0 ${TOP} ${board.width} ${SHOWN}`, role: "img", "aria-label": table.t("atw_map") });
  map.append(svg("rect", { class: "sea", width: board.width, height: board.height }), svg("path", { class: "land", d: LAND }));
  const route = svg("g", { class: "atw-route" });
  ids.forEach((/** @type {string} */ id, /** @type {number} */ index) => {
    const from = board.places[id];
    const to = board.places[ids[(index + 1) % ids.length]];
    if (to.x >= from.x || index === ids.length - 1) {
      route.append(svg("line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y }));
    } else {
      // eastwards across the Pacific: off the right edge and back in from the left
      const across = board.width - from.x + to.x;
      const y = from.y + ((to.y - from.y) * (board.width - from.x)) / across;
      route.append(svg("line", { x1: from.x, y1: from.y, x2: board.width, y2: y }), svg("line", { x1: 0, y1: y, x2: to.x, y2: to.y }));
    }
  });
  map.append(route);
  const layer = svg("g", { class: "atw-places" });
  for (const id of ids) {
    const { x, y } = board.places[id];
    const node = svg("g", { class: "place", "data-place": id, transform: `translate(${x} ${y})` });
    node.append(svg("circle", { r: 9, class: id === "london" ? "marker home" : "marker" }));
    node.append(svg("text", { class: "place-name", y: NAME_BELOW.has(id) ? 66 : -14, "text-anchor": "middle" }, [document.createTextNode(placeName(table, id))]));
    const receipts = view.receipts[id];
    if (receipts) {
      let dx = -16;
      for (const colour of ["red", "blue"]) {
        if (!receipts[colour]) continue;
        node.append(
          svg("g", { class: `receipt receipt-${colour}`, transform: `translate(${dx} 22)` }, [
            svg("rect", { x: -7, y: -7, width: 14, height: 14, rx: 3 }),
            svg("text", { y: 4, "text-anchor": "middle" }, [document.createTextNode(table.t(`atw_receipt_letter_${receipts[colour]}`))]),
            svg("title", {}, [document.createTextNode(table.t(`atw_receipt_${colour}_of`, { kind: receiptName(table, receipts[colour]) }))]),
          ]),
        );
        dx += 16;
      }
    }
    if (view.detective === id) {
      node.append(
        svg("g", { class: "detective", transform: "translate(14 -4)" }, [
          svg("path", { d: "M-6 6 L-4 -2 L4 -2 L6 6 Z M-8 -2 L8 -2 L8 -4 L-8 -4 Z" }),
          svg("title", {}, [document.createTextNode(table.t("atw_detective_here"))]),
        ]),
      );
    }
    layer.append(node);
  }
  map.append(layer);
  const travellers = svg("g", { class: "atw-travellers" });
  /** @type {Map<string, number>} */
  const stacked = new Map();
  for (const player of view.players) {
    const at = board.places[player.location];
    const n = stacked.get(player.location) || 0;
    stacked.set(player.location, n + 1);
    const x = at.x + ((n % 3) - 1) * 15;
    const y = at.y + 38 + Math.floor(n / 3) * 15;
    travellers.append(
      svg("g", { class: "traveller", "data-traveller": player.seat, transform: `translate(${x} ${y})` }, [
        svg("circle", { r: 7, fill: SEAT_COLOURS[player.seat % 8] }),
        svg("text", { y: 4, "text-anchor": "middle" }, [document.createTextNode(SEAT_SHAPES[player.seat % 8])]),
        svg("title", {}, [document.createTextNode(table.t("atw_traveller", { name: table.seatName(player.seat), place: placeName(table, player.location), days: player.days }))]),
      ]),
    );
  }
  map.append(travellers);
  return map;
}

/**
 * What the turn waits for: the die, a receipt, travelling, discarding; with the buttons of this moment.
 * @param {Table} table
 * @param {Map<string, Action[]>} byType
 */
function drawTurn(table, byType) {
  const { t } = table;
  const view = table.view.view;
  const box = h("section", { class: "atw-turn panel", "aria-labelledby": "atw-turn-heading" });
  box.append(h("h2", { id: "atw-turn-heading", text: t("atw_round", { round: view.round }) }));
  if (view.turn) {
    box.append(h("p", { class: "atw-facts", text: t(`atw_phase_${view.phase}`, { name: table.seatName(view.turn.seat) }) }));
    if (view.turn.balloon) box.append(h("p", { class: "help", text: t("atw_balloon_ready") }));
  }
  const roll = view.roll;
  if (roll) {
    box.append(
      h("p", { class: "atw-roll" }, [
        h("span", { class: "die", text: String(roll.die), "aria-hidden": "true" }),
        t("atw_roll", { effect: t(`atw_effect_${roll.effect}`), die: roll.die, base: roll.base, days: roll.base + roll.die }),
      ]),
    );
  }
  const buttons = h("div", { class: "buttons" });
  for (const a of byType.get("accept") || []) buttons.append(actionButton(table, a, t("atw_accept"), { class: "small primary" }));
  for (const a of byType.get("reroll") || []) buttons.append(actionButton(table, a, t("atw_reroll"), { class: "small" }));
  if (view.phase === "receipt" && view.turn) {
    const me = view.players.find((/** @type {any} */ p) => p.seat === view.turn.seat);
    const chips = me ? view.receipts[me.location] : null;
    if (chips) box.append(h("p", { class: "help", text: t("atw_receipt_offer", { place: placeName(table, me.location) }) }));
  }
  for (const a of byType.get("draw_receipt") || []) buttons.append(actionButton(table, a, t("atw_draw_receipt"), { class: "small primary" }));
  for (const a of byType.get("decline_receipt") || []) buttons.append(actionButton(table, a, t("atw_decline_receipt"), { class: "small" }));
  for (const a of byType.get("draw") || []) buttons.append(actionButton(table, a, t("atw_draw_top"), { class: "small" }));
  for (const a of byType.get("end_turn") || []) buttons.append(actionButton(table, a, t("atw_end_turn"), { class: "small" }));
  for (const a of byType.get("buy") || []) buttons.append(actionButton(table, a, t(`atw_buy_${a.deck}`), { class: "small" }));
  if (buttons.childElementCount) box.append(buttons);
  const travel = byType.get("travel") || [];
  if (travel.length) {
    const me = view.players.find((/** @type {any} */ p) => p.seat === table.seat);
    const ids = table.type.data.route.locations.map((/** @type {any} */ l) => l.id);
    const next = me ? ids[(me.position + 1) % ids.length] : "";
    box.append(h("h3", { text: t("atw_travel_to", { place: placeName(table, next) }) }));
    const list = h("div", { class: "atw-travel" });
    for (const a of travel) {
      const cards = /** @type {any[]} */ (a.cards).map((c) => cardWords(table, c));
      const events = /** @type {string[]} */ (a.events).map((e) => eventName(table, e));
      const parts = [...cards, ...events];
      if (a.balloon_action) parts.push(t("atw_with_balloon"));
      list.append(actionButton(table, a, parts.join(" + ") || t("atw_walk"), { class: "small" }));
    }
    box.append(list);
  }
  const discard = byType.get("discard") || [];
  if (discard.length) {
    box.append(
      h("h3", { text: t("atw_discard_down") }),
      h("div", { class: "buttons" }, discard.map((a) => actionButton(table, a, t("atw_discard", { card: cardWords(table, /** @type {any} */ (a.card)) }), { class: "small" }))),
    );
  }
  return box;
}

/**
 * The travel cards on offer, one on each action space, with taking it (and doing the space's action) as buttons.
 * @param {Table} table
 * @param {Map<string, Action[]>} byType
 */
function drawDisplay(table, byType) {
  const { t } = table;
  const view = table.view.view;
  const takes = byType.get("take") || [];
  const box = h("section", { class: "atw-display panel", "aria-labelledby": "atw-display-heading" });
  box.append(h("h2", { id: "atw-display-heading", text: t("atw_display") }));
  const spaces = table.type.data.supply.spaces;
  const list = h("div", { class: "atw-spaces" });
  for (const space of spaces) {
    const laid = view.display.find((/** @type {any} */ d) => d.space === space);
    const mine = takes.filter((a) => a.space === space);
    const cell = h("div", { class: `atw-space${laid ? "" : " empty"}`, "data-space": space }, [
      h("h3", { text: spaceName(table, space) }),
      laid && laid.card ? h("span", { class: `atw-card ${laid.card.kind}`, text: cardWords(table, laid.card) }) : h("span", { class: "help", text: t("atw_space_empty") }),
    ]);
    const plain = mine.filter((a) => !a.use && a.location === undefined && a.discard === undefined);
    const used = mine.filter((a) => a.use);
    const detective = mine.filter((a) => a.location !== undefined);
    const exchange = mine.filter((a) => a.discard !== undefined);
    const buttons = h("div", { class: "buttons" });
    for (const a of used) buttons.append(actionButton(table, a, t("atw_take_and_use"), { class: "small primary", title: `${t("atw_take_and_use")}: ${spaceName(table, space)}` }));
    for (const a of plain) buttons.append(actionButton(table, a, t("atw_take_only"), { class: "small", title: `${t("atw_take_only")}: ${spaceName(table, space)}` }));
    cell.append(buttons);
    if (detective.length) {
      cell.append(
        h("details", { class: "atw-more" }, [
          h("summary", { text: t("atw_move_detective") }),
          h("div", { class: "buttons" }, detective.map((a) => actionButton(table, a, placeName(table, String(a.location)), { class: "small", title: t("atw_detective_to", { place: placeName(table, String(a.location)) }) }))),
        ]),
      );
    }
    if (exchange.length) {
      cell.append(
        h("details", { class: "atw-more" }, [
          h("summary", { text: t("atw_exchange") }),
          h("div", { class: "buttons" }, exchange.map((a) => actionButton(table, a, t("atw_exchange_these", { cards: /** @type {any[]} */ (a.discard).map((c) => cardWords(table, c)).join(", ") }), { class: "small" }))),
        ]),
      );
    }
    list.append(cell);
  }
  box.append(list, h("p", { class: "help", text: t("atw_decks", { travel: view.travel_deck, events: view.event_deck, gold: view.gold_supply }) }));
  if (view.event_discard && view.event_discard.length) {
    box.append(h("p", { class: "help", text: t("atw_event_discard", { cards: view.event_discard.map((/** @type {any} */ c) => eventName(table, c.name || c)).join(", ") }) }));
  }
  return box;
}

/**
 * My travel cards, event cards, gold and receipts.
 * @param {Table} table
 * @param {Map<string, Action[]>} byType
 */
function drawMine(table, byType) {
  const { t } = table;
  const view = table.view.view;
  if (!view.hand) return h("section", { class: "atw-mine panel", hidden: true });
  const me = view.players.find((/** @type {any} */ p) => p.seat === table.seat);
  const box = h("section", { class: "atw-mine panel", "aria-labelledby": "atw-mine-heading" });
  box.append(
    h("h2", { id: "atw-mine-heading", text: t("atw_mine") }),
    h("p", { class: "atw-facts", text: t("atw_my_state", { place: placeName(table, me.location), days: me.days, gold: me.gold }) }),
    h("div", { class: "atw-hand" }, view.hand.map((/** @type {any} */ c) => h("span", { class: `atw-card ${c.kind}`, text: cardWords(table, c) }))),
  );
  const plays = byType.get("play_event") || [];
  const sells = byType.get("sell_event") || [];
  if (view.event_hand.length) {
    box.append(h("h3", { text: t("atw_my_events") }));
    const list = h("ul", { class: "atw-events" });
    for (const card of view.event_hand) {
      const name = card.name;
      list.append(
        h("li", {}, [
          h("span", { class: "atw-event", text: eventName(table, name) }),
          ...plays.filter((a) => a.card === name).map((a) => actionButton(table, a, t("atw_play_event"), { class: "small", title: `${t("atw_play_event")}: ${eventName(table, name)}` })),
          ...sells.filter((a) => a.card === name).map((a) => actionButton(table, a, t("atw_sell_event"), { class: "small", title: `${t("atw_sell_event")}: ${eventName(table, name)}` })),
        ]),
      );
      plays.splice(0, plays.length, ...plays.filter((a) => a.card !== name));
      sells.splice(0, sells.length, ...sells.filter((a) => a.card !== name));
    }
    box.append(list);
  }
  // an event card that may be played or sold but is not in the list above (never expected): still offered
  for (const a of [...plays, ...sells]) box.append(actionButton(table, a, `${t(a.type === "play_event" ? "atw_play_event" : "atw_sell_event")}: ${eventName(table, String(a.card))}`, { class: "small" }));
  if (me.receipts.length) {
    box.append(h("p", { class: "help", text: t("atw_my_receipts", { receipts: me.receipts.map((/** @type {any} */ r) => receiptName(table, r.kind || r)).join(", ") }) }));
  }
  return box;
}

/** @param {Table} table */
function drawPlayers(table) {
  const { t } = table;
  const view = table.view.view;
  const head = ["atw_col_player", "atw_col_place", "atw_col_days", "atw_col_gold", "atw_col_cards", "atw_col_events", "atw_col_receipts"].map((k) => h("th", { scope: "col", text: t(k) }));
  const rows = view.players.map((/** @type {any} */ p) =>
    h("tr", { class: view.turn && view.turn.seat === p.seat ? "active" : "", "data-player": p.seat }, [
      h("th", { scope: "row" }, [seatMark(p.seat), " ", table.seatName(p.seat)]),
      h("td", { text: p.home ? t("atw_home", { n: p.arrival }) : placeName(table, p.location) }),
      h("td", { class: p.days > 80 ? "late" : "", text: String(p.days) }),
      h("td", { text: String(p.gold) }),
      h("td", { text: String(p.travel_cards) }),
      h("td", { text: String(p.event_cards) }),
      h("td", { text: String(p.receipts.length) }),
    ]),
  );
  return h("section", { class: "atw-players panel", "aria-label": t("players") }, [
    h("table", { class: "atw-table" }, [h("thead", {}, [h("tr", {}, head)]), h("tbody", {}, rows)]),
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
    case "card_taken":
      return t(event.used ? "atw_log_taken_used" : "atw_log_taken", { name: who, space: spaceName(table, event.space), card: cardWords(table, event) });
    case "travelled":
      return t("atw_log_travelled", { name: who, place: placeName(table, event.destination), count: event.days, total: event.total });
    case "detective_moved":
      return t("atw_log_detective", { name: who, place: placeName(table, event.location) });
    case "receipt_taken":
      return t("atw_log_receipt", { name: who, kind: receiptName(table, event.kind), place: placeName(table, event.location) });
    case "receipt_declined":
      return t("atw_log_receipt_declined", { name: who, place: placeName(table, event.location) });
    case "event_card_drawn":
      return t("atw_log_event_drawn", { name: who });
    case "event_played":
      return t("atw_log_event_played", { name: who, card: eventName(table, event.card) });
    case "event_sold":
      return t("atw_log_event_sold", { name: who, card: eventName(table, event.card) });
    case "grey_event":
      return t("atw_log_grey_event", { card: eventName(table, event.card), count: event.days });
    case "card_bought":
      return t(`atw_log_bought_${event.deck}`, { name: who });
    case "die_rolled":
      return t("atw_log_die", { name: who, die: event.die });
    case "start_player_claimed":
      return t("atw_log_start_player", { name: who });
    case "round_started":
      return t("atw_log_round", { round: event.round });
    case "arrived_in_london":
      return t("atw_log_home", { name: who, count: event.days, n: event.arrival });
    case "days_lost":
      return t("atw_log_days_lost", { count: event.days });
    case "game_over":
      return t("log_game_over");
    case "card_discarded":
      return t("atw_log_discarded", { name: who, card: cardWords(table, event) });
    default:
      return null;
  }
}

/** @param {Table} table */
export function status(table) {
  const game = table.view;
  if (game.status !== "running" || table.seat === null || !(game.to_act || []).includes(table.seat)) return null;
  return table.t(`atw_your_${game.view.phase}`);
}

/**
 * @param {HTMLElement} root
 * @param {Table} table
 */
export function drawOutcome(root, table) {
  const { t } = table;
  const outcome = table.view.outcome;
  const rows = outcome.standings.map((/** @type {any} */ s) =>
    h("li", { "data-seat": s.seat }, [
      seatMark(s.seat),
      " ",
      t(s.home ? "atw_outcome_home" : "atw_outcome_away", { name: table.seatName(s.seat), count: s.days, n: s.arrival ?? "", place: placeName(table, s.location), gold: s.gold }),
    ]),
  );
  root.append(h("p", { text: t(`atw_decided_${outcome.decided_by}`) }), h("ol", { class: "outcome-detail" }, rows));
}
