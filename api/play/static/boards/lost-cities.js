// Lost Cities: Roll & Write: the score sheet as on paper (six colour columns, artefacts, dice; doubling circles,
// arrows, urns, bridges, exhaustion), the dice of the turn, and every die pair as a button where it would be written.
import { actionButton } from "../action_button.js";
import { h } from "../dom.js";
import { seatMark } from "../players.js";

/** @typedef {import("../action_button.js").Table} Table */

const SHAPES = { triangle: "▲", circle: "●", square: "■", diamond: "◆", star: "★", cross: "✚", urn: "⚱", die: "⚄" };
/** Whose sheet is shown, per game. @type {Map<string, number>} */
const showing = new Map();

/** @param {string} shape */
const shapeOf = (shape) => /** @type {Record<string, string>} */ (SHAPES)[shape] || "";

/** @param {Table} table @param {any} column */
function columnName(table, column) {
  const named = table.name("expeditions", column.id);
  if (named !== column.id) return named;
  const key = `lc_column_${column.id}`;
  const text = table.t(key);
  return text === key ? column.name.en || column.id : text;
}

/**
 * Points for a number of marks, from the sheet's own table.
 * @param {any} sheetData
 * @param {string} kind colour, artefacts or dice
 * @param {number} marks
 */
function pointsFor(sheetData, kind, marks) {
  const row = (sheetData.points[kind] || []).find((/** @type {any} */ p) => p.marks === marks);
  return row ? row.points : 0;
}

/** @param {number} number */
const written = (number) => String(number === 0 ? 10 : number);

/**
 * @param {HTMLElement} root
 * @param {Table} table
 */
export function drawBoard(root, table) {
  const { t } = table;
  const game = table.view;
  const view = game.view;
  const sheetData = table.type.data.sheet;
  /** @type {any[]} */
  const legal = game.legal_actions || [];
  const mine = table.seat;
  let shown = showing.get(game.id);
  if (shown === undefined || !view.sheets.some((/** @type {any} */ s) => s.seat === shown)) shown = mine ?? view.sheets[0].seat;

  root.append(
    h("div", { class: "facts" }, [
      h("span", { class: "fact", text: t("lc_turn", { turn: view.turn }) }),
      h("span", { class: "fact", text: t("lc_active", { name: table.seatName(view.active) }) }),
      view.step === "others" ? h("span", { class: "fact", text: t("lc_others_choose", { done: view.chosen.length, count: Math.max(0, view.sheets.length - 1) }) }) : null,
    ]),
    drawDice(table),
  );

  // the sheets, one click apart
  const tabs = h("div", { class: "lc-tabs", role: "tablist", "aria-label": t("lc_sheets") });
  for (const sheet of view.sheets) {
    const chose = view.step === "others" && view.chosen.includes(sheet.seat);
    const tab = h("button", {
      type: "button",
      role: "tab",
      class: "small",
      "aria-selected": String(sheet.seat === shown),
      "data-sheet-tab": sheet.seat,
    }, [seatMark(sheet.seat), ` ${table.seatName(sheet.seat)} · ${sheet.score}`, chose ? " ✓" : "", sheet.exhausted ? ` · ${t("lc_exhausted")}` : ""]);
    tab.addEventListener("click", () => {
      showing.set(game.id, sheet.seat);
      root.replaceChildren();
      drawBoard(root, table);
    });
    tabs.append(tab);
  }
  root.append(tabs);
  for (const sheet of view.sheets) {
    const mineToAct = sheet.seat === mine;
    const box = drawSheet(table, sheetData, sheet, mineToAct ? legal : []);
    box.hidden = sheet.seat !== shown;
    root.append(box);
  }
  // the buttons of my sheet must be there even while another sheet is shown: show mine again when I must act
  if (mine !== null && shown !== mine && legal.length) {
    const back = h("button", { type: "button", class: "small primary", "data-sheet-tab": mine, text: t("lc_back_to_mine") });
    back.addEventListener("click", () => {
      showing.set(game.id, mine);
      root.replaceChildren();
      drawBoard(root, table);
    });
    tabs.append(back);
  }
  const stop = legal.find((a) => a.type === "stop");
  const acceleration = (view.accelerations || []).find((/** @type {any} */ a) => a.seat === mine);
  if (stop || acceleration) {
    root.append(
      h("div", { class: "lc-accelerate" }, [
        h("span", { text: t("lc_accelerations", { count: acceleration ? acceleration.left : 1 }) }),
        stop ? actionButton(table, stop, t("lc_stop"), { class: "small" }) : null,
      ]),
    );
  }
}

