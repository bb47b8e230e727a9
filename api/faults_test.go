package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"tidings/internal/fakes/faultserver"
	"tidings/model"
	"tidings/server"
	"tidings/server/store/sqlite"
)

// Fault tests: the real client against the real service behind
// internal/fakes/faultserver, one case (or more) per fault kind. Each case says
// what the caller gets (the sentinel errors.Is finds), how many requests
// reached the server (retries), and that the call ends in bounded time
// without the key in any error text.

// faultService starts the real handler over the contract catalogue behind
// a fault server.
func faultService(t *testing.T) *faultserver.Server {
	t.Helper()
	st, err := sqlite.Open("")
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	if err := st.Add(context.Background(), contractSources(), contractArticles()); err != nil {
		t.Fatalf("add: %v", err)
	}
	h, err := server.New(st, server.Config{APIKeys: []string{contractKey}})
	if err != nil {
		t.Fatalf("server.New: %v", err)
	}
	fs := faultserver.New(h)
	t.Cleanup(fs.Close)
	return fs
}

// faultCase is one fault and what the caller must see.
type faultCase struct {
	name    string
	fault   faultserver.Fault
	opts    []Option
	call    func(ctx context.Context, c *Client) error // nil: one headlines call
	want    error                                      // the sentinel; nil means success
	notWant []error                                    // sentinels the error must not match
	// requests is how many requests the server must see; 0 skips the check.
	requests int
	check    func(t *testing.T, err error)
}

// headlines fetches the first page of the contract's headlines (25 chip
// stories and 5 storms: a full page of 20).
func headlines(ctx context.Context, c *Client) error {
	p, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{})
	if err == nil && len(p.Items) == 0 {
		return errors.New("success with no articles")
	}
	return err
}

