// The SharedWorker that holds the browser's one SSE connection for every tab of the origin
// (browsers allow only six HTTP/1.1 connections per origin; ten tabs must keep working).
import { EventHub } from "./event-hub.js";

const hub = new EventHub("/api/events");

self.onconnect = (event) => {
  const port = event.ports[0];
  const client = { post: (message) => port.postMessage(message) };
  port.onmessage = (message) => hub.receive(client, message.data);
  port.start();
};
