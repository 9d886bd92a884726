// Package offline is the advisor of the offline app (dicepoker site), as
// it runs in the browser: the page's API answered by the API that
// dicepoker serve serves (package web), with no network (Backend), and
// the strategy tables and school's estimates fetched from the site and
// checked before use (Source). cmd/dicepoker-wasm compiles it to
// WebAssembly; package web/site holds the rest of the site.
package offline
