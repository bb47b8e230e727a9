package extract

import (
	"context"
	"net/http"
	"time"

	"tidings/netguard"
)

// DefaultUserAgent is the User-Agent of requests when Options.UserAgent
// is empty.
const DefaultUserAgent = "tidings/dev (+https://github.com/tidings; terminal news reader)"

const (
	defaultTimeout  = 20 * time.Second
	defaultMaxBytes = 5 << 20
	maxRedirects    = 5
)

// Options configure an Extractor. The zero Options are usable.
type Options struct {
	// UserAgent names the client; "" means DefaultUserAgent.
	UserAgent string
	// Timeout bounds a whole fetch, redirects and body included;
	// 0 means 20 seconds.
	Timeout time.Duration
	// MaxBytes caps the (decompressed) body; 0 means 5 MiB. A larger
	// body fails with KindTooLarge, it is never truncated.
	MaxBytes int64
	// Cache, if not nil, keeps extracted articles on disk.
	Cache *Cache
	// Rewrite, if set, gives the address to actually fetch for a page
	// address ("" or the same string: fetch the page itself). The
	// returned Article.URL stays the page's own address, and its links
	// are resolved against it.
	Rewrite func(pageURL string) string
	// Guard is the fetch policy applied to every connection and
	// redirect (see tidings/netguard): nil means the strict policy, no
	// loopback, private, link-local or unique-local address at all. The
	// feed's host is exempted per call with netguard.WithHost.
	Guard *netguard.Guard
	// Transport carries the requests; nil means a dedicated
	// http.Transport with connect and TLS handshake timeouts and the
	// Guard on every connection. A Transport given here is the caller's:
	// only redirects are checked against the Guard.
	Transport http.RoundTripper
}

// Extractor fetches pages and extracts their articles. It is safe for
// concurrent use.
type Extractor struct {
	opts   Options
	client *http.Client
}

// New returns an Extractor with opts, defaults filled in.
func New(opts Options) *Extractor {
	if opts.UserAgent == "" {
		opts.UserAgent = DefaultUserAgent
	}
	if opts.Timeout <= 0 {
		opts.Timeout = defaultTimeout
	}
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = defaultMaxBytes
	}
	if opts.Guard == nil {
		opts.Guard = &netguard.Guard{}
	}
	if opts.Transport == nil {
		opts.Transport = newTransport(opts.Guard)
	}
	return &Extractor{opts: opts, client: newClient(opts.Transport, opts.Guard)}
}

// Extract returns the readable article of the page at pageURL: from the
// cache when it holds it (no network at all, so it works offline), else
// fetched, extracted and put in the cache. Errors are *Error. It honours
// ctx: canceling it ends the fetch with KindCanceled.
func (e *Extractor) Extract(ctx context.Context, pageURL string) (Article, error) {
	if _, err := parseWebURL(pageURL); err != nil {
		return Article{}, newError(KindBadURL, pageURL, err)
	}
	if a, ok := e.opts.Cache.Get(pageURL); ok {
		return a, nil
	}
	a, err := e.fetchAndExtract(ctx, pageURL)
	if err != nil {
		return Article{}, err
	}
	_ = e.opts.Cache.Put(pageURL, a) // a cache that cannot write only means no caching
	return a, nil
}

// fetchAndExtract fetches the page (or its rewritten address) and
// extracts its article.
func (e *Extractor) fetchAndExtract(ctx context.Context, pageURL string) (Article, error) {
	fetchURL := pageURL
	if e.opts.Rewrite != nil {
		if r := e.opts.Rewrite(pageURL); r != "" {
			fetchURL = r
		}
	}
	page, err := e.fetch(ctx, fetchURL)
	if err != nil {
		err.URL = pageURL
		return Article{}, err
	}
	base := page.finalURL
	if fetchURL != pageURL {
		base = pageURL
	}
	a, xerr := FromHTML(page.body, page.contentType, base)
	if xerr != nil {
		return Article{}, xerr
	}
	a.Fetched = time.Now().UTC()
	return a, nil
}
