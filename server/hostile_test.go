package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// Hostile clients against the real listener (Start's http.Server with the
// production limits): each gets a clean 4xx or a closed connection within
// the server's timeouts, never a hang, a crash or a 5xx.

func TestOversizedRequestLineAndHeaders(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		addr := liveServer(t, newBackendHandler(t, open, Config{}))
		cases := map[string]string{
			"1 MB URL":                    request("/v2/articles?q="+strings.Repeat("a", 1<<20), authHeader),
			"headers over MaxHeaderBytes": request("/v2/sources", append([]string{authHeader}, padding(MaxHeaderBytes/1000+8)...)...),
			"one 100 KB header":           request("/v2/sources", authHeader, "X-Big: "+strings.Repeat("b", 100<<10)),
			"10 KB API key":               request("/v2/sources", "Authorization: Bearer "+strings.Repeat("k", 10<<10)),
		}
		for name, raw := range cases {
			a := exchange(t, addr, raw)
			wantClean(t, name, a)
			if a.status != 0 && a.status != http.StatusRequestHeaderFieldsTooLarge && a.status != http.StatusUnauthorized {
				t.Errorf("%s: status %d, want 431 (or 401 for the key)", name, a.status)
			}
		}
	})
}

// padding is n headers of 1 KB each.
func padding(n int) []string {
	h := make([]string, n)
	for i := range h {
		h[i] = fmt.Sprintf("X-Padding-%d: %s", i, strings.Repeat("p", 1000))
	}
	return h
}

func TestLongKeyIsRefusedWithoutEcho(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		addr := liveServer(t, newBackendHandler(t, open, Config{}))
		key := strings.Repeat("s3cr3t", 10<<10/6)
		a := exchange(t, addr, request("/v2/sources", "Authorization: Bearer "+key))
		if a.status != http.StatusUnauthorized || a.ctype != "application/json" {
			t.Fatalf("status %d %q: %.200s", a.status, a.ctype, a.body)
		}
		if strings.Contains(a.body, "s3cr3t") {
			t.Fatalf("the 401 echoes the key: %.200s", a.body)
		}
	})
}

func TestThousandsOfParameters(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		addr := liveServer(t, newBackendHandler(t, open, Config{}))
		var many, repeated strings.Builder
		for i := range 5000 {
			fmt.Fprintf(&many, "&p%d=%d", i, i)
			repeated.WriteString("&country=de")
		}
		// Under the header limit: unknown parameters are ignored, a repeated
		// one takes its first value. Over it: 431 from net/http.
		for name, tc := range map[string]struct {
			target string
			want   int
		}{
			"5000 unknown":      {"/v2/sources?category=general" + many.String(), http.StatusOK},
			"5000 repeated":     {"/v2/sources?" + repeated.String()[1:], http.StatusOK},
			"100000 parameters": {"/v2/sources?" + strings.Repeat("a=1&", 100000), http.StatusRequestHeaderFieldsTooLarge},
		} {
			a := exchange(t, addr, request(tc.target, authHeader))
			if a.status != tc.want {
				t.Errorf("%s: status %d, want %d: %.200s", name, a.status, tc.want, a.body)
			}
		}
	})
}

func TestBadEscapesAndBytes(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		addr := liveServer(t, newBackendHandler(t, open, Config{}))
		cases := map[string]string{
			"bad %-escape in q":        "/v2/articles?q=%ZZ",
			"truncated %-escape":       "/v2/articles?q=climate%2",
			"bad %-escape in the path": "/v2/%ZZsources",
			"semicolon separator":      "/v2/sources?category=general;country=de",
			"%-encoded non-UTF-8 q":    "/v2/articles?q=%FF%FE%C0",
			"raw non-UTF-8 q":          "/v2/articles?q=\xff\xfe\xc0climate",
			"non-UTF-8 country":        "/v2/sources?country=%FF%FE",
			"non-UTF-8 source ids":     "/v2/articles?q=climate&sources=%FFbbc",
			"NUL in country":           "/v2/latest-headlines?country=de%00",
			"raw NUL in the request":   "/v2/articles?q=a\x00b",
			"page past int64":          "/v2/sources?page=99999999999999999999999999",
			"pageSize=0":               "/v2/sources?pageSize=0",
			"pageSize=101":             "/v2/latest-headlines?pageSize=101",
		}
		for name, target := range cases {
			a := exchange(t, addr, request(target, authHeader))
			wantClean(t, name, a)
			if a.status == 0 {
				t.Errorf("%s: closed without an answer; a 400 is expected", name)
			}
		}
	})
}

