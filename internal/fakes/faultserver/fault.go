package faultserver

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Kind names one misbehaviour of the service. The zero value, None, is no
// misbehaviour at all.
type Kind int

// The faults. Each doc comment says what goes on the wire; doc.go says what a
// correct client does about it.
const (
	// None forwards the request unchanged. It is useful as a placeholder
	// and to consume a turn in a sequence of faults.
	None Kind = iota
	// Latency waits Fault.Delay (default 100ms), then forwards the request.
	// The wait ends early when the client gives up or the server closes.
	Latency
	// ServerError answers Fault.Status (default 500; use 502 or 503 too)
	// with a JSON error body in the spec's shape B
	// {"status":500,"code":"INTERNAL_SERVER_ERROR","message":"..."}.
	ServerError
	// BadGateway answers 502 with a text/html page, as a proxy in front of
	// the service does: "<html><body><h1>502 Bad Gateway</h1>...".
	BadGateway
	// RateLimited answers 429 with a shape B body whose code is
	// TOO_MANY_REQUESTS and a Retry-After header holding Fault.RetryAfter
	// verbatim (seconds or an HTTP-date; see RetryAfterSeconds and
	// RetryAfterDate). An empty RetryAfter sends no header.
	RateLimited
	// Unauthorized answers Fault.Status (default 401; 403 also makes sense)
	// with a shape A body {"status":401,"errorCode":"UNAUTHORIZED",...}.
	Unauthorized
	// MalformedJSON answers 200 application/json with a body that stops in
	// the middle of an article: {"status":"ok","articles":[{"title":
	MalformedJSON
	// TruncatedBody takes the real response, announces its full length in
	// Content-Length, sends only half of the body and closes the
	// connection. The client gets the status and headers, then a read error.
	TruncatedBody
	// EmptyBody answers 200 application/json with Content-Length 0.
	EmptyBody
	// WrongContentType sends the real response with Content-Type text/plain.
	WrongContentType
	// OversizedBody answers 200 with a syntactically valid article envelope
	// of Fault.Size bytes (default 64 MiB, far over the client's 8 MiB cap),
	// generated as it is written: it is never held in memory, and writing
	// stops as soon as the client hangs up. Fault.DeclareLength also puts the
	// size in Content-Length; otherwise the body is chunked.
	OversizedBody
	// ConnectionReset closes the connection with SO_LINGER 0 before any
	// response byte, so the client's read fails with a TCP reset.
	ConnectionReset
	// SlowDrip sends the real status and headers at once, then the body one
	// byte every Fault.Delay (default 20ms). It stops when the client goes
	// away or the server closes.
	SlowDrip
	// Hang never answers: no status, no byte. The handler returns when the
	// client gives up (its request context ends) or the server closes.
	Hang
	// ErrorInOK answers 200 with a body that says it failed:
	// {"status":"error","code":"UNEXPECTED_ERROR","message":"..."}.
	ErrorInOK
	// EndlessTotal forwards the request and rewrites totalResults (and
	// total_results/total_pages when present) to Fault.Total (default
	// 1,000,000), so the envelope promises pages that come back empty. A
	// client that trusts the total alone would fetch forever.
	EndlessTotal
	// DuplicatePages serves the articles of page 1 for every page asked
	// for, with the envelope's page set to the page asked for: the same
	// articles arrive again and again, as when a feed shifts under paging.
	DuplicatePages
	// HostileText answers 200 with a valid envelope whose text fields are
	// full of terminal escapes, bidi overrides, CRs and oversized strings
	// (HostileArticle, HostileSource): sources for /sources, articles
	// otherwise.
	HostileText
	// RedirectLoop answers 302 with Location set to the same URL, forever.
	RedirectLoop
	// Canned answers Fault.Status (default 200) with Fault.Body and
	// Fault.ContentType (default application/json): any other misbehaviour a
	// test can write down.
	Canned
	kindCount // keep last: the number of kinds, for String and tests
)

