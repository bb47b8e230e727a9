package textsafe

import (
	"net/url"
	"strings"
	"testing"
)

// FuzzSafeURL checks what every accepted URL must be: printable ASCII with
// nothing a terminal, a shell or an OSC 8 sequence could take as syntax, an
// http(s) URL net/url reads back with the same scheme and host, within the
// length bound, and stable under SafeURL.
func FuzzSafeURL(f *testing.F) {
	for _, tc := range urlCases {
		f.Add(tc.in)
	}
	for _, u := range urlRefused {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, ok := SafeURL(s)
		if !ok {
			if out != "" {
				t.Fatalf("SafeURL(%q) refused but returned %q", s, out)
			}
			return
		}
		if len(out) > maxURLLen {
			t.Fatalf("SafeURL(%q) = %d bytes", s, len(out))
		}
		for i := 0; i < len(out); i++ {
			if c := out[i]; c < 0x21 || c >= 0x7f {
				t.Fatalf("SafeURL(%q) = %q has byte %#x at %d", s, out, c, i)
			}
		}
		if i := strings.IndexAny(out, "\"'`<>\\{}|^ "); i >= 0 {
			t.Fatalf("SafeURL(%q) = %q keeps %q", s, out, out[i])
		}
		p, err := url.Parse(out)
		if err != nil {
			t.Fatalf("SafeURL(%q) = %q does not parse: %v", s, out, err)
		}
		scheme, rest, _ := strings.Cut(out, "://")
		host := rest
		if i := strings.IndexAny(rest, "/?#"); i >= 0 {
			host = rest[:i]
		}
		if (p.Scheme != "http" && p.Scheme != "https") || p.Scheme != scheme || p.Host != host || p.Hostname() == "" || p.User != nil {
			t.Fatalf("SafeURL(%q) = %q parses as scheme %q host %q user %v", s, out, p.Scheme, p.Host, p.User)
		}
		if again, ok := SafeURL(out); !ok || again != out {
			t.Fatalf("SafeURL not idempotent: %q -> %q -> (%q, %v)", s, out, again, ok)
		}
	})
}
