//go:build !js

package web

import (
	"fmt"
	"net"
	"net/netip"
	"strings"

	"dicepoker/engine"
)

// hostCheck tells the Host headers that name the server. It is the
// defense against DNS rebinding: a page of another site whose name the
// attacker then points at this machine reaches the server with the
// attacker's name in Host, and is refused.
//
// A name must be one of the server's exactly: localhost, the host it was
// asked to listen on, or one of the machine's (Options.Names), in any
// case, with or without the final dot of a fully qualified name.
//
// Any IP address is accepted: rebinding needs a name that the attacker's
// DNS answers for, and a page whose address is an IP literal has that
// literal as its origin, so another site's page cannot read what the
// server answers it (the Origin check refuses its calls to the API).
// Accepting every address keeps working the ones the machine does not
// know as its own: a port forwarded by a router or a container.
type hostCheck struct {
	names map[string]bool // canonical: see canonicalName
	port  string
}

func newHostCheck(addr string, names []string) (hostCheck, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return hostCheck{}, fmt.Errorf("address %s: %v", engine.Quote(addr), err)
	}
	c := hostCheck{names: map[string]bool{"localhost": true}, port: port}
	for _, n := range append([]string{host}, names...) {
		if _, err := netip.ParseAddr(n); err != nil && n != "" {
			c.names[canonicalName(n)] = true
		}
	}
	return c, nil
}

// canonicalName returns name in lower case without its final dot: the
// forms of one name that a browser may send.
func canonicalName(name string) string {
	return strings.TrimSuffix(strings.ToLower(name), ".")
}

func (c hostCheck) allows(hostport string) bool {
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		// A browser leaves out http's own port.
		if host, port, err = net.SplitHostPort(hostport + ":80"); err != nil {
			return false
		}
	}
	if port != c.port || host == "" {
		return false
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return true
	}
	return c.names[canonicalName(host)]
}
