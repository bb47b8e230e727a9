package textsafe

import "testing"

func TestSafeURL(t *testing.T) {
	good := []string{
		"https://example.com",
		"http://example.com/path?q=1&r=2#frag",
		"HTTPS://Example.COM/a%20b",
		"https://example.com:8443/x",
		"https://[::1]:8080/",
		"https://bücher.example/straße",
		"https://127.0.0.1/article",
	}
	for _, u := range good {
		if got, ok := SafeURL(u); !ok || got != u {
			t.Errorf("SafeURL(%q) = (%q, %v), want it accepted unchanged", u, got, ok)
		}
	}
	bad := []string{
		"",
		"example.com/article",
		"/relative/path",
		"//example.com/x",
		"javascript:alert(1)",
		"data:text/html,<script>alert(1)</script>",
		"file:///etc/passwd",
		"ftp://example.com/",
		"mailto:a@example.com",
		"https://",
		"https:///path",
		"http://:80/",
		"https:example.com",
		"https://example.com/a b",
		"https://example.com/\x1b]8;;evil\x07",
		"https://example.com/\x07",
		"https://example.com/\r\nSet-Cookie: x",
		"https://example.com/\tx",
		"https://example.com/\u202Egnp.exe",
		"https://exa\u200Bmple.com/",
		"https://example.com/\u009b31m",
		"https://example.com/\xff",
		"https://bank.example@evil.example/",
		"https://user:pass@example.com/",
		"https://evil.example\\@bank.example/",
		"https://example.com/" + string(make([]byte, 5000)),
	}
	for _, u := range bad {
		if got, ok := SafeURL(u); ok || got != "" {
			t.Errorf("SafeURL(%q) = (%q, %v), want rejected", u, got, ok)
		}
	}
}