func faultCases() []faultCase {
	short := WithTimeout(200 * time.Millisecond)
	return []faultCase{
		{name: "latency within the timeout succeeds", requests: 1,
			fault: faultserver.Fault{Kind: faultserver.Latency, Delay: 30 * time.Millisecond}},
		{name: "latency past the timeout is one ErrTimeout", want: ErrTimeout, requests: 1, opts: []Option{short},
			fault: faultserver.Fault{Kind: faultserver.Latency, Delay: 2 * time.Second}},
		{name: "500 is retried then ErrServer", want: ErrServer, requests: 3,
			fault: faultserver.Fault{Kind: faultserver.ServerError},
			check: wantAPIError(500, "INTERNAL_SERVER_ERROR")},
		{name: "503 once is retried into success", requests: 2,
			fault: faultserver.Fault{Kind: faultserver.ServerError, Status: 503, Times: 1}},
		{name: "502 web page is ErrServer, never the HTML", want: ErrServer, requests: 3,
			fault: faultserver.Fault{Kind: faultserver.BadGateway},
			check: func(t *testing.T, err error) {
				if msg := err.Error(); strings.Contains(msg, "<") || !strings.Contains(msg, "web page") {
					t.Errorf("message %q: want it to say 'web page' and show no HTML", msg)
				}
			}},
		{name: "429 with seconds is not retried", want: ErrRateLimited, notWant: []error{ErrServer}, requests: 1,
			fault: faultserver.Fault{Kind: faultserver.RateLimited, RetryAfter: faultserver.RetryAfterSeconds(7)},
			check: wantRetryAfter(7 * time.Second)},
		{name: "429 with an HTTP date", want: ErrRateLimited, requests: 1,
			opts:  []Option{withClock(func() time.Time { return contractNow })},
			fault: faultserver.Fault{Kind: faultserver.RateLimited, RetryAfter: faultserver.RetryAfterDate(contractNow.Add(90 * time.Second))},
			check: wantRetryAfter(90 * time.Second)},
		{name: "429 with garbage Retry-After leaves the wait to the caller", want: ErrRateLimited, requests: 1,
			fault: faultserver.Fault{Kind: faultserver.RateLimited, RetryAfter: "soon-ish"},
			check: wantRetryAfter(0)},
		{name: "401 is ErrUnauthorized, not retried", want: ErrUnauthorized, requests: 1,
			fault: faultserver.Fault{Kind: faultserver.Unauthorized}, check: wantAPIError(401, "UNAUTHORIZED")},
		{name: "403 is ErrUnauthorized too", want: ErrUnauthorized, requests: 1,
			fault: faultserver.Fault{Kind: faultserver.Unauthorized, Status: 403}},
		{name: "malformed JSON is ErrBadResponse, not retried", want: ErrBadResponse, requests: 1,
			fault: faultserver.Fault{Kind: faultserver.MalformedJSON}},
		{name: "truncated body is an error, never half a page", requests: 0,
			fault: faultserver.Fault{Kind: faultserver.TruncatedBody},
			check: func(t *testing.T, err error) {
				if !errors.Is(err, ErrNetwork) && !errors.Is(err, ErrBadResponse) {
					t.Errorf("err = %v; want ErrNetwork or ErrBadResponse", err)
				}
			}},
		{name: "empty body is ErrEmptyResponse, not an empty list", want: ErrEmptyResponse, requests: 1,
			notWant: []error{ErrBadResponse}, fault: faultserver.Fault{Kind: faultserver.EmptyBody}},
		{name: "JSON sent as text/plain is accepted", requests: 1,
			fault: faultserver.Fault{Kind: faultserver.WrongContentType}},
		{name: "oversized chunked body stops at the cap", want: ErrResponseTooLarge, requests: 1,
			fault: faultserver.Fault{Kind: faultserver.OversizedBody, Size: 12 << 20}},
		{name: "oversized declared body is refused up front", want: ErrResponseTooLarge, requests: 1,
			fault: faultserver.Fault{Kind: faultserver.OversizedBody, Size: 64 << 20, DeclareLength: true}},
		{name: "connection reset is retried then ErrNetwork", want: ErrNetwork, requests: 3,
			fault: faultserver.Fault{Kind: faultserver.ConnectionReset}},
		{name: "slow drip is bounded by the deadline", want: ErrTimeout, requests: 1, opts: []Option{short},
			fault: faultserver.Fault{Kind: faultserver.SlowDrip, Delay: 50 * time.Millisecond}},
		{name: "hang is one ErrTimeout", want: ErrTimeout, notWant: []error{ErrNetwork}, requests: 1, opts: []Option{short},
			fault: faultserver.Fault{Kind: faultserver.Hang}},
		{name: "hang ends at once when the caller cancels", requests: 1,
			fault: faultserver.Fault{Kind: faultserver.Hang},
			call: func(ctx context.Context, c *Client) error {
				ctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
				defer cancel()
				_, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{})
				return err
			},
			want: context.DeadlineExceeded},
		{name: "error status in a 200 is an error, not no results", want: ErrBadResponse, requests: 1,
			fault: faultserver.Fault{Kind: faultserver.ErrorInOK},
			check: wantAPIError(0, "UNEXPECTED_ERROR")},
		{name: "a lying total stops at the first empty page", requests: 4,
			fault: faultserver.Fault{Kind: faultserver.EndlessTotal},
			call:  walkAll(10, 4)}, // 26 chip stories: pages 1-3, then an empty page 4
		{name: "duplicate pages decode as the page asked for", requests: 2,
			fault: faultserver.Fault{Kind: faultserver.DuplicatePages},
			call: func(ctx context.Context, c *Client) error {
				p1, err := c.Articles(ctx, model.ArticlesQuery{Q: "chip", PageSize: 10})
				if err != nil {
					return err
				}
				p2, err := c.Articles(ctx, model.ArticlesQuery{Q: "chip", PageSize: 10, Page: 2})
				if err != nil {
					return err
				}
				if p2.Page != 2 || len(p2.Items) != len(p1.Items) || p2.Items[0].URL != p1.Items[0].URL {
					return errors.New("page 2 is not page 1's articles under page 2")
				}
				return nil
			}},
		{name: "hostile text decodes (the reader sanitises it)", requests: 2,
			fault: faultserver.Fault{Kind: faultserver.HostileText},
			call: func(ctx context.Context, c *Client) error {
				a, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{})
				if err != nil {
					return err
				}
				s, err := c.Sources(ctx, model.SourcesQuery{})
				if err != nil {
					return err
				}
				if len(a.Items) != len(faultserver.HostileArticles()) || len(s.Items) != len(faultserver.HostileSources()) {
					return errors.New("hostile items were dropped")
				}
				return nil
			}},
		{name: "redirect loop gives up after 10 hops without retrying", want: ErrNetwork, requests: 10,
			fault: faultserver.Fault{Kind: faultserver.RedirectLoop},
			check: func(t *testing.T, err error) {
				if !errors.Is(err, ErrRedirect) || !strings.Contains(err.Error(), "redirect") {
					t.Errorf("err = %v; want ErrRedirect, naming the redirects", err)
				}
			}},
		{name: "canned 418 keeps its status and text", requests: 1,
			fault: faultserver.Fault{Kind: faultserver.Canned, Status: 418, ContentType: "text/plain", Body: []byte("short and stout\nsecond line")},
			check: wantAPIError(418, "")},
		{name: "canned 200 array is ErrBadResponse", want: ErrBadResponse, requests: 1,
			fault: faultserver.Fault{Kind: faultserver.Canned, Body: []byte(`[1,2,3]`)}},
	}
}

