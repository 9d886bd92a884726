package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/mdp/qrterminal/v3"

	"dicepoker/advice"
	"dicepoker/engine"
	"dicepoker/internal/lan"
	"dicepoker/tables"
	"dicepoker/web"
)

const serveSummary = `Serve the web advisor: the page (embedded in the program) and the JSON
API it calls, on loopback unless --addr or --lan say otherwise. Open the
URL it prints; Ctrl-C stops it, letting requests under way finish.

--lan serves the phones of the local network (the same Wi-Fi): it listens
on every interface, at the port of --addr, and prints the addresses a
phone can open and a QR code of the first for its camera. Whoever reaches
the machine can then use the advisor; pages are served only to the
machine's own names and addresses (Host), never to another site's name.

--rules FILE offers the game of a game file besides the built-in games
(for example games/maxi-yatzy.toml, six dice): the page lists it by its
name. Its strategy table is solved on first use, as advise does.`

// qrLevel is the error correction of the QR code serve --lan prints: the
// lowest, for the smallest code; a screen is not a scratched label.
const qrLevel = qrterminal.L

// runServe serves the web advisor until SIGINT or SIGTERM.
func runServe(e env, args []string, stdout io.Writer) error {
	fs := newFlagSet("serve")
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on, host:port (port 0: any free port)")
	lanFlag := fs.Bool("lan", false, "listen on every interface, at the port of --addr, and print the addresses and a QR code for a phone")
	memory := fs.String("memory", "", "the most memory the tables and long work take, such as 2GB (default: half the machine's)")
	rules := fs.String("rules", "", "a game file whose game the page offers besides the built-in games, such as games/maxi-yatzy.toml")
	if err := parseFlags(fs, args, stdout, "serve [--addr 127.0.0.1:8080] [--lan] [--memory 2GB] [--rules FILE]", serveSummary); err != nil {
		return err
	}
	var games []*engine.Game
	if fs.Changed("rules") {
		g, _, err := readRules(*rules)
		if err != nil {
			return err
		}
		if slices.Contains(engine.GameNames, g.Name) {
			return usagef("--rules %s: its game is called %s, as a built-in game is; give it a name of its own", engine.Quote(*rules), engine.Quote(g.Name))
		}
		games = append(games, g)
	}
	budget := web.DefaultMemory()
	if *memory != "" { // given empty: the default, as not given
		var err error
		if budget, err = memoryLimit(fs, *memory); err != nil {
			return err
		}
	}
	host, port, err := listenAddress(*addr, *lanFlag, fs.Changed("addr"))
	if err != nil {
		return err
	}
	tcp, err := net.ResolveTCPAddr("tcp", net.JoinHostPort(host, port))
	if err != nil {
		return usagef("--addr %s: cannot resolve the host %s", engine.Quote(*addr), engine.Quote(host))
	}
	ln, err := net.ListenTCP("tcp", tcp)
	if errors.Is(err, syscall.EADDRNOTAVAIL) {
		return usagef("--addr %s: %s is not an address of this machine", engine.Quote(*addr), engine.Quote(host))
	}
	if err != nil {
		return err
	}
	// The budget bounds what the server reserves; the runtime's limit
	// makes the collector hold the rest to it too.
	debug.SetMemoryLimit(budget)
	machine := lan.Local()
	_, port, _ = net.SplitHostPort(ln.Addr().String()) // port 0 chose one
	srv, err := web.New(advice.Opener{Dir: e(tables.EnvDir), Notice: notice, Threads: web.JobThreads()}, net.JoinHostPort(host, port),
		web.Options{Names: machine.Names(), Memory: budget, Games: games})
	if err != nil {
		ln.Close()
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	printAddresses(stdout, ln.Addr().(*net.TCPAddr), machine)
	if err := web.Serve(ctx, ln, srv); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "dicepoker: stopped")
	return nil
}

// listenAddress returns the host and port to listen on, from --addr and
// --lan; addrGiven tells whether --addr was given. --lan listens on every
// interface: its --addr may give a port only, or an unspecified host.
func listenAddress(addr string, lanFlag, addrGiven bool) (host, port string, err error) {
	host, port, err = net.SplitHostPort(addr)
	if err != nil {
		return "", "", usagef("--addr %s: want host:port, such as 127.0.0.1:8080", engine.Quote(addr))
	}
	if _, err := net.LookupPort("tcp", port); err != nil {
		return "", "", usagef("--addr %s: the port must be a number from 0 to 65535", engine.Quote(addr))
	}
	if !lanFlag {
		return host, port, nil
	}
	if ip := net.ParseIP(host); addrGiven && host != "" && (ip == nil || !ip.IsUnspecified()) {
		return "", "", usagef("--lan listens on every interface: give --addr a port only (--addr :%s), not the host %s", port, engine.Quote(host))
	}
	return "", port, nil
}

// printAddresses prints the URL the server is at, and when it listens
// beyond loopback, the URLs other devices can open and a QR code of the
// first.
func printAddresses(w io.Writer, at *net.TCPAddr, machine lan.Machine) {
	urls := []string{"http://" + at.String() + "/"}
	if at.IP.IsUnspecified() {
		port := strconv.Itoa(at.Port)
		urls = machine.AddressURLs(port)
		if len(urls) == 0 {
			notice("this machine has no network address but loopback: no phone can reach it")
			urls = []string{"http://" + net.JoinHostPort("127.0.0.1", port) + "/"}
		}
		urls = append(urls, machine.NameURLs(port)...)
	}
	fmt.Fprintf(w, "dicepoker: serving the advisor at %s (Ctrl-C stops)\n", urls[0])
	if at.IP.IsLoopback() {
		return
	}
	where := at.String()
	if at.IP.IsUnspecified() {
		where = fmt.Sprintf("every interface, port %d", at.Port)
	}
	notice(fmt.Sprintf("listening on %s, beyond loopback: whoever reaches it can use the advisor", where))
	fmt.Fprintln(w, "dicepoker: a phone on the same network can open")
	for _, u := range urls {
		fmt.Fprintln(w, "  "+u)
	}
	fmt.Fprintf(w, "dicepoker: or scan the QR code of %s\n", urls[0])
	// An address or a host name: far within what a QR code holds, whose
	// overflow qrterminal does not report.
	var code bytes.Buffer
	qrterminal.GenerateHalfBlock(urls[0], qrLevel, &code)
	if !isTerminal(w) {
		w.Write(code.Bytes())
		return
	}
	// The code is drawn in light characters on the dark: on a terminal
	// with a light background too, whose camera apps may not read a code
	// in reverse.
	for line := range strings.Lines(code.String()) {
		fmt.Fprintf(w, "\x1b[97;40m%s\x1b[0m\n", strings.TrimSuffix(line, "\n"))
	}
}
