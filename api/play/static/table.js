// A table: the board the game's module draws, the players and their clocks, the log in words, and the live feed.
import { call, problemText } from "./api.js";
import { clear, h } from "./dom.js";
import { describe } from "./log.js";
import { gameTitle, seatMark, seatName } from "./players.js";
import { keep, keepName, myName, seatOf, tokenSeat } from "./seats.js";
import { LANG, t } from "./texts.js";
import { toast } from "./toast.js";
import { fallbackBoard } from "./boards/fallback.js";
import { expandGroups } from "./boards/kit.js";

/** @typedef {import("./action_button.js").Table} Table */
/** @typedef {import("./action_button.js").Action} Action */
/**
 * @typedef {object} Board
 * @property {(root: HTMLElement, table: Table) => void} drawBoard
 * @property {(event: any, table: Table) => string | null | undefined} [describe]
 * @property {(root: HTMLElement, table: Table) => void} [drawOutcome]
 * @property {(table: Table) => string | null | undefined} [status]
 */

const WAIT = 25;
/** @type {Record<string, Promise<any>>} */
const typeDocs = {};

/** @param {string} type */
function gameType(type) {
  typeDocs[type] ||= call("GET", `/v1/game-types/${type}?language=${LANG}`).then((answer) => (answer.ok ? answer.data : { type, data: {} }));
  return typeDocs[type];
}

/** @param {string} type @returns {Promise<Board>} */
async function boardOf(type) {
  const base = document.body.dataset.static || "/play/static/";
  try {
    return await import(`${base}boards/${type}.js?v=${document.body.dataset.version || ""}`);
  } catch {
    return fallbackBoard;
  }
}

/** @param {string} path */
function href(path) {
  return `${path}?lang=${LANG}`;
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * @param {HTMLElement} main
 * @param {string} gameId
 */
export async function showTable(main, gameId) {
  const hash = new URLSearchParams(location.hash.slice(1));
  /** @type {number | null} */
  let joining = null;
  const token = hash.get("seat");
  if (token) {
    const seat = tokenSeat(token);
    if (seat !== null) keep(gameId, seat, token, "");
  }
  if (hash.has("join")) joining = Number(hash.get("join"));
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);

  const mine = seatOf(gameId);
  const first = await call("GET", `/v1/games/${gameId}?actions=grouped`, { token: mine ? mine.token : null });
  if (!first.ok) {
    clear(main);
    main.append(
      h("div", { class: "panel" }, [
        h("h1", { text: first.status === 404 ? t("no_such_game") : problemText(first.problem) }),
        h("p", {}, [h("a", { href: href("/play"), text: t("back_to_lobby") })]),
      ]),
    );
    return;
  }
  withActions(first.data);
  const [typeDoc, board] = await Promise.all([gameType(first.data.type), boardOf(first.data.type)]);
  if (mine && !mine.type) keep(gameId, mine.seat, mine.token, first.data.type);
  new TableView(main, gameId, first.data, typeDoc, board, joining).start();
}

/**
 * A view read with `actions=grouped` (a tenth of the bytes for a late Ticket to Ride turn) gets its `legal_actions`
 * back, expanded from `action_groups`: the boards and their `data-action`s read the exact list.
 * @param {any} game
 */
function withActions(game) {
  if (game && !Array.isArray(game.legal_actions) && Array.isArray(game.action_groups)) {
    game.legal_actions = expandGroups(game.action_groups);
  }
  return game;
}

/**
 * Whether two reads of a game show the same, the server's clock reading aside.
 * @param {any} a
 * @param {any} b
 */
function sameGame(a, b) {
  /** @param {any} game */
  const text = (game) => JSON.stringify({ ...game, clock: game.clock ? { ...game.clock, now: null } : null });
  return text(a) === text(b);
}

