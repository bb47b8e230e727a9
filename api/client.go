package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"tidings/model"
)

// Paths of the spec's three endpoints, relative to the base URL.
const (
	pathSources   = "/sources"
	pathHeadlines = "/latest-headlines"
	pathArticles  = "/articles"
)

// Client talks to one news service with one API key. It is safe for
// concurrent use; its settings never change after [New] (only the quota
// it last heard of does, atomically).
type Client struct {
	base         *url.URL // scheme, host and path prefix (with /v2), no trailing slash
	apiKey       string
	http         *http.Client
	userAgent    string
	maxBodyBytes int64
	retries      int
	backoff      time.Duration
	timeout      time.Duration
	now          func() time.Time
	dialect      Dialect
	proto        protocol
	// quota is the rate limit the latest answer stated (nil: none yet);
	// the only field that changes after New.
	quota atomic.Pointer[Quota]
	// marks: the service keeps read and starred state; probed: a probe
	// found out (marks.go). Both change only from false to true.
	marks, probed atomic.Bool
}

// New returns a client for the service at baseURL, which includes the
// version segment ("http://127.0.0.1:8080/v2"; a trailing slash is fine).
//
// The key is sent as "Authorization: Bearer <key>" ("X-Api-Key: <key>" in
// [DialectNewsAPI]). Surrounding white space is trimmed (keys pasted from
// files end in newlines); an empty key sends no key header at all, and the
// service's 401 then says so.
func New(baseURL, apiKey string, opts ...Option) (*Client, error) {
	base, err := parseBaseURL(baseURL)
	if err != nil {
		return nil, err
	}
	key := strings.TrimSpace(apiKey)
	if strings.IndexFunc(key, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0 {
		// Never echo the key: this text may reach a terminal or a log.
		return nil, errors.New("the API key contains spaces or control characters")
	}
	s := defaultSettings()
	for _, opt := range opts {
		if opt != nil {
			opt(&s)
		}
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	hc := s.httpClient
	if hc == nil {
		hc = defaultHTTPClient(s.uncompressed)
	}
	c := &Client{
		base: base, apiKey: key, http: hc, userAgent: s.userAgent,
		maxBodyBytes: s.maxBodyBytes, retries: s.retries, backoff: s.backoff,
		timeout: s.timeout, now: s.now, dialect: s.dialect, proto: s.dialect.protocol(),
	}
	if s.marks != nil {
		c.marks.Store(*s.marks)
		c.probed.Store(true)
	}
	return c, nil
}

func (s settings) check() error {
	switch {
	case s.maxBodyBytes < 1:
		return errors.New("the maximum response size must be at least 1 byte")
	case s.retries < 0 || s.retries > maxRetries:
		return fmt.Errorf("retries must be between 0 and %d", maxRetries)
	case s.backoff < 0:
		return errors.New("the retry backoff must not be negative")
	case s.timeout <= 0:
		return errors.New("the request timeout must be positive")
	case s.now == nil:
		return errors.New("the clock must not be nil")
	case s.dialect == DialectGReader:
		return errors.New("the greader dialect is spoken by package tidings/api/greader, not api.New")
	case !s.dialect.known():
		return fmt.Errorf("unknown dialect %v", s.dialect)
	case strings.ContainsAny(s.userAgent, "\r\n"):
		return errors.New("the User-Agent must be one line")
	}
	return nil
}

// parseBaseURL accepts only absolute http(s) URLs. Credentials and query
// strings are refused: the key belongs in the header, and a key hidden in
// the URL would leak into every error that names the URL.
func parseBaseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("base URL %q is not an absolute http or https URL (like http://127.0.0.1:8080/v2)", redactURLText(raw))
	}
	if u.User != nil {
		return nil, errors.New("the base URL must not contain a user name or password; pass the API key separately")
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("the base URL must not have a query string or fragment")
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

// redactURLText shortens an unparseable base URL for an error message and
// cuts any user-info part, which may hold a secret.
func redactURLText(raw string) string {
	if at := strings.LastIndex(raw, "@"); at >= 0 {
		raw = "…" + raw[at:]
	}
	return truncateRunes(raw, 80)
}

// Redirects the client's own transport refuses. Both are final: another
// attempt would follow the same redirects to the same end.
var (
	errTooManyRedirects = errors.New("stopped after 10 redirects")
	errInsecureRedirect = errors.New("refused a redirect from https to http")
)

func defaultHTTPClient(uncompressed bool) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DisableCompression = uncompressed
	return &http.Client{
		Transport: tr,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 10 {
				return errTooManyRedirects
			}
			// net/http keeps Authorization on same-host redirects even when
			// they drop from https to http; that would send the key in clear.
			if via[0].URL.Scheme == "https" && req.URL.Scheme != "https" {
				return errInsecureRedirect
			}
			// net/http drops Authorization when a redirect leaves the
			// host, but not NewsAPI's X-Api-Key: drop it here, so that a
			// redirect elsewhere costs an apiKeyMissing, not the key.
			if req.URL.Host != via[0].URL.Host {
				req.Header.Del(newsAPIKeyHeader)
			}
			return nil
		},
	}
}

