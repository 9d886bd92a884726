// The offline app's side of the page: it answers every API call of
// app.js (window.dicepokerBackend) with the advisor compiled to
// WebAssembly, run in a Web Worker (worker.js), and registers the
// service worker (sw.js) that keeps the app for use with no network.
"use strict";

(() => {
  // The service worker fetches every file of the app to keep it: once
  // the advisor has answered, so that a first visit's advice does not
  // wait behind a second download of the advisor.
  let registered = false;
  const register = () => {
    if (registered || !("serviceWorker" in navigator)) return;
    registered = true;
    navigator.serviceWorker.register("sw.js").catch((e) => console.warn("dicepoker: no service worker:", e));
  };
  const worker = new Worker("worker.js");
  const waiting = new Map(); // request id -> its answer's handler
  let next = 0;
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.progress) {
      const { what, done, total } = m.progress;
      if (typeof showStatus === "function") showStatus(`${what[0].toUpperCase()}${what.slice(1)} in this browser (first use): ${Math.floor(100 * done / total)}%…`);
      return;
    }
    if (m.notice) {
      console.info("dicepoker:", m.notice);
      return;
    }
    const answer = waiting.get(m.id);
    waiting.delete(m.id);
    if (answer) answer(m);
    register();
  };
  worker.onerror = (e) => {
    for (const answer of waiting.values()) answer({ status: 500, body: JSON.stringify({ error: "the advisor stopped: " + e.message }) });
    waiting.clear();
  };
  // ask posts one API call to the advisor and returns the id it goes
  // by; answer gets the advisor's {status, body}, its body the bytes
  // of the JSON that serve would send.
  const ask = (method, path, body, answer) => {
    const id = ++next;
    waiting.set(id, answer);
    worker.postMessage({ id, method, path, body });
    return id;
  };
  // The advisor's answer to an API call as it gives it: its status, and
  // its body as text, byte for byte what serve would send (the browser
  // test compares it with advise --json).
  window.dicepokerAsk = (method, path, body) => new Promise((resolve) => ask(method, path, body, resolve));
  // The backend of app.js's api(): path, body and signal as there.
  window.dicepokerBackend = (path, body, signal) => new Promise((resolve, reject) => {
    const id = ask(body === undefined ? "GET" : "POST", path, body === undefined ? "" : JSON.stringify(body), (m) => {
      let data;
      try { data = JSON.parse(m.body); } catch (e) { data = { error: "the advisor's answer is not JSON" }; }
      if (m.status >= 400) {
        const err = new Error(data.error || `status ${m.status}`);
        err.status = m.status;
        reject(err);
      } else resolve(data);
    });
    if (signal) {
      signal.addEventListener("abort", () => {
        if (waiting.delete(id)) reject(new DOMException("the question was abandoned", "AbortError"));
      });
    }
  });
})();