class TableView {
  /**
   * @param {HTMLElement} main
   * @param {string} gameId
   * @param {any} game
   * @param {any} typeDoc
   * @param {Board} board
   * @param {number | null} joining
   */
  constructor(main, gameId, game, typeDoc, board, joining) {
    this.main = main;
    this.id = gameId;
    this.game = game;
    this.typeDoc = typeDoc;
    this.board = board;
    this.joining = joining;
    this.held = seatOf(gameId);
    /** the last version whose events are in the log */
    this.logged = 0;
    /** @type {ReturnType<typeof setInterval> | 0} */
    this.ticker = 0;
    this.offset = 0;
    /** actions posted and not yet answered: while any is, no action of a view drawn meanwhile can be pressed */
    this.pending = 0;
    this.status = h("p", { class: "turn-status", id: "turn-status", "aria-live": "polite" });
    this.players = h("ul", { class: "players", id: "players", "aria-label": t("players") });
    this.root = h("section", { class: "board", id: "board", "aria-label": t("board") });
    this.controls = h("div", { class: "controls", id: "controls" });
    this.outcome = h("section", { class: "outcome", id: "outcome", hidden: true });
    this.log = h("ol", { class: "log", id: "log", "aria-live": "polite" });
    this.dialog = h("dialog", { id: "confirm" });
    this.build();
  }

  get token() {
    return this.held ? this.held.token : null;
  }

  get seat() {
    return this.held && this.game.you === this.held.seat ? this.held.seat : null;
  }

  build() {
    clear(this.main);
    document.title = `${gameTitle(this.game.type)} · deskovka`;
    this.main.append(
      h("div", { class: "table-page" }, [
        h("div", { class: "table-head" }, [
          h("h1", { text: gameTitle(this.game.type) }),
          this.status,
        ]),
        this.players,
        h("div", { class: "table-body" }, [
          h("div", { class: "board-column" }, [this.outcome, this.root]),
          h("aside", { class: "side" }, [
            this.controls,
            h("section", { class: "log-box", "aria-labelledby": "log-heading" }, [
              h("h2", { id: "log-heading", text: t("log") }),
              this.log,
            ]),
          ]),
        ]),
      ]),
      this.dialog,
    );
  }

  /** @returns {Table} */
  table() {
    const names = this.typeDoc && this.typeDoc.data && this.typeDoc.data.names ? this.typeDoc.data.names : {};
    return {
      view: this.game,
      type: this.typeDoc,
      seat: this.seat,
      lang: LANG,
      t,
      name: (kind, id) => (names[kind] && names[kind][id]) || id,
      act: (action) => this.act(action),
      // beyond the interface: a seat's name as the shell writes it
      seatName: (/** @type {number} */ seat) => this.seatName(seat),
    };
  }

  /** @param {number} seat */
  seatName(seat) {
    const entry = (this.game.seats || []).find((/** @type {any} */ s) => s.seat === seat);
    const name = entry ? seatName(entry) : t("seat_n", { n: seat + 1 });
    return seat === this.seat ? t("you_named", { name }) : name;
  }

  async start() {
    await this.loadLog();
    this.draw();
    if (this.joining !== null) this.offerJoin(this.joining);
    this.ticker = setInterval(() => this.tick(), 250);
    this.follow();
  }

  async loadLog() {
    const version = this.game.version || 0;
    if (!version) return;
    const after = Math.max(0, version - 60);
    const answer = await call("GET", `/v1/games/${this.id}/events?after=${after}&limit=100`, { token: this.token });
    this.logged = after;
    if (answer.ok) this.addEvents(answer.data.events || []);
    this.logged = Math.max(this.logged, version);
  }

  /** @param {any[]} events */
  addEvents(events) {
    const table = this.table();
    let newest = this.logged;
    for (const event of events) {
      if (event.v <= this.logged) continue;
      newest = Math.max(newest, event.v);
      const words = describe(event, table, this.board);
      if (!words) continue;
      const item = h("li", { "data-v": event.v, class: `event ${event.type}` }, [
        typeof event.seat === "number" ? seatMark(event.seat) : null,
        h("span", { text: words }),
      ]);
      this.log.prepend(item);
    }
    while (this.log.childElementCount > 200) this.log.lastElementChild?.remove();
    this.logged = newest;
  }

  /** @param {any} game */
  apply(game) {
    if (!game || game.version < this.game.version) return;
    withActions(game);
    // the same game read again (a finished table asked for its rematch, say): nothing to draw, focus stays put
    if (game.version === this.game.version && sameGame(game, this.game)) {
      this.game = game;
      return;
    }
    this.game = game;
    this.draw();
  }

