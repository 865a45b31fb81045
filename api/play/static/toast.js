// A short message at the foot of the screen (problems from the API), read out by screen readers.

let timer = 0;

/** @param {string} text */
export function toast(text) {
  const box = document.getElementById("toast");
  if (!box || !text) return;
  box.textContent = text;
  box.hidden = false;
  window.clearTimeout(timer);
  timer = window.setTimeout(() => {
    box.hidden = true;
  }, 6000);
}
