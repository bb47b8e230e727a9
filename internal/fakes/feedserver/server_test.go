package feedserver

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func start(t *testing.T, opts ...Option) (*Server, *http.Client) {
	t.Helper()
	s := Start(opts...)
	t.Cleanup(s.Close)
	return s, s.Client()
}

// get fetches u with extra headers (pairs), failing the test on a
// transport error.
func get(t *testing.T, c *http.Client, u string, headers ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: reading body: %v", u, err)
	}
	return resp, body
}

// rawClient does not decompress, so a test sees the bytes on the wire.
func rawClient(s *Server) *http.Client {
	tr := s.Transport()
	tr.DisableCompression = true
	return &http.Client{Transport: tr}
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestURLAndAddr(t *testing.T) {
	s, c := start(t)
	if !strings.HasPrefix(s.Addr(), "127.0.0.1:") {
		t.Errorf("Addr = %q, want 127.0.0.1:PORT", s.Addr())
	}
	if got, want := s.URL("news-7.test", "/fixtures/rss20.xml"), "http://news-7.test/fixtures/rss20.xml"; got != want {
		t.Errorf("URL = %q, want %q", got, want)
	}
	if got, want := s.URL("", "x"), "http://"+s.Addr()+"/x"; got != want {
		t.Errorf("URL = %q, want %q", got, want)
	}
	// The listener's own URL works with any client.
	resp, err := http.Get(s.URL("", "/fixtures/empty.xml"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("status %d", resp.StatusCode)
	}
	// A made-up host reaches it through DialContext, and is recorded.
	resp, _ = get(t, c, s.URL("News-7.test", "/fixtures/empty.xml"))
	if resp.StatusCode != 200 {
		t.Errorf("status %d", resp.StatusCode)
	}
	reqs := s.Requests("/fixtures/empty.xml")
	if len(reqs) != 2 || reqs[1].Host != "News-7.test" {
		t.Fatalf("Requests = %+v", reqs)
	}
	if s.MaxInFlight("news-7.test:80") != 1 || s.MaxInFlight("127.0.0.1") != 1 || s.MaxInFlight(s.Addr()) != 1 {
		t.Errorf("MaxInFlight per host: %d %d", s.MaxInFlight("news-7.test"), s.MaxInFlight("127.0.0.1"))
	}
}

func TestRequestsRecorded(t *testing.T) {
	s, c := start(t)
	get(t, c, s.URL("a.test", "/fixtures/rss20.xml"), "User-Agent", "tidings-test/1")
	get(t, c, s.URL("b.test", "/gen/x.xml?items=3&rev=2"))
	get(t, c, s.URL("a.test", "/fixtures/rss20.xml"), "If-None-Match", `"nope"`)
	rss := s.Requests("/fixtures/rss20.xml")
	if len(rss) != 2 {
		t.Fatalf("got %d requests for rss20.xml", len(rss))
	}
	if rss[0].Header.Get("User-Agent") != "tidings-test/1" || rss[1].Header.Get("If-None-Match") != `"nope"` {
		t.Errorf("headers not recorded: %v / %v", rss[0].Header, rss[1].Header)
	}
	if rss[0].Method != http.MethodGet || rss[0].Host != "a.test" || rss[0].At.After(rss[1].At) {
		t.Errorf("request 0 = %+v", rss[0])
	}
	gen := s.Requests("/gen/x.xml")
	if len(gen) != 1 || gen[0].RawQuery != "items=3&rev=2" || gen[0].Host != "b.test" {
		t.Errorf("gen requests = %+v", gen)
	}
	if all := s.Requests(""); len(all) != 3 || all[1].Path != "/gen/x.xml" {
		t.Errorf("all requests = %+v", all)
	}
	s.Reset()
	if n := len(s.Requests("")); n != 0 {
		t.Errorf("after Reset %d requests", n)
	}
	if s.MaxInFlight("a.test") != 0 || s.MaxInFlightTotal() != 0 {
		t.Errorf("after Reset maxima %d %d", s.MaxInFlight("a.test"), s.MaxInFlightTotal())
	}
}

func TestConditionalGET(t *testing.T) {
	s, c := start(t)
	u := s.URL("news.test", "/fixtures/rss20.xml")
	resp, body := get(t, c, u)
	etag, lm := resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	if resp.StatusCode != 200 || !bytes.Equal(body, FixtureBody("rss20.xml")) {
		t.Fatalf("status %d, %d bytes", resp.StatusCode, len(body))
	}
	if !strings.HasPrefix(etag, `"`) || lm != FixtureTime.Format(http.TimeFormat) {
		t.Fatalf("validators ETag %q Last-Modified %q", etag, lm)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "application/rss+xml; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	for _, tc := range []struct {
		name    string
		headers []string
		want    int
	}{
		{"etag", []string{"If-None-Match", etag}, 304},
		{"etag in a list", []string{"If-None-Match", `"other", ` + etag}, 304},
		{"weak form of etag", []string{"If-None-Match", "W/" + etag}, 304},
		{"star", []string{"If-None-Match", "*"}, 304},
		{"other etag", []string{"If-None-Match", `"other"`}, 200},
		{"other etag wins over date", []string{"If-None-Match", `"other"`, "If-Modified-Since", lm}, 200},
		{"same date", []string{"If-Modified-Since", lm}, 304},
		{"later date", []string{"If-Modified-Since", FixtureTime.Add(time.Hour).Format(http.TimeFormat)}, 304},
		{"earlier date", []string{"If-Modified-Since", FixtureTime.Add(-time.Second).Format(http.TimeFormat)}, 200},
		{"bad date", []string{"If-Modified-Since", "last week"}, 200},
	} {
		resp, body := get(t, c, u, tc.headers...)
		if resp.StatusCode != tc.want {
			t.Errorf("%s: status %d, want %d", tc.name, resp.StatusCode, tc.want)
		}
		if tc.want == 304 && (len(body) != 0 || resp.Header.Get("ETag") != etag) {
			t.Errorf("%s: 304 with %d bytes, ETag %q", tc.name, len(body), resp.Header.Get("ETag"))
		}
	}
	// Validators in Header with NoValidators are sent, never honoured.
	s.Set("/ignores.xml", Response{Body: FixtureBody("rss20.xml"), NoValidators: true,
		Header: http.Header{"Etag": {`"fixed"`}}})
	resp, _ = get(t, c, s.URL("news.test", "/ignores.xml"), "If-None-Match", `"fixed"`)
	if resp.StatusCode != 200 || resp.Header.Get("ETag") != `"fixed"` {
		t.Errorf("ignored validators: %d %q", resp.StatusCode, resp.Header.Get("ETag"))
	}
	// A server without validators never says 304.
	s.Set("/plain.xml", Response{Body: FixtureBody("rss20.xml"), NoValidators: true})
	resp, _ = get(t, c, s.URL("news.test", "/plain.xml"), "If-None-Match", etag, "If-Modified-Since", lm)
	if resp.StatusCode != 200 || resp.Header.Get("ETag") != "" || resp.Header.Get("Last-Modified") != "" {
		t.Errorf("NoValidators: status %d, ETag %q, Last-Modified %q",
			resp.StatusCode, resp.Header.Get("ETag"), resp.Header.Get("Last-Modified"))
	}
}

func TestSetReplacesAndDatesLater(t *testing.T) {
	s, c := start(t)
	s.Set("/feed.xml", Response{Body: []byte("<rss version=\"2.0\"><channel><title>a</title></channel></rss>")})
	r1, _ := get(t, c, s.URL("a.test", "/feed.xml"))
	s.Set("/feed.xml", Response{Body: []byte("<rss version=\"2.0\"><channel><title>b</title></channel></rss>")})
	r2, body := get(t, c, s.URL("a.test", "/feed.xml"), "If-Modified-Since", r1.Header.Get("Last-Modified"))
	if r2.StatusCode != 200 || !bytes.Contains(body, []byte("<title>b</title>")) {
		t.Fatalf("second Set within a second answered %d %q", r2.StatusCode, body)
	}
	t1, _ := http.ParseTime(r1.Header.Get("Last-Modified"))
	t2, _ := http.ParseTime(r2.Header.Get("Last-Modified"))
	if !t2.After(t1) || r1.Header.Get("ETag") == r2.Header.Get("ETag") {
		t.Errorf("validators did not move: %v %v %s %s", t1, t2, r1.Header.Get("ETag"), r2.Header.Get("ETag"))
	}
	if ct := r2.Header.Get("Content-Type"); ct != "application/rss+xml; charset=utf-8" {
		t.Errorf("inferred Content-Type %q", ct)
	}
	// Set overrides a built-in route, with headers and status of its own;
	// Unset brings the route back.
	s.Set("/fixtures/rss20.xml", Response{Status: 410, Header: http.Header{"X-Why": {"gone"}}})
	r3, _ := get(t, c, s.URL("a.test", "/fixtures/rss20.xml"))
	if r3.StatusCode != 410 || r3.Header.Get("X-Why") != "gone" || r3.Header.Get("ETag") != "" {
		t.Errorf("Set over a fixture: %d %v", r3.StatusCode, r3.Header)
	}
	s.Unset("/fixtures/rss20.xml")
	if r4, _ := get(t, c, s.URL("a.test", "/fixtures/rss20.xml")); r4.StatusCode != 200 {
		t.Errorf("after Unset: %d", r4.StatusCode)
	}
	// Header ETag and Last-Modified replace the derived ones.
	s.Set("/weak.xml", Response{Body: []byte("<rss/>"), Header: http.Header{
		"Etag": {`W/"v1"`}, "Last-Modified": {"Mon, 02 Nov 2026 10:00:00 GMT"}}})
	r5, _ := get(t, c, s.URL("a.test", "/weak.xml"))
	if r5.Header.Get("ETag") != `W/"v1"` || r5.Header.Get("Last-Modified") != "Mon, 02 Nov 2026 10:00:00 GMT" {
		t.Errorf("overridden validators: %v", r5.Header)
	}
	if r6, _ := get(t, c, s.URL("a.test", "/weak.xml"), "If-None-Match", `W/"v1"`); r6.StatusCode != 304 {
		t.Errorf("weak ETag: %d", r6.StatusCode)
	}
}

func TestSetVersion(t *testing.T) {
	s, c := start(t)
	u := s.URL("k.test", "/fixtures/changing.xml")
	r1, b1 := get(t, c, u)
	if !bytes.Equal(b1, FixtureBody("changing-v1.xml")) {
		t.Fatal("changing.xml does not start at version 1")
	}
	s.SetVersion("changing.xml", 2)
	r2, b2 := get(t, c, u, "If-None-Match", r1.Header.Get("ETag"))
	if r2.StatusCode != 200 || !bytes.Equal(b2, FixtureBody("changing-v2.xml")) {
		t.Fatalf("version 2: %d", r2.StatusCode)
	}
	r2b, _ := get(t, c, u, "If-Modified-Since", r1.Header.Get("Last-Modified"))
	if r2b.StatusCode != 200 {
		t.Errorf("version 2 is not newer than version 1 by date: %d", r2b.StatusCode)
	}
	if r, _ := get(t, c, u, "If-None-Match", r2.Header.Get("ETag")); r.StatusCode != 304 {
		t.Errorf("version 2 again: %d", r.StatusCode)
	}
	s.SetVersion("/fixtures/changing.xml", 3)
	if _, b := get(t, c, u); !bytes.Equal(b, FixtureBody("changing-v3.xml")) {
		t.Error("version 3 not served")
	}
	// Back to 1: same bytes as before, so the same ETag, but a new date.
	s.SetVersion("changing.xml", 1)
	if r, _ := get(t, c, u, "If-None-Match", r1.Header.Get("ETag")); r.StatusCode != 304 {
		t.Errorf("version 1 again: %d", r.StatusCode)
	}
	for _, bad := range []func(){
		func() { s.SetVersion("changing.xml", 4) },
		func() { s.SetVersion("rss20.xml", 1) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("SetVersion of a missing version did not panic")
				}
			}()
			bad()
		}()
	}
}

