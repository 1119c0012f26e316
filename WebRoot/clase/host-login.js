// The host's key, asked once per browser: the pages for the host (Anfitrión, Resultados) show
// the form `#login` (`#login-form`, `#key`) until the server has set the HttpOnly host cookie.
import { act } from "../js/events.js";

/** Whether the browser already holds the host cookie: re-sending the current pace is harmless. */
async function alreadyHost() {
  try {
    const snapshot = await (await fetch("/api/classroom/state")).json();
    const response = await fetch("/api/classroom/host/pace", {
      method: "PUT",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ selfPaced: Boolean(snapshot.selfPaced) }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Calls `onHost` once the browser is the host's: at once when it holds the cookie, else after
 * the key is typed in the login form (shown until then).
 */
export async function whenHost(onHost) {
  const login = document.getElementById("login");
  const keyField = document.getElementById("key");
  document.getElementById("login-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const done = await act("POST", "/api/classroom/host/login", { key: keyField.value.trim() });
    if (done) {
      keyField.value = "";
      login.hidden = true;
      onHost();
    }
  });
  if (await alreadyHost()) {
    onHost();
  } else {
    login.hidden = false;
    keyField.focus();
  }
}
