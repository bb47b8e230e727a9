package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
)

// DialFunc dials a connection, like net.Dialer.DialContext.
type DialFunc func(ctx context.Context, network, addr string) (net.Conn, error)

// Guard applies the policy. The zero Guard refuses every non-public
// address but the exempt host's; it is safe for concurrent use.
type Guard struct {
	// AllowPrivate turns the policy off: every address may be fetched.
	AllowPrivate bool
	// Hosts are always exempt, whatever they resolve to: the reader's
	// service host, for instance.
	Hosts []string
	// Allow says how the operator lifts the rule, for the error message:
	// "serve --allow-private-fetch allows it".
	Allow string
	// LookupIP resolves a host name; nil means net.DefaultResolver (tests
	// give a resolver of their own).
	LookupIP func(ctx context.Context, host string) ([]netip.Addr, error)
}

// RefusedError is a fetch the policy refused. Its message names the
// address, the rule and how to lift it: "not fetched: 127.0.0.1 is a
// loopback address (serve --allow-private-fetch allows it)".
type RefusedError struct {
	Host  string     // the host as the address named it
	IP    netip.Addr // the address it is, or resolves to
	Rule  string     // what kind of address that is (see Rule)
	Allow string     // how to lift the rule, if known
}

func (e *RefusedError) Error() string {
	what := e.IP.String()
	if !sameHost(e.Host, what) {
		what = e.Host + " is " + what + ","
	} else {
		what += " is"
	}
	msg := fmt.Sprintf("not fetched: %s %s", what, e.Rule)
	if e.Allow != "" {
		msg += " (" + e.Allow + ")"
	}
	return msg
}

type hostKey struct{}
type proxyKey struct{}

// WithHost returns ctx under which host is exempt from the policy: the
// host the fetch is made for (a feed's own host).
func WithHost(ctx context.Context, host string) context.Context {
	return context.WithValue(ctx, hostKey{}, host)
}

// exempt says whether host may be fetched whatever its address.
func (g *Guard) exempt(ctx context.Context, host string) bool {
	if h, _ := ctx.Value(hostKey{}).(string); sameHost(h, host) {
		return true
	}
	for _, h := range g.Hosts {
		if sameHost(h, host) {
			return true
		}
	}
	return false
}

// refused builds the error for host at ip.
func (g *Guard) refused(host string, ip netip.Addr, rule string) *RefusedError {
	return &RefusedError{Host: host, IP: ip, Rule: rule, Allow: g.Allow}
}

// Check refuses host (a name or a literal address) when it is not exempt
// and is, or resolves only to, non-public addresses. Callers need it
// only where they do not dial themselves (behind a proxy); the dialer
// of Dial and Transport applies it to every connection.
func (g *Guard) Check(ctx context.Context, host string) error {
	if g.AllowPrivate || g.exempt(ctx, host) {
		return nil
	}
	_, err := g.allowedIPs(ctx, host)
	return err
}

// allowedIPs resolves host and keeps its public addresses; none is a
// *RefusedError naming the first address refused.
func (g *Guard) allowedIPs(ctx context.Context, host string) ([]netip.Addr, error) {
	if isLocalhostName(host) {
		return nil, g.refused(host, netip.IPv6Loopback(), "a loopback address")
	}
	ips, err := g.lookup(ctx, host)
	if err != nil {
		return nil, err
	}
	var ok []netip.Addr
	var first *RefusedError
	for _, ip := range ips {
		if rule := Rule(ip); rule != "" {
			if first == nil {
				first = g.refused(host, ip.Unmap(), rule)
			}
			continue
		}
		ok = append(ok, ip)
	}
	if len(ok) == 0 {
		if first == nil {
			return nil, &net.DNSError{Err: "no address", Name: host, IsNotFound: true}
		}
		return nil, first
	}
	return ok, nil
}

func (g *Guard) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	if ip, err := netip.ParseAddr(normHost(host)); err == nil {
		return []netip.Addr{ip}, nil
	}
	if g.LookupIP != nil {
		return g.LookupIP(ctx, host)
	}
	return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
}

