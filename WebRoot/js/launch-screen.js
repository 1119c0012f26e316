// The launch screen: shown once per browser session on whichever page is opened first (the
// home page, or an app page opened from a bookmark or a link), gone as soon as the page has
// loaded (a CSS animation removes it too if this script never runs to the end). The home page
// has the screen in its markup; other pages get it made here. Loaded as a classic script in the
// head, before the body is parsed: `html.launching` hides the page until the screen is in place.
// `html[data-launch]` says what happened ("shown" or "skipped"), for tests.
(() => {
  const root = document.documentElement;
  let seen = false;
  try {
    seen = sessionStorage.getItem("adivina.launched") === "1";
    sessionStorage.setItem("adivina.launched", "1");
  } catch {
    seen = true; // no storage: never block the page on a splash
  }
  if (seen) {
    root.classList.add("launched");
    root.dataset.launch = "skipped";
    return;
  }
  root.dataset.launch = "shown";
  root.classList.add("launching");
  const shownAt = performance.now();

  function makeScreen() {
    const launch = document.createElement("div");
    launch.className = "launch";
    launch.id = "launch";
    launch.setAttribute("aria-hidden", "true");
    const icon = document.createElement("img");
    icon.src = "/icons/adivina.svg";
    icon.alt = "";
    const name = document.createElement("p");
    name.textContent = "Adivina";
    launch.append(icon, name);
    return launch;
  }

  /** Puts the screen in place if the markup has none; the page shows, whatever happens. */
  function place() {
    try {
      if (!document.getElementById("launch")) document.body.prepend(makeScreen());
    } finally {
      root.classList.remove("launching");
    }
    return document.getElementById("launch");
  }

  addEventListener("DOMContentLoaded", place, { once: true });
  addEventListener("load", () => {
    const launch = place();
    if (!launch) return;
    setTimeout(() => {
      launch.classList.add("done");
      launch.addEventListener("transitionend", () => launch.remove(), { once: true });
    }, Math.max(0, 450 - (performance.now() - shownAt)));
  }, { once: true });
})();
