package lan

import (
	"net/netip"
	"slices"
	"testing"
)

func addrs(s ...string) []netip.Addr {
	var a []netip.Addr
	for _, x := range s {
		a = append(a, netip.MustParseAddr(x))
	}
	return a
}

func TestAddressAndNameURLs(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		m    Machine
		want []string
	}{
		{"a laptop on Wi-Fi with containers",
			Machine{Hostname: "MyLaptop", Addrs: addrs("127.0.0.1", "::1", "172.17.0.1", "fe80::1%wlan0", "2001:db8::5", "192.168.1.20", "fd00::2", "10.8.0.3", "169.254.3.4", "192.0.2.2"), MDNS: true},
			[]string{"http://192.168.1.20:8080/", "http://10.8.0.3:8080/", "http://172.17.0.1:8080/", "http://192.0.2.2:8080/",
				"http://[fd00::2]:8080/", "http://[2001:db8::5]:8080/", "http://169.254.3.4:8080/", "http://mylaptop:8080/", "http://mylaptop.local:8080/"}},
		{"no mDNS", Machine{Hostname: "vm", Addrs: addrs("192.0.2.2")}, []string{"http://192.0.2.2:8080/", "http://vm:8080/"}},
		{"a fully qualified name", Machine{Hostname: "box.example.org.", MDNS: true}, []string{"http://box.example.org:8080/", "http://box.local:8080/"}},
		{"a .local name", Machine{Hostname: "Mac.local", MDNS: true}, []string{"http://mac.local:8080/"}},
		{"an address twice, once IPv4-mapped", Machine{Addrs: addrs("192.168.1.20", "::ffff:192.168.1.20")}, []string{"http://192.168.1.20:8080/"}},
		{"loopback only", Machine{Hostname: "localhost", Addrs: addrs("127.0.0.1", "::1")}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := append(c.m.AddressURLs("8080"), c.m.NameURLs("8080")...); !slices.Equal(got, c.want) {
				t.Errorf("URLs:\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}

func TestNames(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		hostname string
		want     []string
	}{
		{"MyLaptop", []string{"mylaptop", "mylaptop.local"}},
		{"box.example.org.", []string{"box", "box.example.org", "box.local"}},
		{"Mac.local", []string{"mac", "mac.local"}},
		{"localhost", nil},
		{"", nil},
	} {
		t.Run(c.hostname, func(t *testing.T) {
			t.Parallel()
			if got := (Machine{Hostname: c.hostname}).Names(); !slices.Equal(got, c.want) {
				t.Errorf("Names: %q, want %q", got, c.want)
			}
		})
	}
}

func TestLocalHasNoLoopbackURL(t *testing.T) {
	t.Parallel()
	m := Local()
	for _, u := range append(m.AddressURLs("80"), m.NameURLs("80")...) {
		if u == "http://127.0.0.1:80/" || u == "http://[::1]:80/" || u == "http://localhost:80/" {
			t.Errorf("URLs hold the loopback URL %s", u)
		}
	}
}
