// The table page's entry: the lobby at /play, a table at /play/{game_id}. Everything goes through the public API.
import { showLobby } from "./lobby.js";
import { showTable } from "./table.js";
import { LANG } from "./texts.js";

const LANG_KEY = "deskovka.play.lang";

function languageSwitch() {
  const select = document.getElementById("language-switch");
  if (!(select instanceof HTMLSelectElement)) return;
  select.addEventListener("change", () => {
    localStorage.setItem(LANG_KEY, select.value);
    const url = new URL(location.href);
    url.searchParams.set("lang", select.value);
    location.assign(url.toString());
  });
}

// A language once chosen with the switch is kept for this browser's later visits.
function keptLanguage() {
  const kept = localStorage.getItem(LANG_KEY);
  const url = new URL(location.href);
  if (kept && kept !== LANG && !url.searchParams.has("lang")) {
    url.searchParams.set("lang", kept);
    location.replace(url.toString());
    return true;
  }
  if (url.searchParams.has("lang")) localStorage.setItem(LANG_KEY, LANG);
  return false;
}

if (!keptLanguage()) {
  languageSwitch();
  const gameId = document.body.dataset.gameId || "";
  const main = document.getElementById("main");
  if (main) {
    if (gameId) showTable(main, gameId);
    else showLobby(main);
  }
}
