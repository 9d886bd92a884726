// The advisor of the offline app: dicepoker.wasm (cmd/dicepoker-wasm),
// run in this Web Worker so that the page stays responsive while it
// ranks or solves. The page (offline.js) posts {id, method, path, body};
// the worker answers {id, status, body}, and posts {progress} and
// {notice} while it works.
"use strict";
importScripts("wasm_exec.js");

// TABLES is the Cache that keeps the site's strategy tables once
// fetched; the advisor checks each (fingerprint and checksums) before
// use, and drops one that fails.
const TABLES = "dicepoker-tables";

// The browser has no file system: every file is missing, so a table the
// site lacks is solved in memory, and saving it fails, which the
// advisor lets be.
for (const op of ["open", "stat", "lstat", "fstat", "mkdir", "readdir", "unlink", "rmdir", "rename", "chmod", "chown", "utimes", "truncate", "ftruncate", "fsync", "readlink", "symlink", "link"]) {
  globalThis.fs[op] = (...args) => {
    const err = new Error("no files in the browser");
    err.code = "ENOENT";
    args[args.length - 1](err);
  };
}

// dicepokerFetchTable returns the bytes of the site's tables/name, from
// the cache when it has them, else fetched and kept; null when the site
// has none. School's estimates come with the app: the service worker
// keeps them, so they are not kept twice.
globalThis.dicepokerFetchTable = async (name) => {
  const url = new URL("tables/" + name, self.location.href).href;
  const cache = "caches" in self && !name.startsWith("estimates/") ? await caches.open(TABLES) : null;
  let res = cache && await cache.match(url);
  if (!res) {
    res = await fetch(url);
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`tables/${name}: ${res.status} ${res.statusText}`);
    if (cache) await cache.put(url, res.clone());
  }
  return new Uint8Array(await res.arrayBuffer());
};

// dicepokerDropTable forgets the kept copy of tables/name, which failed
// its check: the next use fetches it again.
globalThis.dicepokerDropTable = async (name) => {
  if ("caches" in self) await (await caches.open(TABLES)).delete(new URL("tables/" + name, self.location.href).href);
};

globalThis.dicepokerProgress = (what, done, total) => postMessage({ progress: { what, done, total } });
globalThis.dicepokerNotice = (message) => postMessage({ notice: message });

// ready starts the advisor, compiled as it downloads where the host
// serves it as application/wasm, else once downloaded.
const ready = (async () => {
  const go = new Go();
  let instance;
  try {
    ({ instance } = await WebAssembly.instantiateStreaming(fetch("dicepoker.wasm"), go.importObject));
  } catch (e) {
    const res = await fetch("dicepoker.wasm");
    if (!res.ok) throw new Error(`dicepoker.wasm: ${res.status} ${res.statusText}`);
    ({ instance } = await WebAssembly.instantiate(await res.arrayBuffer(), go.importObject));
  }
  go.run(instance); // returns once main waits: dicepokerAnswer is set
  if (!globalThis.dicepokerAnswer) throw new Error("the advisor did not start");
})();

onmessage = async (e) => {
  const { id, method, path, body } = e.data;
  try {
    await ready;
    const [status, answer] = await globalThis.dicepokerAnswer(method, path, body);
    postMessage({ id, status, body: answer });
  } catch (err) {
    postMessage({ id, status: 500, body: JSON.stringify({ error: "the advisor cannot start: " + err.message }) });
  }
};
