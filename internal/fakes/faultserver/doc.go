// Package faultserver is a news service that misbehaves on purpose, for
// tests of clients and readers. New wraps a handler (normally the real
// service) in a loopback server; Inject arms a Fault that the following
// requests suffer; Requests, History and InFlight tell a test what the
// client sent and whether the server let go of it.
//
//	fs := faultserver.New(service)
//	t.Cleanup(fs.Close)
//	fs.Inject(faultserver.Fault{Kind: faultserver.RateLimited, RetryAfter: "2", Times: 1})
//	fs.Inject(faultserver.Fault{Kind: faultserver.ServerError, Path: "/articles", Skip: 1, Times: 1}) // 2nd only
//	fs.Inject(faultserver.Fault{Kind: faultserver.Hang, Query: "page=3"}) // page 3, whenever it comes
//
// Faults queue: each request suffers the first armed fault whose Path and
// Query match and whose Skip has passed; a fault disarms after Times
// requests (0: never, until Clear).
//
// # What a correct client does with each fault
//
//	Kind              On the wire                                  Correct client behaviour
//	----------------  -------------------------------------------  ------------------------------------------------
//	Latency           answer after Delay                           wait up to its timeout; show progress; let the
//	                                                               user cancel; past the timeout fail ErrTimeout
//	ServerError       500/502/503, JSON shape B                    retry a few times with backoff (GET is
//	                                                               idempotent), then ErrServer with the code
//	BadGateway        502 text/html page                           as ServerError; never show the HTML, say the
//	                                                               service sent a web page
//	RateLimited       429 TOO_MANY_REQUESTS + Retry-After          do not retry at once; ErrRateLimited with the
//	                  (seconds or HTTP-date)                       wait from the header (capped; unusable -> own
//	                                                               default); UI counts down, blocks re-sends
//	Unauthorized      401/403, JSON shape A                        no retry; ErrUnauthorized; tell the user to
//	                                                               check the key without ever printing it
//	MalformedJSON     200, body cut inside an article              ErrBadResponse; keep the previous page on screen
//	TruncatedBody     200, Content-Length > bytes sent, close      read error (unexpected EOF) -> ErrNetwork or
//	                                                               ErrBadResponse; never a half page shown as whole
//	EmptyBody         200, no body                                 ErrEmptyResponse, not an empty list
//	WrongContentType  200 valid envelope as text/plain             accept it: the body decides, JSON is JSON.
//	                                                               Only an HTML body means "not the service"
//	OversizedBody     200, > 8 MiB valid JSON (chunked, or with    stop reading at the cap (8 MiB): refuse up front
//	                  Content-Length when DeclareLength)           on Content-Length; ErrResponseTooLarge; memory
//	                                                               stays flat
//	ConnectionReset   TCP RST before any byte                      ErrNetwork; a retry is fine (see note below)
//	SlowDrip          headers now, body 1 byte per Delay           the overall request deadline covers the body
//	                                                               too; ErrTimeout, not a hang
//	Hang              nothing, until the client gives up           ErrTimeout at its deadline; cancel (Esc) must
//	                                                               end the request at once
//	ErrorInOK         200 {"status":"error",...}                   an error with the body's code and message that
//	                                                               errors.Is can classify; not "no results"
//	EndlessTotal      totalResults far above what is served        stop paging at the first empty page
//	                                                               (model.Page.HasMore); never loop
//	DuplicatePages    every page serves page 1's articles          drop articles already listed (by URL); stop
//	                                                               when a page adds nothing new
//	HostileText       text full of ESC/OSC/DCS/C1, bidi, CR, NUL,  render every field as inert text (ui/textsafe);
//	                  wide/zero-width runes, huge words            open only http(s) URLs; nothing reaches the tty
//	RedirectLoop      302 to itself                                give up after a few hops (net/http: 10) with a
//	                                                               clear error; do not retry it
//	Canned            any status, body, Content-Type               whatever the test is about
//
// Note on retries by net/http itself: when a GET on a reused keep-alive
// connection fails before any response byte (ConnectionReset),
// http.Transport silently retries it once on a new connection, so with
// Times 1 the client sees success and Requests counts one more request
// than the client made (TestKeepAliveRetryHidesAReset). Use a Transport
// with DisableKeepAlives, or Times 0, when a test needs the error itself.
package faultserver