func TestGzip(t *testing.T) {
	s, _ := start(t)
	raw := rawClient(s)
	u := s.URL("z.test", "/fixtures/atom10.xml")
	want := FixtureBody("atom10.xml")

	resp, body := get(t, raw, u, "Accept-Encoding", "gzip, deflate, br")
	if resp.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(resp.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("headers %v", resp.Header)
	}
	if resp.ContentLength != int64(len(body)) {
		t.Errorf("Content-Length %d for %d bytes", resp.ContentLength, len(body))
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(plain, want) {
		t.Fatalf("gunzipped body differs (err %v)", err)
	}

	for _, ae := range []string{"", "identity", "gzip;q=0", "br", "*;q=0"} {
		resp, body := get(t, raw, u, "Accept-Encoding", ae)
		if resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, want) {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q", ae, resp.Header.Get("Content-Encoding"))
		}
	}
	if resp, _ := get(t, raw, u, "Accept-Encoding", "*"); resp.Header.Get("Content-Encoding") != "gzip" {
		t.Error("Accept-Encoding * not gzipped")
	}

	// Go's default transport asks for gzip itself and decompresses.
	resp, body = get(t, s.Client(), u)
	if !resp.Uncompressed || !bytes.Equal(body, want) {
		t.Errorf("client decompression: Uncompressed %v", resp.Uncompressed)
	}

	// NoGzip ignores Accept-Encoding.
	s.Set("/nogzip.xml", Response{Body: want, NoGzip: true})
	if resp, _ := get(t, raw, s.URL("z.test", "/nogzip.xml"), "Accept-Encoding", "gzip"); resp.Header.Get("Content-Encoding") != "" {
		t.Error("NoGzip was gzipped")
	}
}

