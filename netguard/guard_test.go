package netguard

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
)

func TestRule(t *testing.T) {
	cases := map[string]string{
		"127.0.0.1":          "a loopback address",
		"127.8.9.10":         "a loopback address",
		"::1":                "a loopback address",
		"::ffff:127.0.0.1":   "a loopback address",
		"10.1.2.3":           "a private address",
		"172.16.0.1":         "a private address",
		"192.168.1.1":        "a private address",
		"::ffff:192.168.1.1": "a private address",
		"64:ff9b::a01:203":   "a private address", // NAT64 of 10.1.2.3
		"100.64.0.1":         "a shared (carrier-grade NAT) address",
		"169.254.169.254":    "a link-local address",
		"fe80::1":            "a link-local address",
		"fc00::1":            "a unique-local address",
		"fd12:3456::1":       "a unique-local address",
		"0.0.0.0":            "an unspecified address",
		"0.1.2.3":            "an unspecified address",
		"::":                 "an unspecified address",
		"224.0.0.1":          "a multicast address",
		"255.255.255.255":    "a broadcast address",
		"93.184.216.34":      "",
		"2606:4700::1111":    "",
		"100.128.0.1":        "",
		"172.32.0.1":         "",
	}
	for addr, want := range cases {
		if got := Rule(netip.MustParseAddr(addr)); got != want {
			t.Errorf("Rule(%s) = %q, want %q", addr, got, want)
		}
	}
}

// resolver maps names to addresses, as a DNS server an attacker runs
// would.
func resolver(m map[string]string) func(context.Context, string) ([]netip.Addr, error) {
	return func(_ context.Context, host string) ([]netip.Addr, error) {
		a, ok := m[host]
		if !ok {
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}
		return []netip.Addr{netip.MustParseAddr(a)}, nil
	}
}

// internal is a server on loopback with a secret page.
func internal(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/jump" {
			http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
			return
		}
		io.WriteString(w, "db_password=hunter2")
	}))
	t.Cleanup(srv.Close)
	return srv
}

func client(g *Guard) *http.Client {
	rt := g.Transport(nil, func(dial DialFunc) *http.Transport { return &http.Transport{DialContext: dial} })
	return &http.Client{Transport: rt, CheckRedirect: func(req *http.Request, _ []*http.Request) error { return g.CheckRedirect(req) }}
}

