// The lobby: a new table (game, seats, options, clock), the open tables to join, and the games this browser holds.
import { call, problemText } from "./api.js";
import { clear, h } from "./dom.js";
import { botName, gameTitle, seatMark, seatName } from "./players.js";
import { held, keep, keepName, myName, forget } from "./seats.js";
import { LANG, has, t } from "./texts.js";
import { toast } from "./toast.js";

const SKIPPED = new Set(["first", "ages"]);
const CLOCKS = [0, 30, 60, 300, 3600, 86400];

/** @param {number} seconds */
export function clockLabel(seconds) {
  if (!seconds) return t("clock_none");
  if (seconds < 60) return t("clock_seconds", { count: seconds });
  if (seconds < 3600) return t("clock_minutes", { count: seconds / 60 });
  if (seconds < 86400) return t("clock_hours", { count: seconds / 3600 });
  return t("clock_days", { count: seconds / 86400 });
}

/** @param {string} path */
function href(path) {
  return `${path}${path.includes("?") ? "&" : "?"}lang=${LANG}`;
}

/** @param {HTMLElement} main */
export async function showLobby(main) {
  clear(main);
  document.title = `${t("lobby_title")} · deskovka`;
  const create = h("section", { class: "panel create", "aria-labelledby": "create-heading" }, [
    h("h2", { id: "create-heading", text: t("new_table") }),
  ]);
  const mine = h("section", { class: "panel mine", "aria-labelledby": "mine-heading" }, [
    h("h2", { id: "mine-heading", text: t("my_games") }),
  ]);
  const open = h("section", { class: "panel open", "aria-labelledby": "open-heading" }, [
    h("h2", { id: "open-heading", text: t("open_tables") }),
  ]);
  main.append(
    h("div", { class: "hero" }, [h("h1", { text: t("lobby_title") }), h("p", { text: t("lobby_intro") })]),
    h("div", { class: "lobby" }, [create, h("div", { class: "lists" }, [mine, open])]),
  );
  const [types, decks] = await Promise.all([call("GET", "/v1/game-types"), call("GET", "/v1/decks")]);
  if (!types.ok) {
    create.append(h("p", { class: "problem", text: problemText(types.problem) }));
    return;
  }
  const order = ["timeline", "chronology", "lost-cities", "ticket-to-ride-europe", "around-the-world"];
  const listed = [...types.data.game_types].sort((a, b) => order.indexOf(a.type) - order.indexOf(b.type));
  drawCreate(create, listed, decks.ok ? decks.data.decks : []);
  drawMine(mine);
  drawOpen(open);
}

/**
 * @param {HTMLElement} panel
 * @param {any[]} gameTypes
 * @param {any[]} decks
 */
