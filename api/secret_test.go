package api

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

// leakyTimeout is a transport error that prints the request's headers and
// says it is a timeout, as a careless proxy library might.
type leakyTimeout struct{ dump string }

func (e leakyTimeout) Error() string   { return "i/o timeout; request was " + e.dump }
func (e leakyTimeout) Timeout() bool   { return true }
func (e leakyTimeout) Temporary() bool { return true }

var _ net.Error = leakyTimeout{}

// chain lists err and everything it wraps, depth first.
func chain(err error) []error {
	if err == nil {
		return nil
	}
	out := []error{err}
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		out = append(out, chain(u.Unwrap())...)
	case interface{ Unwrap() []error }:
		for _, e := range u.Unwrap() {
			out = append(out, chain(e)...)
		}
	}
	return out
}

// TestTheKeyIsNeverInAnErrorText drives every error path with a service or
// transport that does its best to echo the key back.
func TestTheKeyIsNeverInAnErrorText(t *testing.T) {
	echo := func(status int, contentType, format string) func(*testing.T) *Client {
		return func(t *testing.T) *Client {
			f := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", contentType)
				w.Header().Set("Retry-After", "3")
				w.WriteHeader(status)
				// The service repeats the Authorization header it got.
				fmt.Fprintf(w, format, r.Header.Get("Authorization"))
			})
			return f.client(t, WithRetries(1))
		}
	}
	viaTransport := func(err error) func(*testing.T) *Client {
		return func(t *testing.T) *Client {
			rt := roundTripFunc(func(r *http.Request) (*http.Response, error) { return nil, err })
			c, _ := New("http://127.0.0.1:9/v2", testKey, WithBackoff(time.Millisecond), WithHTTPClient(&http.Client{Transport: rt}))
			return c
		}
	}
	dump := "GET /v2/articles HTTP/1.1\r\nAuthorization: Bearer " + testKey
	cases := map[string]func(*testing.T) *Client{
		"shape A message":         echo(401, "application/json", `{"status":"error","errorCode":"apiKeyInvalid","errorMessage":"key %s is invalid"}`),
		"shape B code":            echo(400, "application/json", `{"status":400,"code":"%s","message":"bad"}`),
		"nested error":            echo(403, "application/json", `{"error":"forbidden for %s"}`),
		"rate limited":            echo(429, "application/json", `{"status":429,"code":"TOO_MANY_REQUESTS","message":"slow down, %s"}`),
		"plain text 500":          echo(500, "text/plain", "upstream said: %s"),
		"HTML 502":                echo(502, "text/html", "<html><title>%s</title></html>"),
		"error inside a 200":      echo(200, "application/json", `{"status":"error","errorCode":"x","errorMessage":"%s"}`),
		"odd status inside 200":   echo(200, "application/json", `{"status":"%s"}`),
		"200 that is not JSON":    echo(200, "text/html", "<p>%s</p>"),
		"truncated 200":           echo(200, "application/json", `{"status":"ok","articles":[{"title":"%s"`),
		"leaky transport error":   viaTransport(errors.New("proxy failed: " + dump)),
		"leaky transport timeout": viaTransport(leakyTimeout{dump: dump}),
		"refused": func(t *testing.T) *Client {
			ln, _ := net.Listen("tcp", "127.0.0.1:0")
			addr := ln.Addr().String()
			ln.Close()
			c, _ := New("http://"+addr+"/v2", testKey, WithBackoff(time.Millisecond))
			return c
		},
		"timeout": func(t *testing.T) *Client {
			f := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
			return f.client(t, WithTimeout(20*time.Millisecond))
		},
		"too large": func(t *testing.T) *Client {
			f := newFakeService(t, ok(fixture(t, "articles_camel.json")))
			return f.client(t, WithMaxBodyBytes(10))
		},
		"empty": func(t *testing.T) *Client {
			return newFakeService(t, ok(nil)).client(t)
		},
	}
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := mk(t).Articles(context.Background(), model.ArticlesQuery{Q: "x"})
			if err == nil {
				t.Fatal("want an error")
			}
			assertNoKey(t, err)
		})
	}
	t.Run("cancelled", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := newFakeService(t, ok(emptyArticles)).client(t).Sources(ctx, model.SourcesQuery{})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v", err)
		}
		assertNoKey(t, err)
	})
}

func assertNoKey(t *testing.T, err error) {
	t.Helper()
	for _, e := range chain(err) {
		for _, text := range []string{e.Error(), fmt.Sprintf("%+v", e), fmt.Sprintf("%#v", e)} {
			if strings.Contains(text, testKey) {
				t.Fatalf("error text shows the API key: %s", text)
			}
		}
	}
	var apiErr *Error
	if errors.As(err, &apiErr) && (strings.Contains(apiErr.Code, testKey) || strings.Contains(apiErr.Message, testKey)) {
		t.Fatalf("*Error field shows the API key: %+v", *apiErr)
	}
}

// TestTheKeyIsNeverInAnErrorTextInTheNewsAPIDialect: NewsAPI's key
// travels in X-Api-Key; a service that echoes it back in any of NewsAPI's
// error codes, in an error body inside a 200, or in a transport error
// must not get it into an error text either.
func TestTheKeyIsNeverInAnErrorTextInTheNewsAPIDialect(t *testing.T) {
	echo := func(status int, format string) func(*testing.T) *Client {
		return func(t *testing.T) *Client {
			f := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(status)
				fmt.Fprintf(w, format, r.Header.Get("X-Api-Key"))
			})
			return f.newsAPIClient(t, WithRetries(0))
		}
	}
	cases := map[string]func(*testing.T) *Client{
		"error inside a 200": echo(200, `{"status":"error","code":"apiKeyInvalid","message":"key %s is invalid"}`),
		"key as the code":    echo(400, `{"status":"error","code":"%s","message":"bad"}`),
		"leaky transport": func(t *testing.T) *Client {
			rt := roundTripFunc(func(r *http.Request) (*http.Response, error) {
				return nil, errors.New("proxy failed: X-Api-Key: " + r.Header.Get("X-Api-Key"))
			})
			c, _ := New("http://127.0.0.1:9/v2", testKey, WithDialect(DialectNewsAPI), WithRetries(0), WithHTTPClient(&http.Client{Transport: rt}))
			return c
		},
	}
	for _, code := range []string{"apiKeyDisabled", "apiKeyExhausted", "apiKeyInvalid", "apiKeyMissing", "parameterInvalid",
		"parametersMissing", "parametersIncompatible", "rateLimited", "sourcesTooMany", "sourceDoesNotExist",
		"maximumResultsReached", "corsNotAllowed", "unexpectedError"} {
		status := 400
		for _, tc := range newsAPIErrorCases {
			if tc.file == code {
				status = tc.status
			}
		}
		cases[code] = echo(status, `{"status":"error","code":"`+code+`","message":"the key %s, again"}`)
	}
	for name, mk := range cases {
		t.Run(name, func(t *testing.T) {
			for _, call := range []func(*Client) error{
				func(c *Client) error {
					_, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "x"})
					return err
				},
				func(c *Client) error {
					_, err := c.Sources(context.Background(), model.SourcesQuery{})
					return err
				},
				func(c *Client) error {
					_, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Country: "us"})
					return err
				},
			} {
				err := call(mk(t))
				if err == nil {
					t.Fatal("want an error")
				}
				assertNoKey(t, err)
			}
		})
	}
}
