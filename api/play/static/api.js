// The public API, as any client sees it: JSON over fetch, problems (RFC 9457) in the page's language.
import { LANG } from "./texts.js";

/** @typedef {import("./contract").components["schemas"]} Schemas */
/** @typedef {Schemas["GameView"]} GameView */
/** @typedef {Schemas["GameTypeDetail"]} GameTypeDetail */
/** @typedef {Schemas["GameType"]} GameType */
/** @typedef {{title?: string, detail?: string, code?: string, status?: number}} Problem */
/** @typedef {{ok: boolean, status: number, data: any, problem: Problem | null}} Answer */

/**
 * One request; never throws for an HTTP answer, only answers it.
 * @param {string} method
 * @param {string} path
 * @param {{body?: unknown, token?: string | null, headers?: Record<string, string>}} [options]
 * @returns {Promise<Answer>}
 */
export async function call(method, path, options = {}) {
  /** @type {Record<string, string>} */
  const headers = { Accept: "application/json", "Accept-Language": LANG, ...options.headers };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch (error) {
    return { ok: false, status: 0, data: null, problem: { title: String(error) } };
  }
  let data = null;
  if (response.status !== 204) {
    try {
      data = await response.json();
    } catch {
      data = null;
    }
  }
  return { ok: response.ok, status: response.status, data, problem: response.ok ? null : data || { title: response.statusText } };
}

/**
 * A problem as one line.
 * @param {Problem | null} problem
 */
export function problemText(problem) {
  if (!problem) return "";
  return [problem.title, problem.detail].filter(Boolean).join(": ");
}
