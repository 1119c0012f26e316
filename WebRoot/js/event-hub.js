// The one server-sent-events connection of a browser and the clients (tabs) that share it.
// Runs inside the SharedWorker (events-worker.js) or, where SharedWorker is missing, inside the
// page itself (events.js). A client is anything with `post(message)`.
//
// Messages to clients:
//   {type: "event", topic, data, id}   a snapshot (data is the parsed JSON; a topic's
//                                      `<topic>.patch` events are applied here, so clients
//                                      always get whole snapshots)
//   {type: "status", connected}        the stream went up or down
//   {type: "bye", reason, message}     the server ended the stream for good, saying why (a
//                                      class player removed, or back on another device)
//   {type: "rejected", topic, message} the server refuses this topic (dropped); message is its
//                                      reason when it gave one (e.g. a class player asking for a
//                                      single-player app's topic), else null
// Messages from clients (see `receive`):
//   {type: "subscribe", topic} / {type: "unsubscribe", topic} / {type: "bye"}

import { applyPatch } from "./snapshot-patch.js";

const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 8000;
// When the last tab leaves, the stream stays open this long: moving from one page of the app
// to the next reuses it and renders at once from the snapshots kept here.
const IDLE_CLOSE_MS = 5000;

export class EventHub {
  /** @param {string} endpoint the SSE URL without query, e.g. "/api/events" */
  constructor(endpoint, EventSourceClass = globalThis.EventSource) {
    this.endpoint = endpoint;
    this.EventSourceClass = EventSourceClass;
    this.clients = new Map();     // client -> Set of topics
    this.snapshots = new Map();   // topic -> {data, id}
    this.source = null;
    this.sourceTopics = "";       // the topic list of the open source, sorted, comma-joined
    this.listening = new Set();   // topics with a listener on the current source
    this.goodTopics = new Set();  // topics of the last stream the server accepted
    this.connected = false;
    this.retryDelay = RETRY_MIN_MS;
    this.retryTimer = 0;
    this.pendingReconnect = false;
    this.idleTimer = 0;
  }