func TestChunked(t *testing.T) {
	s, _ := start(t)
	raw := rawClient(s)
	resp, body := get(t, raw, s.URL("c.test", "/fixtures/rss20.xml?chunked=1"))
	if resp.ContentLength != -1 || len(resp.TransferEncoding) == 0 || !bytes.Equal(body, FixtureBody("rss20.xml")) {
		t.Errorf("chunked: Content-Length %d, Transfer-Encoding %v", resp.ContentLength, resp.TransferEncoding)
	}
}

func TestHead(t *testing.T) {
	s, c := start(t)
	resp, err := c.Head(s.URL("h.test", "/fixtures/rss20.xml"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("ETag") == "" {
		t.Errorf("HEAD: %d %v", resp.StatusCode, resp.Header)
	}
}

func TestStatusRoutes(t *testing.T) {
	s, c := start(t)
	for _, code := range []int{404, 410, 500, 429, 503, 401, 403} {
		resp, body := get(t, c, s.URL("s.test", "/status/"+strconv.Itoa(code)))
		if resp.StatusCode != code || !bytes.Contains(body, []byte("<html>")) {
			t.Errorf("/status/%d: %d %q", code, resp.StatusCode, body)
		}
		if resp.Header.Get("ETag") != "" {
			t.Errorf("/status/%d has an ETag", code)
		}
		switch code {
		case 429:
			if ra := resp.Header.Get("Retry-After"); ra != "120" {
				t.Errorf("429 Retry-After %q", ra)
			}
		case 503:
			at, err := http.ParseTime(resp.Header.Get("Retry-After"))
			if d := time.Until(at); err != nil || d < 80*time.Second || d > 91*time.Second {
				t.Errorf("503 Retry-After %q (%v ahead, %v)", resp.Header.Get("Retry-After"), d, err)
			}
		default:
			if ra := resp.Header.Get("Retry-After"); ra != "" {
				t.Errorf("%d Retry-After %q", code, ra)
			}
		}
	}
	for _, p := range []string{"/status/200", "/status/x", "/nowhere", "/fixtures/nope.xml", "/gen/a b.xml", "/redirect/300"} {
		if resp, _ := get(t, c, s.URL("s.test", p)); resp.StatusCode != 404 {
			t.Errorf("%s: %d, want 404", p, resp.StatusCode)
		}
	}
}

func TestRedirects(t *testing.T) {
	s, c := start(t)
	want := FixtureBody("rss20.xml")
	for _, code := range []string{"301", "302", "303", "307", "308"} {
		s.Reset()
		resp, body := get(t, c, s.URL("r.test", "/redirect/"+code))
		if resp.StatusCode != 200 || !bytes.Equal(body, want) {
			t.Errorf("/redirect/%s: %d", code, resp.StatusCode)
		}
		if got := resp.Request.URL.String(); got != "http://r.test/fixtures/rss20.xml" {
			t.Errorf("/redirect/%s ended at %s", code, got)
		}
		if n := len(s.Requests("/redirect/" + code)); n != 1 {
			t.Errorf("/redirect/%s asked %d times", code, n)
		}
	}
	// The first hop, unfollowed.
	noFollow := s.Client()
	noFollow.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, _ := get(t, noFollow, s.URL("r.test", "/redirect/308"))
	if resp.StatusCode != 308 || resp.Header.Get("Location") != "http://r.test/fixtures/rss20.xml" {
		t.Errorf("308: %d Location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	// ?to= moves elsewhere, another host included.
	resp, body := get(t, c, s.URL("r.test", "/redirect/301?to="+url.QueryEscape("http://moved.test/fixtures/atom10.xml")))
	if resp.Request.URL.Host != "moved.test" || !bytes.Equal(body, FixtureBody("atom10.xml")) {
		t.Errorf("?to= ended at %s", resp.Request.URL)
	}

	s.Reset()
	resp, body = get(t, c, s.URL("r.test", "/redirect/chain/3"))
	if resp.StatusCode != 200 || !bytes.Equal(body, want) {
		t.Errorf("chain/3: %d", resp.StatusCode)
	}
	var paths []string
	for _, r := range s.Requests("") {
		paths = append(paths, r.Path)
	}
	if got := strings.Join(paths, " "); got != "/redirect/chain/3 /redirect/chain/2 /redirect/chain/1 /fixtures/rss20.xml" {
		t.Errorf("chain/3 went %s", got)
	}
	if resp, _ := get(t, noFollow, s.URL("r.test", "/redirect/chain/2")); resp.StatusCode != 301 {
		t.Errorf("chain hop: %d", resp.StatusCode)
	}

	s.Reset()
	_, err := c.Get(s.URL("r.test", "/redirect/loop"))
	if err == nil || !strings.Contains(err.Error(), "redirects") {
		t.Errorf("loop: %v", err)
	}
	if n := len(s.Requests("/redirect/loop")); n != 10 {
		t.Errorf("loop asked %d times, want net/http's 10", n)
	}
}

func TestHangReleasedByClientTimeout(t *testing.T) {
	s, _ := start(t)
	s.Set("/slow-feed.xml", Response{Hang: true, Body: FixtureBody("rss20.xml")})
	for _, p := range []string{"/hang", "/slow-feed.xml"} {
		c := s.Client()
		c.Timeout = 100 * time.Millisecond
		// The client's timeout ending the request is the behaviour; how
		// long it took is not asserted (a hang hits go test's -timeout).
		_, err := c.Get(s.URL("h.test", p))
		var ue *url.Error
		if !errors.As(err, &ue) || !ue.Timeout() {
			t.Errorf("%s: err %v, want a timeout", p, err)
		}
		waitFor(t, p+" to be let go", func() bool { return s.InFlight() == 0 })
		if len(s.Requests(p)) != 1 {
			t.Errorf("%s not recorded", p)
		}
	}
}

func TestHangReleasedByClose(t *testing.T) {
	s := Start()
	c := s.Client()
	errc := make(chan error, 1)
	go func() {
		resp, err := c.Get(s.URL("h.test", "/hang"))
		if err == nil {
			resp.Body.Close()
			err = errors.New("a hanging request got a response")
		}
		errc <- err
	}()
	waitFor(t, "the hanging request", func() bool { return s.InFlight() == 1 })
	closed := make(chan struct{})
	go func() { s.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("Close blocked on a hanging request")
	}
	select {
	case err := <-errc:
		if err == nil || strings.Contains(err.Error(), "got a response") {
			t.Errorf("client: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("client still waiting after Close")
	}
	if s.InFlight() != 0 {
		t.Errorf("InFlight %d after Close", s.InFlight())
	}
	s.Close() // twice is fine
}

func TestDelay(t *testing.T) {
	s, c := start(t)
	s.Set("/delayed.xml", Response{Body: FixtureBody("rss20.xml"), Delay: 150 * time.Millisecond})
	began := time.Now()
	resp, _ := get(t, c, s.URL("d.test", "/delayed.xml"))
	if d := time.Since(began); resp.StatusCode != 200 || d < 150*time.Millisecond {
		t.Errorf("delayed answer: %d after %v", resp.StatusCode, d)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL("d.test", "/delayed.xml"), nil)
	if _, err := c.Do(req); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("cancelled delayed request: %v", err)
	}
	waitFor(t, "the delayed request to be let go", func() bool { return s.InFlight() == 0 })
}

func TestMaxInFlight(t *testing.T) {
	s, c := start(t)
	s.Set("/held.xml", Response{Hang: true})
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, host := range []string{"a.test", "a.test", "a.test", "b.test", "b.test"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL(host, "/held.xml"), nil)
			if resp, err := c.Do(req); err == nil {
				resp.Body.Close()
			}
		}()
	}
	waitFor(t, "five requests in flight", func() bool { return s.InFlight() == 5 })
	// Reset while they hang: the maxima restart from what is in flight.
	s.Reset()
	if s.MaxInFlight("a.test") != 3 || s.MaxInFlight("B.TEST") != 2 || s.MaxInFlightTotal() != 5 {
		t.Errorf("after Reset in flight: a %d b %d total %d", s.MaxInFlight("a.test"), s.MaxInFlight("b.test"), s.MaxInFlightTotal())
	}
	cancel()
	wg.Wait()
	waitFor(t, "requests to be let go", func() bool { return s.InFlight() == 0 })
	if s.MaxInFlight("a.test") != 3 || s.MaxInFlight("b.test") != 2 || s.MaxInFlight("c.test") != 0 || s.MaxInFlightTotal() != 5 {
		t.Errorf("MaxInFlight a %d b %d c %d total %d", s.MaxInFlight("a.test"), s.MaxInFlight("b.test"),
			s.MaxInFlight("c.test"), s.MaxInFlightTotal())
	}
	// One at a time stays one.
	s.Reset()
	for range 3 {
		get(t, c, s.URL("a.test", "/fixtures/empty.xml"))
	}
	if s.MaxInFlight("a.test") != 1 || s.MaxInFlightTotal() != 1 {
		t.Errorf("sequential: %d %d", s.MaxInFlight("a.test"), s.MaxInFlightTotal())
	}
}

// TestProxyForm: a client whose environment names a proxy sends
// absolute-form requests to it; DialContext sends those here too, and the
// server answers them as if asked directly.
func TestProxyForm(t *testing.T) {
	s, _ := start(t)
	tr := s.Transport()
	tr.Proxy = http.ProxyURL(&url.URL{Scheme: "http", Host: "proxy.test:3128"})
	resp, body := get(t, &http.Client{Transport: tr}, s.URL("news-9.test", "/fixtures/rss20.xml"))
	if resp.StatusCode != 200 || !bytes.Equal(body, FixtureBody("rss20.xml")) {
		t.Fatalf("through a proxy: %d", resp.StatusCode)
	}
	if r := s.Requests("/fixtures/rss20.xml"); len(r) != 1 || r[0].Host != "news-9.test" {
		t.Errorf("recorded %+v", r)
	}
}

func TestGeneratedFeed(t *testing.T) {
	epoch := time.Date(2026, 11, 20, 9, 30, 0, 0, time.UTC)
	s1, c1 := start(t, WithEpoch(epoch))
	s2, c2 := start(t, WithEpoch(epoch))

	r1, b1 := get(t, c1, s1.URL("g1.test", "/gen/site-17.xml?items=40&rev=3"))
	r2, b2 := get(t, c2, s2.URL("g2.test", "/gen/site-17.xml?rev=3&items=40"))
	if r1.StatusCode != 200 || !bytes.Equal(b1, b2) || r1.Header.Get("ETag") != r2.Header.Get("ETag") {
		t.Fatal("the same generated feed differs between servers")
	}
	if !bytes.Equal(b1, GenFeed("site-17", 40, 3, epoch)) {
		t.Error("served feed differs from GenFeed")
	}
	// A second pass is all 304.
	if r, _ := get(t, c1, s1.URL("g1.test", "/gen/site-17.xml?items=40&rev=3"), "If-None-Match", r1.Header.Get("ETag")); r.StatusCode != 304 {
		t.Errorf("second pass: %d", r.StatusCode)
	}
	if r, _ := get(t, c1, s1.URL("g1.test", "/gen/site-17.xml?items=40&rev=3"), "If-Modified-Since", r1.Header.Get("Last-Modified")); r.StatusCode != 304 {
		t.Errorf("second pass by date: %d", r.StatusCode)
	}
	lm, _ := http.ParseTime(r1.Header.Get("Last-Modified"))
	if want := GenDate(epoch, 40, 43); !lm.Equal(want) {
		t.Errorf("Last-Modified %v, want the newest item's date %v", lm, want)
	}

	items := parseRSSItems(t, b1)
	facts := GenItems("site-17", 40, 3, epoch)
	if len(items) != 40 || len(facts) != 40 {
		t.Fatalf("%d items, %d facts", len(items), len(facts))
	}
	per := len(b1) / 40
	if per < 1000 || per > 2200 {
		t.Errorf("%d bytes an item, want about 1–2 KB", per)
	}
	seen := map[string]bool{}
	for i, it := range items {
		n := 43 - i // newest first: items 43 down to 4
		f := facts[i]
		if it.GUID != GenGUID("site-17", n) || it.Link != GenLink("site-17", n) || it.Link != "https://example.com/site-17/"+strconv.Itoa(n) {
			t.Errorf("item %d: guid %q link %q", i, it.GUID, it.Link)
		}
		if it.Title != f.Title || it.GUID != f.GUID || it.Link != f.URL || it.PubDate != f.DateRaw {
			t.Errorf("item %d differs from GenItems: %+v vs %+v", i, it, f)
		}
		d, err := time.Parse(time.RFC1123Z, it.PubDate)
		if err != nil || !d.Equal(f.Date) || d.After(epoch.Add(3*genStep)) || d.Before(epoch.Add(-45*genStep)) {
			t.Errorf("item %d date %q (%v)", i, it.PubDate, err)
		}
		if i > 0 && !d.Before(mustRFC1123Z(items[i-1].PubDate)) {
			t.Errorf("item %d is not older than item %d", i, i-1)
		}
		if seen[it.Title] && seen[it.GUID] {
			t.Errorf("item %d repeats", i)
		}
		seen[it.Title], seen[it.GUID] = true, true
	}

	// rev moves the window: rev 4 adds item 44 and drops item 4, and items
	// in both read the same.
	_, b4 := get(t, c1, s1.URL("g1.test", "/gen/site-17.xml?items=40&rev=4"))
	next := parseRSSItems(t, b4)
	if next[0].GUID != GenGUID("site-17", 44) || next[39].GUID != GenGUID("site-17", 5) {
		t.Errorf("rev 4 spans %s..%s", next[0].GUID, next[39].GUID)
	}
	if next[1] != items[0] {
		t.Errorf("item 43 changed between revisions: %+v vs %+v", next[1], items[0])
	}
	// Other ids are other items; defaults apply.
	_, bo := get(t, c1, s1.URL("g1.test", "/gen/other.xml"))
	other := parseRSSItems(t, bo)
	if len(other) != DefaultGenItems || other[0].Link != "https://example.com/other/50" {
		t.Errorf("default feed: %d items, first %q", len(other), other[0].Link)
	}
	if _, b0 := get(t, c1, s1.URL("g1.test", "/gen/none.xml?items=0")); len(parseRSSItems(t, b0)) != 0 {
		t.Error("items=0 has items")
	}
	for _, q := range []string{"items=-1", "items=x", "rev=-2", "items=100001"} {
		if r, _ := get(t, c1, s1.URL("g1.test", "/gen/x.xml?"+q)); r.StatusCode != 400 {
			t.Errorf("?%s: %d, want 400", q, r.StatusCode)
		}
	}
}

func TestGeneratedFeedCachesBytes(t *testing.T) {
	s, c := start(t)
	get(t, c, s.URL("", "/gen/cached.xml"))
	req := httptestRequest(s.URL("", "/gen/cached.xml"))
	e1 := s.generated(req)
	e2 := s.generated(req)
	if e1 != e2 {
		t.Error("a generated document is rebuilt for every request")
	}
}

func httptestRequest(u string) *http.Request {
	r, _ := http.NewRequest(http.MethodGet, u, nil)
	return r
}

func TestLargeFixtures(t *testing.T) {
	s, _ := start(t)
	raw := rawClient(s)
	for _, tc := range []struct {
		name     string
		items    int
		min, max int
	}{
		{"large.xml", LargeItems, 4 << 20, 10 << 20},
		{"huge.xml", HugeItems, 10<<20 + 1, 30 << 20},
	} {
		resp, body := get(t, raw, s.URL("big.test", "/fixtures/"+tc.name))
		if resp.StatusCode != 200 || len(body) < tc.min || len(body) > tc.max {
			t.Errorf("%s: %d, %d bytes", tc.name, resp.StatusCode, len(body))
		}
		if resp.ContentLength != int64(len(body)) {
			t.Errorf("%s: Content-Length %d", tc.name, resp.ContentLength)
		}
		if n := bytes.Count(body, []byte("<item>")); n != tc.items {
			t.Errorf("%s: %d items", tc.name, n)
		}
		f, _ := FixtureByName(tc.name)
		if !bytes.Contains(body, []byte("<title>"+f.Title+"</title>")) || f.ItemCount != tc.items {
			t.Errorf("%s: title or facts wrong", tc.name)
		}
		resp, _ = get(t, raw, s.URL("big.test", "/fixtures/"+tc.name), "If-None-Match", resp.Header.Get("ETag"))
		if resp.StatusCode != 304 {
			t.Errorf("%s again: %d", tc.name, resp.StatusCode)
		}
	}
	// The huge feed gzipped is far under the cap that its body exceeds.
	resp, body := get(t, raw, s.URL("big.test", "/fixtures/huge.xml"), "Accept-Encoding", "gzip")
	if resp.Header.Get("Content-Encoding") != "gzip" || len(body) > 10<<20 {
		t.Errorf("huge gzipped: %d bytes", len(body))
	}
	// Its items are GenItems' (the parse itself is TestGeneratedFeed's).
	_, body = get(t, raw, s.URL("big.test", "/fixtures/large.xml"))
	facts := GenItems("large", LargeItems, 0, FixtureTime)
	first := "<title>" + facts[0].Title + "</title>\n    <link>" + facts[0].URL + "</link>"
	if !bytes.Contains(body, []byte(first)) || !bytes.Contains(body, []byte(">"+facts[LargeItems-1].GUID+"<")) {
		t.Error("large.xml differs from GenItems")
	}
}

func BenchmarkGeneratedFeeds(b *testing.B) {
	s := Start()
	defer s.Close()
	c := s.Client()
	for b.Loop() {
		for i := range 100 {
			resp, err := c.Get(s.URL("bench-"+strconv.Itoa(i%10)+".test", "/gen/b"+strconv.Itoa(i)+".xml"))
			if err != nil {
				b.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
}

type rssItem struct {
	Title   string `xml:"title"`
	Link    string `xml:"link"`
	GUID    string `xml:"guid"`
	PubDate string `xml:"pubDate"`
}

func parseRSSItems(t *testing.T, body []byte) []rssItem {
	t.Helper()
	var doc struct {
		Items []rssItem `xml:"channel>item"`
	}
	if err := xml.Unmarshal(body, &doc); err != nil {
		t.Fatalf("generated feed: %v", err)
	}
	return doc.Items
}

func mustRFC1123Z(s string) time.Time {
	t, _ := time.Parse(time.RFC1123Z, s)
	return t
}
