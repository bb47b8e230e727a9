package textsafe

import (
	"strings"
	"testing"
	"unsafe"
)

// urlCases are the links SafeURL opens, each with the address it gives.
var urlCases = []struct{ in, want string }{
	// Already fine: unchanged.
	{"https://example.com", "https://example.com"},
	{"http://example.com/path?q=1&r=2#frag", "http://example.com/path?q=1&r=2#frag"},
	{"https://example.com:8443/x", "https://example.com:8443/x"},
	{"https://[::1]:8080/", "https://[::1]:8080/"},
	{"https://127.0.0.1/article", "https://127.0.0.1/article"},
	{"https://a_b.example/x", "https://a_b.example/x"},
	{"https://news.example/a;b=1/c,d?x=$1&y=(2)*3!+~", "https://news.example/a;b=1/c,d?x=$1&y=(2)*3!+~"},
	{"https://news.example/list?ids[]=1&ids[]=2", "https://news.example/list?ids[]=1&ids[]=2"},
	// Normalised: scheme and host case, default and empty ports, IPv6 form.
	{"HTTPS://Example.COM/a%20b", "https://example.com/a%20b"},
	{"https://example.com:443/x", "https://example.com/x"},
	{"http://example.com:80/x", "http://example.com/x"},
	{"https://example.com:/x", "https://example.com/x"},
	{"https://example.com:0080/x", "https://example.com:80/x"},
	{"https://[0:0:0::1]/", "https://[::1]/"},
	{"https://ex%61mple.com/", "https://example.com/"},
	// Whitespace: trimmed at the ends, tabs and newlines dropped inside
	// (as browsers do), spaces encoded.
	{"  https://example.com/a \n", "https://example.com/a"},
	{"\u00a0https://example.com/\u3000", "https://example.com/"},
	{"https://example.com/a\n/b\tc", "https://example.com/a/bc"},
	{"https://example.com/\r\nSet-Cookie: x", "https://example.com/Set-Cookie:%20x"},
	{"https://example.com/a b", "https://example.com/a%20b"},
	// Quotes, backticks, shell and terminal syntax: one encoded word.
	{"https://example.com/\"q\"/'s'/`id`", "https://example.com/%22q%22/%27s%27/%60id%60"},
	{"https://example.com/$(rm -rf ~);echo", "https://example.com/$(rm%20-rf%20~);echo"},
	{"https://example.com/<b>{x}|y^z\\w", "https://example.com/%3Cb%3E%7Bx%7D%7Cy%5Ez%5Cw"},
	{"https://example.com/\x1b]8;;evil\x07/x", "https://example.com/%1B]8;;evil%07/x"},
	{"https://example.com/\x07\x00\x7f", "https://example.com/%07%00%7F"},
	{"https://example.com/\u009b31m", "https://example.com/%C2%9B31m"},
	{"https://example.com/\u202Egnp.exe", "https://example.com/%E2%80%AEgnp.exe"},
	{"https://example.com/a\u200Bb?q=\u2066x#\uFEFF", "https://example.com/a%E2%80%8Bb?q=%E2%81%A6x#%EF%BB%BF"},
	// Non-ASCII and invalid UTF-8 in the path, query and fragment.
	{"https://example.com/straße?q=日本#ü", "https://example.com/stra%C3%9Fe?q=%E6%97%A5%E6%9C%AC#%C3%BC"},
	{"https://example.com/\xff", "https://example.com/%FF"},
	// Escapes kept as they are (never encoded twice); a lone % is encoded.
	{"https://example.com/a%2Fb%2fc%E2%80%AE", "https://example.com/a%2Fb%2fc%E2%80%AE"},
	{"https://example.com/100%?p=5%&q=%zz", "https://example.com/100%25?p=5%25&q=%25zz"},
	{"https://example.com/#a#b?c", "https://example.com/#a%23b?c"},
	// IDN hosts in punycode: the host shown is the host looked up, so a
	// look-alike cannot pass for the real one.
	{"https://bücher.example/straße", "https://xn--bcher-kva.example/stra%C3%9Fe"},
	{"https://аpple.com/", "https://xn--pple-43d.com/"}, // Cyrillic а
	{"https://BÜCHER.example/", "https://xn--bcher-kva.example/"},
	{"https://xn--bcher-kva.example/", "https://xn--bcher-kva.example/"},
	{"https://日本.example/", "https://xn--wgv71a.example/"},
	{"https://ｅｘａｍｐｌｅ.com/", "https://example.com/"},       // full-width, mapped as browsers do
	{"https://exa\u200Bmple.com/", "https://example.com/"}, // zero-width space: ignored by UTS #46
}

