// A question's image on the class's screens: a picture that failed (the classroom's Wi-Fi drops a
// request now and then) is asked for again, a little later each time, and again as soon as the
// browser is back online; until then a placeholder says it is loading.
import { el, sym } from "../js/ui.js";

const RETRY_MS = [1000, 2000, 4000, 8000, 8000, 8000];

/** A figure with the image at `url`, described by `alt`, retried when it fails to load. */
export function questionImage(url, alt, className = "question-image") {
  const image = el("img", { alt, decoding: "async", draggable: "false" });
  const figure = el("figure", { className: `${className} loading` }, sym("photo"), image);
  let attempt = 0;
  let timer = 0;
  const load = () => {
    clearTimeout(timer);
    figure.classList.add("loading");
    image.src = url;
  };
  const online = () => {
    if (figure.classList.contains("failed") || figure.classList.contains("loading")) load();
  };
  image.addEventListener("load", () => {
    figure.classList.remove("loading", "failed");
    figure.dataset.attempts = String(attempt + 1);
    removeEventListener("online", online);
  });
  image.addEventListener("error", () => {
    if (!figure.isConnected && attempt > 0) return; // gone from the screen: stop
    figure.classList.add("failed");
    const wait = RETRY_MS[attempt];
    attempt += 1;
    if (wait !== undefined) timer = setTimeout(load, wait);
  });
  addEventListener("online", online);
  load();
  return figure;
}