// Every ASCII control character in q, percent-encoded (the handler's 400)
// and raw in the request line (net/http's 400, or the close).
// Search syntax and SQL in q are only words: 200 (with what matches) or
// 400 (nothing to search for), never an error of the engine underneath.
func TestInjectionInQIsInert(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		addr := liveServer(t, newBackendHandler(t, open, Config{}))
		for _, q := range []string{`"" " OR ) ( * NEAR "a`, "'; DROP TABLE articles; --", `climate" OR "1"="1`,
			"NEAR(a b) AND c*", "-", "OR", `"`, "title:climate", "^climate", "{a b}"} {
			a := exchange(t, addr, request("/v2/articles?q="+url.QueryEscape(q), authHeader))
			if a.status != http.StatusOK && a.status != http.StatusBadRequest {
				t.Errorf("q=%q: status %d: %.200s", q, a.status, a.body)
			}
		}
		// The table is still there.
		a := exchange(t, addr, request("/v2/articles?q=climate", authHeader))
		if a.status != http.StatusOK || !strings.Contains(a.body, "Climate summit opens") {
			t.Fatalf("after the injections: %d %.200s", a.status, a.body)
		}
	})
}

func TestEveryControlCharacterInQ(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		addr := liveServer(t, newBackendHandler(t, open, Config{}))
		for c := range 0x80 {
			if c >= 0x20 && c != 0x7f {
				continue
			}
			a := exchange(t, addr, request(fmt.Sprintf("/v2/articles?q=climate%%%02Xsummit", c), authHeader))
			if a.status != http.StatusBadRequest || !strings.Contains(a.body, "BAD_REQUEST") {
				t.Errorf("q with %%%02X: status %d: %.200s", c, a.status, a.body)
			}
			if c == '\r' || c == '\n' {
				continue // raw, these end the request line: a different request
			}
			raw := "GET /v2/articles?q=climate" + string(rune(c)) + "summit HTTP/1.1\r\nHost: x\r\n" + authHeader + "\r\n\r\n"
			wantClean(t, fmt.Sprintf("raw %#02x", c), exchange(t, addr, raw))
		}
	})
}

// Odd request lines and headers: answered by our handler (JSON 4xx, or
// 200 where the request is a valid one in disguise) or refused by
// net/http; never a 5xx, never a hang.
func TestOddRequestLinesAndHeaders(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		addr := liveServer(t, newBackendHandler(t, open, Config{}))
		line := func(l string, headers ...string) string {
			return l + "\r\nHost: x\r\n" + strings.Join(append(headers, ""), "\r\n") + "\r\n"
		}
		for name, tc := range map[string]struct {
			raw  string
			want int
		}{
			"absolute-form URL":   {line("GET http://elsewhere.example/v2/sources HTTP/1.1", authHeader), 200},
			"asterisk":            {line("GET * HTTP/1.1"), 404},
			"OPTIONS *":           {line("OPTIONS * HTTP/1.1"), 200}, // net/http's own empty answer
			"CONNECT":             {line("CONNECT elsewhere.example:443 HTTP/1.1"), 404},
			"dot segments":        {line("GET /v2/../v2/sources HTTP/1.1", authHeader), 404},
			"double slash":        {line("GET //v2/sources HTTP/1.1", authHeader), 404},
			"5000-letter method":  {line(strings.Repeat("G", 5000) + " /v2/sources HTTP/1.1"), 405},
			"two Host headers":    {"GET /v2/sources HTTP/1.1\r\nHost: x\r\nHost: y\r\n" + authHeader + "\r\n\r\n", 400},
			"NUL in a header":     {line("GET /v2/sources HTTP/1.1", "Authorization: Bearer\x00"+testKey), 400},
			"folded header":       {line("GET /v2/sources HTTP/1.1", authHeader, "\tfolded"), 0},
			"bare LF line ends":   {"GET /v2/sources HTTP/1.1\nHost: x\n" + authHeader + "\n\n", 200},
			"HTTP/2 preface":      {"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 404},
			"Expect 100-continue": {line("GET /v2/sources HTTP/1.1", authHeader, "Expect: 100-continue", "Content-Length: 10"), 200},
		} {
			a := exchange(t, addr, tc.raw)
			if a.status >= 500 || (tc.want != 0 && a.status != tc.want) {
				t.Errorf("%s: status %d, want %d: %.200s", name, a.status, tc.want, a.body)
			}
			if tc.want == 0 {
				wantClean(t, name, a)
			}
		}
	})
}
