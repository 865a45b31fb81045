// Ticket to Ride: Europe: the map (cities, every route as its row of spaces, tunnels, ferries, claims, stations), my
// train cards, the face-up cards and the pile, my tickets, and every legal action as a button: a route's ways to pay
// open from the route on the map (or its line in the list), a station's from its city.
import { actionButton } from "../action_button.js";
import { h, svg } from "../dom.js";
import { SEAT_COLOURS, SEAT_SHAPES, seatMark } from "../players.js";
import { LAND } from "./europe-land.js";
import { keepScroll, legalActions, useStyle } from "./kit.js";

/** @typedef {import("../action_button.js").Table} Table */
/** @typedef {import("../action_button.js").Action} Action */

export const COLOURS = {
  red: "#c8342c",
  blue: "#2f6db3",
  green: "#3f9a3a",
  orange: "#e88a1a",
  pink: "#d66fae",
  yellow: "#f2cf2c",
  black: "#2b2b2b",
  white: "#f7f7f2",
  grey: "#a9a9a4",
  locomotive: "#8a6d3b",
};
/** A way to pay is a small button named by its cards, in a group named by its route or city. */
const SMALL = { class: "small" };
/** Room above the drawing for the names of the northernmost cities. */
const TOP = 24;
/** Which route or city has its choices open, per game. @type {Map<string, string>} */
const opened = new Map();

/** @param {Table} table @param {string} colour */
export function colourName(table, colour) {
  const named = table.name("colours", colour);
  return named !== colour ? named : table.t(`ttr_colour_${colour}`);
}

/** @param {Table} table @param {string} id */
const city = (table, id) => table.name("cities", id);

/** @param {Table} table @param {any} route */
function routeName(table, route) {
  return `${city(table, route.cities[0])} – ${city(table, route.cities[1])}`;
}

/**
 * The cards an action pays, in words: "2 orange + 1 locomotive".
 * @param {Table} table
 * @param {string} colour
 * @param {number} cards
 * @param {number} locomotives
 */
function payWords(table, colour, cards, locomotives) {
  const parts = [];
  if (cards - locomotives > 0) parts.push(table.t("ttr_cards_of", { count: cards - locomotives, colour: colourName(table, colour) }));
  if (locomotives > 0) parts.push(table.t("ttr_locomotives", { count: locomotives }));
  return parts.join(" + ");
}

/** @param {Table} table @returns {Record<string, any>} */
function routesById(table) {
  const data = table.type.data;
  data._routes ||= Object.fromEntries(data.routes.map((/** @type {any} */ r) => [r.id, r]));
  return data._routes;
}

/**
 * @param {HTMLElement} root
 * @param {Table} table
 */
export function drawBoard(root, table) {
  useStyle("boards/ticket-to-ride-europe.css");
  const game = table.view;
  const view = game.view;
  const legal = legalActions(game);
  const byType = groupBy(legal, (a) => String(a.type));
  const claims = groupBy(byType.get("claim") || [], (a) => String(a.route));
  const stations = groupBy(byType.get("build_station") || [], (a) => String(a.city));
  const key = String(game.id);

  const choices = h("div", { class: "ttr-choices" });
  /** Show one route's or city's ways to pay (the others closed), and put the focus on its first. */
  const open = (/** @type {string | null} */ what, focus = true) => {
    if (what !== null) opened.set(key, what);
    else opened.delete(key);
    for (const node of choices.querySelectorAll("[data-choice]")) {
      if (!(node instanceof HTMLElement)) continue;
      const shown = node.dataset.choice === what;
      const toggle = node.querySelector(".choice-toggle");
      const ways = node.querySelector(".buttons");
      if (toggle) toggle.setAttribute("aria-expanded", String(shown));
      if (ways instanceof HTMLElement) ways.hidden = !shown;
      node.classList.toggle("open", shown);
      if (shown && focus) {
        node.scrollIntoView({ block: "nearest" });
        const first = ways && ways.querySelector("button");
        if (first instanceof HTMLElement) first.focus();
      }
    }
  };

  const mapBox = h("div", { class: "ttr-map-box" }, [drawMap(table, claims, stations, open)]);
  root.append(
    h("div", { class: "ttr" }, [
      mapBox,
      legend(table),
      h("div", { class: "ttr-panels" }, [
        drawTurn(table, byType),
        drawCards(table, byType),
        drawTickets(table, byType),
        choices,
        drawPlayers(table),
      ]),
    ]),
  );
  fillChoices(table, choices, claims, stations, opened.get(key) || null, open);
  keepScroll(mapBox, `ttr:${key}`);
}

