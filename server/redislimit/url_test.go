package redislimit

import (
	"strings"
	"testing"
	"time"
)

const secret = "s3cr3t-Pa55"

func TestOpenRefusesBadURLsWithoutEchoingThePassword(t *testing.T) {
	for _, c := range []struct{ url, want string }{
		{"", "the Redis URL is empty"},
		{"   ", "the Redis URL is empty"},
		{"http://user:" + secret + "@cache:6379", `has scheme "http"`},
		{"cache.internal:6379", "has scheme"},
		{"redis://user:" + secret + "@cache:6379/notadb", "invalid database number"},
		{"redis://user:" + secret + "@cache:6379/1/2", "invalid URL path"},
		{"redis://user:" + secret + "@cache:port/0", "not a valid URL"},
		{"redis://user:" + secret + "%zz@cache:6379", "not a valid URL"},
		{"redis://user:" + secret + "\x7f@cache:6379", "not a valid URL"},
		{"redis://cache:6379/0?password=" + secret + "&bogus=1", "unexpected option"},
		{"redis://cache:6379/0?password=" + secret + "&dial_timeout=" + secret, "invalid dial_timeout duration"},
		{"unix://user:" + secret + "@", "empty unix socket path"},
		{"unix:///run/redis.sock?password=" + secret + "&db=" + secret, "invalid database number"},
	} {
		_, err := Open(c.url, Options{PerMinute: 10})
		if err == nil {
			t.Errorf("%q: accepted", c.url)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, c.want) {
			t.Errorf("%q: error %q does not say %q", c.url, msg, c.want)
		}
		if strings.Contains(msg, secret) || strings.Contains(msg, "zz") {
			t.Errorf("%q: the error leaks the password: %q", c.url, msg)
		}
		if !strings.Contains(msg, "unix:///path/to/redis.sock") {
			t.Errorf("%q: the error should show the accepted forms: %q", c.url, msg)
		}
	}
}

func TestOpenNamesWhereWithoutCredentials(t *testing.T) {
	_, err := Open("redis://u:"+secret+"@cache.internal:6380/9?password="+secret+"&bogus=1", Options{PerMinute: 1})
	if err == nil || !strings.Contains(err.Error(), "redis://cache.internal:6380/9") {
		t.Fatalf("the error should name the server and database: %v", err)
	}
}

func TestOpenAcceptsTheThreeSchemes(t *testing.T) {
	for _, u := range []string{"redis://localhost:6379/0", "rediss://user:" + secret + "@cache.example:6380", "unix:///run/redis/redis.sock?db=2"} {
		l, err := Open(u, Options{PerMinute: 60})
		if err != nil {
			t.Errorf("%q: %v", u, err)
			continue
		}
		if strings.Contains(l.where, secret) || strings.Contains(l.where, "db=") {
			t.Errorf("%q: where %q keeps credentials or the query", u, l.where)
		}
		if l.PerMinute() != 60 || l.timeout != DefaultTimeout || l.prefix != DefaultPrefix {
			t.Errorf("%q: defaults not applied: %d %v %q", u, l.PerMinute(), l.timeout, l.prefix)
		}
		c := l.cfg
		if c.readTimeout != DefaultTimeout || c.writeTimeout != DefaultTimeout || c.dialTimeout != DefaultTimeout || c.poolTimeout != DefaultTimeout || c.retries != 1 {
			t.Errorf("%q: the connection is not bounded by the timeout: %+v", u, c)
		}
		l.Close()
	}
}

func TestOpenKeepsTimeoutsTheURLSets(t *testing.T) {
	// max_retries=-1 is "no retries" (go-redis's form, kept), stored as 0.
	l, err := Open("redis://localhost/0?read_timeout=250ms&max_retries=-1", Options{PerMinute: 60, Timeout: 80 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if c := l.cfg; c.readTimeout != 250*time.Millisecond || c.writeTimeout != 80*time.Millisecond || c.retries != 0 {
		t.Fatalf("read %v write %v retries %d", c.readTimeout, c.writeTimeout, c.retries)
	}
}

func TestOpenRefusesBadOptions(t *testing.T) {
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{PerMinute: 0}, "at least 1 request per minute, not 0"},
		{Options{PerMinute: -5}, "not -5"},
		{Options{PerMinute: 5, Timeout: -time.Second}, "timeout cannot be negative"},
	} {
		if _, err := Open("redis://localhost:6379", c.o); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.o, err, c.want)
		}
	}
}