// Dial wraps next so that it connects only to addresses the policy
// allows: it resolves the name itself and gives next a checked literal
// address, trying each in turn. The exempt host and a proxy's address
// (see Transport) are dialed as they are.
func (g *Guard) Dial(next DialFunc) DialFunc {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, port, err := net.SplitHostPort(addr)
		if err != nil {
			return nil, fmt.Errorf("dialing %s: %w", addr, err)
		}
		if g.AllowPrivate || g.exempt(ctx, host) || ctx.Value(proxyKey{}) == addr {
			return next(ctx, network, addr)
		}
		ips, err := g.allowedIPs(ctx, host)
		if err != nil {
			return nil, err
		}
		var last error
		for _, ip := range ips {
			c, err := next(ctx, network, net.JoinHostPort(ip.String(), port))
			if err == nil {
				return c, nil
			}
			last = err
			if ctx.Err() != nil {
				break
			}
		}
		return nil, last
	}
}

// CheckRedirect refuses a redirect to a literal non-public address
// before anything is dialed, so the error says where the redirect went.
// Names are left to the dialer, which resolves them once, when it
// connects.
func (g *Guard) CheckRedirect(req *http.Request) error {
	host := req.URL.Hostname()
	if g.AllowPrivate || g.exempt(req.Context(), host) {
		return nil
	}
	if isLocalhostName(host) {
		return g.refused(host, netip.IPv6Loopback(), "a loopback address")
	}
	if ip, err := netip.ParseAddr(normHost(host)); err == nil {
		if rule := Rule(ip); rule != "" {
			return g.refused(host, ip.Unmap(), rule)
		}
	}
	return nil
}

// Refused returns the *RefusedError in err's chain, if any.
func Refused(err error) (*RefusedError, bool) {
	var re *RefusedError
	ok := errors.As(err, &re)
	return re, ok
}

// Transport returns a RoundTripper that applies the policy to every
// request: newTransport builds an http.Transport around the dial
// function it is given (timeouts, proxy and pool settings are the
// caller's). Requests to the exempt host go through a transport of their
// own, with next as the dialer, so that their connections are never
// reused for a guarded request.
func (g *Guard) Transport(next DialFunc, newTransport func(DialFunc) *http.Transport) http.RoundTripper {
	if next == nil {
		next = (&net.Dialer{}).DialContext
	}
	if g.AllowPrivate {
		return newTransport(next)
	}
	return &transport{g: g, guarded: newTransport(g.Dial(next)), exempt: newTransport(next)}
}

type transport struct {
	g       *Guard
	guarded *http.Transport
	exempt  *http.Transport
}

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	host := req.URL.Hostname()
	if t.g.exempt(req.Context(), host) {
		return t.exempt.RoundTrip(req)
	}
	if err := t.g.CheckRedirect(req); err != nil {
		closeBody(req)
		return nil, err
	}
	if t.guarded.Proxy != nil {
		proxy, err := t.guarded.Proxy(req)
		if err != nil {
			closeBody(req)
			return nil, err
		}
		if proxy != nil {
			// The proxy resolves the name and connects: check the name
			// here, then let the dialer reach the proxy itself.
			if err := t.g.Check(req.Context(), host); err != nil {
				closeBody(req)
				return nil, err
			}
			req = req.WithContext(context.WithValue(req.Context(), proxyKey{}, proxyAddr(proxy)))
		}
	}
	return t.guarded.RoundTrip(req)
}

// CloseIdleConnections closes both pools' idle connections.
func (t *transport) CloseIdleConnections() {
	t.guarded.CloseIdleConnections()
	t.exempt.CloseIdleConnections()
}

// proxyAddr is the host:port the transport dials for proxy u.
func proxyAddr(u *url.URL) string {
	if u.Port() != "" {
		return u.Host
	}
	port := "80"
	switch u.Scheme {
	case "https":
		port = "443"
	case "socks5", "socks5h":
		port = "1080"
	}
	return net.JoinHostPort(u.Hostname(), port)
}

func closeBody(req *http.Request) {
	if req.Body != nil {
		req.Body.Close()
	}
}
