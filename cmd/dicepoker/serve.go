package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"dicepoker/advice"
	"dicepoker/web"
)

const serveSummary = `Serve the web advisor: the page (embedded in the program) and the JSON
API it calls, on loopback unless --addr says otherwise. Open the URL it
prints; Ctrl-C stops it.`

// runServe serves the web advisor until SIGINT or SIGTERM.
func runServe(args []string, stdout io.Writer) error {
	fs := newFlagSet("serve")
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on, host:port (port 0: any free port)")
	memory := fs.String("memory", "", "the most memory the tables and long work take, such as 2GB (default: half the machine's)")
	if err := parseFlags(fs, args, stdout, "serve [--addr 127.0.0.1:8080] [--memory 2GB]", serveSummary); err != nil {
		return err
	}
	budget := web.DefaultMemory()
	if *memory != "" {
		var err error
		if budget, err = web.ParseMemory(*memory); err != nil {
			return usagef("--%v", err)
		}
		if budget < web.MinMemory {
			return usagef("--memory %s: want %d MB or more", *memory, web.MinMemory>>20)
		}
	}
	// The budget bounds what the server reserves; the runtime's limit
	// makes the collector hold the rest to it too.
	debug.SetMemoryLimit(budget)
	if _, _, err := net.SplitHostPort(*addr); err != nil {
		return usagef("--addr %q: want host:port, such as 127.0.0.1:8080", *addr)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv, err := web.New(advice.Opener{Notice: notice, Threads: web.JobThreads()}, ln.Addr().String(), web.Options{Memory: budget})
	if err != nil {
		ln.Close()
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if ip := ln.Addr().(*net.TCPAddr).IP; !ip.IsLoopback() {
		notice(fmt.Sprintf("listening on %s, beyond loopback: whoever reaches it can use the advisor", ln.Addr()))
	}
	fmt.Fprintf(stdout, "dicepoker: serving the advisor at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	if err := web.Serve(ctx, ln, srv); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "dicepoker: stopped")
	return nil
}