function drawCreate(panel, gameTypes, decks) {
  const form = h("form", { id: "create", class: "create-form" });
  const nameInput = h("input", {
    id: "my-name",
    type: "text",
    maxlength: 40,
    autocomplete: "nickname",
    value: myName() || t("default_name"),
  });
  const games = h("div", { class: "game-choice", role: "radiogroup", "aria-label": t("game") });
  const seatsBox = h("ol", { class: "seat-list", id: "seat-list" });
  const optionsBox = h("div", { class: "options", id: "options" });
  const clock = h("select", { id: "clock" });
  for (const seconds of CLOCKS) clock.append(h("option", { value: seconds, text: clockLabel(seconds) }));
  const addSeat = h("button", { type: "button", id: "add-seat", class: "small", text: t("add_seat") });
  const submit = h("button", { type: "submit", id: "create-table", class: "primary", text: t("create_table") });
  form.append(
    h("div", { class: "field" }, [h("label", { for: "my-name", text: t("your_name") }), nameInput]),
    h("fieldset", {}, [h("legend", { text: t("game") }), games]),
    h("fieldset", {}, [h("legend", { text: t("seats") }), seatsBox, addSeat]),
    h("fieldset", {}, [h("legend", { text: t("options") }), optionsBox]),
    h("div", { class: "field" }, [h("label", { for: "clock", text: t("turn_clock") }), clock]),
    submit,
  );
  panel.append(form);

  let chosen = gameTypes[0];
  /** @type {string[]} */
  let seats = [];

  function seatRow(/** @type {number} */ index) {
    const select = h("select", { class: "seat-kind", "aria-label": t("seat_n", { n: index + 1 }) });
    select.append(h("option", { value: "me", text: t("seat_me") }));
    select.append(h("option", { value: "open", text: t("seat_open") }));
    for (const bot of chosen.bots) {
      select.append(h("option", { value: `bot:${bot.name}`, text: t("seat_bot", { bot: botName(bot.name) }), title: bot.summary }));
    }
    select.value = seats[index];
    select.addEventListener("change", () => {
      if (select.value === "me") seats = seats.map((kind, i) => (i !== index && kind === "me" ? "open" : kind));
      seats[index] = select.value;
      drawSeats();
    });
    const remove = h("button", { type: "button", class: "small ghost", text: "✕", "aria-label": t("remove_seat", { n: index + 1 }) });
    remove.disabled = seats.length <= Math.max(1, chosen.min_players);
    remove.addEventListener("click", () => {
      seats.splice(index, 1);
      if (!seats.includes("me") && seats.length) seats[0] = "me";
      drawSeats();
    });
    return h("li", {}, [seatMark(index), select, remove]);
  }

  function drawSeats() {
    clear(seatsBox);
    seats.forEach((_, index) => seatsBox.append(seatRow(index)));
    addSeat.disabled = seats.length >= chosen.max_players;
  }

  function drawOptions() {
    clear(optionsBox);
    const properties = chosen.options.properties || {};
    for (const [name, schema] of Object.entries(properties)) {
      if (SKIPPED.has(name) || !drawable(name, /** @type {any} */ (schema))) continue;
      optionsBox.append(optionField(name, /** @type {any} */ (schema), chosen.type, decks));
    }
    if (!optionsBox.childElementCount) optionsBox.append(h("p", { class: "help", text: t("no_options") }));
  }

  function choose(/** @type {any} */ type) {
    chosen = type;
    for (const button of games.querySelectorAll("button")) {
      button.setAttribute("aria-checked", String(button.getAttribute("data-type") === type.type));
    }
    const bot = type.bots.find((/** @type {any} */ b) => b.name === "medium") || type.bots[0];
    seats = ["me", `bot:${bot.name}`];
    while (seats.length < Math.max(2, type.min_players)) seats.push(`bot:${bot.name}`);
    if (type.max_players < 2) seats = ["me"];
    drawSeats();
    drawOptions();
  }

  for (const type of gameTypes) {
    const button = h("button", { type: "button", role: "radio", class: `game-tile game-${type.type}`, "data-type": type.type }, [
      h("span", { class: "game-art", "aria-hidden": "true" }),
      h("strong", { text: gameTitle(type.type) }),
      h("small", { text: t("players_range", { min: type.min_players, max: type.max_players }) }),
    ]);
    button.addEventListener("click", () => choose(type));
    games.append(button);
  }
  addSeat.addEventListener("click", () => {
    const bot = chosen.bots.find((/** @type {any} */ b) => b.name === "medium") || chosen.bots[0];
    seats.push(`bot:${bot.name}`);
    drawSeats();
  });
  choose(chosen);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = nameInput.value.trim() || t("default_name");
    keepName(name);
    const body = {
      type: chosen.type,
      seats: seats.map((kind) =>
        kind === "me" ? { name } : kind === "open" ? { open: true } : { bot: kind.slice(4) },
      ),
      options: readOptions(optionsBox),
    };
    const seconds = Number(clock.value);
    if (seconds) Object.assign(body, { clock: { per_turn: seconds, on_timeout: "bot" } });
    submit.disabled = true;
    const answer = await call("POST", "/v1/games", { body });
    submit.disabled = false;
    if (!answer.ok) {
      toast(problemText(answer.problem));
      return;
    }
    const game = answer.data.game;
    for (const token of answer.data.tokens || []) keep(game.id, token.seat, token.token, game.type);
    location.assign(href(`/play/${game.id}`));
  });
}

/**
 * Whether the lobby has a field for an option's schema; an option it has none for (Timeline's `part`, an object)
 * is left to its default.
 * @param {string} name
 * @param {any} schema
 */
function drawable(name, schema) {
  if (name === "deck" || name === "language") return true;
  if (["boolean", "integer", "string"].includes(schema.type)) return true;
  if (schema.type === "array") return Boolean(schema.items && schema.items.enum);
  if (schema.enum) return true;
  return Boolean(schema.oneOf && schema.oneOf.every((/** @type {any} */ part) => part.enum || part.type === "integer"));
}

/**
 * A form field for one option of the game type's JSON Schema.
 * @param {string} name
 * @param {any} schema
 * @param {string} type
 * @param {any[]} decks
 */
