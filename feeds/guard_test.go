package feeds

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"tidings/extract"
	"tidings/internal/fakes/feedserver"
	"tidings/netguard"
)

// internalPage is a server on loopback with a secret page, standing for
// an internal service next to the poller.
func internalPage(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><body><article><h1>Internal</h1><p>" + strings.Repeat("db_password=hunter2 ", 80) + "</p></article></body></html>"))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// oneItemFeed is an RSS feed of one item linking to link.
func oneItemFeed(link string) []byte {
	date := feedserver.FixtureTime.Format(time.RFC1123Z)
	return []byte(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Linker</title><link>https://site.test/</link>
<item><title>Read this</title><link>` + link + `</link><guid>one</guid><pubDate>` + date + `</pubDate>
<description>A short summary.</description></item></channel></rss>`)
}

// extractPages reads pages with the real extractor under g, as the cli
// wires it.
func extractPages(g *netguard.Guard) PageReader {
	x := extract.New(extract.Options{Guard: g, Timeout: 5 * time.Second})
	return PageReaderFunc(func(ctx context.Context, pageURL string) (string, error) {
		a, err := x.Extract(ctx, pageURL)
		if err != nil {
			return "", err
		}
		return a.Plain(), nil
	})
}

// A full-text feed whose item links to an internal page on loopback: the
// page is not fetched, the log says why naming the rule, and the
// article keeps the feed's own text — nothing of the page is stored.
func TestFullTextOfALoopbackLinkIsNotFetched(t *testing.T) {
	secret := internalPage(t)
	var log syncBuffer
	g := &netguard.Guard{Allow: "serve --allow-private-fetch allows it"}
	w := newWorld(t, withPages(extractPages(g), &log))
	w.srv.Set("/feed.xml", feedserver.Response{Body: oneItemFeed(secret.URL + "/internal.html")})
	out := w.subscribeFullText("/feed.xml", true)
	if out.Stats.New != 1 || out.FullText != 0 || out.FullTextFailed != 1 {
		t.Fatalf("subscribe: %+v", out)
	}
	if !strings.Contains(log.String(), "not fetched: 127.0.0.1 is a loopback address (serve --allow-private-fetch allows it)") {
		t.Fatalf("the log does not say why:\n%s", log.String())
	}
	for _, a := range w.headlines() {
		if strings.Contains(a.Content+a.Description, "db_password") {
			t.Fatalf("the internal page's text was stored: %q", a.Content)
		}
	}
}

// A page on the feed's own host is read wherever that host is (an
// intranet feed links to its own pages), and so is any page when the
// operator allows private fetches.
func TestFullTextOnTheFeedsHostOrAllowedIsRead(t *testing.T) {
	secret := internalPage(t)
	for name, g := range map[string]*netguard.Guard{"same host": {}, "allowed": {AllowPrivate: true}} {
		t.Run(name, func(t *testing.T) {
			w := newWorld(t, withPages(extractPages(g), nil))
			w.srv.Set("/feed.xml", feedserver.Response{Body: oneItemFeed(secret.URL + "/internal.html")})
			host := "127.0.0.1" // the feed on the page's host (another port)
			if name == "allowed" {
				host = "news.test"
			}
			_, out, err := w.poller.Subscribe(context.Background(), Subscription{URL: w.url(host, "/feed.xml"), FullText: true})
			if err != nil || out.FullText != 1 {
				t.Fatalf("subscribe: %+v, %v", out, err)
			}
		})
	}
}

// testResolver resolves made-up names as an attacker's DNS would.
func testResolver(m map[string]string) func(context.Context, string) ([]netip.Addr, error) {
	return func(_ context.Context, host string) ([]netip.Addr, error) {
		if a, ok := m[host]; ok {
			return []netip.Addr{netip.MustParseAddr(a)}, nil
		}
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
}

// A feed that redirects to loopback, or to a name resolving to a private
// address, is not followed there; the feed's own host, wherever it is,
// is fetched; the operator's allowance lets the redirect through.
func TestFeedRedirectAwayToPrivateIsRefused(t *testing.T) {
	g := &netguard.Guard{Allow: "serve --allow-private-fetch allows it",
		LookupIP: testResolver(map[string]string{"intranet.test": "10.0.0.5"})}
	w := newWorld(t, func(_ *Options, fo *FetcherOptions) { fo.Guard = g })
	w.srv.Set("/to-loopback.xml", feedserver.Response{Status: 302, Header: http.Header{"Location": {w.url("127.0.0.1", "/fixtures/rss20.xml")}}})
	w.srv.Set("/to-intranet.xml", feedserver.Response{Status: 302, Header: http.Header{"Location": {"http://intranet.test/fixtures/rss20.xml"}}})
	cases := map[string]string{
		"/to-loopback.xml": "redirected away from the feed's host: not fetched: 127.0.0.1 is a loopback address (serve --allow-private-fetch allows it)",
		"/to-intranet.xml": "redirected away from the feed's host: not fetched: intranet.test is 10.0.0.5, a private address (serve --allow-private-fetch allows it)",
	}
	for path, want := range cases {
		_, err := w.poller.fetch.Fetch(context.Background(), w.url("news.test", path), Validators{})
		var fe *FetchError
		if !errors.As(err, &fe) || fe.Kind != KindRedirects || fe.Msg != want {
			t.Errorf("%s: %v, want %q", path, err, want)
		}
	}
	// The subscribed address itself is the operator's choice: fetched
	// although it is loopback, as is a redirect within its host.
	if _, err := w.poller.fetch.Fetch(context.Background(), w.url("127.0.0.1", "/to-loopback.xml"), Validators{}); err != nil {
		t.Errorf("a feed on loopback redirecting to its own host: %v", err)
	}
	allowed := newWorld(t, func(_ *Options, fo *FetcherOptions) { fo.Guard = &netguard.Guard{AllowPrivate: true} })
	allowed.srv.Set("/to-loopback.xml", feedserver.Response{Status: 302, Header: http.Header{"Location": {allowed.url("127.0.0.1", "/fixtures/rss20.xml")}}})
	if _, err := allowed.poller.fetch.Fetch(context.Background(), allowed.url("news.test", "/to-loopback.xml"), Validators{}); err != nil {
		t.Errorf("allowed: %v", err)
	}
}