  draw() {
    const game = this.game;
    const table = this.table();
    const active = document.activeElement;
    const focused = active instanceof HTMLElement ? active.dataset.action || active.id : null;
    if (game.clock && game.clock.now) this.offset = Date.parse(game.clock.now) - Date.now();
    this.drawPlayers();
    this.drawStatus(table);
    this.drawControls();
    this.root.dataset.game = game.type;
    if (this.seat === null) delete this.root.dataset.seat;
    else this.root.dataset.seat = String(this.seat);
    clear(this.root);
    if (game.view) this.board.drawBoard(this.root, table);
    else this.drawWaiting();
    if (this.pending) this.holdActions();
    this.drawOutcome(table);
    if (focused) {
      const again = [...this.main.querySelectorAll("[data-action], [id]")].find(
        (node) => node instanceof HTMLElement && (node.dataset.action === focused || node.id === focused),
      );
      if (again instanceof HTMLElement) again.focus();
    }
  }

  drawPlayers() {
    clear(this.players);
    const game = this.game;
    const deadlines = new Map(((game.clock && game.clock.deadlines) || []).map((/** @type {any} */ d) => [d.seat, d.at]));
    for (const seat of game.seats) {
      const acting = (game.to_act || []).includes(seat.seat);
      const resigned = (game.resigned || []).includes(seat.seat);
      const winner = game.outcome && (game.outcome.winners || []).includes(seat.seat);
      const item = h("li", {
        class: ["player", `seat-${seat.seat % 8}`, acting ? "acting" : "", resigned ? "resigned" : "", seat.seat === this.seat ? "me" : ""].join(" "),
        "data-player": seat.seat,
      }, [
        seatMark(seat.seat),
        h("span", { class: "player-name", text: this.seatName(seat.seat) }),
        seat.bot ? h("span", { class: "tag", text: t("bot") }) : null,
        resigned ? h("span", { class: "tag", text: t("resigned") }) : null,
        winner ? h("span", { class: "tag win", text: t("winner") }) : null,
        acting ? h("span", { class: "tag acting-tag", text: t("to_act") }) : null,
        deadlines.has(seat.seat) ? h("span", { class: "clock", "data-deadline": deadlines.get(seat.seat) }) : null,
      ]);
      this.players.append(item);
    }
    this.tick();
  }

  tick() {
    const now = Date.now() + this.offset;
    for (const clock of this.players.querySelectorAll(".clock")) {
      if (!(clock instanceof HTMLElement)) continue;
      const left = Math.max(0, Math.ceil((Date.parse(clock.dataset.deadline || "") - now) / 1000));
      const minutes = Math.floor(left / 60);
      const text = left >= 3600 ? `${Math.floor(left / 3600)}:${String(minutes % 60).padStart(2, "0")}:${String(left % 60).padStart(2, "0")}` : `${minutes}:${String(left % 60).padStart(2, "0")}`;
      clock.textContent = `⏱ ${text}`;
      clock.classList.toggle("low", left <= 10);
    }
  }

  /** @param {Table} table */
  drawStatus(table) {
    const game = this.game;
    let text;
    if (game.status === "open") {
      const open = game.seats.filter((/** @type {any} */ s) => s.open).length;
      text = t("waiting_to_join", { count: open });
    } else if (game.status === "cancelled") text = t("status_cancelled");
    else if (game.status === "finished") text = t("status_finished");
    else {
      const acting = game.to_act || [];
      const own = this.board.status ? this.board.status(table) : null;
      if (own) text = own;
      else if (this.seat !== null && acting.includes(this.seat)) text = t("your_turn");
      else if (acting.length > 1) text = t("waiting_for_players", { count: acting.length });
      else if (acting.length === 1) text = t("waiting_for", { name: this.seatName(acting[0]) });
      else text = "";
    }
    this.status.textContent = text;
    this.status.classList.toggle("mine", this.seat !== null && (game.to_act || []).includes(this.seat));
  }