// walkAll pages through the chip search (pageSize size) while HasMore, and
// fails unless it stopped after pages requests.
func walkAll(size, pages int) func(context.Context, *Client) error {
	return func(ctx context.Context, c *Client) error {
		for page := 1; page <= 50; page++ {
			p, err := c.Articles(ctx, model.ArticlesQuery{Q: "chip", PageSize: size, Page: page})
			if err != nil {
				return err
			}
			if !p.HasMore() {
				if page != pages || len(p.Items) != 0 {
					return errors.New("stopped at the wrong page")
				}
				return nil
			}
		}
		return errors.New("paging never stopped")
	}
}

func wantAPIError(status int, code string) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		var e *Error
		if !errors.As(err, &e) {
			t.Fatalf("err = %v (%T); want an *Error", err, err)
		}
		if (status != 0 && e.Status != status) || e.Code != code || e.Message == "" {
			t.Errorf("got status %d code %q message %q; want %d %q and a message", e.Status, e.Code, e.Message, status, code)
		}
	}
}

func wantRetryAfter(want time.Duration) func(*testing.T, error) {
	return func(t *testing.T, err error) {
		if got, ok := RetryAfter(err); !ok || got != want {
			t.Errorf("RetryAfter = %v, %v; want %v, true", got, ok, want)
		}
	}
}

func TestEveryFaultKindIsCovered(t *testing.T) {
	covered := map[faultserver.Kind]bool{}
	for _, tc := range faultCases() {
		covered[tc.fault.Kind] = true
	}
	for _, k := range faultserver.Kinds() {
		if !covered[k] {
			t.Errorf("no client test for fault %v", k)
		}
	}
}

func TestClientSurvivesFaults(t *testing.T) {
	for _, tc := range faultCases() {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fs := faultService(t)
			fs.Inject(tc.fault)
			// A timeout that a loaded CI machine under -race cannot hit on
			// a real answer; the cases about timeouts set a short one.
			opts := append([]Option{WithBackoff(time.Millisecond), WithTimeout(20 * time.Second)}, tc.opts...)
			c, err := New(fs.URL(), contractKey, opts...)
			if err != nil {
				t.Fatal(err)
			}
			call := tc.call
			if call == nil {
				call = headlines
			}
			// Nothing may hang: the whole call, retries included, has 40s
			// (every case that waits for a timeout waits 200ms); a 12 MiB
			// body under -race on a saturated machine took over 5s.
			ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
			defer cancel()
			err = call(ctx, c)
			if ctx.Err() != nil {
				t.Errorf("the call ran into the test's 40s deadline under %v: the client's own limits did not end it", tc.fault)
			}
			switch {
			case tc.want == nil && tc.check == nil && err != nil:
				t.Errorf("%v: err = %v; want success", tc.fault, err)
			case tc.want != nil && !errors.Is(err, tc.want):
				t.Errorf("%v: err = %v (%T); want errors.Is %v", tc.fault, err, err, tc.want)
			}
			for _, not := range tc.notWant {
				if errors.Is(err, not) {
					t.Errorf("%v: err = %v also matches %v", tc.fault, err, not)
				}
			}
			if tc.check != nil {
				if err == nil {
					t.Fatalf("%v: success; want an error", tc.fault)
				}
				tc.check(t, err)
			}
			if got := fs.Requests(); tc.requests != 0 && got != tc.requests {
				t.Errorf("%v: the server saw %d requests; want %d", tc.fault, got, tc.requests)
			}
			assertNoKeyText(t, err, contractKey)
			waitIdle(t, fs)
		})
	}
}

// waitIdle fails unless the server lets go of every request soon: a client
// that gave up must have closed its connection.
func waitIdle(t *testing.T, fs *faultserver.Server) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for fs.InFlight() > 0 {
		if time.Now().After(deadline) {
			t.Errorf("%d requests still held by the server after the client returned", fs.InFlight())
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestRedirectLoopHonoursACustomHTTPClient: a caller's own http.Client has
// net/http's redirect limit, which must not be retried either.
func TestRedirectLoopHonoursACustomHTTPClient(t *testing.T) {
	fs := faultService(t)
	fs.Inject(faultserver.Fault{Kind: faultserver.RedirectLoop})
	c, err := New(fs.URL(), contractKey, WithBackoff(time.Millisecond), WithHTTPClient(&http.Client{}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Sources(context.Background(), model.SourcesQuery{})
	if !errors.Is(err, ErrNetwork) || !errors.Is(err, ErrRedirect) || fs.Requests() != 10 {
		t.Errorf("err = %v after %d requests; want ErrNetwork after 10 (one redirect chain, no retry)", err, fs.Requests())
	}
}