// urlRefused are not http(s) web addresses.
var urlRefused = []string{
	"",
	"   ",
	"example.com/article",
	"/relative/path",
	"//example.com/x",
	"javascript:alert(1)",
	" javascript:alert(1)",
	"java\nscript:alert(1)",
	"data:text/html,<script>alert(1)</script>",
	"file:///etc/passwd",
	"ftp://example.com/",
	"mailto:a@example.com",
	"https://",
	"https:///path",
	"http://:80/",
	"https:example.com",
	"https:\\\\example.com/",
	// User-info: the reader sees bank.example, the browser visits evil.example.
	"https://bank.example@evil.example/",
	"https://user:pass@example.com/",
	"https://evil.example\\@bank.example/",
	"https://bank.example%40evil.example/",
	// Hosts that are no domain name or IP literal.
	"https://exa mple.com/",
	"https://exa\"mple.com/",
	"https://example.com\x1b[2J/",
	"https://ex\xffample.com/",
	"https://ex%ffample.com/",
	"https://ex%zzample.com/",
	"https://xn--a.example/",
	"https://.example/",
	"https://foo..example/",
	"https://example.com:http/",
	"https://example.com:-1/",
	"https://example.com:65536/",
	"https://[::1/",
	"https://[1.2.3.4]/",
	"https://[fe80::1%25en0]/",
	"https://[::1]x/",
	"https://\u202Egnp.example/",
	// Too long once encoded.
	"https://example.com/" + strings.Repeat("a", maxURLLen),
	"https://example.com/" + strings.Repeat(" x", 1500),
	"https://example.com/" + string(make([]byte, 5000)) + "x",
}

func TestSafeURL(t *testing.T) {
	for _, tc := range urlCases {
		got, ok := SafeURL(tc.in)
		if !ok || got != tc.want {
			t.Errorf("SafeURL(%q) = (%q, %v), want %q", tc.in, got, ok, tc.want)
			continue
		}
		if again, ok := SafeURL(got); !ok || again != got {
			t.Errorf("SafeURL(%q) = (%q, %v), not idempotent", got, again, ok)
		}
	}
	for _, u := range urlRefused {
		if got, ok := SafeURL(u); ok || got != "" {
			t.Errorf("SafeURL(%q) = (%q, %v), want refused", u, got, ok)
		}
	}
}

func TestSafeURLLengthBound(t *testing.T) {
	base := "https://example.com/"
	if _, ok := SafeURL(base + strings.Repeat("a", maxURLLen-len(base))); !ok {
		t.Error("a URL of exactly maxURLLen bytes was refused")
	}
	// 1,000 spaces are 3,000 bytes once encoded: within the bound.
	if got, ok := SafeURL(base + strings.Repeat(" x", 1000)); !ok || len(got) != len(base)+4000 {
		t.Errorf("got %d bytes, %v", len(got), ok)
	}
}

// TestSafeURLKeepsASafeLinkAsGiven: a link that needs no change comes
// back as the very string given, so a list of articles holds one copy of
// each link, not two.
func TestSafeURLKeepsASafeLinkAsGiven(t *testing.T) {
	in := strings.Clone("https://example.com/news/2026/12/02/story?id=7#top")
	out, ok := SafeURL(in)
	if !ok || out != in {
		t.Fatalf("SafeURL(%q) = %q, %v", in, out, ok)
	}
	if unsafe.StringData(out) != unsafe.StringData(in) {
		t.Fatal("SafeURL returned a copy of a link it did not change")
	}
}