/**
 * The dice of the turn: those still open to the seats choosing now are bright.
 * @param {Table} table
 */
function drawDice(table) {
  const { t } = table;
  const view = table.view.view;
  const sheetData = table.type.data.sheet;
  const symbol = (/** @type {string} */ colour) => {
    const column = sheetData.columns.find((/** @type {any} */ c) => c.id === colour);
    return column ? shapeOf(column.symbol.shape) : "";
  };
  const open = { colours: [...view.offer.colours], numbers: [...view.offer.numbers] };
  const dice = h("div", { class: "lc-dice", "aria-label": t("lc_dice") });
  for (const colour of view.roll.colours) {
    const at = open.colours.indexOf(colour);
    if (at >= 0) open.colours.splice(at, 1);
    dice.append(h("span", { class: `die colour-die lc-${colour} ${at < 0 ? "used" : ""}`, title: named(table, colour), role: "img", "aria-label": named(table, colour), text: symbol(colour) }));
  }
  for (const number of view.roll.numbers) {
    const at = open.numbers.indexOf(number);
    if (at >= 0) open.numbers.splice(at, 1);
    dice.append(h("span", { class: `die number-die ${at < 0 ? "used" : ""}`, text: String(number) }));
  }
  const choice = view.active_choice;
  const said = choice
    ? choice.type === "refuse"
      ? t("lc_active_refused", { name: table.seatName(view.active) })
      : t("lc_active_took", { name: table.seatName(view.active), colour: named(table, choice.colour), number: choice.number })
    : null;
  return h("div", { class: "lc-roll" }, [h("h2", { text: t("lc_dice") }), dice, said ? h("p", { class: "help", text: said }) : null]);
}

/**
 * One score sheet, bottom-up as printed, with my legal actions in the spaces they would fill.
 * @param {Table} table
 * @param {any} sheetData
 * @param {any} sheet
 * @param {any[]} legal
 */