function optionField(name, schema, type, decks) {
  const id = `option-${name}`;
  const label = has(`option_${name}`) ? t(`option_${name}`) : name;
  /** @param {string | number} value */
  const valueLabel = (value) => (has(`option_${name}_${value}`) ? t(`option_${name}_${value}`) : String(value));
  /** @type {HTMLElement} */
  let control;
  if (name === "deck") {
    const select = h("select", { id, "data-option": name, "data-kind": "string" });
    const wanted = type === "chronology" ? decks.filter((d) => d.kind === "dated") : decks;
    for (const deck of wanted) {
      const title = deck.title && typeof deck.title === "object" ? deck.title[LANG] || deck.title.en || deck.id : deck.title || deck.id;
      select.append(h("option", { value: deck.id, text: title }));
    }
    select.value = schema.default;
    control = select;
  } else if (name === "language") {
    const select = h("select", { id, "data-option": name, "data-kind": "string" });
    for (const code of schema.enum) select.append(h("option", { value: code, lang: code, text: t(`language_${code}`) }));
    select.value = schema.enum.includes(LANG) ? LANG : schema.default;
    control = select;
  } else if (schema.type === "boolean") {
    const box = h("input", { id, type: "checkbox", "data-option": name, "data-kind": "boolean" });
    box.checked = Boolean(schema.default);
    return h("div", { class: "field check" }, [box, h("label", { for: id, text: label })]);
  } else if (schema.type === "array" && schema.items && schema.items.enum) {
    const group = h("div", { class: "checks", id, "data-option": name, "data-kind": "set" });
    for (const value of schema.items.enum) {
      const box = h("input", { type: "checkbox", id: `${id}-${value}`, value });
      box.checked = true;
      group.append(h("span", { class: "check" }, [box, h("label", { for: `${id}-${value}`, text: valueLabel(value) })]));
    }
    return h("fieldset", { class: "field" }, [h("legend", { text: label }), group]);
  } else if (schema.enum || schema.oneOf) {
    const select = h("select", { id, "data-option": name, "data-kind": "mixed" });
    /** @type {Array<string | number>} */
    const values = [];
    for (const part of schema.oneOf || [schema]) {
      if (part.enum) values.push(...part.enum);
      else if (part.type === "integer") for (let n = part.minimum; n <= part.maximum; n += 1) values.push(n);
    }
    for (const value of values) select.append(h("option", { value: String(value), text: valueLabel(value) }));
    select.value = String(schema.default);
    control = select;
  } else if (schema.type === "integer") {
    control = h("input", {
      id,
      type: "number",
      min: schema.minimum,
      max: schema.maximum,
      step: 1,
      value: schema.default,
      "data-option": name,
      "data-kind": "integer",
    });
  } else {
    control = h("input", { id, type: "text", value: schema.default ?? "", "data-option": name, "data-kind": "string" });
  }
  return h("div", { class: "field" }, [h("label", { for: id, text: label }), control]);
}

/** @param {HTMLElement} box */
function readOptions(box) {
  /** @type {Record<string, unknown>} */
  const options = {};
  for (const element of box.querySelectorAll("[data-option]")) {
    if (!(element instanceof HTMLElement)) continue;
    const name = element.dataset.option || "";
    const kind = element.dataset.kind;
    if (element instanceof HTMLInputElement && kind === "boolean") options[name] = element.checked;
    else if (kind === "set") {
      options[name] = [...element.querySelectorAll("input:checked")].map((box) => (box instanceof HTMLInputElement ? box.value : ""));
    } else if (element instanceof HTMLInputElement && kind === "integer") options[name] = Number(element.value);
    else if (element instanceof HTMLSelectElement || element instanceof HTMLInputElement) {
      const value = element.value;
      options[name] = kind === "mixed" && /^\d+$/.test(value) ? Number(value) : value;
    }
  }
  return options;
}

/**
 * What a game's status says to its holder.
 * @param {string | null | undefined} status
 * @param {boolean} mine whether it is the holder's turn
 */
function turnWords(status, mine) {
  if (status === "finished") return t("status_finished");
  if (status === "cancelled") return t("status_cancelled");
  if (status === "open") return t("status_open");
  return mine ? t("your_turn") : t("their_turn");
}

/** @typedef {{type?: string | null, status?: string | null, mine: boolean, gone: boolean}} Turn */

