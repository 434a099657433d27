// Talking to kaki-board: JSON requests and the event stream.  The page's id (one per tab,
// kept across reloads) tells the server whose searches to stop when the tab is closed.

function clientId() {
  let id = sessionStorage.getItem("kaki-client");
  if (!id) {
    const bytes = new Uint8Array(12);
    crypto.getRandomValues(bytes);
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    sessionStorage.setItem("kaki-client", id);
  }
  return id;
}

export const client = clientId();

export async function getJSON(path) {
  const r = await fetch(path, { cache: "no-store" });
  const body = await r.json();
  if (!r.ok) throw new Error(body.error || r.statusText);
  return body;
}

export async function getText(path) {
  const r = await fetch(path, { cache: "no-store" });
  if (!r.ok) throw new Error(r.statusText);
  return r.text();
}

// POST /api/ACTION; resolves with the new state, rejects with the server's message.
export async function act(action, body = {}) {
  const r = await fetch("/api/" + action, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Kaki-Client": client },
    body: JSON.stringify(body),
  });
  const answer = await r.json().catch(() => ({ error: r.statusText }));
  if (!r.ok) throw new Error(answer.error || r.statusText);
  return answer;
}

// Calls onState(state), onThinking(think) and onReview(review) as events arrive; reconnects
// by itself.
export function listen(onState, onThinking, onResync, onReview) {
  const es = new EventSource("/api/events?client=" + encodeURIComponent(client));
  es.addEventListener("state", (e) => onState(JSON.parse(e.data)));
  es.addEventListener("thinking", (e) => onThinking(JSON.parse(e.data)));
  es.addEventListener("resync", () => onResync());
  if (onReview) es.addEventListener("review", (e) => onReview(JSON.parse(e.data)));
  return es;
}
