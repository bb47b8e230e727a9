package redislimit

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

// urlForms is the reminder every URL error ends with.
const urlForms = "use redis://[user:password@]host[:port][/db], rediss://… for TLS, or unix:///path/to/redis.sock"

// parseURL reads the URLs go-redis read (this package used it until
// 2026-12; operators' URLs must keep working) into a config, with errors
// that never carry the password: net/url's errors quote the whole URL.
func parseURL(raw string) (*config, string, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, "", errors.New("the Redis URL is empty: " + urlForms)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, "", fmt.Errorf("the Redis URL is not a valid URL%s: %s", parseDetail(raw, err), urlForms)
	}
	where := redacted(u)
	var c *config
	switch u.Scheme {
	case "redis", "rediss":
		c, err = tcpConfig(u)
	case "unix":
		c, err = unixConfig(u)
	default:
		return nil, "", fmt.Errorf("the Redis URL %s has scheme %q: %s", where, u.Scheme, urlForms)
	}
	if err == nil {
		err = c.query(u)
	}
	if err != nil {
		return nil, "", fmt.Errorf("the Redis URL %s: %s: %s", where, scrub(err.Error(), u), urlForms)
	}
	return c, where, nil
}

// tcpConfig reads redis://[user:password@]host[:port][/db] and rediss://…
// (host defaults to localhost, port to 6379).
func tcpConfig(u *url.URL) (*config, error) {
	host, port := u.Hostname(), u.Port() // without an IPv6 literal's brackets
	if host == "" {
		host = "localhost"
	}
	if port == "" {
		port = "6379"
	}
	c := &config{network: "tcp", addr: net.JoinHostPort(host, port)}
	c.username, c.password = userPassword(u)
	switch path := strings.FieldsFunc(u.Path, func(r rune) bool { return r == '/' }); len(path) {
	case 0:
	case 1:
		db, err := strconv.Atoi(path[0])
		if err != nil {
			return nil, fmt.Errorf("invalid database number: %q", path[0])
		}
		c.db = db
	default:
		return nil, fmt.Errorf("invalid URL path: %s", u.Path)
	}
	if u.Scheme == "rediss" {
		c.tls = &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	}
	return c, nil
}

// unixConfig reads unix://[user:password@]/path/to/redis.sock[?db=N].
func unixConfig(u *url.URL) (*config, error) {
	if strings.TrimSpace(u.Path) == "" {
		return nil, errors.New("empty unix socket path")
	}
	c := &config{network: "unix", addr: u.Path}
	c.username, c.password = userPassword(u)
	return c, nil
}

func userPassword(u *url.URL) (user, password string) {
	if u.User == nil {
		return "", ""
	}
	password, _ = u.User.Password()
	return u.User.Username(), password
}

// parseDetail is net/url's reason, unless the URL may hold a password: a
// reason such as `invalid URL escape "%zz"` quotes the text it choked on,
// which can be part of the password.
func parseDetail(raw string, err error) string {
	var uerr *url.Error
	if !errors.As(err, &uerr) || strings.Contains(raw, "@") || strings.Contains(strings.ToLower(raw), "password") {
		return ""
	}
	return " (" + uerr.Err.Error() + ")"
}

// redacted names the server a URL points at without its user
// information or query (where a password may hide among the options).
func redacted(u *url.URL) string {
	if u.Scheme == "unix" {
		return "unix://" + u.Path
	}
	return u.Scheme + "://" + u.Host + u.Path
}

// scrub removes u's passwords (user information and the password query
// parameter) from msg.
func scrub(msg string, u *url.URL) string {
	var secrets []string
	if p, ok := u.User.Password(); ok {
		secrets = append(secrets, p, url.QueryEscape(p), url.PathEscape(p))
	}
	for name, vs := range u.Query() {
		if strings.EqualFold(name, "password") {
			secrets = append(secrets, vs...)
		}
	}
	for _, s := range secrets {
		if s != "" {
			msg = strings.ReplaceAll(msg, s, "REDACTED")
		}
	}
	return msg
}
