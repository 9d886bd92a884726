// The offline app's service worker: it keeps the app's files (SHELL, of
// the site's VERSION, both set by the lines dicepoker site writes above
// this one) so that, once visited, the app loads with no network. The
// strategy tables are kept by the advisor's worker (worker.js) as it
// fetches them.
"use strict";

const SHELL_CACHE = "dicepoker-shell-" + VERSION;

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(SHELL_CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil((async () => {
    for (const name of await caches.keys()) {
      // An older site's files, and its tables, which the advisor of
      // this one may refuse.
      if (name !== SHELL_CACHE && (name.startsWith("dicepoker-shell-") || name === "dicepoker-tables")) await caches.delete(name);
    }
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
