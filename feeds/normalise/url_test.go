package normalise

import "testing"

func TestCanonicalURL(t *testing.T) {
	const base = "https://news.example.com/section/feed.xml"
	cases := []struct{ name, raw, base, want, err string }{
		{"absolute kept", "https://news.example.com/a/b?x=1", "", "https://news.example.com/a/b?x=1", ""},
		{"relative path", "story.html", base, "https://news.example.com/section/story.html", ""},
		{"root relative", "/story", base, "https://news.example.com/story", ""},
		{"scheme relative", "//cdn.example.org/x", base, "https://cdn.example.org/x", ""},
		{"dot segments", "../a/./b/../c", base, "https://news.example.com/a/c", ""},
		{"query only", "?p=2", base, "https://news.example.com/section/feed.xml?p=2", ""},
		{"white space trimmed", " \n https://news.example.com/a \t", "", "https://news.example.com/a", ""},
		{"scheme and host lower-cased", "HTTPS://News.EXAMPLE.com/Path", "", "https://news.example.com/Path", ""},
		{"default http port", "http://example.com:80/a", "", "http://example.com/a", ""},
		{"default https port", "https://example.com:443/a", "", "https://example.com/a", ""},
		{"empty port", "https://example.com:/a", "", "https://example.com/a", ""},
		{"other port kept", "https://example.com:8443/a", "", "https://example.com:8443/a", ""},
		{"IPv6 host", "http://[2001:DB8::1]:80/a", "", "http://[2001:db8::1]/a", ""},
		{"empty path is /", "https://example.com", "", "https://example.com/", ""},
		{"fragment dropped", "https://example.com/a#section-2", "", "https://example.com/a", ""},
		{"empty fragment dropped", "https://example.com/a#", "", "https://example.com/a", ""},
		{"utm dropped, order kept", "https://example.com/a?b=2&utm_source=rss&a=1&utm_medium=x&utm_campaign=y", "", "https://example.com/a?b=2&a=1", ""},
		{"utm any case, escaped", "https://example.com/a?UTM_Source=x&%75tm_term=y&id=1", "", "https://example.com/a?id=1", ""},
		{"click ids dropped", "https://example.com/a?fbclid=1&gclid=2&msclkid=3&mc_cid=4&mc_eid=5&id=7", "", "https://example.com/a?id=7", ""},
		{"only tracking: no ?", "https://example.com/a?utm_source=x", "", "https://example.com/a", ""},
		{"lookalike kept", "https://example.com/a?utmost=1&source=rss", "", "https://example.com/a?utmost=1&source=rss", ""},
		{"empty parameters dropped", "https://example.com/a?&&x=1&", "", "https://example.com/a?x=1", ""},
		{"encoding kept", "https://example.com/caf%C3%A9?q=a%20b", "", "https://example.com/caf%C3%A9?q=a%20b", ""},
		{"white space in the query escaped", "http://m? #", "", "http://m/?%20", ""},
		{"a host of colons", "//::", "http://0", "", `address has an unreadable host "[:]"`},
		{"unicode space in the query escaped", "https://example.com/a?q=a\u00a0b&r=\xff", "", "https://example.com/a?q=a%C2%A0b&r=\xff", ""},
		{"user info dropped", "http://bank.example@evil.example/login", "", "http://evil.example/login", ""},
		{"unicode path escaped", "https://example.com/café", "", "https://example.com/caf%C3%A9", ""},

		{"empty", "  ", base, "", "empty address"},
		{"javascript", "javascript:alert(1)", base, "", "javascript: address, not http(s)"},
		{"JavaScript upper", "JavaScript:alert(1)", base, "", "javascript: address, not http(s)"},
		{"data", "data:text/html;base64,PHA+", base, "", "data: address, not http(s)"},
		{"mailto", "mailto:x@example.com", base, "", "mailto: address, not http(s)"},
		{"ftp", "ftp://example.com/f", "", "", "ftp: address, not http(s)"},
		{"relative without base", "/a", "", "", "relative address and no base to resolve it against"},
		{"relative with relative base", "a", "/feed", "", "relative address and no base to resolve it against"},
		{"relative against an ftp base", "a", "ftp://example.com/", "", "ftp: address, not http(s)"},
		{"no host", "http:///path", "", "", "address has no host"},
		{"control character", "https://example.com/a\x00b", "", "", "unreadable address: net/url: invalid control character in URL"},
		{"bad host", "https://exa mple.com/", "", "", `unreadable address: invalid character " " in host name`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := CanonicalURL(tc.raw, tc.base)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("CanonicalURL(%q, %q) = %q, %v; want error %q", tc.raw, tc.base, got, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("CanonicalURL(%q, %q) = %q, %v; want %q", tc.raw, tc.base, got, err, tc.want)
			}
			if again, err := CanonicalURL(got, ""); again != got || err != nil {
				t.Errorf("not stable: %q -> %q, %v", got, again, err)
			}
		})
	}
}

func TestMapLanguage(t *testing.T) {
	cases := map[string]string{
		"en": "en", "en-US": "en", "EN_gb": "en", " fr-CA ": "fr", "de-DE-1996": "de",
		"sv": "se", "sv-SE": "se", "se": "se", "swe": "se",
		"ur": "ud", "ur-PK": "ud", "ud": "ud", "urd": "ud",
		"nb": "no", "nn": "no", "no": "no", "nb-NO": "no", "nor": "no",
		"iw": "he", "he-IL": "he", "heb": "he",
		"ar-EG": "ar", "es-419": "es", "it": "it", "nl-BE": "nl", "pt-BR": "pt", "ru": "ru", "eng": "en",
		"ja": "", "zh-Hant": "", "fi": "", "x-klingon": "", "english": "", "": "", "-": "", "en-": "en",
	}
	for in, want := range cases {
		if got := MapLanguage(in); string(got) != want {
			t.Errorf("MapLanguage(%q) = %q, want %q", in, got, want)
		}
	}
}
