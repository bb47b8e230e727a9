package server

import (
	"container/list"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"

	"tidings/server/newsapi"
)

// Wrong keys are throttled per client address, so that nobody can guess
// keys at the speed of the network: after DefaultAuthFailures wrong or
// malformed keys from one address within authFailureWindow, every
// request from that address is answered 429 with Retry-After until the
// window ends — before its key is looked at, so the answer says nothing
// about whether a guess was right. Other addresses, and a right key from
// another address, are unaffected. A missing key is not a guess and is
// not counted.
//
// The count is per process, like the in-process rate limit: replicas
// behind a load balancer each allow the threshold (a Redis-shared count,
// as server/redislimit does for the rate limit, would make it exact; for
// slowing guessing down a per-replica bound is enough). Memory is bounded:
// at most authThrottleCapacity addresses are remembered, least recently
// failing first out, so a flood from a million addresses holds a fixed
// amount of memory (an attacker with that many addresses can guess
// beside the throttle anyway).
//
// The client's address is the connection's, IPv6 by its /64 (one host
// usually holds the whole /64). Behind a reverse proxy every client
// would share the proxy's address: name the proxy in
// Config.TrustedProxies and the address is taken from X-Forwarded-For.
const (
	// DefaultAuthFailures is how many wrong keys an address may send in
	// authFailureWindow before it is answered 429.
	DefaultAuthFailures = 20
	authFailureWindow   = time.Minute
	// authThrottleCapacity bounds the addresses remembered (about 220
	// bytes each, measured by TestThrottleMemoryIsBounded: 11 MB at most).
	authThrottleCapacity = 50_000
)

// authThrottle counts wrong keys per client address in a fixed window.
type authThrottle struct {
	max      int
	window   time.Duration
	capacity int

	mu    sync.Mutex
	addrs map[netip.Addr]*list.Element // of *authFailures
	lru   list.List                    // most recently failing first
}

type authFailures struct {
	addr  netip.Addr
	count int
	since time.Time // when the window of count began
}

func newAuthThrottle(max int) *authThrottle {
	return &authThrottle{max: max, window: authFailureWindow, capacity: authThrottleCapacity,
		addrs: map[netip.Addr]*list.Element{}}
}

// blocked says whether addr has used up its wrong keys, and for how long
// it stays blocked.
func (t *authThrottle) blocked(addr netip.Addr, now time.Time) (bool, time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	e, ok := t.addrs[addr]
	if !ok {
		return false, 0
	}
	f := e.Value.(*authFailures)
	left := f.since.Add(t.window).Sub(now)
	if left <= 0 {
		t.remove(e)
		return false, 0
	}
	return f.count >= t.max, left
}

// failed counts one wrong key from addr.
func (t *authThrottle) failed(addr netip.Addr, now time.Time) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if e, ok := t.addrs[addr]; ok {
		f := e.Value.(*authFailures)
		if now.Sub(f.since) >= t.window {
			f.count, f.since = 0, now
		}
		f.count++
		t.lru.MoveToFront(e)
		return
	}
	for len(t.addrs) >= t.capacity {
		t.remove(t.lru.Back())
	}
	t.addrs[addr] = t.lru.PushFront(&authFailures{addr: addr, count: 1, since: now})
}

func (t *authThrottle) remove(e *list.Element) {
	delete(t.addrs, e.Value.(*authFailures).addr)
	t.lru.Remove(e)
}

// size is the number of addresses remembered.
func (t *authThrottle) size() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.addrs)
}

// clientAddr is the address a request is throttled by: the connection's
// peer, or, when that is a trusted proxy, the nearest address in
// X-Forwarded-For that is not one; IPv6 addresses by their /64.
func clientAddr(r *http.Request, trusted []netip.Prefix) netip.Addr {
	addr := peerAddr(r.RemoteAddr)
	if inAny(addr, trusted) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				break // a hop that is not an address: trust nothing further
			}
			addr = hop.Unmap()
			if !inAny(addr, trusted) {
				break
			}
		}
	}
	if addr.Is6() {
		addr = netip.PrefixFrom(addr, 64).Masked().Addr()
	}
	return addr
}

// peerAddr parses a RemoteAddr; the zero Addr when it does not parse (all
// such requests then share one count).
func peerAddr(remote string) netip.Addr {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	a, _ := netip.ParseAddr(host)
	return a.Unmap()
}

func inAny(a netip.Addr, prefixes []netip.Prefix) bool {
	for _, p := range prefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// admitClient answers 429 to a client address that has sent too many
// wrong keys, before its key is looked at.
func (h *handler) admitClient(w http.ResponseWriter, r *http.Request, d dialect) bool {
	if h.authThrottle == nil {
		return true
	}
	blocked, left := h.authThrottle.blocked(clientAddr(r, h.proxies), h.now())
	if !blocked {
		return true
	}
	secs := retryAfterSeconds(left)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	d.write(w, tooManyWrongKeys(h.authThrottle.max, secs))
	return false
}

// authFailed counts a wrong or malformed key against the client address.
func (h *handler) authFailed(r *http.Request, why authProblem) {
	if h.authThrottle == nil || why == authMissing {
		return
	}
	h.authThrottle.failed(clientAddr(r, h.proxies), h.now())
}

// tooManyWrongKeys is the 429 of an address that sent max wrong keys in a
// minute, retryable in secs.
func tooManyWrongKeys(max, secs int) problem {
	msg := fmt.Sprintf("too many wrong API keys from your address (%d in a minute): retry in %d s", max, secs)
	return problem{status: http.StatusTooManyRequests, spec: CodeTooManyRequests, newsAPI: newsapi.CodeRateLimited,
		message: msg, newsAPIMessage: "You have made too many requests with a wrong API key. " + msg + "."}
}