  drawControls() {
    clear(this.controls);
    const game = this.game;
    const buttons = h("div", { class: "buttons" });
    this.controls.append(buttons);
    buttons.append(h("a", { class: "button small ghost", href: href("/play"), text: t("back_to_lobby") }));
    if (game.status === "open") {
      const invites = h("div", { class: "invites" }, [h("h2", { text: t("invite") })]);
      for (const seat of game.seats.filter((/** @type {any} */ s) => s.open)) {
        const link = `${location.origin}/play/${this.id}#join=${seat.seat}`;
        const field = h("input", { type: "text", readonly: true, value: link, class: "invite-link", "data-invite": seat.seat, "aria-label": t("invite_seat", { n: seat.seat + 1 }) });
        const copy = h("button", { type: "button", class: "small", text: t("copy") });
        copy.addEventListener("click", () => {
          field.select();
          navigator.clipboard?.writeText(link).then(() => toast(t("copied")), () => {});
        });
        invites.append(h("div", { class: "invite" }, [h("label", { text: t("invite_seat", { n: seat.seat + 1 }) }), field, copy]));
        if (!this.held) {
          const join = h("button", { type: "button", class: "small primary", "data-join-seat": seat.seat, text: t("take_seat", { n: seat.seat + 1 }) });
          join.addEventListener("click", () => this.offerJoin(seat.seat));
          invites.append(join);
        }
      }
      this.controls.append(invites);
      if (this.held) {
        const cancel = h("button", { type: "button", class: "small danger", id: "cancel-table", text: t("cancel_table") });
        cancel.addEventListener("click", () => this.confirm(t("cancel_confirm"), () => this.cancel()));
        buttons.append(cancel);
      }
    }
    if (game.status === "running" && this.seat !== null && !(game.resigned || []).includes(this.seat)) {
      const resign = h("button", { type: "button", class: "small danger", id: "resign", text: t("resign") });
      resign.addEventListener("click", () => this.confirm(t("resign_confirm"), () => this.resign()));
      buttons.append(resign);
    }
    if (game.status === "finished") {
      if (this.seat !== null) {
        const again = h("button", { type: "button", class: "small primary", id: "rematch", text: game.rematch ? t("to_rematch") : t("rematch") });
        again.addEventListener("click", () => this.rematch());
        buttons.append(again);
      } else if (game.rematch) {
        buttons.append(h("a", { class: "button small", href: href(`/play/${game.rematch}`), text: t("watch_rematch") }));
      }
    }
    const watch = `${location.origin}/play/${this.id}`;
    this.controls.append(
      h("p", { class: "watch" }, [h("span", { text: t("watch_link") }), " ", h("a", { href: watch, id: "watch-link", text: watch })]),
    );
    if (this.seat === null && game.status !== "open") {
      this.controls.append(h("p", { class: "help", id: "spectating", text: t("spectating") }));
    }
  }

  drawWaiting() {
    const game = this.game;
    const list = h("ul", { class: "waiting-seats" });
    for (const seat of game.seats) {
      list.append(h("li", {}, [seatMark(seat.seat), h("span", { text: seat.open ? t("open_seat") : this.seatName(seat.seat) })]));
    }
    this.root.append(h("div", { class: "waiting" }, [h("h2", { text: game.status === "cancelled" ? t("status_cancelled") : t("waiting_title") }), list]));
  }

  /** @param {Table} table */
  drawOutcome(table) {
    const outcome = this.game.outcome;
    clear(this.outcome);
    this.outcome.hidden = !outcome;
    if (!outcome) return;
    const winners = (outcome.winners || []).map((/** @type {number} */ seat) => this.seatName(seat));
    this.outcome.append(
      h("h2", {
        id: "outcome-heading",
        text: winners.length === 1 ? t("winner_is", { name: winners[0] }) : t("winners_are", { names: winners.join(", ") }),
      }),
    );
    const rows = (outcome.standings || []).map((/** @type {any} */ standing) =>
      h("tr", { "data-seat": standing.seat }, [
        h("td", { text: String(standing.place ?? "") }),
        h("th", { scope: "row" }, [seatMark(standing.seat), " ", this.seatName(standing.seat)]),
        h("td", { class: "score", text: standing.score === undefined ? "" : String(standing.score) }),
      ]),
    );
    if (rows.length) {
      this.outcome.append(
        h("table", { class: "standings" }, [
          h("thead", {}, [h("tr", {}, [h("th", { text: t("place") }), h("th", { text: t("player") }), h("th", { text: t("score") })])]),
          h("tbody", {}, rows),
        ]),
      );
    }
    if (this.board.drawOutcome) {
      const more = h("div", { class: "outcome-more" });
      this.board.drawOutcome(more, table);
      this.outcome.append(more);
    }
  }

  // ---- acting ----

  holdActions() {
    for (const button of this.main.querySelectorAll("button[data-action]")) {
      if (button instanceof HTMLButtonElement) button.disabled = true;
    }
  }

  /** @param {Action} action */
  async act(action) {
    // A view the feed brings while the move is on its way may be from before it: its buttons stay held.
    this.pending += 1;
    this.holdActions();
    const answer = await call("POST", `/v1/games/${this.id}/actions?actions=grouped`, { body: action, token: this.token });
    this.pending -= 1;
    if (!answer.ok) {
      toast(problemText(answer.problem));
      await this.refresh();
      return;
    }
    this.addEvents(answer.data.events || []);
    this.apply(answer.data.game);
  }