// Sources returns one page of the news sources matching q (GET /sources;
// NewsAPI: GET /top-headlines/sources, which is one list: its page 1 is
// the whole list and any later page is empty). An invalid q is reported as
// a *model.ValidationError without contacting the service.
func (c *Client) Sources(ctx context.Context, q model.SourcesQuery) (model.Page[model.Source], error) {
	r := c.proto.sources(q)
	switch {
	case r.err != nil:
		return model.Page[model.Source]{}, r.err
	case r.none:
		return model.Page[model.Source]{Items: []model.Source{}, Page: max(q.Page, 1)}, nil
	}
	body, err := c.get(ctx, r.path, r.query)
	if err != nil {
		return model.Page[model.Source]{}, err
	}
	return c.proto.decodeSources(body, r, c.redact)
}

// LatestHeadlines returns one page of the latest headlines matching q
// (GET /latest-headlines; NewsAPI: /top-headlines). Articles are returned
// as the service sent them, duplicates and HTML entities included.
//
// With q.Sources (the sources extension on a spec service, NewsAPI's own
// parameter) the answer is checked: a service that refuses the parameter
// or ignores it, answering other sources' articles, fails with
// [ErrSourcesUnsupported], so a reader never shows every headline as one
// source's.
func (c *Client) LatestHeadlines(ctx context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	p, err := c.readArticles(ctx, c.proto.headlines(q))
	if len(q.Sources) == 0 {
		return p, err
	}
	if err != nil {
		if errors.Is(err, ErrInvalidParams) && c.dialect == DialectSpec {
			return p, fmt.Errorf("%w (%w)", ErrSourcesUnsupported, err)
		}
		return p, err
	}
	if other, ok := foreignSource(p.Items, q.Sources); ok {
		return model.Page[model.Article]{}, fmt.Errorf("%w: asked for %s, it answered an article of %q",
			ErrSourcesUnsupported, strings.Join(q.Sources, ", "), other)
	}
	return p, nil
}

// foreignSource finds an article whose source is not one of ids: the
// mark of a service that ignored the sources parameter.
func foreignSource(items []model.Article, ids []string) (string, bool) {
	for _, a := range items {
		if !slices.ContainsFunc(ids, func(id string) bool { return strings.EqualFold(id, a.Source.ID) }) {
			return a.Source.ID, true
		}
	}
	return "", false
}

// Articles returns one page of the articles matching the search q
// (GET /articles; NewsAPI: /everything).
func (c *Client) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	return c.readArticles(ctx, c.proto.articles(q))
}

// Dialect is the dialect the client speaks.
func (c *Client) Dialect() Dialect { return c.dialect }

func (c *Client) readArticles(ctx context.Context, r request) (model.Page[model.Article], error) {
	if r.err != nil {
		return model.Page[model.Article]{}, r.err
	}
	body, err := c.get(ctx, r.path, r.query)
	if err != nil {
		return model.Page[model.Article]{}, err
	}
	p, err := c.proto.decodeArticles(body, r, c.redact)
	c.noteMarks(p)
	return p, err
}

// endpointURL joins the base URL, an endpoint path and the query.
func (c *Client) endpointURL(path string, v url.Values) string {
	u := *c.base
	u.Path += path
	u.RawQuery = encodeQuery(v)
	return u.String()
}

// encodeQuery is url.Values.Encode with commas left literal: the spec's
// list parameters are "comma-separated", and services that split the raw
// query before decoding it would miss an escaped %2C. A comma typed by the
// user inside a value is still a list separator to the service either way.
func encodeQuery(v url.Values) string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		for _, val := range v[k] {
			if b.Len() > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(k))
			b.WriteByte('=')
			b.WriteString(strings.ReplaceAll(url.QueryEscape(val), "%2C", ","))
		}
	}
	return b.String()
}

// redact removes the API key from text that came from outside the client
// (a service's message, a transport's error). Keys shorter than four
// characters are left alone: scrubbing them would garble every word that
// happens to contain them, and such a key is no secret.
func (c *Client) redact(s string) string {
	if len(c.apiKey) < 4 {
		return s
	}
	return strings.ReplaceAll(s, c.apiKey, "[redacted]")
}