  /** Handles one message from a client. */
  receive(client, message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "subscribe" && typeof message.topic === "string") {
      this.subscribe(client, message.topic);
    } else if (message.type === "unsubscribe" && typeof message.topic === "string") {
      this.clients.get(client)?.delete(message.topic);
    } else if (message.type === "bye") {
      this.clients.delete(client);
      if (this.clients.size === 0) {
        clearTimeout(this.idleTimer);
        this.idleTimer = setTimeout(() => {
          if (this.clients.size === 0) this.close();
        }, IDLE_CLOSE_MS);
      }
    }
  }

  subscribe(client, topic) {
    clearTimeout(this.idleTimer);
    let topics = this.clients.get(client);
    if (!topics) {
      topics = new Set();
      this.clients.set(client, topics);
    }
    topics.add(topic);
    client.post({ type: "status", connected: this.connected });
    const snapshot = this.snapshots.get(topic);
    if (snapshot) client.post({ type: "event", topic, data: snapshot.data, id: snapshot.id });
    if (!this.wantedTopics().every((t) => this.listening.has(t)) || !this.source) {
      this.scheduleReconnect();
    }
  }

  /** Every topic some client needs, sorted. */
  wantedTopics() {
    const all = new Set();
    for (const topics of this.clients.values()) for (const t of topics) all.add(t);
    return [...all].sort();
  }

  /** Opens the stream again on the next turn, so that a burst of subscriptions makes one. */
  scheduleReconnect() {
    if (this.pendingReconnect) return;
    this.pendingReconnect = true;
    queueMicrotask(() => {
      this.pendingReconnect = false;
      this.open();
    });
  }

  open() {
    clearTimeout(this.retryTimer);
    const topics = this.wantedTopics();
    if (topics.length === 0) return;
    const key = topics.join(",");
    if (this.source && key === this.sourceTopics && this.source.readyState !== 2) return;
    this.closeSource();
    const url = `${this.endpoint}?topics=${topics.map(encodeURIComponent).join(",")}`;
    const source = new this.EventSourceClass(url);
    this.source = source;
    this.sourceTopics = key;
    this.listening = new Set(topics);
    source.addEventListener("bye", (event) => {
      if (source !== this.source) return;
      let farewell = null;
      try {
        farewell = JSON.parse(event.data);
      } catch {
        return;
      }
      for (const client of this.clients.keys()) {
        client.post({ type: "bye", reason: farewell?.reason ?? null, message: farewell?.message ?? null });
      }
    });
    for (const topic of topics) {
      source.addEventListener(topic, (event) => this.deliver(topic, event));
      source.addEventListener(`${topic}.patch`, (event) => this.deliver(topic, event, true));
    }
    source.onopen = () => {
      if (source !== this.source) return;
      this.retryDelay = RETRY_MIN_MS;
      this.goodTopics = new Set(topics);
      this.setConnected(true);
    };
    source.onerror = () => {
      if (source !== this.source) return;
      this.setConnected(false);
      // CONNECTING: the browser retries by itself. CLOSED (bad status or content type): we do.
      if (source.readyState === 2) this.diagnose(url, topics);
    };
  }

  /**
   * The server refused the stream. If it refuses it with a 4xx other than 429 and some topics are
   * new since the last accepted stream, it refuses those (unknown to it, or not for this client):
   * they are dropped, their tabs told with the server's reason, and the stream opens again for
   * the others. A topic it accepted before is retried later (a removed class player's `round`:
   * their page asks why), as is everything after a 429, a 5xx or no answer.
   */
  async diagnose(url, topics) {
    const failed = this.source;
    let status = 0;
    let message = null;
    try {
      const response = await fetch(url, { headers: { Accept: "text/event-stream" } });
      status = response.status;
      if (status >= 400 && status < 500) {
        message = await response.json().then((body) => (typeof body?.error === "string" ? body.error : null), () => null);
      } else {
        await response.body?.cancel();
      }
    } catch {
      status = 0;
    }
    if (this.source !== failed) return; // a newer stream has been opened meanwhile
    const unknown = topics.filter((topic) => !this.goodTopics.has(topic));
    if (status >= 400 && status < 500 && status !== 429 && unknown.length > 0) {
      for (const [client, wanted] of this.clients) {
        for (const topic of unknown) {
          if (wanted.delete(topic)) client.post({ type: "rejected", topic, message });
        }
      }
      this.closeSource();
      this.open();
    } else {
      this.retryLater();
    }
  }

  retryLater() {
    clearTimeout(this.retryTimer);
    const delay = this.retryDelay;
    this.retryDelay = Math.min(RETRY_MAX_MS, this.retryDelay * 2);
    this.retryTimer = setTimeout(() => {
      this.closeSource();
      this.open();
    }, delay);
  }

  deliver(topic, event, isPatch = false) {
    let data;
    try {
      data = JSON.parse(event.data);
    } catch {
      return; // a malformed snapshot is dropped; the next one replaces it
    }
    if (isPatch) {
      const base = this.snapshots.get(topic);
      if (!base) {
        // Nothing to patch (cannot happen with this server: a stream starts with snapshots).
        // A new stream starts with a whole snapshot of every topic.
        this.closeSource();
        this.scheduleReconnect();
        return;
      }
      data = applyPatch(base.data, data);
    }
    this.snapshots.set(topic, { data, id: event.lastEventId });
    if (!this.connected) this.setConnected(true);
    for (const [client, topics] of this.clients) {
      if (topics.has(topic)) client.post({ type: "event", topic, data, id: event.lastEventId });
    }
  }

  setConnected(connected) {
    if (this.connected === connected) return;
    this.connected = connected;
    for (const client of this.clients.keys()) client.post({ type: "status", connected });
  }

  closeSource() {
    if (this.source) {
      this.source.onopen = null;
      this.source.onerror = null;
      this.source.close();
      this.source = null;
    }
    this.sourceTopics = "";
    this.listening = new Set();
  }

  close() {
    clearTimeout(this.retryTimer);
    this.closeSource();
    this.connected = false;
    this.snapshots.clear();
  }
}