  async refresh() {
    const answer = await call("GET", `/v1/games/${this.id}?actions=grouped`, { token: this.token });
    if (answer.ok) this.apply(answer.data);
  }

  async resign() {
    const answer = await call("POST", `/v1/games/${this.id}/resign`, { token: this.token });
    if (!answer.ok) toast(problemText(answer.problem));
    await this.refresh();
  }

  async cancel() {
    const answer = await call("DELETE", `/v1/games/${this.id}`, { token: this.token });
    if (!answer.ok) toast(problemText(answer.problem));
    await this.refresh();
  }

  async rematch() {
    const answer = await call("POST", `/v1/games/${this.id}/rematch`, { token: this.token });
    if (!answer.ok) {
      toast(problemText(answer.problem));
      return;
    }
    keep(answer.data.game.id, answer.data.seat, answer.data.token, answer.data.game.type);
    location.assign(href(`/play/${answer.data.game.id}`));
  }

  /** @param {number} seat */
  offerJoin(seat) {
    const entry = this.game.seats.find((/** @type {any} */ s) => s.seat === seat);
    if (this.held) return;
    if (!entry || !entry.open) {
      toast(t("seat_taken")); // an invitation opened after someone took its seat: the page is the spectator's
      return;
    }
    const input = h("input", { type: "text", id: "join-name", maxlength: 40, value: myName() || t("default_name") });
    const join = h("button", { type: "submit", class: "primary", id: "join-seat", text: t("take_seat", { n: seat + 1 }) });
    const form = h("form", { class: "join-form" }, [
      h("p", { text: t("join_intro", { game: gameTitle(this.game.type) }) }),
      h("label", { for: "join-name", text: t("your_name") }),
      input,
      h("div", { class: "buttons" }, [join]),
    ]);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const name = input.value.trim() || t("default_name");
      keepName(name);
      join.disabled = true;
      const answer = await call("POST", `/v1/games/${this.id}/seats/${seat}`, { body: { name } });
      join.disabled = false;
      if (!answer.ok) {
        toast(problemText(answer.problem));
        return;
      }
      keep(this.id, answer.data.seat, answer.data.token, this.game.type);
      this.held = seatOf(this.id);
      this.dialog.close();
      this.apply(answer.data.game);
    });
    clear(this.dialog);
    this.dialog.append(form);
    this.dialog.showModal();
    input.focus();
  }

  /**
   * @param {string} question
   * @param {() => void} then
   */
  confirm(question, then) {
    clear(this.dialog);
    const yes = h("button", { type: "button", class: "danger", id: "confirm-yes", text: t("yes") });
    const no = h("button", { type: "button", id: "confirm-no", text: t("no") });
    yes.addEventListener("click", () => {
      this.dialog.close();
      then();
    });
    no.addEventListener("click", () => this.dialog.close());
    this.dialog.append(h("p", { text: question }), h("div", { class: "buttons" }, [no, yes]));
    this.dialog.showModal();
    no.focus();
  }

  // ---- the live feed: long-polls, each answered as soon as an event this seat may see arrives ----

  async follow() {
    let quiet = 0;
    for (;;) {
      const status = this.game.status;
      if (status === "finished" || status === "cancelled") {
        if (status === "finished" && !this.game.rematch) {
          await sleep(3000);
          await this.refresh();
          continue;
        }
        return;
      }
      if (status === "open") {
        await sleep(1000);
        await this.refresh();
        continue;
      }
      const answer = await call("GET", `/v1/games/${this.id}/events?after=${this.logged}&wait=${WAIT}&view=true&actions=grouped`, { token: this.token });
      if (!answer.ok) {
        quiet = Math.min(quiet + 1, 10);
        await sleep(answer.status === 429 ? 2000 : 500 * quiet);
        continue;
      }
      quiet = 0;
      /** @type {import("./api.js").Schemas["TimelineEvents"]} the members every game's page shares */
      const page = answer.data;
      const events = page.events || [];
      this.addEvents(events);
      if (typeof page.next_after === "number") this.logged = Math.max(this.logged, page.next_after);
      if (page.status === "expired") return;
      // the feed carries the view (view=true); read the game only if an answer leaves it out
      if (page.game) this.apply(page.game);
      else if (page.version > this.game.version) await this.refresh();
    }
  }
}