function drawSheet(table, sheetData, sheet, legal) {
  const { t } = table;
  const spaces = sheetData.spaces.count;
  const bridgeAt = sheetData.bridge.space;
  const grid = h("div", { class: "lc-sheet", "data-sheet": sheet.seat, role: "tabpanel", "aria-label": t("lc_sheet_of", { name: table.seatName(sheet.seat) }) });
  for (const column of sheetData.columns) {
    const kind = column.kind;
    const values = kind === "colour" ? sheet.columns[column.id] : [];
    const marks = kind === "colour" ? values.length : kind === "artefacts" ? sheet.artefacts : sheet.dice;
    const doubled = kind === "colour" && sheet.circles[column.id];
    const base = pointsFor(sheetData, kind === "colour" ? "colour" : kind, marks);
    const points = kind === "colour" && doubled ? base * sheetData.double.factor : base;
    const col = h("div", { class: `lc-col lc-${column.id} kind-${kind}`, "data-column": column.id });
    col.append(h("div", { class: "lc-head" }, [h("span", { class: "lc-symbol", "aria-hidden": "true", text: shapeOf(column.symbol.shape) }), h("span", { text: columnName(table, column) })]));

    // a take that overflows a full column becomes an artefact: its button sits above the column
    const over = h("div", { class: "lc-over" });
    if (kind === "colour" && values.length >= spaces) {
      for (const action of legal.filter((a) => a.type === "take" && a.colour === column.id && a.as !== "double")) {
        over.append(actionButton(table, action, `${written(action.number)} → ${shapeOf("urn")}`, { title: t("lc_take_overflow", { colour: columnName(table, column), number: written(action.number) }), class: "small take" }));
      }
    }
    col.append(over);
    for (let space = spaces; space >= 1; space -= 1) {
      const filled = space <= marks;
      const arrow = column.arrows && column.arrows.spaces.includes(space);
      const urn = column.urns && column.urns.spaces.includes(space);
      const cell = h("div", { class: `lc-space ${filled ? "filled" : ""} ${arrow ? "arrow" : ""} ${urn ? "urn" : ""}`, "data-space": space }, [
        h("span", { class: "lc-value", text: filled ? (kind === "colour" ? String(values[space - 1]) : "✕") : "" }),
        arrow ? h("span", { class: "lc-mark", title: t("lc_arrow"), text: "➚" }) : null,
        urn ? h("span", { class: "lc-mark", title: t("lc_urn"), text: shapeOf("urn") }) : null,
      ]);
      if (space === marks + 1) {
        for (const action of legal) {
          if (kind === "colour" && action.type === "take" && action.colour === column.id && action.as !== "double" && values.length < spaces) {
            cell.append(actionButton(table, action, written(action.number), { title: t("lc_take", { colour: columnName(table, column), number: written(action.number) }), class: "small take" }));
          } else if (kind === "colour" && action.type === "accelerate" && action.column === column.id) {
            cell.append(actionButton(table, action, `↑ ${values[values.length - 1]}`, { title: t("lc_accelerate", { colour: columnName(table, column) }), class: "small take" }));
          } else if (kind === "dice" && action.type === "refuse") {
            cell.append(actionButton(table, action, t("lc_refuse"), { title: t("lc_refuse_long"), class: "small take" }));
          }
        }
      }
      if (kind === "dice" && action_refuse_full(legal, marks, spaces) && space === spaces) {
        const refuse = legal.find((a) => a.type === "refuse");
        cell.append(actionButton(table, refuse, t("lc_refuse"), { title: t("lc_refuse_long"), class: "small take" }));
      }
      col.append(cell);
      if (space === bridgeAt) {
        const state = sheet.bridges[column.id];
        col.append(h("div", { class: `lc-bridge ${state || "open"}`, title: t("lc_bridge") }, [
          h("span", { text: state === "won" ? `✓ +${sheetData.bridge.bonus}` : state === "lost" ? "✗" : `+${sheetData.bridge.bonus}` }),
        ]));
      }
    }
    if (kind === "colour") {
      const circle = h("div", { class: `lc-circle ${doubled ? "marked" : ""}` }, [h("span", { class: "lc-ring", text: doubled ? "×2" : "○" })]);
      for (const action of legal.filter((a) => a.type === "take" && a.colour === column.id && a.as === "double")) {
        circle.append(actionButton(table, action, "0 → ×2", { title: t("lc_take_double", { colour: columnName(table, column) }), class: "small take" }));
      }
      col.append(circle);
    } else {
      col.append(h("div", { class: "lc-circle none" }, [kind === "dice" && sheet.exhausted ? h("span", { class: "lc-ring", text: t("lc_exhausted") }) : null]));
    }
    col.append(h("div", { class: "lc-points", text: marks ? String(points) : "–" }));
    grid.append(col);
  }
  return h("div", { class: "lc-sheet-box", "data-sheet-box": sheet.seat }, [
    h("div", { class: "lc-sheet-title" }, [seatMark(sheet.seat), ` ${table.seatName(sheet.seat)}`, h("strong", { class: "lc-total", text: t("lc_total", { score: sheet.score }) })]),
    h("div", { class: "lc-sheet-scroll" }, [grid]),
  ]);
}

/**
 * A refusal with the dice column full (exhausted: it marks nothing) still needs a button.
 * @param {any[]} legal
 * @param {number} marks
 * @param {number} spaces
 */
function action_refuse_full(legal, marks, spaces) {
  return marks >= spaces && legal.some((a) => a.type === "refuse");
}

