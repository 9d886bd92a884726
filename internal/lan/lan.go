// Package lan tells how the other devices of the local network reach this
// machine: the URLs to show a phone and the names a browser may give in
// the Host header.
package lan

import (
	"cmp"
	"net"
	"net/netip"
	"os"
	"runtime"
	"slices"
	"strings"
)

// Machine is what the network knows a machine by.
type Machine struct {
	Hostname string       // its host name, as os.Hostname gives it; "" if unknown
	Addrs    []netip.Addr // the addresses of its interfaces that are up
	MDNS     bool         // whether NAME.local reaches it: an mDNS responder answers for it
}

// Local returns this machine's names and addresses; what the system does
// not tell is left out.
func Local() Machine {
	var m Machine
	m.Hostname, _ = os.Hostname()
	ifaces, _ := net.Interfaces()
	for _, in := range ifaces {
		if in.Flags&net.FlagUp == 0 || in.Flags&net.FlagRunning == 0 {
			continue
		}
		addrs, _ := in.Addrs()
		for _, a := range addrs {
			if p, err := netip.ParsePrefix(a.String()); err == nil {
				m.Addrs = append(m.Addrs, p.Addr())
			}
		}
	}
	m.MDNS = mdnsResponder()
	return m
}

// mdnsResponder reports whether the machine answers mDNS queries for
// NAME.local: macOS always does (Bonjour), Linux when Avahi runs.
func mdnsResponder() bool {
	if runtime.GOOS == "darwin" {
		return true
	}
	_, err := os.Stat("/run/avahi-daemon/socket")
	return err == nil
}

// Names returns the names of the machine a browser may give, lower case:
// its host name, the host name's first label and that label's .local name.
func (m Machine) Names() []string {
	name := strings.TrimSuffix(strings.ToLower(m.Hostname), ".")
	if name == "" || name == "localhost" {
		return nil
	}
	short, _, _ := strings.Cut(name, ".")
	names := []string{name, short, short + ".local"}
	slices.Sort(names)
	return slices.Compact(names)
}

// AddressURLs returns the URLs of port on m's addresses that a phone on
// the same network can open, best first: IPv4 first, the private ranges
// of home and office networks before the others. Loopback is left out,
// and so is link-local IPv6: a browser cannot open an address with a zone.
func (m Machine) AddressURLs(port string) []string {
	var addrs []netip.Addr
	for _, a := range m.Addrs {
		a = a.Unmap()
		if a.IsLoopback() || a.IsUnspecified() || a.IsMulticast() || a.Is6() && a.IsLinkLocalUnicast() {
			continue
		}
		addrs = append(addrs, a.WithZone(""))
	}
	slices.SortFunc(addrs, func(a, b netip.Addr) int { return cmp.Or(cmp.Compare(rank(a), rank(b)), a.Compare(b)) })
	var urls []string
	for _, a := range slices.Compact(addrs) {
		urls = append(urls, url(a.String(), port))
	}
	return urls
}

// NameURLs returns the URLs of port on m's names: its host name and, where
// mDNS answers for it, NAME.local. Whether a phone can open them depends
// on the network's name service.
func (m Machine) NameURLs(port string) []string {
	name := strings.TrimSuffix(strings.ToLower(m.Hostname), ".")
	if name == "" || name == "localhost" {
		return nil
	}
	urls := []string{url(name, port)}
	if short, _, _ := strings.Cut(name, "."); m.MDNS && short+".local" != name {
		urls = append(urls, url(short+".local", port))
	}
	return urls
}

func url(host, port string) string { return "http://" + net.JoinHostPort(host, port) + "/" }

// rank orders addresses by how likely a phone reaches them: the private
// IPv4 ranges of home networks, then of offices, then of container
// bridges (172.16/12), other IPv4, IPv6, and link-local IPv4 last.
func rank(a netip.Addr) int {
	for i, p := range []netip.Prefix{
		netip.MustParsePrefix("192.168.0.0/16"),
		netip.MustParsePrefix("10.0.0.0/8"),
		netip.MustParsePrefix("172.16.0.0/12"),
	} {
		if p.Contains(a) {
			return i
		}
	}
	switch {
	case a.IsLinkLocalUnicast():
		return 6
	case a.Is4():
		return 3
	case a.IsPrivate(): // IPv6 unique local, fd00::/8
		return 4
	}
	return 5
}
