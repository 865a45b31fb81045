// The print desk: build a print spec from the form, post it, follow the job, offer the PDF and its first page.
// Plain script, no libraries: it talks only to this server's /v1 API.
"use strict";

(() => {
  const T = JSON.parse(document.getElementById("desk-texts").textContent);
  const THEME_NAMES = JSON.parse(document.getElementById("desk-themes").textContent);
  const $ = (id) => document.getElementById(id);
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? values[key] : whole));
  const pageLang = document.documentElement.lang;
  const plurals = new Intl.PluralRules(pageLang);
  // A text that depends on a number has one form per plural category of the language ("one", "few", "other", …).
  const count = (forms, number, values) => fill(forms[plurals.select(number)] || forms.other, values);

  // Problems come back in the page's language.
  const api = (url, options = {}) => fetch(url, { ...options, headers: { "Accept-Language": pageLang, ...options.headers } });

  const form = $("desk");
  const kind = $("kind");
  const deck = $("deck");
  const size = $("size");
  const backOffset = $("back-offset");
  const printButton = $("print");
  const progress = $("progress");
  const status = $("status");
  const error = $("error");
  const download = $("download");
  const preview = $("preview");
  const MAX_BACK_OFFSET = Number(backOffset.dataset.max);

  // The back offset the last calibration page was printed with: readings are measured from it.
  let calibratedWith = null;
  // Each listed deck's languages: those every one of its cards has a title in.
  const deckLanguages = new Map();
  // Each listed deck's themes and how many cards each has, for the part of the deck to print.
  const deckThemes = new Map();

  // ---- the paper of the browser's region ----

  // Where Letter is the paper in the shops; everywhere else A4. Only a region the browser names counts ("en" alone
  // says nothing of where one lives).
  const LETTER_REGIONS = new Set(["US", "CA", "MX", "PH", "PR", "CL", "CO", "VE", "GT", "CR", "SV", "DO", "NI", "PA", "BZ"]);

  function regionPaper() {
    const tag = (navigator.languages && navigator.languages[0]) || navigator.language || "";
    let region;
    try {
      region = new Intl.Locale(tag).region;
    } catch {
      region = undefined;
    }
    return LETTER_REGIONS.has(region) ? "letter" : "a4";
  }

  // ---- which controls a kind uses ----

  // The kind the size was last chosen for: a reference card starts at A6, where its text is 8 pt or more.
  let sizedFor = null;

  function showKind() {
    const chosen = kind.value;
    if (chosen === "reference" && sizedFor !== "reference") size.value = "a6";
    sizedFor = chosen;
    for (const element of form.querySelectorAll("[data-kinds]")) {
      const used = element.dataset.kinds.split(" ").includes(chosen);
      element.hidden = !used;
      if (element.tagName === "OPTION") element.disabled = !used;
    }
    if (size.selectedOptions[0]?.disabled) {
      size.value = [...size.options].find((option) => !option.disabled).value;
    }
    $("custom-size-field").hidden = size.value !== "custom" || size.closest("[hidden]") !== null;
    showDeckLanguage();
    showThemes();
  }

  // ---- part of the deck ----

  function showThemes() {
    const box = $("part-themes");
    const themes = deckThemes.get(deck.value) || {};
    const key = `${deck.value}:${Object.keys(themes).join(",")}`;
    if (box.dataset.deck === key) return;
    box.dataset.deck = key;
    box.replaceChildren();
    for (const [theme, cards] of Object.entries(themes)) {
      const label = document.createElement("label");
      const input = document.createElement("input");
      input.type = "checkbox";
      input.value = theme;
      input.name = "part-theme";
      label.append(input, ` ${THEME_NAMES[theme] || theme} (${cards})`);
      box.append(label);
    }
    box.closest(".field").hidden = !box.children.length;
  }

  const ids = (text) => text.split(/[\s,;]+/).map((id) => id.trim()).filter(Boolean);

  function deckPart() {
    const part = {};
    const themes = [...$("part-themes").querySelectorAll("input:checked")].map((input) => input.value);
    if (themes.length) part.themes = themes;
    for (const [id, key] of [["part-cards", "cards"], ["part-without", "without"]]) {
      const named = ids($(id).value);
      if (named.length) part[key] = named;
    }
    for (const id of ["part-count", "part-seed"]) {
      if ($(id).validity.badInput) throw new Error(fill(T.number_invalid, { field: T[id.replace("-", "_")], value: "" }));
    }
    if ($("part-count").value !== "") {
      part.count = $("part-count").valueAsNumber;
      if ($("part-seed").value !== "") part.seed = $("part-seed").valueAsNumber;
    }
    return Object.keys(part).length ? part : null;
  }

  function showDeckLanguage() {
    const note = $("deck-language");
    const languages = deckLanguages.get(deck.value);
    const lang = $("lang");
    note.hidden = kind.value !== "deck" || !languages || languages.includes(lang.value);
    note.textContent = note.hidden ? "" : fill(T.deck_language_missing, { language: lang.selectedOptions[0].text });
  }

  // ---- numbers people type ----

  // One number as people write it: a decimal point or comma, a minus or hyphen; anything else is refused, not guessed.
  const NUMBER = /^[-+]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

  function parseNumber(text) {
    const plain = text.trim().replace(/[−–]/g, "-");
    return NUMBER.test(plain) ? Number(plain.replace(",", ".")) : null;
  }

  function parseOffset(text) {
    // Two numbers: "0.5, -1", "0,5; -1", "0,5 -1" or "0.5,-1". A comma parts them only where it cannot be a
    // decimal comma (beside a space, or the one comma between two numbers written with points); "1,5,2" is refused.
    const plain = text.trim().replace(/[−–]/g, "-");
    let parts;
    if (plain.includes(";")) parts = plain.split(/\s*;\s*/);
    else if (/\s/.test(plain)) parts = plain.replace(/\s*,\s+|\s+,\s*/g, " ").split(/\s+/);
    else parts = plain.split(",");
    if (parts.length !== 2) return null;
    const values = parts.map(parseNumber);
    return values.some((value) => value === null || !Number.isFinite(value)) ? null : values;
  }

  const tenths = (value) => Math.round(value * 10) / 10 || 0;
  const formatOffset = ([x, y]) => `${tenths(x)}, ${tenths(y)}`;

  // ---- the spec ----

  function cardSize() {
    if (size.value !== "custom") return size.value;
    const custom = $("custom-size");
    if (!custom.value.trim() || !custom.checkValidity()) throw new Error(`${T.custom_size}: ${T.custom_size_help}`);
    return custom.value.replace(/,/g, ".").replace(/\s+/g, "").replace(/mm$/i, "");
  }

  function printSpec() {
    const chosen = kind.value;
    const spec = { kind: chosen, language: $("lang").value, paper: $("paper").value };
    if (chosen === "deck") {
      spec.deck = deck.value;
      const part = deckPart();
      if (part) spec.part = part;
    }
    if (chosen === "reference") spec.game = $("game").value;
    if (chosen === "kit") return kitSpec(spec);
    if (chosen === "score-sheets") {
      for (const id of ["count", "game-number"]) {
        const field = $(id);
        if (field.validity.badInput) throw new Error(fill(T.number_invalid, { field: T[id.replace("-", "_")], value: "" }));
      }
      spec.count = $("count").valueAsNumber;
      spec.per_page = Number($("per-page").value);
      spec.names = $("names").value.split("\n").map((name) => name.trim()).filter(Boolean);
      if ($("game-number").value !== "") spec.game_number = $("game-number").valueAsNumber;
      return spec;
    }
    return withCardSides(spec, chosen !== "reference");
  }

  // The card size, two-sided printing, back offset and (where the kind takes one) bleed the form sets.
  function withCardSides(spec, takesBleed) {
    spec.size = cardSize();
    spec.duplex = form.querySelector("input[name='duplex']:checked").value;
    const offset = parseOffset(backOffset.value);
    if (offset === null) throw new Error(T.back_offset_invalid);
    spec.back_offset = offset;
    const bleed = $("bleed");
    if (takesBleed && bleed.value.trim() !== "") {
      spec.bleed = parseNumber(bleed.value);
      if (spec.bleed === null) throw new Error(fill(T.number_invalid, { field: T.bleed, value: bleed.value.trim() }));
    }
    return spec;
  }

  // The games a kit prints a deck for, and the one whose kit has score pads.
  const DECK_GAMES = ["timeline", "chronology"];

  function kitSpec(spec) {
    delete spec.language;
    spec.game = $("game").value;
    spec.languages = [...$("kit-languages").querySelectorAll("input:checked")].map((input) => input.value);
    if (!spec.languages.length) throw new Error(T.kit_languages_none);
    if (DECK_GAMES.includes(spec.game)) {
      spec.deck = deck.value;
      const part = deckPart();
      if (part) spec.part = part;
    }
    const players = $("kit-players").value.split("\n").map((name) => name.trim()).filter(Boolean);
    if (spec.game === "lost-cities" && players.length) spec.players = players;
    return withCardSides(spec, true);
  }

  function fileName(spec) {
    const parts = {
      deck: [spec.deck, spec.language, spec.paper, spec.size, spec.duplex],
      calibration: ["calibration", spec.paper, spec.size, spec.duplex],
      "score-sheets": ["score-sheets", spec.language, spec.count],
      reference: [spec.game, spec.language, spec.size],
      kit: ["kit", spec.game, ...(spec.languages || []), spec.paper],
    }[spec.kind] || ["deskovka"];
    return `${parts.join("-")}.pdf`;
  }

  // ---- problems the API answers with (RFC 9457) ----

  // A message that already says where ("size: …", "row 3: …", "cards[2].image: …") needs no place in front.
  const PLACED = /^[\w.[\]-]+(?: \d+)?: /;

  function flatten(errors, prefix = "") {
    if (errors == null) return [];
    if (typeof errors === "string") return [prefix && !PLACED.test(errors) ? `${prefix}: ${errors}` : errors];
    if (Array.isArray(errors)) return errors.flatMap((item) => flatten(item, prefix));
    if (typeof errors.detail === "string") {
      // One entry of RFC 9457 `errors`: detail, and where it points (a JSON Pointer into the request).
      const parts = (errors.pointer || "").split("/").filter(Boolean);
      const place = parts.map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~")).join(".");
      return flatten(errors.detail, place);
    }
    return Object.entries(errors).flatMap(([key, value]) => flatten(value, prefix ? `${prefix}.${key}` : key));
  }

  async function readProblem(response) {
    let problem = {};
    try {
      problem = await response.json();
    } catch {
      problem = {};
    }
    const lines = flatten(problem.errors);
    let message = problem.detail || problem.title || `${response.status} ${response.statusText}`;
    const wait = response.headers.get("Retry-After");
    // The API says it in English; say it in the page's language too, unless it is the same sentence.
    const retry = wait && /^\d+$/.test(wait) ? fill(T.error_retry, { seconds: wait }) : "";
    if (retry && !message.toLowerCase().includes(retry.toLowerCase().replace(/\.$/, ""))) message += ` ${retry}`;
    return { message, lines };
  }

  function showError(message, lines = []) {
    const paragraph = document.createElement("p");
    paragraph.textContent = message;
    error.replaceChildren(paragraph);
    if (lines.length) {
      const list = document.createElement("ul");
      for (const line of lines) {
        const item = document.createElement("li");
        item.textContent = line;
        list.append(item);
      }
      error.append(list);
    }
  }

  // ---- printing ----

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  // Bumped whenever the result panel is cleared: a job followed for an older request stops showing itself.
  let shown = 0;

  function clearResult() {
    shown += 1;
    delete $("result").dataset.job;
    error.replaceChildren();
    status.textContent = "";
    progress.max = 1;
    progress.value = 0;
    progress.hidden = true; // no bar before there is a job to follow
    download.hidden = true;
    download.removeAttribute("href");
    preview.hidden = true;
    preview.removeAttribute("src");
  }

  function showJob(job) {
    $("result").dataset.job = job.id; // for support: the job to look up with the API
    progress.hidden = false;
    const done = job.progress ? job.progress.done : 0;
    const total = job.progress ? job.progress.total : 0;
    if (job.status === "queued") {
      progress.removeAttribute("value"); // an indeterminate bar while no worker has it
      status.textContent = T.status_queued;
    } else if (total > 0) {
      progress.max = total;
      progress.value = done;
    }
    if (job.status === "started") status.textContent = fill(T.status_started, { done, total: total || "…" });
    if (job.status === "finished") {
      status.textContent = count(T.status_finished, total, { total });
      download.href = job.pdf;
      download.download = fileName(job.spec);
      download.hidden = false;
      const width = Math.min(1200, Math.max(100, Math.round(progress.clientWidth * (window.devicePixelRatio || 1))));
      preview.src = `/v1/print-jobs/${encodeURIComponent(job.id)}/preview?width=${width}`;
      preview.hidden = false;
    }
    if (job.status === "failed") {
      progress.value = 0;
      status.textContent = T.status_failed;
      showError(job.error || T.status_failed);
    }
  }

  // Seconds a 429 or 503 asks the page to wait before it asks again.
  const retryAfter = (response) => Math.min(60, Number(response.headers.get("Retry-After")) || 2);

  async function follow(job) {
    const mine = shown;
    let delay = 250;
    let failures = 0;
    for (;;) {
      if (mine !== shown) return; // the panel was cleared for something newer: this job is no longer its subject
      showJob(job);
      if (job.status === "finished" || job.status === "failed") return;
      await sleep(delay);
      delay = Math.min(1000, delay * 1.5);
      let response;
      try {
        response = await api(`/v1/print-jobs/${encodeURIComponent(job.id)}`, { cache: "no-store" });
      } catch (problem) {
        // The server may be restarting; the job is kept in Redis, so keep asking for a while.
        if (++failures > 10) throw problem;
        delay = 2000;
        continue;
      }
      failures = 0;
      if (response.status === 429 || response.status === 503) {
        delay = retryAfter(response) * 1000; // asked to slow down: the job goes on meanwhile
        continue;
      }
      if (response.status === 404) {
        showError(T.error_expired);
        return;
      }
      if (!response.ok) {
        const problem = await readProblem(response);
        showError(problem.message, problem.lines);
        return;
      }
      job = await response.json();
      if (mine !== shown) return;
    }
  }

  async function print(event) {
    event.preventDefault();
    clearResult();
    let spec;
    try {
      spec = printSpec();
    } catch (problem) {
      showError(problem.message);
      return;
    }
    printButton.disabled = true;
    status.textContent = T.status_sending;
    try {
      const response = await api("/v1/print-jobs", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(spec),
      });
      if (!response.ok) {
        const problem = await readProblem(response);
        status.textContent = "";
        showError(problem.message, problem.lines);
        return;
      }
      const job = await response.json();
      if (spec.kind === "calibration") {
        calibratedWith = (job.spec && job.spec.back_offset) || spec.back_offset;
        showReadingBase();
      }
      await follow(job);
    } catch {
      showError(T.error_network);
    } finally {
      printButton.disabled = false;
    }
  }

  // ---- decks ----

  // The tokens of the decks uploaded from this browser: an upload is private, listed only to whoever sends its token.
  const TOKENS = "deskovka.deck-tokens";
  const MAX_TOKENS = 100;

  function heldTokens() {
    try {
      const tokens = JSON.parse(localStorage.getItem(TOKENS) || "[]");
      return Array.isArray(tokens) ? tokens.filter((token) => typeof token === "string").slice(-MAX_TOKENS) : [];
    } catch {
      return [];
    }
  }

  function keepToken(token) {
    try {
      localStorage.setItem(TOKENS, JSON.stringify([...heldTokens().filter((held) => held !== token), token].slice(-MAX_TOKENS)));
    } catch {
      // storage refused (a private window): the deck stays in this page's list until it is reloaded
    }
  }

  function deckTitle(summary) {
    return summary.title[pageLang] || summary.title.en || Object.values(summary.title)[0] || summary.id;
  }

  function deckOption(summary) {
    const option = document.createElement("option");
    option.value = summary.id;
    option.textContent = `${deckTitle(summary)} · ${count(T.deck_cards, summary.cards, { cards: summary.cards })}`;
    return option;
  }

  // The deck an evening most often starts from: first in the list, and chosen.
  const FIRST_DECK = "timeline-classic";

  function addDeck(summary) {
    deckLanguages.set(summary.id, summary.languages || []);
    deckThemes.set(summary.id, summary.themes || {});
    const group = $(summary.builtin ? "decks-builtin" : "decks-uploaded");
    if (![...deck.options].some((option) => option.value === summary.id)) {
      const option = deckOption(summary);
      if (summary.id === FIRST_DECK) group.prepend(option);
      else group.append(option);
    }
    group.hidden = false;
  }

  async function loadDecks(chosenBefore = false) {
    const deckStatus = $("deck-status");
    try {
      let cursor = 0;
      for (let page = 0; cursor !== null && cursor !== undefined && page < 100; page += 1) {
        const response = await api(`/v1/decks?limit=100&cursor=${encodeURIComponent(cursor)}`, {
          headers: heldTokens().length ? { "Deck-Tokens": heldTokens().join(",") } : {},
        });
        if (!response.ok) throw new Error((await readProblem(response)).message);
        const body = await response.json();
        body.decks.forEach(addDeck);
        cursor = body.next_cursor;
      }
      if (!chosenBefore && [...deck.options].some((option) => option.value === FIRST_DECK)) deck.value = FIRST_DECK;
      showDeckLanguage();
      showThemes();
      deckStatus.textContent = "";
      deckStatus.hidden = true;
    } catch (problem) {
      deckStatus.textContent = `${T.decks_failed} ${problem.message || ""}`.trim();
    }
  }

  function csvKind(text) {
    const header = text.replace(/^\ufeff/, "").split(/\r?\n/, 1)[0].split(",").map((name) => name.trim().replace(/^"|"$/g, ""));
    return header.includes("position") && !header.includes("year") ? "ordinal" : "dated";
  }

  async function uploadDeck() {
    const input = $("deck-file");
    const file = input.files[0];
    const uploadStatus = $("deck-upload-status");
    const problems = $("deck-problems");
    if (!file) return;
    problems.replaceChildren();
    uploadStatus.className = "";
    uploadStatus.textContent = fill(T.deck_checking, { name: file.name });
    const fail = (message, lines) => {
      uploadStatus.className = "bad";
      uploadStatus.textContent = message;
      for (const line of lines) {
        const item = document.createElement("li");
        item.textContent = line;
        problems.append(item);
      }
    };
    try {
      const bytes = await file.arrayBuffer();
      let text;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        fail(fill(T.deck_problems, { name: file.name }), [T.deck_not_utf8]);
        return;
      }
      const json = /\.json$/i.test(file.name) || file.type === "application/json";
      const typed = $("deck-title").value.trim().slice(0, 120);
      let url = `/v1/decks?public=${$("deck-public").checked}`;
      if (!json) {
        const title = typed || file.name.replace(/\.[^.]*$/, "").slice(0, 120) || "Uploaded deck";
        url += `&title=${encodeURIComponent(title)}&kind=${csvKind(text)}`;
        // What is typed is the title in the page's language (and in English, which every deck has).
        if (typed && pageLang !== "en") url += `&title_${pageLang}=${encodeURIComponent(typed)}`;
      } else if (typed) {
        try {
          const doc = JSON.parse(text);
          if (doc && typeof doc === "object" && doc.title && typeof doc.title === "object") {
            doc.title.en = typed;
            doc.title[pageLang] = typed;
          }
          text = JSON.stringify(doc);
        } catch {
          // not JSON: the server says so, in the page's language
        }
      }
      const response = await api(url, {
        method: "POST",
        headers: { "Content-Type": json ? "application/json" : "text/csv; charset=utf-8", Accept: "application/json" },
        body: text,
      });
      if (!response.ok) {
        const problem = await readProblem(response);
        const lines = problem.lines.length ? problem.lines : [problem.message];
        fail(fill(T.deck_problems, { name: file.name }), lines);
        return;
      }
      const summary = await response.json();
      if (summary.token) keepToken(summary.token);
      clearResult(); // the result panel showed a PDF of what was chosen before this deck
      addDeck(summary);
      deck.value = summary.id;
      kind.value = "deck";
      showKind();
      uploadStatus.className = "good";
      uploadStatus.textContent = count(T.deck_added, summary.cards, { title: deckTitle(summary), cards: summary.cards });
    } catch {
      fail(T.deck_unreadable, []);
    } finally {
      input.value = ""; // choosing the same, corrected file again must upload it again
    }
  }

  // A deck imported with `deskovka deck import` is private: the token it prints lists it here.
  const DECK_TOKEN = /^user-[0-9a-f]+\.[0-9a-f]{64}$/;

  async function takeDeckToken(token) {
    const tokenStatus = $("deck-token-status");
    token = token.trim();
    if (!DECK_TOKEN.test(token)) {
      tokenStatus.className = "bad";
      tokenStatus.textContent = T.deck_token_invalid;
      return;
    }
    keepToken(token);
    const id = token.split(".")[0];
    await loadDecks(true);
    if ([...deck.options].some((option) => option.value === id)) {
      deck.value = id;
      kind.value = "deck";
      clearResult();
      showKind();
      tokenStatus.className = "good";
      tokenStatus.textContent = fill(T.deck_token_added, { title: deck.selectedOptions[0].text });
      $("deck-token").value = "";
    } else {
      tokenStatus.className = "bad";
      tokenStatus.textContent = T.deck_token_unknown;
    }
  }

  // ---- calibration readings ----

  function readingBase() {
    return calibratedWith || parseOffset(backOffset.value) || [0, 0];
  }

  function showReadingBase() {
    const [x, y] = readingBase();
    $("reading-base").textContent = fill(T.reading_base, { x: tenths(x), y: tenths(y) });
  }

  function applyReading() {
    const result = $("reading-result");
    const inputs = [$("reading-x"), $("reading-y")];
    const readings = inputs.map((input) => parseNumber(input.value));
    const scale = Number(inputs[0].dataset.scale);
    result.className = "bad";
    if (readings.some((value) => value === null || Math.abs(value) > scale)) {
      result.textContent = fill(T.reading_invalid, { scale });
      return;
    }
    const base = readingBase();
    calibratedWith = base; // correcting a reading and applying again starts from the same page
    const next = [tenths(base[0] + readings[0]), tenths(base[1] + readings[1])];
    if (next.some((value) => Math.abs(value) > MAX_BACK_OFFSET)) {
      result.textContent = fill(T.reading_too_far, { x: next[0], y: next[1], max: MAX_BACK_OFFSET });
      return;
    }
    backOffset.value = formatOffset(next);
    result.className = "good";
    result.textContent = fill(T.reading_result, { x: next[0], y: next[1] });
  }

  // ---- wiring ----

  kind.addEventListener("change", () => {
    clearResult(); // a PDF of another kind is not what the form now asks for
    showKind();
  });
  deck.addEventListener("change", clearResult);
  deck.addEventListener("change", showDeckLanguage);
  deck.addEventListener("change", showThemes);
  $("lang").addEventListener("change", showDeckLanguage);
  size.addEventListener("change", showKind);
  form.addEventListener("submit", print);
  $("deck-file").addEventListener("change", uploadDeck);
  $("apply-reading").addEventListener("click", applyReading);
  $("calibrate").addEventListener("toggle", showReadingBase);
  backOffset.addEventListener("change", () => {
    calibratedWith = null; // typed by hand: readings now count from what the field says
    showReadingBase();
  });
  $("add-deck-token").addEventListener("click", () => takeDeckToken($("deck-token").value));
  $("paper").value = regionPaper();
  showKind();
  showReadingBase();
  // A link from the command line (`/?deck_token=…`) hands the desk a token; it leaves the address bar at once.
  const handed = new URLSearchParams(location.search).get("deck_token");
  if (handed) {
    const url = new URL(location.href);
    url.searchParams.delete("deck_token");
    history.replaceState(null, "", url);
    $("deck-token-box").open = true;
    takeDeckToken(handed);
  } else {
    loadDecks();
  }
})();