/**
 * A column's name by its id.
 * @param {Table} table
 * @param {string} id
 */
function named(table, id) {
  const column = table.type.data.sheet.columns.find((/** @type {any} */ c) => c.id === id);
  return column ? columnName(table, column) : id;
}

/**
 * @param {any} event
 * @param {Table} table
 * @returns {string | null | undefined}
 */
export function describe(event, table) {
  const { t } = table;
  const who = typeof event.seat === "number" ? table.seatName(event.seat) : "";
  switch (event.type) {
    case "dice_rolled":
      return t("lc_log_rolled", {
        name: table.seatName(event.active),
        colours: (event.colours || []).map((/** @type {string} */ c) => named(table, c)).join(", "),
        numbers: (event.numbers || []).join(", "),
      });
    case "number_written":
      return t("lc_log_written", { name: who, value: event.value, column: named(table, event.column) });
    case "circle_marked":
      return t("lc_log_circle", { name: who, column: named(table, event.column) });
    case "artefact_marked":
      return t("lc_log_artefact", { name: who });
    case "refused":
      return t("lc_log_refused", { name: who });
    case "die_marked":
      return event.exhausted ? t("lc_log_exhausted", { name: who }) : null;
    case "accelerated":
      return t("lc_log_accelerated", { name: who, column: named(table, event.column) });
    case "player_chose":
      return t("lc_log_chose", { name: who });
    case "choices_revealed": {
      const said = (event.choices || []).flatMap((/** @type {any} */ choice) =>
        (choice.events || []).map((/** @type {any} */ inner) => describe(inner, table)).filter(Boolean),
      );
      return [t("lc_log_revealed"), ...said].join(" · ");
    }
    case "bridge_crossed":
      return t("lc_log_bridge", {
        names: (event.seats || []).map((/** @type {number} */ s) => table.seatName(s)).join(", "),
        column: named(table, event.column),
        bonus: event.bonus,
      });
    case "game_over":
      return t("log_game_over");
    case "dice_taken":
    case "accelerations_stopped":
    case "others_choose":
      return null;
    default:
      return undefined;
  }
}

/** @param {Table} table */
export function status(table) {
  const game = table.view;
  if (game.status !== "running") return null;
  const acting = game.to_act || [];
  const view = game.view;
  if (table.seat !== null && acting.includes(table.seat)) {
    if ((game.legal_actions || []).some((/** @type {any} */ a) => a.type === "accelerate")) return table.t("lc_your_acceleration");
    return view.step === "active" ? table.t("lc_your_roll") : table.t("lc_your_choice");
  }
  if (view.step === "others" && acting.length) return table.t("waiting_for_players", { count: acting.length });
  return null;
}

/**
 * The final sheets' breakdown, column by column, as the game scores them.
 * @param {HTMLElement} root
 * @param {Table} table
 */
export function drawOutcome(root, table) {
  const standings = table.view.outcome.standings;
  const columns = table.type.data.sheet.columns;
  const head = h("tr", {}, [h("th", { text: table.t("player") }), ...columns.map((/** @type {any} */ c) => h("th", { text: columnName(table, c) })), h("th", { text: table.t("lc_bridges") }), h("th", { text: table.t("score") })]);
  const rows = standings.map((/** @type {any} */ s) => {
    const b = s.breakdown || {};
    return h("tr", {}, [
      h("th", { scope: "row", text: table.seatName(s.seat) }),
      ...columns.map((/** @type {any} */ c) => h("td", { text: b[c.id] ? `${b[c.id].points}${b[c.id].doubled ? " (×2)" : ""}` : "" })),
      h("td", { text: b.bridges ? String(b.bridges.points) : "" }),
      h("td", { class: "score", text: String(s.score) }),
    ]);
  });
  root.append(h("div", { class: "lc-sheet-scroll" }, [h("table", { class: "standings lc-breakdown" }, [h("thead", {}, [head]), h("tbody", {}, rows)])]));
}
