package greader

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"tidings/api"
)

// Config is what a Client needs.
type Config struct {
	// BaseURL is the API root: https://rss.example.org/api/greader.php
	// (FreshRSS), https://miniflux.example.org (Miniflux), or tidings
	// serve's https://news.example.org/api/greader.
	BaseURL string
	// User and Password are ClientLogin's Email and Passwd (FreshRSS's
	// API password, Miniflux's Google Reader password, a tidings API key).
	User, Password string
	// HTTPClient makes the calls; nil: one that refuses redirects from
	// https to http, which would send the token in clear.
	HTTPClient *http.Client
	// UserAgent names the reader; "" for "tidings".
	UserAgent string
	// Timeout bounds each call; 0: 30 seconds.
	Timeout time.Duration
}

// Client reads one Google Reader service as one user. It is safe for
// concurrent use.
type Client struct {
	base      string // no trailing slash
	user      string
	password  string
	server    string // names the service in errors
	http      *http.Client
	userAgent string
	timeout   time.Duration

	mu      sync.Mutex
	auth    string // ClientLogin's Auth token; "" until logged in
	token   string // the action token (T); "" until fetched
	cursors map[cursorKey]*cursor
	sources sourceIDs
	labels  map[string]string // lower-case label name → label as the service spells it
}

// maxBodyBytes caps an answer: contents of 1,000 items with full text
// stay well under it.
const maxBodyBytes = 64 << 20

// New checks cfg and returns a client. It does not log in: the first call
// does (or [Client.Login]).
func New(cfg Config) (*Client, error) {
	u, err := url.Parse(strings.TrimSpace(cfg.BaseURL))
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("the Google Reader base URL must be an http or https address: %s", baseURLExamples)
	}
	if u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, errors.New("the Google Reader base URL must have no user name, password, query or fragment: " +
			"give the user with --user and the password with NEWS_API_KEY")
	}
	user := strings.TrimSpace(cfg.User)
	if user == "" {
		return nil, fmt.Errorf("no user for the Google Reader service at %s: set --user (or TIDINGS_USER, or user in the config file's [service])", u.Redacted())
	}
	password := strings.TrimSpace(cfg.Password)
	if password == "" {
		return nil, fmt.Errorf("no password for user %s at %s: set NEWS_API_KEY (or api_key_command in the config file, or --api-key)", user, u.Redacted())
	}
	c := &Client{
		base: strings.TrimRight(u.String(), "/"), user: user, password: password,
		http: cfg.HTTPClient, userAgent: cfg.UserAgent, timeout: cfg.Timeout,
		cursors: map[cursorKey]*cursor{}, labels: map[string]string{},
	}
	c.server = serverName(c.base)
	if c.http == nil {
		c.http = defaultHTTPClient()
	}
	if c.userAgent == "" {
		c.userAgent = "tidings"
	}
	if c.timeout <= 0 {
		c.timeout = 30 * time.Second
	}
	return c, nil
}

// serverName names the service in messages: FreshRSS's API root ends in
// greader.php; others are named by their address.
func serverName(base string) string {
	if strings.HasSuffix(strings.ToLower(base), "/greader.php") {
		return "FreshRSS at " + base
	}
	return "the Google Reader service at " + base
}

// Server names the service, as errors do.
func (c *Client) Server() string { return c.server }

// Redirects the default HTTP client refuses.
var (
	errTooManyRedirects = errors.New("stopped after 10 redirects")
	errInsecureRedirect = errors.New("refused a redirect from https to http")
)

func defaultHTTPClient() *http.Client {
	return &http.Client{
		Transport: http.DefaultTransport.(*http.Transport).Clone(),
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 10 {
				return errTooManyRedirects
			}
			if via[0].URL.Scheme == "https" && req.URL.Scheme != "https" {
				return errInsecureRedirect
			}
			return nil
		},
	}
}

// Login logs in now (ClientLogin), so that a refused password shows
// before anything else. Calls log in by themselves when needed.
func (c *Client) Login(ctx context.Context) error {
	_, err := c.login(ctx)
	return err
}

// login asks ClientLogin for an Auth token and keeps it.
func (c *Client) login(ctx context.Context) (string, error) {
	const op = "log in"
	form := url.Values{"Email": {c.user}, "Passwd": {c.password}}
	status, body, err := c.send(ctx, op, http.MethodPost, c.base+"/accounts/ClientLogin", form, "")
	if err != nil {
		return "", err
	}
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden || status == http.StatusBadRequest:
		// FreshRSS answers 400 to a user name it does not accept, 401
		// to a wrong password; Miniflux 401 to both.
		return "", c.refusedPassword(status)
	case status < 200 || status > 299:
		return "", c.statusError(op, status, body)
	}
	auth := loginAuth(body)
	if auth == "" {
		return "", c.badAnswer(op, errors.New("no Auth= line"))
	}
	c.mu.Lock()
	c.auth, c.token = auth, ""
	c.mu.Unlock()
	return auth, nil
}

