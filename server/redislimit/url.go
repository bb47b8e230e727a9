package redislimit

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/redis/go-redis/v9"
)

// urlForms is the reminder every URL error ends with.
const urlForms = "use redis://[user:password@]host[:port][/db], rediss://… for TLS, or unix:///path/to/redis.sock"

// parseURL is redis.ParseURL with errors that never carry the password:
// go-redis returns net/url's errors, which quote the whole URL, and some
// of its own quote parts of it.
func parseURL(raw string) (*redis.Options, string, error) {
	if strings.TrimSpace(raw) == "" {
		return nil, "", errors.New("the Redis URL is empty: " + urlForms)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, "", fmt.Errorf("the Redis URL is not a valid URL%s: %s", parseDetail(raw, err), urlForms)
	}
	where := redacted(u)
	switch u.Scheme {
	case "redis", "rediss", "unix":
	default:
		return nil, "", fmt.Errorf("the Redis URL %s has scheme %q: %s", where, u.Scheme, urlForms)
	}
	opt, err := redis.ParseURL(raw)
	if err != nil {
		return nil, "", fmt.Errorf("the Redis URL %s: %s: %s", where, scrub(err.Error(), u), urlForms)
	}
	return opt, where, nil
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
// information or query (where go-redis also accepts a password).
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