var kindNames = [...]string{
	None: "None", Latency: "Latency", ServerError: "ServerError", BadGateway: "BadGateway",
	RateLimited: "RateLimited", Unauthorized: "Unauthorized", MalformedJSON: "MalformedJSON",
	TruncatedBody: "TruncatedBody", EmptyBody: "EmptyBody", WrongContentType: "WrongContentType",
	OversizedBody: "OversizedBody", ConnectionReset: "ConnectionReset", SlowDrip: "SlowDrip",
	Hang: "Hang", ErrorInOK: "ErrorInOK", EndlessTotal: "EndlessTotal",
	DuplicatePages: "DuplicatePages", HostileText: "HostileText", RedirectLoop: "RedirectLoop",
	Canned: "Canned",
}

// String returns the constant's name, for test names and logs.
func (k Kind) String() string {
	if k >= 0 && k < kindCount {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Kinds returns every fault kind except None, in declaration order, so a
// client test can range over all of them and miss none added later.
func Kinds() []Kind {
	ks := make([]Kind, 0, kindCount-1)
	for k := None + 1; k < kindCount; k++ {
		ks = append(ks, k)
	}
	return ks
}

// Fault describes one misbehaviour and which requests suffer it. Fields a
// Kind does not use are ignored.
type Fault struct {
	Kind Kind
	// Times is how many requests suffer the fault; 0 means every matching
	// request until Clear.
	Times int
	// Skip lets this many matching requests through untouched before the
	// fault starts: Skip 1, Times 1 fails the second request only (say, page
	// 2). Every matching request counts, whatever happened to it.
	Skip int
	// Path limits the fault to requests whose path, below the /v2 base,
	// equals it ("/articles"); "" matches every request.
	Path string
	// Query limits the fault to requests whose query carries every
	// parameter given here with the same value: "page=2" fails page 2 of
	// any list, whatever order pages are fetched in. "" matches every query.
	Query string

	Delay         time.Duration // Latency: the wait; SlowDrip: time between bytes
	RetryAfter    string        // RateLimited: the Retry-After header, verbatim
	Status        int           // ServerError, Unauthorized, Canned: the HTTP status
	Size          int64         // OversizedBody: bytes to send
	DeclareLength bool          // OversizedBody: announce Size in Content-Length
	Total         int           // EndlessTotal: the claimed totalResults
	Body          []byte        // Canned: the body
	ContentType   string        // Canned: the Content-Type
}

// Defaults used when the Fault leaves a field zero.
const (
	DefaultDelay     = 100 * time.Millisecond
	DefaultDripDelay = 20 * time.Millisecond
	DefaultSize      = 64 << 20
	DefaultTotal     = 1_000_000
)

// String describes the fault for test failure messages.
func (f Fault) String() string {
	var b strings.Builder
	b.WriteString(f.Kind.String())
	if f.Path != "" {
		fmt.Fprintf(&b, " on %s", f.Path)
	}
	if f.Query != "" {
		fmt.Fprintf(&b, "?%s", f.Query)
	}
	if f.Skip > 0 {
		fmt.Fprintf(&b, " after %d", f.Skip)
	}
	if f.Times > 0 {
		fmt.Fprintf(&b, " x%d", f.Times)
	}
	return b.String()
}

func (f Fault) delay(def time.Duration) time.Duration {
	if f.Delay > 0 {
		return f.Delay
	}
	return def
}

func (f Fault) status(def int) int {
	if f.Status > 0 {
		return f.Status
	}
	return def
}

// RetryAfterSeconds formats a Retry-After header as delay-seconds.
func RetryAfterSeconds(secs int) string { return strconv.Itoa(secs) }

// RetryAfterDate formats a Retry-After header as an HTTP-date (RFC 9110),
// the form proxies and CDNs tend to send.
func RetryAfterDate(t time.Time) string { return t.UTC().Format(http.TimeFormat) }
