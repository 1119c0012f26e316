// Live snapshots for the pages, and the actions that change them.
//
//   subscribe(topic, render)      render(snapshot) now (if known) and on every change; → unsubscribe
//   onConnection(listener)        listener(connected) when the stream goes up or down; → stop
//   act(method, url, body)        JSON request; on failure shows an alert and resolves to null
//
// All tabs of the browser share one SSE connection through a SharedWorker (events-worker.js);
// without SharedWorker the page opens its own. While the stream is down a capsule says
// "Sin conexión — reconectando…"; the stream reconnects by itself.
import { EventHub } from "./event-hub.js";
import { showAlert } from "./ui.js";

const DOWN_GRACE_MS = 700;

const renderers = new Map(); // topic -> Set of render functions
const latest = new Map();    // topic -> last snapshot seen by this tab
let transport = null;        // {send(message)}
let indicator = null;
let downTimer = 0;
let streamUp = true;         // what the stream last said of itself
const connectionListeners = new Set();
const farewellListeners = new Set();

// The browser knows it is offline before the stream does: say so at once, and take it back when
// the browser is online again unless the stream is still down.
addEventListener("offline", () => {
  clearTimeout(downTimer);
  showIndicator();
});
addEventListener("online", () => {
  if (streamUp) setConnected(true);
});

function handle(message) {
  if (message.type === "event") {
    latest.set(message.topic, message.data);
    for (const render of renderers.get(message.topic) ?? []) render(message.data);
  } else if (message.type === "status") {
    setConnected(message.connected);
    for (const listener of connectionListeners) listener(message.connected);
  } else if (message.type === "bye") {
    for (const listener of farewellListeners) listener(message);
  } else if (message.type === "rejected") {
    renderers.delete(message.topic);
    showAlert({
      title: "No disponible",
      message:
        message.message ??
        `El servidor no ofrece datos en vivo de «${message.topic}». Actualiza Adivina o vuelve más tarde.`,
    });
  }
}

function localTransport() {
  const hub = new EventHub("/api/events");
  const client = { post: (message) => queueMicrotask(() => handle(message)) };
  return { send: (message) => hub.receive(client, message) };
}

function sharedTransport() {
  const worker = new SharedWorker(new URL("./events-worker.js", import.meta.url), {
    type: "module",
    name: "adivina-events",
  });
  worker.port.onmessage = (event) => handle(event.data);
  worker.port.start();
  worker.onerror = () => {
    // The worker could not start (e.g. module workers unsupported): go direct.
    transport = localTransport();
    resubscribeAll();
  };
  return { send: (message) => worker.port.postMessage(message) };
}

function ensureTransport() {
  if (transport) return;
  try {
    transport = typeof SharedWorker === "function" ? sharedTransport() : localTransport();
  } catch {
    transport = localTransport();
  }
  addEventListener("pagehide", () => transport.send({ type: "bye" }));
  addEventListener("pageshow", (event) => {
    if (event.persisted) resubscribeAll();
  });
}

function resubscribeAll() {
  for (const topic of renderers.keys()) transport.send({ type: "subscribe", topic });
}

/**
 * Calls `render(snapshot)` with the latest snapshot of `topic` and again on every change.
 * Returns a function that stops it.
 */
export function subscribe(topic, render) {
  ensureTransport();
  let set = renderers.get(topic);
  const isNew = !set;
  if (isNew) {
    set = new Set();
    renderers.set(topic, set);
  }
  set.add(render);
  if (isNew) transport.send({ type: "subscribe", topic });
  else if (latest.has(topic)) render(latest.get(topic));
  return () => {
    set.delete(render);
    if (set.size === 0) {
      renderers.delete(topic);
      transport.send({ type: "unsubscribe", topic });
    }
    if (renderers.size === 0) setConnected(true); // nothing live left to wait for
  };
}

/** Calls `listener(connected)` whenever the stream goes up or down; → stops it. */
export function onConnection(listener) {
  connectionListeners.add(listener);
  return () => connectionListeners.delete(listener);
}

/** Calls `listener({reason, message})` when the server ends the stream for good and says why
 * (a class player removed, or back on another device); → stops. */
export function onFarewell(listener) {
  farewellListeners.add(listener);
  return () => farewellListeners.delete(listener);
}

function setConnected(connected) {
  streamUp = connected;
  clearTimeout(downTimer);
  if (connected) {
    if (navigator.onLine === false) return; // the browser is still offline: keep saying so
    indicator?.remove();
    indicator = null;
    document.documentElement.classList.remove("offline");
    return;
  }
  downTimer = setTimeout(showIndicator, navigator.onLine === false ? 0 : DOWN_GRACE_MS);
}

function showIndicator() {
  document.documentElement.classList.add("offline");
  if (indicator) return;
  indicator = document.createElement("div");
  indicator.className = "connection";
  indicator.id = "connection";
  indicator.setAttribute("role", "status");
  const icon = document.createElement("span");
  icon.className = "sym sym-wifi-slash";
  icon.setAttribute("aria-hidden", "true");
  const text = document.createElement("span");
  text.textContent = "Sin conexión — reconectando…";
  const spinner = document.createElement("span");
  spinner.className = "spinner";
  spinner.setAttribute("aria-hidden", "true");
  indicator.append(icon, text, spinner);
  (document.querySelector("main") ?? document.body).append(indicator); // inside a landmark
}

/**
 * Sends a JSON request to the server. Resolves to the parsed answer, or to null after showing
 * the error (the server's `{"error"}` text, or a network message) in an alert. With
 * `{alert: false}` an error answer only resolves to null: for actions whose failure the next
 * snapshot shows anyway (a failed reload sets the model's error, shown in a banner).
 */
export async function act(method, url, body, { alert = true } = {}) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(url, init);
  } catch {
    await showAlert({
      title: "Sin conexión",
      message: "No se ha podido contactar con el servidor. Comprueba que Adivina sigue en marcha.",
    });
    return null;
  }
  let data = null;
  try {
    const text = await response.text();
    data = text ? JSON.parse(text) : {};
  } catch {
    data = null;
  }
  if (!response.ok || data === null) {
    if (!alert) return null;
    const message =
      data && typeof data.error === "string" && data.error
        ? data.error
        : `El servidor respondió con un error (${response.status}).`;
    await showAlert({ title: "No se pudo completar", message });
    return null;
  }
  return data;
}
