package cli

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"tidings/model"
	"tidings/server"
	"tidings/server/demo"
	"tidings/server/demodb"
	"tidings/server/store"
)

// localService is a news service running in-process on loopback: the
// demo, or the user's own catalogue in personal mode.
type localService struct {
	baseURL string
	apiKey  string
	// pageRewrite, for the demo, points the full-text extractor at the
	// pages the demo service serves for its own .example articles; nil
	// otherwise (see demoPages).
	pageRewrite func(pageURL string) string
	stop        func()
}

// startDemo starts the demo service (see startLocal).
//
// The catalogue is not generated or loaded here: it comes prebuilt, as a
// SQLite image embedded in the binary (server/demodb), which SQLite reads
// in place, page by page as queries need them. Opening it takes well under
// a millisecond, where generating the catalogue (~25 ms) and loading it
// into a fresh store (~1 s, mostly full-text indexing) used to keep the
// first headlines off the screen for a second or more. The alternatives
// measured (2-core machine, under load): a bulk load that inserts the rows
// without triggers and builds the full-text index and the other indexes
// afterwards still costs 160-270 ms for 6,000 articles (rows 40-70 ms,
// FTS5 rebuild 70-140 ms, indexes 30 ms, generation 16 ms); a compressed
// image must be inflated whole before SQLite reads a page (gzip: ~130 ms
// for the 9.3 MB, 3.6 MB compressed). The image costs 9.3 MB of binary
// (about 3.6 MB in git, per version).
// It is still the real service over real HTTP: server.New over a
// *sqlite.Store, the same store code a --db file gets, on loopback; only
// read-only, with publication times presented relative to now so that
// "latest" is always fresh.
func startDemo(ctx context.Context) (*localService, error) {
	svc, err := startLocal(ctx, func() (store.Catalogue, error) { return demodb.Open(time.Now()) })
	if err != nil {
		return nil, err
	}
	svc.pageRewrite = demo.PageRewrite(strings.TrimSuffix(svc.baseURL, "/v2"))
	return svc, nil
}

// demoPages is the demo service's handler with the article pages beside
// it. The demo's articles link to honest addresses under .example (RFC
// 2606), which exist nowhere; so that f still shows a whole article, the
// demo serves a page for each of its own articles at demo.PagesPath, and
// only the demo's extractor is pointed there (demo.PageRewrite). Every
// other path is the service.
func demoPages(st store.Catalogue, service http.Handler) http.Handler {
	byURL, ok := st.(interface {
		ArticleByURL(ctx context.Context, url string) (model.Article, error)
	})
	if !ok {
		return service
	}
	mux := http.NewServeMux()
	mux.Handle(demo.PagesPath, demo.PagesHandler(byURL.ArticleByURL))
	mux.Handle("/", service)
	return mux
}

// startLocal binds a loopback port at once and opens the catalogue in
// the background, so the reader's first frame is never held up by it: a
// request that arrives before the catalogue is ready waits in the listen
// backlog and is answered as soon as it is. The service has a random key;
// stop shuts it down and closes the catalogue.
func startLocal(_ context.Context, open func() (store.Catalogue, error)) (*localService, error) {
	key, err := randomKey()
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("listen on loopback: %w", err)
	}
	// The production server's timeouts and header limit; the handler is
	// set once the catalogue is open, before Serve reads it.
	srv := server.NewHTTPServer(nil, nil)
	served := make(chan store.Catalogue, 1)
	go func() {
		st, h, err := localHandler(open, key)
		if err != nil {
			h = unavailable(err)
		}
		served <- st
		srv.Handler = h
		_ = srv.Serve(ln) // returns http.ErrServerClosed on stop
	}()
	stop := func() {
		shutdown, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
		ln.Close()
		if st := <-served; st != nil {
			st.Close()
		}
	}
	return &localService{baseURL: "http://" + ln.Addr().String() + "/v2", apiKey: key, stop: stop}, nil
}

// localHandler opens the catalogue and the service over it; st is nil
// when err is not.
func localHandler(open func() (store.Catalogue, error), key string) (st store.Catalogue, h http.Handler, err error) {
	if st, err = open(); err != nil {
		return nil, nil, err
	}
	// No warm-up queries here: the reader's first request goes as soon as
	// the program starts (ui.Config.LocalService) and would only wait
	// behind them; it warms the store itself.
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil)) // the terminal belongs to the UI
	// Marks of the in-process service are the local owner's, whatever
	// this launch's key (docs/marks.md); the demo's image keeps none.
	cfg := server.Config{APIKeys: []string{key}, Logger: quiet, Marks: catalogueMarks(context.Background(), st), Owner: store.LocalOwner}
	if h, err = server.New(st, cfg); err != nil {
		st.Close()
		return nil, nil, err
	}
	return st, demoPages(st, h), nil
}

// unavailable answers every request with the reason the demo could not
// start, so the reader shows it instead of hanging.
func unavailable(err error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintf(w, `{"status":503,"code":"DEMO_UNAVAILABLE","message":%q}`, err.Error())
	})
}

func randomKey() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("make a demo API key: %w", err)
	}
	return hex.EncodeToString(b), nil
}