// refusedPassword says the login failed, and how to give the password.
func (c *Client) refusedPassword(status int) *Error {
	e := c.statusError("log in", status, nil)
	e.Detail = fmt.Sprintf("the service refused user %s's password (HTTP %d); set it with NEWS_API_KEY, "+
		"api_key_command in the config file, or --api-key (FreshRSS: the API password of your profile; "+
		"Miniflux: the Google Reader password of Settings → Integrations)", c.user, status)
	return e
}

// loginAuth finds the Auth token in ClientLogin's answer: "key=value"
// lines (SID, LSID, Auth), or the same keys as JSON (Miniflux with
// output=json; never asked here, but read all the same).
func loginAuth(body []byte) string {
	for _, line := range strings.Split(string(body), "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "Auth="); ok {
			return strings.TrimSpace(v)
		}
	}
	var j struct{ Auth string }
	if decodeJSON(body, &j) == nil {
		return strings.TrimSpace(j.Auth)
	}
	return ""
}

// actionToken returns the T token of writes, fetching it once.
func (c *Client) actionToken(ctx context.Context) (string, error) {
	c.mu.Lock()
	t := c.token
	c.mu.Unlock()
	if t != "" {
		return t, nil
	}
	body, err := c.call(ctx, "get the action token", http.MethodGet, "/reader/api/0/token", nil)
	if err != nil {
		return "", err
	}
	t = strings.TrimSpace(string(body))
	if t == "" || strings.ContainsAny(t, " \t\r\n") {
		return "", c.badAnswer("get the action token", errors.New("the token is empty or not one word"))
	}
	c.mu.Lock()
	c.token = t
	c.mu.Unlock()
	return t, nil
}

// get reads an endpoint under reader/api/0 (output=json is added).
func (c *Client) get(ctx context.Context, op, path string, query url.Values) ([]byte, error) {
	return c.call(ctx, op, http.MethodGet, path, query)
}

// post writes (or reads, for stream/items/contents) with the T token.
func (c *Client) post(ctx context.Context, op, path string, form url.Values) ([]byte, error) {
	return c.call(ctx, op, http.MethodPost, path, form)
}

// call makes one authenticated call, logging in first when there is no
// Auth token yet, and once more when the service answers 401 (the token
// expired, or the T token did: FreshRSS and Miniflux answer both with
// 401, and a new login brings a new T).
func (c *Client) call(ctx context.Context, op, method, path string, params url.Values) ([]byte, error) {
	for attempt := 0; ; attempt++ {
		c.mu.Lock()
		auth := c.auth
		c.mu.Unlock()
		if auth == "" || attempt > 0 {
			var err error
			if auth, err = c.login(ctx); err != nil {
				return nil, err
			}
		}
		form := cloneValues(params)
		if method == http.MethodPost {
			t, err := c.actionToken(ctx)
			if err != nil {
				return nil, err
			}
			form.Set("T", t)
		}
		status, body, err := c.send(ctx, op, method, c.base+path, form, auth)
		if err != nil {
			return nil, err
		}
		if status == http.StatusUnauthorized && attempt == 0 {
			continue
		}
		if status < 200 || status > 299 {
			return nil, c.statusError(op, status, body)
		}
		return body, nil
	}
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}

// send makes one HTTP request: a GET with params in the query, or a POST
// with params as a form (and output=json in the query). auth "" sends no
// Authorization header (ClientLogin).
func (c *Client) send(ctx context.Context, op, method, target string, params url.Values, auth string) (int, []byte, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var body io.Reader
	if auth != "" {
		target += "?output=json"
		if method == http.MethodGet && len(params) > 0 {
			target += "&" + params.Encode()
		}
	}
	if method == http.MethodPost {
		body = strings.NewReader(params.Encode())
	}
	req, err := http.NewRequestWithContext(ctx, method, target, body)
	if err != nil {
		return 0, nil, c.badAnswer(op, err)
	}
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if auth != "" {
		req.Header.Set("Authorization", "GoogleLogin auth="+auth)
	}
	req.Header.Set("User-Agent", c.userAgent)
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, c.transportError(ctx, op, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBodyBytes+1))
	if err != nil {
		return 0, nil, c.transportError(ctx, op, err)
	}
	if len(data) > maxBodyBytes {
		return 0, nil, &Error{Server: c.server, Op: op, Status: resp.StatusCode,
			Detail: fmt.Sprintf("the answer is larger than %d MiB", maxBodyBytes>>20), Kind: api.ErrResponseTooLarge}
	}
	return resp.StatusCode, bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), nil
}

// Dialect is api.DialectGReader: what callers that serve several
// dialects ask a client.
func (c *Client) Dialect() api.Dialect { return api.DialectGReader }
