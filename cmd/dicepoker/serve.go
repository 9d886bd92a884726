package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
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
	if err := parseFlags(fs, args, stdout, "serve [--addr 127.0.0.1:8080]", serveSummary); err != nil {
		return err
	}
	if _, _, err := net.SplitHostPort(*addr); err != nil {
		return usagef("--addr %q: want host:port, such as 127.0.0.1:8080", *addr)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv, err := web.New(advice.Opener{Notice: notice}, ln.Addr().String(), web.Options{})
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
