// Package offline is the advisor as a static site that works with no
// server process: the page that dicepoker serve serves, answered in the
// browser by the same handler (package web) compiled to WebAssembly
// (cmd/dicepoker-wasm), with the strategy tables fetched from the site and
// checked before use. It holds what runs in the browser (Source, Backend)
// and what the site is made of besides the page (Files, Icon, Page).
package offline