/**
 * Every held game's turn in one call (the server reads only their heads), or null if the call failed.
 * @param {string[]} ids
 * @param {Record<string, import("./seats.js").Held>} seats
 * @returns {Promise<Record<string, Turn> | null>}
 */
async function turns(ids, seats) {
  /** @type {import("./api.js").Schemas["StatusQuery"]} */
  const body = { games: ids.map((id) => ({ id, tokens: [seats[id].token] })) };
  const answer = await call("POST", "/v1/games/status", { body });
  if (!answer.ok || !answer.data || !Array.isArray(answer.data.games)) return null;
  /** @type {Record<string, Turn>} */
  const found = {};
  for (const game of /** @type {import("./api.js").Schemas["GameStatus"][]} */ (answer.data.games)) {
    const token = (game.tokens || [])[0];
    found[game.id] = {
      type: game.type,
      status: game.status,
      mine: game.status === "running" && Boolean(token && token.your_turn),
      gone: Boolean(game.problem || (token && token.problem)),
    };
  }
  return found;
}

/**
 * Each held game's own view, when the many-games call failed.
 * @param {string[]} ids
 * @param {Record<string, import("./seats.js").Held>} seats
 * @returns {Promise<Record<string, Turn>>}
 */
async function turnsOneByOne(ids, seats) {
  const views = await Promise.all(ids.map((id) => call("GET", `/v1/games/${id}`, { token: seats[id].token })));
  /** @type {Record<string, Turn>} */
  const found = {};
  views.forEach((answer, i) => {
    const game = answer.ok ? answer.data : null;
    found[ids[i]] = {
      type: game && game.type,
      status: game && game.status,
      mine: Boolean(game && game.status === "running" && (game.to_act || []).includes(seats[ids[i]].seat)),
      gone: [401, 403, 404].includes(answer.status),
    };
  });
  return found;
}

/** @param {HTMLElement} panel */
async function drawMine(panel) {
  const seats = held();
  const ids = Object.keys(seats).sort((a, b) => seats[b].at - seats[a].at).slice(0, 50);
  const list = h("ul", { class: "game-list", id: "my-games" });
  panel.append(list);
  if (!ids.length) {
    list.append(h("li", { class: "empty", text: t("no_games_yet") }));
    return;
  }
  const found = (await turns(ids, seats)) || (await turnsOneByOne(ids, seats));
  for (const id of ids) {
    const game = found[id];
    if (!game || game.gone) {
      forget(id);
      continue;
    }
    const item = h("li", { class: game.mine ? "mine-turn" : "", "data-game": id }, [
      h("a", { href: href(`/play/${id}`), class: "game-link" }, [
        h("strong", { text: gameTitle(game.type || seats[id].type) }),
        h("span", { class: "status", text: turnWords(game.status, game.mine) }),
        game.mine ? h("span", { class: "badge", text: t("badge_your_turn") }) : null,
      ]),
    ]);
    list.append(item);
  }
  if (!list.childElementCount) list.append(h("li", { class: "empty", text: t("no_games_yet") }));
}

/** @param {HTMLElement} panel */
async function drawOpen(panel) {
  const list = h("ul", { class: "game-list", id: "open-tables" });
  panel.append(list);
  const answer = await call("GET", "/v1/games");
  const mine = held();
  const games = answer.ok ? answer.data.games : [];
  if (!games.length) list.append(h("li", { class: "empty", text: t("no_open_tables") }));
  for (const game of games) {
    const names = game.seats.map((/** @type {any} */ seat) => seatName(seat)).join(", ");
    const item = h("li", {}, [
      h("div", { class: "game-link" }, [h("strong", { text: gameTitle(game.type) }), h("span", { class: "status", text: names })]),
    ]);
    if (mine[game.id]) {
      item.append(h("a", { class: "button small", href: href(`/play/${game.id}`), text: t("open_table") }));
    } else {
      const join = h("button", { type: "button", class: "small primary", "data-join": game.id, text: t("join") });
      join.addEventListener("click", async () => {
        const name = myName() || t("default_name");
        const seat = game.open_seats[0];
        const joined = await call("POST", `/v1/games/${game.id}/seats/${seat}`, { body: { name } });
        if (!joined.ok) {
          toast(problemText(joined.problem));
          return;
        }
        keep(game.id, joined.data.seat, joined.data.token, game.type);
        location.assign(href(`/play/${game.id}`));
      });
      item.append(join);
    }
    list.append(item);
  }
}