func get(ctx context.Context, c *http.Client, u string) (string, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := c.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

func wantRefused(t *testing.T, err error, want string) {
	t.Helper()
	re, ok := Refused(err)
	if !ok {
		t.Fatalf("err = %v, want a refusal", err)
	}
	if !strings.Contains(re.Error(), want) {
		t.Fatalf("message %q, want it to hold %q", re.Error(), want)
	}
}

func TestLoopbackRefusedWithAClearMessage(t *testing.T) {
	srv := internal(t)
	g := &Guard{Allow: "serve --allow-private-fetch allows it"}
	body, err := get(context.Background(), client(g), srv.URL+"/internal.html")
	if body != "" {
		t.Fatalf("fetched %q", body)
	}
	wantRefused(t, err, "not fetched: 127.0.0.1 is a loopback address (serve --allow-private-fetch allows it)")
}

// A name that resolves to loopback is refused after resolution, as are
// "localhost" and its subdomains, whatever DNS says.
func TestNameResolvingToLoopbackRefused(t *testing.T) {
	srv := internal(t)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	g := &Guard{LookupIP: resolver(map[string]string{"rebind.example": "127.0.0.1", "meta.example": "169.254.169.254"})}
	c := client(g)
	_, err := get(context.Background(), c, "http://rebind.example:"+port+"/")
	wantRefused(t, err, "not fetched: rebind.example is 127.0.0.1, a loopback address")
	_, err = get(context.Background(), c, "http://localhost:"+port+"/")
	wantRefused(t, err, "a loopback address")
	_, err = get(context.Background(), c, "http://meta.example/latest/meta-data/")
	wantRefused(t, err, "a link-local address")
}

// DNS rebinding: the name resolves to a public address when checked
// and to loopback when dialed — the dialer connects to the address it
// checked, never resolving twice.
func TestDialConnectsToTheCheckedAddress(t *testing.T) {
	var dialed []string
	g := &Guard{LookupIP: resolver(map[string]string{"flip.example": "93.184.216.34"})}
	dial := g.Dial(func(_ context.Context, _, addr string) (net.Conn, error) {
		dialed = append(dialed, addr)
		return nil, errors.New("test: no network")
	})
	_, _ = dial(context.Background(), "tcp", "flip.example:80")
	if len(dialed) != 1 || dialed[0] != "93.184.216.34:80" {
		t.Fatalf("dialed %v, want the checked address only", dialed)
	}
}

func TestRedirectToLoopbackRefused(t *testing.T) {
	srv := internal(t)
	// The page is on an exempt host (the feed's own, here a name the
	// test resolves to the server) and redirects to loopback.
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	g := &Guard{}
	ctx := WithHost(context.Background(), "127.0.0.1")
	jump := srv.URL + "/jump?to=" + "http://[::1]:" + port + "/internal.html"
	_, err := get(ctx, client(g), jump)
	wantRefused(t, err, "not fetched: ::1 is a loopback address")
	// The exempt host itself is fetched.
	if body, err := get(ctx, client(g), srv.URL+"/internal.html"); err != nil || body == "" {
		t.Fatalf("the exempt host was not fetched: %q, %v", body, err)
	}
}

func TestSameHostAndAllowPrivateAllow(t *testing.T) {
	srv := internal(t)
	ctx := WithHost(context.Background(), "127.0.0.1")
	if _, err := get(ctx, client(&Guard{}), srv.URL+"/"); err != nil {
		t.Fatalf("same host: %v", err)
	}
	if _, err := get(context.Background(), client(&Guard{Hosts: []string{"127.0.0.1"}}), srv.URL+"/"); err != nil {
		t.Fatalf("Guard.Hosts: %v", err)
	}
	if _, err := get(context.Background(), client(&Guard{AllowPrivate: true}), srv.URL+"/"); err != nil {
		t.Fatalf("AllowPrivate: %v", err)
	}
	// Another host is still refused under the same context.
	_, err := get(WithHost(context.Background(), "feed.example"), client(&Guard{}), srv.URL+"/")
	wantRefused(t, err, "loopback")
}

// A connection opened to the exempt host is not reused for a request
// that is not exempt: the two go through different pools.
func TestExemptConnectionsAreNotShared(t *testing.T) {
	srv := internal(t)
	c := client(&Guard{})
	if _, err := get(WithHost(context.Background(), "127.0.0.1"), c, srv.URL+"/"); err != nil {
		t.Fatal(err)
	}
	_, err := get(context.Background(), c, srv.URL+"/")
	wantRefused(t, err, "loopback")
}

// Behind a proxy the name is checked before the request, and the proxy
// itself (the operator's, on loopback here) is reachable.
func TestProxyChecksTheTarget(t *testing.T) {
	proxy := internal(t)
	g := &Guard{LookupIP: resolver(map[string]string{"inside.example": "10.0.0.5", "news.example": "93.184.216.34"})}
	rt := g.Transport(nil, func(dial DialFunc) *http.Transport {
		return &http.Transport{DialContext: dial, Proxy: func(*http.Request) (*url.URL, error) { return url.Parse(proxy.URL) }}
	})
	c := &http.Client{Transport: rt}
	_, err := get(context.Background(), c, "http://inside.example/")
	wantRefused(t, err, "inside.example is 10.0.0.5, a private address")
	if body, err := get(context.Background(), c, "http://news.example/"); err != nil || body == "" {
		t.Fatalf("through the proxy: %q, %v", body, err)
	}
}
