package extract

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tidings/netguard"
)

// secretServer serves an internal page on loopback, and redirects
// /jump?to=URL there.
func secretServer(t *testing.T) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if to := r.URL.Query().Get("to"); to != "" {
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><body><article><h1>Internal</h1><p>" + strings.Repeat("db_password=hunter2 ", 60) + "</p></article></body></html>"))
	}))
	t.Cleanup(srv.Close)
	return srv
}

// By default (no Guard given) a page on loopback is not fetched, and the
// error names the address and the rule.
func TestLoopbackPageNotFetched(t *testing.T) {
	srv := secretServer(t)
	e := New(Options{Guard: &netguard.Guard{Allow: "serve --allow-private-fetch allows it"}})
	a, err := e.Extract(context.Background(), srv.URL+"/internal.html")
	xe := wantKind(t, err, KindNotAllowed)
	if want := "not fetched: 127.0.0.1 is a loopback address (serve --allow-private-fetch allows it)"; xe.Error() != want {
		t.Fatalf("message %q, want %q", xe.Error(), want)
	}
	if strings.Contains(a.Markdown, "db_password") {
		t.Fatal("the internal page's text came back")
	}
	if _, err := New(Options{}).Extract(context.Background(), srv.URL+"/internal.html"); err == nil {
		t.Fatal("the zero Options fetched a loopback page")
	}
}

// A page on an allowed host that redirects to loopback elsewhere is
// refused at the redirect.
func TestRedirectToLoopbackNotFollowed(t *testing.T) {
	srv := secretServer(t)
	_, port, _ := net.SplitHostPort(srv.Listener.Addr().String())
	e := newTestExtractor(Options{}) // exempts 127.0.0.1 only
	for _, to := range []string{"http://[::1]:" + port + "/internal.html", "http://localhost:" + port + "/internal.html"} {
		_, err := e.Extract(context.Background(), srv.URL+"/jump?to="+to)
		xe := wantKind(t, err, KindNotAllowed)
		if !strings.Contains(xe.Error(), "a loopback address") {
			t.Errorf("redirect to %s: message %q", to, xe.Error())
		}
	}
}

// The host a fetch is made for (netguard.WithHost: the feed's own) and
// the operator's allowance are fetched.
func TestSameHostAndAllowanceFetched(t *testing.T) {
	srv := secretServer(t)
	ctx := netguard.WithHost(context.Background(), "127.0.0.1")
	if _, err := New(Options{}).Extract(ctx, srv.URL+"/internal.html"); err != nil {
		t.Fatalf("same host: %v", err)
	}
	if _, err := New(Options{Guard: &netguard.Guard{AllowPrivate: true}}).Extract(context.Background(), srv.URL+"/internal.html"); err != nil {
		t.Fatalf("allowed: %v", err)
	}
}