/**
 * @template T
 * @param {T[]} items
 * @param {(item: T) => string} keyOf
 * @returns {Map<string, T[]>}
 */
function groupBy(items, keyOf) {
  /** @type {Map<string, T[]>} */
  const groups = new Map();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/**
 * The map: sea, land, routes, cities and stations, at the places board.json gives.
 * @param {Table} table
 * @param {Map<string, Action[]>} claims
 * @param {Map<string, Action[]>} stations
 * @param {(what: string) => void} open
 */
function drawMap(table, claims, stations, open) {
  const data = table.type.data;
  const board = data.board;
  const view = table.view.view;
  const routes = routesById(table);
  const { length, width } = board.space;
  const map = svg("svg", {
    class: "ttr-map",
    viewBox: `0 ${-TOP} ${board.width} ${board.height + TOP}`,
    role: "img",
    "aria-label": table.t("ttr_map"),
  });
  map.append(svg("rect", { class: "sea", y: -TOP, width: board.width, height: board.height + TOP }), svg("path", { class: "land", d: LAND }));
  const routeLayer = svg("g", { class: "routes" });
  for (const [id, geometry] of Object.entries(board.routes)) {
    const route = routes[id];
    const owner = view.claims[id];
    const claimable = claims.has(id);
    const group = svg("g", {
      class: `route${route.tunnel ? " tunnel" : ""}${route.ferry_locos ? " ferry" : ""}${owner !== undefined ? " claimed" : ""}${claimable ? " claimable" : ""}`,
      "data-route": id,
    });
    const label = `${routeName(table, route)}: ${route.length}, ${colourName(table, route.colour)}${route.tunnel ? `, ${table.t("ttr_tunnel")}` : ""}${route.ferry_locos ? `, ${table.t("ttr_ferry", { count: route.ferry_locos })}` : ""}${owner !== undefined ? `, ${table.seatName(owner)}` : ""}`;
    group.append(svg("title", {}, [document.createTextNode(label)]));
    geometry.spaces.forEach((/** @type {number[]} */ [x, y, angle], /** @type {number} */ index) => {
      const space = svg("g", { transform: `translate(${x} ${y}) rotate(${angle})` });
      const fill = owner !== undefined ? SEAT_COLOURS[owner % 8] : COLOURS[/** @type {keyof COLOURS} */ (route.colour)];
      space.append(svg("rect", { x: -length / 2 + 2, y: -width / 2, width: length - 4, height: width, rx: 3, fill, class: "space" }));
      if (owner !== undefined) {
        space.append(svg("text", { class: "owner-mark", y: 5, "text-anchor": "middle" }, [document.createTextNode(SEAT_SHAPES[owner % 8])]));
      } else if (index < route.ferry_locos) {
        space.append(svg("circle", { class: "loco-mark", r: 5 }));
      }
      group.append(space);
    });
    if (claimable) {
      group.setAttribute("tabindex", "0");
      group.setAttribute("role", "button");
      group.setAttribute("aria-label", table.t("ttr_claim_route", { route: label }));
      group.addEventListener("click", () => open(`route:${id}`));
      group.addEventListener("keydown", (event) => {
        if (event instanceof KeyboardEvent && (event.key === "Enter" || event.key === " ")) {
          event.preventDefault();
          open(`route:${id}`);
        }
      });
    }
    routeLayer.append(group);
  }
  map.append(routeLayer);
  const cityLayer = svg("g", { class: "cities" });
  for (const [id, { x, y }] of Object.entries(board.cities)) {
    const owner = view.stations[id];
    const buildable = stations.has(id);
    const node = svg("g", { class: `city${buildable ? " buildable" : ""}`, "data-city": id, transform: `translate(${x} ${y})` });
    node.append(svg("circle", { r: 11, class: "marker" }));
    const name = city(table, id);
    // names by the drawing's edges run inwards, so that none is cut off
    const edge = x > board.width - 70 ? "end" : x < 70 ? "start" : "middle";
    const dx = edge === "end" ? 12 : edge === "start" ? -12 : 0;
    node.append(svg("text", { class: "city-name", x: dx, y: -16, "text-anchor": edge }, [document.createTextNode(name)]));
    if (owner !== undefined) {
      node.append(
        svg("path", { class: "station", d: "M-9 9 L0 -2 L9 9 Z", fill: SEAT_COLOURS[owner % 8], transform: "translate(0 4)" }),
        svg("text", { class: "station-mark", y: 11, "text-anchor": "middle" }, [document.createTextNode(SEAT_SHAPES[owner % 8])]),
      );
    }
    node.append(svg("title", {}, [document.createTextNode(owner !== undefined ? `${name}: ${table.t("ttr_station_of", { name: table.seatName(owner) })}` : name)]));
    if (buildable) {
      node.setAttribute("tabindex", "0");
      node.setAttribute("role", "button");
      node.setAttribute("aria-label", table.t("ttr_station_at", { city: name }));
      node.addEventListener("click", () => open(`city:${id}`));
      node.addEventListener("keydown", (event) => {
        if (event instanceof KeyboardEvent && (event.key === "Enter" || event.key === " ")) {
          event.preventDefault();
          open(`city:${id}`);
        }
      });
    }
    cityLayer.append(node);
  }
  map.append(cityLayer);
  return map;
}

/** @param {Table} table */
function legend(table) {
  const { t } = table;
  const players = table.view.view.players.map((/** @type {any} */ p) =>
    h("span", { class: "ttr-key" }, [seatMark(p.seat), table.seatName(p.seat)]),
  );
  return h("p", { class: "ttr-legend" }, [
    h("span", { class: "ttr-key" }, [h("span", { class: "key-tunnel", "aria-hidden": "true" }), t("ttr_tunnel")]),
    h("span", { class: "ttr-key" }, [h("span", { class: "key-loco", "aria-hidden": "true" }), t("ttr_ferry_key")]),
    ...players,
  ]);
}

/**
 * What the turn waits for now: the second card, the tunnel's extra cards, tickets to keep, or nothing to do.
 * @param {Table} table
 * @param {Map<string, Action[]>} byType
 */
function drawTurn(table, byType) {
  const { t } = table;
  const view = table.view.view;
  const box = h("section", { class: "ttr-turn panel", "aria-label": t("ttr_turn") });
  const facts = [t("ttr_turn_n", { turn: view.turn })];
  if (view.final_round) facts.push(t("ttr_final_round", { name: table.seatName(view.final_round.triggered_by) }));
  box.append(h("p", { class: "ttr-facts", text: facts.join(" · ") }));
  const tunnel = view.tunnel;
  if (tunnel) {
    const route = routesById(table)[tunnel.route];
    box.append(
      h("h2", { text: t("ttr_tunnel_of", { name: table.seatName(tunnel.seat), route: routeName(table, route) }) }),
      h("p", {}, [t("ttr_revealed"), " ", ...tunnel.revealed.map((/** @type {any} */ c) => cardChip(table, c.colour))]),
      h("p", { text: t("ttr_extra", { count: tunnel.extra }) }),
    );
    const pays = [...(byType.get("pay_tunnel") || []), ...(byType.get("give_up_tunnel") || [])];
    if (pays.length) {
      box.append(
        h(
          "div",
          { class: "buttons" },
          pays.map((a) =>
            a.type === "give_up_tunnel"
              ? actionButton(table, a, t("ttr_give_up_tunnel"), { class: "small" })
              : actionButton(table, a, payWords(table, tunnel.colour === "locomotive" ? "locomotive" : tunnel.colour, tunnel.extra, Number(a.locomotives)) || t("ttr_pay_nothing"), { class: "small primary" }),
          ),
        ),
      );
    }
  }
  const pass = byType.get("pass") || [];
  for (const a of pass) box.append(h("div", { class: "buttons" }, [actionButton(table, a, t("ttr_pass"), { class: "small" })]));
  return box;
}

/**
 * @param {Table} table
 * @param {string} colour
 * @param {string | number} [count]
 */
function cardChip(table, colour, count) {
  return h("span", { class: `ttr-card card-${colour}`, title: colourName(table, colour) }, [
    h("span", { class: "card-name", text: colourName(table, colour) }),
    count === undefined ? null : h("span", { class: "card-count", text: `×${count}` }),
  ]);
}

/**
 * My train cards, the five face-up cards and the pile.
 * @param {Table} table
 * @param {Map<string, Action[]>} byType
 */
function drawCards(table, byType) {
  const { t } = table;
  const view = table.view.view;
  const box = h("section", { class: "ttr-cards panel", "aria-labelledby": "ttr-cards-heading" });
  box.append(h("h2", { id: "ttr-cards-heading", text: view.second_card ? t("ttr_second_card") : t("ttr_draw_cards") }));
  const faceup = byType.get("draw_faceup") || [];
  const row = h("div", { class: "ttr-faceup" });
  for (const card of view.faceup) {
    const action = faceup.find((a) => a.card === card.id);
    const chip = cardChip(table, card.colour);
    row.append(action ? actionButton(table, action, chip, { class: "card-button", title: t("ttr_take_card", { colour: colourName(table, card.colour) }) }) : h("span", { class: "card-slot" }, [chip]));
  }
  const deck = (byType.get("draw_deck") || [])[0];
  const pile = h("span", { class: "ttr-card card-back" }, [h("span", { class: "card-name", text: t("ttr_pile", { count: view.deck }) })]);
  row.append(deck ? actionButton(table, deck, pile, { class: "card-button", title: t("ttr_draw_pile", { count: view.deck }) }) : h("span", { class: "card-slot" }, [pile]));
  box.append(row);
  if (view.hand) {
    // The hand comes as a count of each colour (every colour named, 0 if none).
    const counts = Object.entries(/** @type {Record<string, number>} */ (view.hand)).filter(([, count]) => count > 0);
    const total = counts.reduce((sum, [, count]) => sum + count, 0);
    box.append(
      h("h3", { text: t("ttr_my_cards", { count: total }) }),
      h("div", { class: "ttr-hand" }, counts.map(([colour, count]) => cardChip(table, colour, count))),
    );
  }
  return box;
}

/**
 * My tickets with whether each is done; tickets on offer with every way to keep them; drawing more.
 * @param {Table} table
 * @param {Map<string, Action[]>} byType
 */
function drawTickets(table, byType) {
  const { t } = table;
  const view = table.view.view;
  const box = h("section", { class: "ttr-tickets panel", "aria-labelledby": "ttr-tickets-heading" });
  box.append(h("h2", { id: "ttr-tickets-heading", text: t("ttr_tickets") }));
  const ticketWords = (/** @type {any} */ ticket) => `${city(table, ticket.cities[0])} – ${city(table, ticket.cities[1])} (${ticket.points})`;
  const keep = byType.get("keep_tickets") || [];
  if (view.offer && view.offer.length) {
    box.append(
      h("h3", { text: t("ttr_offer") }),
      h("ul", { class: "ttr-ticket-list offer" }, view.offer.map((/** @type {any} */ k) => h("li", { class: k.long ? "long" : "", text: ticketWords(k) }))),
    );
    if (keep.length) {
      const byId = Object.fromEntries(view.offer.map((/** @type {any} */ k) => [k.id, k]));
      const all = keep.find((a) => /** @type {string[]} */ (a.tickets).length === view.offer.length);
      const rest = keep.filter((a) => a !== all);
      const buttons = h("div", { class: "ttr-keep" });
      if (all) buttons.append(actionButton(table, all, t("ttr_keep_all"), { class: "small primary" }));
      for (const a of rest) {
        const names = /** @type {string[]} */ (a.tickets).map((id) => ticketWords(byId[id]));
        buttons.append(actionButton(table, a, t("ttr_keep", { tickets: names.join(", ") }), { class: "small" }));
      }
      box.append(buttons);
    }
  }
  if (view.tickets) {
    box.append(
      h("h3", { text: t("ttr_my_tickets", { count: view.tickets.length }) }),
      h(
        "ul",
        { class: "ttr-ticket-list" },
        view.tickets.map((/** @type {any} */ k) =>
          h("li", { class: `${k.connected ? "done" : ""} ${k.long ? "long" : ""}`, "data-ticket": k.id }, [
            h("span", { class: "tick", text: k.connected ? "✓" : "○", "aria-hidden": "true" }),
            h("span", { text: ticketWords(k) }),
            h("span", { class: "tag", text: k.connected ? t("ttr_done") : t("ttr_open") }),
          ]),
        ),
      ),
    );
  }
  const draw = (byType.get("draw_tickets") || [])[0];
  box.append(h("p", { class: "help", text: t("ttr_ticket_deck", { count: view.ticket_deck }) }));
  if (draw) box.append(actionButton(table, draw, t("ttr_draw_tickets"), { class: "small" }));
  return box;
}

/**
 * Every route that can be claimed and every city where a station can be built, each with its ways to pay.
 * @param {Table} table
 * @param {HTMLElement} box
 * @param {Map<string, Action[]>} claims
 * @param {Map<string, Action[]>} stations
 * @param {string | null} openNow
 * @param {(what: string | null, focus?: boolean) => void} toggleChoice
 */
function fillChoices(table, box, claims, stations, openNow, toggleChoice) {
  const { t } = table;
  if (!claims.size && !stations.size) return;
  const routes = routesById(table);
  const view = table.view.view;
  /**
   * One route's or city's ways to pay, under a summary; the group's name says what its buttons do.
   * @param {string} what
   * @param {string} summary
   * @param {HTMLElement[]} buttons
   * @param {string} doing
   */
  const choice = (what, summary, buttons, doing) => {
    const shown = openNow === what;
    const id = `ttr-ways-${what.replace(/[^A-Za-z0-9-]/g, "-")}`;
    const toggle = h("button", { type: "button", class: "choice-toggle", "aria-expanded": String(shown), "aria-controls": id, text: summary });
    const ways = h("div", { class: "buttons", id, role: "group", "aria-label": doing, hidden: !shown }, buttons);
    toggle.addEventListener("click", () => toggleChoice(toggle.getAttribute("aria-expanded") === "true" ? null : what, false));
    return h("div", { class: `ttr-choice${shown ? " open" : ""}`, "data-choice": what }, [toggle, ways]);
  };
  if (claims.size) {
    const list = h("div", { class: "ttr-choice-list" });
    const sorted = [...claims].sort(([a], [b]) => routeName(table, routes[a]).localeCompare(routeName(table, routes[b]), table.lang));
    for (const [id, actions] of sorted) {
      const route = routes[id];
      const tags = [`${route.length}`, colourName(table, route.colour)];
      if (route.tunnel) tags.push(t("ttr_tunnel"));
      if (route.ferry_locos) tags.push(t("ttr_ferry", { count: route.ferry_locos }));
      list.append(
        choice(
          `route:${id}`,
          `${routeName(table, route)} (${tags.join(", ")})`,
          actions.map((a) => actionButton(table, a, payWords(table, String(a.colour), route.length, Number(a.locomotives)), SMALL)),
          `${t("ttr_claim")} ${routeName(table, route)}`,
        ),
      );
    }
    box.append(h("section", { class: "panel", "aria-labelledby": "ttr-claim-heading" }, [h("h2", { id: "ttr-claim-heading", text: t("ttr_claim_heading", { count: claims.size }) }), list]));
  }
  if (stations.size) {
    const me = view.players.find((/** @type {any} */ p) => p.seat === table.seat);
    const cost = me ? 4 - me.stations_left : 1;
    const list = h("div", { class: "ttr-choice-list" });
    const sorted = [...stations].sort(([a], [b]) => city(table, a).localeCompare(city(table, b), table.lang));
    for (const [id, actions] of sorted) {
      list.append(
        choice(
          `city:${id}`,
          city(table, id),
          actions.map((a) => actionButton(table, a, payWords(table, String(a.colour), cost, Number(a.locomotives)), SMALL)),
          t("ttr_station_at", { city: city(table, id) }),
        ),
      );
    }
    box.append(h("section", { class: "panel", "aria-labelledby": "ttr-station-heading" }, [h("h2", { id: "ttr-station-heading", text: t("ttr_station_heading", { count: cost }) }), list]));
  }
}

/** @param {Table} table */
function drawPlayers(table) {
  const { t } = table;
  const view = table.view.view;
  const head = ["ttr_col_player", "ttr_col_trains", "ttr_col_cards", "ttr_col_tickets", "ttr_col_stations", "ttr_col_points"].map((k) => h("th", { scope: "col", text: t(k) }));
  const rows = view.players.map((/** @type {any} */ p) =>
    h("tr", { class: p.seat === view.active ? "active" : "", "data-player": p.seat }, [
      h("th", { scope: "row" }, [seatMark(p.seat), " ", table.seatName(p.seat)]),
      h("td", { text: String(p.trains) }),
      h("td", { text: String(p.hand_size) }),
      h("td", { text: p.choosing_tickets ? `${p.tickets} (+${p.choosing_tickets})` : String(p.tickets) }),
      h("td", { text: String(p.stations_left) }),
      h("td", { text: String(p.route_points) }),
    ]),
  );
  return h("section", { class: "ttr-players panel", "aria-label": t("players") }, [
    h("table", { class: "ttr-table" }, [h("thead", {}, [h("tr", {}, head)]), h("tbody", {}, rows)]),
  ]);
}

/**
 * @param {any} event
 * @param {Table} table
 */
export function describe(event, table) {
  const { t } = table;
  const who = typeof event.seat === "number" ? table.seatName(event.seat) : "";
  const routes = routesById(table);
  const routeOf = (/** @type {string} */ id) => (routes[id] ? routeName(table, routes[id]) : id);
  switch (event.type) {
    case "route_claimed":
      return t("ttr_log_claimed", { name: who, route: routeOf(event.route), count: event.points });
    case "station_built":
      return t("ttr_log_station", { name: who, city: city(table, event.city) });
    case "card_drawn":
      return event.source === "faceup" ? t("ttr_log_faceup", { name: who, colour: colourName(table, event.colour) }) : t("ttr_log_deck", { name: who });
    case "tickets_drawn":
      return t("ttr_log_tickets_drawn", { name: who, count: event.count });
    case "tickets_kept":
      return t("ttr_log_tickets_kept", { name: who, count: event.kept });
    case "tunnel_revealed":
      return t("ttr_log_tunnel", { name: who, route: routeOf(event.route), count: event.extra });
    case "tunnel_abandoned":
      return t("ttr_log_tunnel_abandoned", { name: who, route: routeOf(event.route) });
    case "final_round":
      return t("ttr_log_final_round", { name: who, count: event.trains_left });
    case "faceup_discarded":
      return t("ttr_log_faceup_discarded");
    case "discard_reshuffled":
      return t("ttr_log_reshuffled");
    case "game_over":
      return t("log_game_over");
    case "passed":
      return t("ttr_log_passed", { name: who });
    case "turn_started":
    case "faceup":
    case "card_received":
    case "your_tickets":
    case "tickets_offered":
      return null;
    default:
      return undefined;
  }
}

/** @param {Table} table */
export function status(table) {
  const game = table.view;
  if (game.status !== "running" || table.seat === null || !(game.to_act || []).includes(table.seat)) return null;
  const step = game.view.step;
  if (step === "initial_tickets" || step === "tickets") return table.t("ttr_your_tickets");
  if (step === "tunnel") return table.t("ttr_your_tunnel");
  if (step === "second_card") return table.t("ttr_your_second_card");
  return table.t("ttr_your_turn");
}

/**
 * The final scoring as the game counts it: routes, tickets, stations, the European Express.
 * @param {HTMLElement} root
 * @param {Table} table
 */
export function drawOutcome(root, table) {
  useStyle("boards/ticket-to-ride-europe.css");
  const { t } = table;
  const outcome = table.view.outcome;
  const head = ["ttr_col_player", "ttr_col_routes", "ttr_col_tickets_score", "ttr_col_stations_score", "ttr_col_express", "ttr_col_total"].map((k) => h("th", { scope: "col", text: t(k) }));
  const rows = outcome.standings.map((/** @type {any} */ s) => {
    const b = s.breakdown;
    return h("tr", { "data-seat": s.seat }, [
      h("th", { scope: "row" }, [seatMark(s.seat), " ", table.seatName(s.seat)]),
      h("td", { text: t("ttr_score_routes", { points: b.routes.points, count: b.routes.count }) }),
      h("td", { text: t("ttr_score_tickets", { points: b.tickets.points, done: b.tickets.completed.length, failed: b.tickets.failed.length }) }),
      h("td", { text: t("ttr_score_stations", { points: b.stations.points, count: b.stations.unused }) }),
      h("td", { text: t("ttr_score_express", { points: b.european_express.points, count: b.european_express.longest_path }) }),
      h("td", { class: "score", text: String(s.score) }),
    ]);
  });
  root.append(h("table", { class: "ttr-table ttr-scores", id: "ttr-scores" }, [h("thead", {}, [h("tr", {}, head)]), h("tbody", {}, rows)]));
}
