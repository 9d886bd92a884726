//go:build js && wasm

// Command dicepoker-wasm is the advisor of the offline app, compiled to
// WebAssembly by dicepoker site: run in a Web Worker of the page
// (web/site/static/worker.js), it answers the page's API calls with
// the API dicepoker serve serves (offline.Backend), its strategy
// tables and school's estimates fetched from the site.
//
// It sets, on the worker's global object,
//
//	dicepokerAnswer(method, path, body) -> Promise<[status, body]>
//
// and calls the worker's
//
//	dicepokerFetchTable(name) -> Promise<Uint8Array | null>  (null: the site has none)
//	dicepokerDropTable(name)  (the table failed its check: forget the copy kept)
//	dicepokerProgress(what, done, total)
//	dicepokerNotice(message)
package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"syscall/js"

	"dicepoker/advice"
	"dicepoker/web/offline"
)

func main() {
	global := js.Global()
	src := offline.Source{
		Opener: advice.Opener{
			// The browser has no file system: the worker answers every
			// file as missing, so the tables the site lacks are solved in
			// memory (their saving fails, which the advisor lets be).
			Dir:     "/tables",
			Threads: 1,
			Progress: func(what string) func(done, total int) {
				return func(done, total int) { global.Call("dicepokerProgress", what, done, total) }
			},
			Notice: func(msg string) { global.Call("dicepokerNotice", msg) },
		},
		Fetch: fetchTable,
		Drop:  func(name string) { global.Call("dicepokerDropTable", name) },
	}
	b, err := offline.NewBackend(src)
	if err != nil {
		global.Call("dicepokerNotice", "cannot start the advisor: "+err.Error())
		return
	}
	global.Set("dicepokerAnswer", js.FuncOf(func(_ js.Value, args []js.Value) any {
		method, path, body := args[0].String(), args[1].String(), args[2].String()
		return promise(func() any {
			var data []byte
			if method != "GET" {
				data = []byte(body)
			}
			status, answer := b.Answer(context.Background(), method, path, data)
			return []any{status, string(answer)}
		})
	}))
	select {}
}

// promise returns a JavaScript Promise of work's value, work running in
// a goroutine of its own: it may then wait for other promises (await).
func promise(work func() any) js.Value {
	return js.Global().Get("Promise").New(js.FuncOf(func(_ js.Value, args []js.Value) any {
		resolve := args[0]
		go func() { resolve.Invoke(work()) }()
		return nil
	}))
}

// await waits for the promise p and returns its value, or its rejection
// as an error.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	done := make(chan result, 1)
	then := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{v: args[0]}
		return nil
	})
	catch := js.FuncOf(func(_ js.Value, args []js.Value) any {
		done <- result{err: errors.New(js.Global().Get("String").Invoke(args[0]).String())}
		return nil
	})
	defer then.Release()
	defer catch.Release()
	p.Call("then", then, catch)
	r := <-done
	return r.v, r.err
}

// fetchTable returns the bytes of the site's table name, through the
// worker's dicepokerFetchTable.
func fetchTable(name string) ([]byte, error) {
	v, err := await(js.Global().Call("dicepokerFetchTable", name))
	if err != nil {
		return nil, err
	}
	if v.IsNull() {
		return nil, fmt.Errorf("%s/%s: %w", offline.TablesDir, name, fs.ErrNotExist)
	}
	data := make([]byte, v.Length())
	js.CopyBytesToGo(data, v)
	return data, nil
}
