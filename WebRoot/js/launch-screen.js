// The launch screen of the home page: shown once per browser session, gone as soon as the page
// has loaded (a CSS animation removes it too if this script never runs to the end).
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
    return;
  }
  const shownAt = performance.now();
  addEventListener("load", () => {
    const launch = document.getElementById("launch");
    if (!launch) return;
    setTimeout(() => {
      launch.classList.add("done");
      launch.addEventListener("transitionend", () => launch.remove(), { once: true });
    }, Math.max(0, 450 - (performance.now() - shownAt)));
  });
})();
