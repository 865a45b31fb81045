// The page's words: the shell's and every board's, embedded by the server in the page's language
// (English fills any key a language lacks). A value that depends on a number is {one, few, other, ...}.

/** @typedef {string | Record<string, string>} Words */
/** @typedef {Record<string, string | number>} Vars */

const element = document.getElementById("play-texts");
/** @type {Record<string, Words>} */
export const WORDS = JSON.parse(element ? element.textContent || "{}" : "{}");
export const LANG = document.documentElement.lang || "en";
const plurals = new Intl.PluralRules(LANG);

/**
 * A text by key with {name} filled from vars; a plural text picks its form by vars.count.
 * @param {string} key
 * @param {Vars} [vars]
 * @returns {string}
 */
export function t(key, vars = {}) {
  const words = WORDS[key];
  let text;
  if (words === undefined) text = key;
  else if (typeof words === "string") text = words;
  else text = words[plurals.select(Number(vars.count ?? 0))] ?? words.other ?? key;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in vars ? String(vars[name]) : whole));
}

/**
 * Whether a key has words.
 * @param {string} key
 */
export function has(key) {
  return key in WORDS;
}
