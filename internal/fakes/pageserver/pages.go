package pageserver

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
)

// A Page is a body and the Content-Type it is served with.
type Page struct {
	// Body is the page as served (before any Content-Encoding).
	Body []byte
	// ContentType is the Content-Type header it is served with.
	ContentType string
}

const htmlUTF8 = "text/html; charset=utf-8"

// Sizes of the large pages.
const (
	// BigSize is the size of /big, about 4 MB (under 5 MiB).
	BigSize = 4_000_000
	// HugeSize is the size of /huge: over 5 MiB.
	HugeSize = 6 << 20
	// NestDepth is how deep /nested nests its <div>s.
	NestDepth = 100_000
	// LongWords is the least number of words of /long's article.
	LongWords = 10_000
)

// builders make the static pages, by path.
var builders = map[string]func() Page{
	"/article": articlePage,
	"/long": func() Page {
		return utf8Page(page("The long read", `<meta charset="utf-8">`, longArticle(LongWords), ""))
	},
	"/paywall": func() Page {
		return utf8Page(page("Inside the control room", `<meta charset="utf-8">`, paywallArticle(), ""))
	},
	"/latin1":  latin1Page,
	"/sjis":    sjisPage,
	"/big":     bigPage,
	"/huge":    hugePage,
	"/scripts": scriptsPage,
	"/nested":  nestedPage,
	"/hostile": func() Page { return utf8Page(page("Hostile", `<meta charset="utf-8">`, hostileArticle(), "")) },
	"/empty":   func() Page { return Page{ContentType: htmlUTF8} },
	"/pdf": func() Page {
		return Page{Body: []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n"), ContentType: "application/pdf"}
	},
	"/gzip": gzipPage,
}

var (
	pagesMu sync.Mutex
	pages   = map[string]Page{}
)

// Get returns the page served at path (one of Paths), built once; ok is
// false for paths that are not static pages.
func Get(path string) (Page, bool) {
	build, ok := builders[path]
	if !ok {
		return Page{}, false
	}
	pagesMu.Lock()
	defer pagesMu.Unlock()
	pg, ok := pages[path]
	if !ok {
		pg = build()
		pages[path] = pg
	}
	return pg, true
}

// Paths lists the static pages (Get serves them), in a fixed order.
func Paths() []string {
	return []string{"/article", "/long", "/paywall", "/latin1", "/sjis", "/big", "/huge",
		"/scripts", "/nested", "/hostile", "/empty", "/pdf", "/gzip"}
}

// articlePage is /article: the main article in the whole site.
func articlePage() Page { return utf8Page(page(headline, `<meta charset="utf-8">`, mainArticle(), "")) }

func utf8Page(s string) Page { return Page{Body: []byte(s), ContentType: htmlUTF8} }

// encode writes s in enc, failing loudly on a character enc lacks.
func encode(enc encoding.Encoding, s string) []byte {
	b, err := enc.NewEncoder().Bytes([]byte(s))
	if err != nil {
		panic(fmt.Sprintf("pageserver: encoding a page: %v", err))
	}
	return b
}

// latin1Page is windows-1252, declared only in the HTTP header.
func latin1Page() Page {
	s := page("Quay traders count the cost", "", latin1Article(), "")
	s = strings.ReplaceAll(s, "·", "|") // keep the chrome in the charset too
	return Page{Body: encode(charmap.Windows1252, s), ContentType: "text/html; charset=windows-1252"}
}

// sjisPage is Shift_JIS, declared only in a <meta>.
func sjisPage() Page {
	s := page("Barrier software team thanks partners in Japan", `<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">`, sjisArticle(), "")
	s = strings.NewReplacer("£", "GBP ", "·", "|", "©", "(c)", "–", "-", "—", "-", "’", "'", "“", `"`, "”", `"`).Replace(s)
	return Page{Body: encode(japanese.ShiftJIS, s), ContentType: "text/html"}
}

// bigPage is a 4 MB page whose article is the real one: the rest is
// what makes real pages heavy (a framework's inline state, an SVG icon
// sprite, inline styles, a grid of teaser cards).
func bigPage() Page {
	var cards strings.Builder
	cards.WriteString(`<section class="more-stories"><h2>More from the coast</h2>`)
	for i := 0; cards.Len() < 250_000; i++ {
		fmt.Fprintf(&cards, `<div class="card"><a href="/news/%d"><img src="/thumbs/%d.jpg" alt=""><h3>%s</h3></a><time>%dh ago</time></div>`,
			i, i, relatedHeadlines[i%len(relatedHeadlines)], i%24+1)
	}
	cards.WriteString(`</section>`)
	var sprite strings.Builder
	sprite.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" style="display:none">`)
	for i := 0; sprite.Len() < 300_000; i++ {
		fmt.Fprintf(&sprite, `<symbol id="icon-%d" viewBox="0 0 24 24"><path d="M12 2L2 7l10 5 10-5-10-5zm0 13l-10-5v6l10 5 10-5v-6l-10 5z"/></symbol>`, i)
	}
	sprite.WriteString(`</svg>`)
	style := "<style>" + strings.Repeat(".c{margin:0 auto;padding:4px 8px;color:#222}\n", 6000) + "</style>"
	extra := cards.String() + sprite.String()
	s := page(headline, `<meta charset="utf-8">`+style, mainArticle(), extra)
	state := stateScript(BigSize - len(s))
	return utf8Page(page(headline, `<meta charset="utf-8">`+style, mainArticle(), extra+state))
}

// stateScript is an inline JSON state blob of about n bytes.
func stateScript(n int) string {
	var b strings.Builder
	b.WriteString(`<script id="__NEXT_DATA__" type="application/json">{"props":{"stories":[`)
	for i := 0; b.Len() < n-40; i++ {
		fmt.Fprintf(&b, `{"id":%d,"headline":%q,"tags":["coast","kellmouth"]},`, i, relatedHeadlines[i%len(relatedHeadlines)])
	}
	b.WriteString(`{}]}}</script>`)
	return b.String()
}

// hugePage is over 5 MiB: a real article and a vast inline script.
func hugePage() Page {
	s := page(headline, `<meta charset="utf-8">`, mainArticle(), "")
	return utf8Page(s + "<script>var pad='" + strings.Repeat("x", HugeSize-len(s)) + "';</script>")
}

// scriptsPage is a single-page app's shell: scripts and nothing to read.
func scriptsPage() Page {
	return utf8Page(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>` + SiteName + `</title>
<script>window.__CONFIG__={"api":"/api/v3","region":"coast"};</script>
<script src="/static/runtime.4f2a.js" defer></script><script src="/static/main.9c1e.js" defer></script></head>
<body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>
<script>` + strings.Repeat("(function(){var a=document.createElement('div');a.className='x';document.body.appendChild(a)})();\n", 500) + `</script></body></html>`)
}

// nestedPage wraps a real article in NestDepth nested <div>s.
func nestedPage() Page {
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Nested | ` + SiteName + `</title></head><body>`)
	b.WriteString(strings.Repeat("<div>", NestDepth))
	b.WriteString(`<article>` + articleHeader(headline))
	for i := 0; i < 10; i++ {
		b.WriteString(p(i))
	}
	b.WriteString(`</article>`)
	b.WriteString(strings.Repeat("</div>", NestDepth))
	b.WriteString(`</body></html>`)
	return utf8Page(b.String())
}

// gzipPage is /article, gzip-compressed (served with Content-Encoding).
func gzipPage() Page {
	art := articlePage()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	_, _ = zw.Write(art.Body)
	_ = zw.Close()
	return Page{Body: buf.Bytes(), ContentType: htmlUTF8}
}
