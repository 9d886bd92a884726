// The offline app's service worker: it keeps the app's files (SHELL, of
// the site's VERSION, both set by the lines dicepoker site writes above
// this one) so that, once visited, the app loads with no network. The
// strategy tables are kept by the advisor's worker (worker.js) as it
// fetches them.
"use strict";

const SHELL_CACHE = "dicepoker-shell-" + VERSION;

// keep fetches the file url afresh and keeps it. A host may answer
// index.html with a redirect to the folder (Go's file server does), and a
// redirected answer cannot answer a page's load: its body is kept as a
// plain answer.
async function keep(cache, url) {
  const res = await fetch(url, { cache: "reload" });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}`);
  await cache.put(url, res.redirected ? new Response(await res.blob(), { headers: res.headers }) : res);
}

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(SHELL_CACHE).then((c) => Promise.all(SHELL.map((url) => keep(c, url)))).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil((async () => {
    // An older site's files, and its tables, which the advisor of this
    // one may refuse.
    const old = (await caches.keys()).filter((name) => name.startsWith("dicepoker-shell-") && name !== SHELL_CACHE);
    if (old.length) await Promise.all([...old, "dicepoker-tables"].map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

// A file of the app comes from the cache, else from the network; a page
// of the app, whatever position its URL gives, is index.html.
self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith((async () => {
    const cache = await caches.open(SHELL_CACHE);
    const hit = req.mode === "navigate" ? await cache.match("index.html", { ignoreSearch: true }) || await cache.match(req, { ignoreSearch: true })
      : await cache.match(req);
    return hit || fetch(req);
  })());
});
