package extract

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"tidings/internal/fakes/pageserver"
	"tidings/netguard"
)

// newTestExtractor is an Extractor with short time limits.
// newTestExtractor is an Extractor for the test page server, which runs
// on loopback: the fetch policy exempts that one host, as the reader's
// exempts the service it reads, and nothing else.
func newTestExtractor(opts Options) *Extractor {
	if opts.Timeout == 0 {
		opts.Timeout = 10 * time.Second
	}
	if opts.Guard == nil {
		opts.Guard = &netguard.Guard{Hosts: []string{"127.0.0.1"}}
	}
	return New(opts)
}

func extractOK(t *testing.T, e *Extractor, pageURL string) Article {
	t.Helper()
	a, err := e.Extract(context.Background(), pageURL)
	if err != nil {
		t.Fatalf("Extract(%s): %v", pageURL, err)
	}
	checkArticle(t, a)
	return a
}

func TestArticleIsTheArticleAlone(t *testing.T) {
	srv := pageserver.New(t)
	a := extractOK(t, newTestExtractor(Options{}), srv.URL("/article"))
	md := a.Markdown
	for _, chrome := range []string{pageserver.NavPhrase, pageserver.CookiePhrase, pageserver.AdPhrase,
		pageserver.RelatedPhrase, pageserver.CommentPhrase, pageserver.FooterPhrase, "Advertisement", "Comments (214)"} {
		if strings.Contains(md, chrome) {
			t.Errorf("the Markdown has the page chrome %q", chrome)
		}
	}
	for _, want := range []string{
		"## " + pageserver.Heading,
		"- " + pageserver.ListItem,
		"> " + pageserver.QuoteText,
		"```yaml\n" + pageserver.CodeLine + "\n",
		"\n[image: " + pageserver.ImageAlt + "]\n",
		"the last gate settled onto its concrete sill",
		"is in our guide to the coast.",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown lacks %q", want)
		}
	}
	if a.Words < 1000 || a.Words > 1400 {
		t.Errorf("Words = %d, want about 1,200", a.Words)
	}
	if a.Title != "Kellmouth flood barrier opens two years late as costs pass £410m" {
		t.Errorf("Title = %q", a.Title)
	}
	if a.SiteName != pageserver.SiteName || !strings.Contains(a.Byline, "Maren Holloway") {
		t.Errorf("SiteName = %q, Byline = %q", a.SiteName, a.Byline)
	}
	if a.URL != srv.URL("/article") || a.Fetched.IsZero() {
		t.Errorf("URL = %q, Fetched = %v", a.URL, a.Fetched)
	}
}

func TestLinksAreNumberedInOrder(t *testing.T) {
	srv := pageserver.New(t)
	a := extractOK(t, newTestExtractor(Options{}), srv.URL("/article"))
	want := []Link{
		{"River Kell", srv.URL(pageserver.RelativeHref)},
		{"storm surge of six winters ago", pageserver.AbsoluteHref},
		{"independent review", srv.URL("/" + pageserver.ReviewHref)},
		{"national flood risk maps", pageserver.MapsHref},
	}
	if fmt.Sprint(a.Links) != fmt.Sprint(want) {
		t.Fatalf("Links =\n%v\nwant\n%v", a.Links, want)
	}
	for _, s := range []string{"River Kell [1]", "storm surge of six winters ago [2]", "archive of the 2020 surge [2]",
		"independent review [3]", "flood risk maps [4]", "river and its estuary [1]",
		"The " + pageserver.JavaScriptText + ", which", "can " + pageserver.MailtoText + "."} {
		if !strings.Contains(a.Markdown, s) {
			t.Errorf("the Markdown lacks %q", s)
		}
	}
	for _, s := range []string{"javascript:", "mailto:", "](", "http"} {
		if strings.Contains(a.Markdown, s) {
			t.Errorf("the Markdown has %q", s)
		}
	}
}

func TestPlain(t *testing.T) {
	srv := pageserver.New(t)
	a := extractOK(t, newTestExtractor(Options{}), srv.URL("/article"))
	p := a.Plain()
	for _, s := range []string{"[1]", "[image", "## ", "```", "> We", "\\"} {
		if strings.Contains(p, s) {
			t.Errorf("Plain has the mark %q", s)
		}
	}
	for _, s := range []string{"across the River Kell for the first time", "\n\n" + pageserver.Heading + "\n\n",
		"\n\n" + pageserver.CodeLine + "\nsurge_margin_m", "\n\n" + pageserver.QuoteText, "£130m"} {
		if !strings.Contains(p, s) {
			t.Errorf("Plain lacks %q", s)
		}
	}
	if got := len(strings.Fields(p)); got != a.Words {
		t.Errorf("Plain has %d words, Words = %d", got, a.Words)
	}
}

func TestCharsets(t *testing.T) {
	srv := pageserver.New(t)
	e := newTestExtractor(Options{})
	for path, want := range map[string]string{"/latin1": pageserver.Latin1Phrase, "/sjis": pageserver.SJISPhrase} {
		a := extractOK(t, e, srv.URL(path))
		if !strings.Contains(a.Plain(), want) {
			t.Errorf("%s: the article lacks %q:\n%s", path, want, a.Plain())
		}
	}
}

func TestGzip(t *testing.T) {
	srv := pageserver.New(t)
	a := extractOK(t, newTestExtractor(Options{}), srv.URL("/gzip"))
	if !strings.Contains(a.Markdown, pageserver.CodeLine) {
		t.Errorf("gzip page not decoded:\n%s", a.Markdown)
	}
}

func TestBigPage(t *testing.T) {
	srv := pageserver.New(t)
	a := extractOK(t, newTestExtractor(Options{}), srv.URL("/big"))
	if !strings.Contains(a.Markdown, pageserver.CodeLine) || a.Words > 1400 {
		t.Errorf("the 4 MB page's article is wrong (%d words)", a.Words)
	}
}

func TestLongPage(t *testing.T) {
	srv := pageserver.New(t)
	a := extractOK(t, newTestExtractor(Options{}), srv.URL("/long"))
	if a.Words < pageserver.LongWords {
		t.Errorf("Words = %d, want over %d", a.Words, pageserver.LongWords)
	}
}

// TestNestedPage: 100,000 nested <div>s neither overflow the stack nor
// lose the article buried at the bottom. How long it takes is
// BenchmarkExtractNested's business, not a test's: a wall-clock bound
// fails at random on a loaded machine.
func TestNestedPage(t *testing.T) {
	srv := pageserver.New(t)
	a := extractOK(t, newTestExtractor(Options{}), srv.URL("/nested"))
	if !strings.Contains(a.Markdown, "the last gate settled onto its concrete sill") {
		t.Errorf("the deeply nested article is lost:\n%s", a.Markdown)
	}
}

func TestHostilePage(t *testing.T) {
	srv := pageserver.New(t)
	a := extractOK(t, newTestExtractor(Options{}), srv.URL("/hostile"))
	if strings.Contains(a.Markdown, "\uF002") || strings.Contains(a.Markdown, "\a") {
		t.Error("the converter's markers reached the Markdown")
	}
	// Terminal escapes pass through as text: cleaning them is the reader's job.
	for _, h := range []string{"\x1b[31mred alert\x1b[0m", "\u202Egnp.exe\u202C", "pay\u200Bpal"} {
		if !strings.Contains(a.Plain(), h) {
			t.Errorf("%q did not pass through as text", h)
		}
	}
	lines := strings.Split(a.Markdown, "\n")
	fence := ""
	for _, line := range lines {
		if fence != "" {
			if strings.TrimSpace(line) == fence {
				fence = ""
			}
			continue
		}
		switch {
		case strings.HasPrefix(line, "````"):
			fence = "````"
		case strings.HasPrefix(line, "```"):
			t.Errorf("a forged code fence: %q", line)
		case strings.HasPrefix(line, "#") && !strings.HasPrefix(line, "## Barrier opens"):
			t.Errorf("a forged heading: %q", line)
		case strings.HasPrefix(line, ">"), strings.HasPrefix(line, "- "), strings.HasPrefix(line, "1. "),
			ruleLine.Get().MatchString(line), strings.HasPrefix(line, "!["):
			t.Errorf("a forged block: %q", line)
		}
	}
	text := outsideCode(a.Markdown)
	for _, md := range []string{"[99]", "[link](", "![img]", "**not bold**", "<script>", "[5]", "[8]"} {
		if strings.Contains(text, md) {
			t.Errorf("Markdown-looking text %q is not escaped", md)
		}
	}
	if !strings.Contains(a.Markdown, "[image: alt \\] with \\[3\\] brackets and a newline \x1b\\[2J]") {
		t.Error("the hostile alt text is not escaped on one line")
	}
	if len(a.Links) != 1 || !strings.Contains(a.Links[0].Text, "[7]") {
		t.Errorf("Links = %q", a.Links)
	}
}

func TestNoArticle(t *testing.T) {
	srv := pageserver.New(t)
	e := newTestExtractor(Options{})
	for _, path := range []string{"/paywall", "/scripts", "/empty"} {
		_, err := e.Extract(context.Background(), srv.URL(path))
		xe := wantKind(t, err, KindNoArticle)
		if xe.Error() != "the page has no readable article" || xe.URL != srv.URL(path) {
			t.Errorf("%s: %q, URL %q", path, xe, xe.URL)
		}
	}
}

func TestErrors(t *testing.T) {
	srv := pageserver.New(t)
	e := newTestExtractor(Options{})
	for _, tc := range []struct {
		path string
		kind Kind
		msg  string
	}{
		{"/forbidden", KindRefused, "the site refused the request (403)"},
		{"/ratelimit", KindRefused, "the site refused the request (429)"},
		{"/gone", KindNotFound, "the page is gone (410)"},
		{"/missing", KindNotFound, "the page was not found (404)"},
		{"/error", KindServer, "the site had a problem (500)"},
		{"/pdf", KindNotHTML, "this link is not a web page (application/pdf)"},
		{"/huge", KindTooLarge, "the page is larger than 5 MiB"},
		{"/redirect/6", KindTooManyRedirects, "the page redirected more than 5 times"},
	} {
		_, err := e.Extract(context.Background(), srv.URL(tc.path))
		xe := wantKind(t, err, tc.kind)
		if xe.Error() != tc.msg {
			t.Errorf("%s: message %q, want %q", tc.path, xe, tc.msg)
		}
		if xe.URL != srv.URL(tc.path) || xe.Unwrap() == nil {
			t.Errorf("%s: URL %q, cause %v", tc.path, xe.URL, xe.Unwrap())
		}
	}
}

func TestRedirects(t *testing.T) {
	srv := pageserver.New(t)
	a := extractOK(t, newTestExtractor(Options{}), srv.URL("/redirect/5"))
	if a.URL != srv.URL("/article") {
		t.Errorf("URL after redirects = %q", a.URL)
	}
	if srv.Requests("/article") != 1 || srv.Requests("/redirect/1") != 1 {
		t.Errorf("requests: /article %d, /redirect/1 %d", srv.Requests("/article"), srv.Requests("/redirect/1"))
	}
}

func TestRequestHeaders(t *testing.T) {
	srv := pageserver.New(t)
	extractOK(t, newTestExtractor(Options{}), srv.URL("/cookie"))
	extractOK(t, newTestExtractor(Options{}), srv.URL("/cookie"))
	if srv.CookieSeen() {
		t.Error("a cookie was sent back")
	}
	h := srv.LastHeader("/article")
	if ua := h.Get("User-Agent"); !strings.HasPrefix(ua, "tidings/") {
		t.Errorf("User-Agent = %q", ua)
	}
	if !strings.Contains(h.Get("Accept"), "text/html") {
		t.Errorf("Accept = %q", h.Get("Accept"))
	}
}

func TestBadURL(t *testing.T) {
	e := newTestExtractor(Options{})
	for _, u := range []string{"ftp://example.com/a", "javascript:alert(1)", "file:///etc/passwd", "example.com/a", "", "http://"} {
		_, err := e.Extract(context.Background(), u)
		wantKind(t, err, KindBadURL)
	}
}

func TestTimeout(t *testing.T) {
	srv := pageserver.New(t)
	e := newTestExtractor(Options{Timeout: 200 * time.Millisecond})
	// /slow never answers: only Options.Timeout can
	// end this call, so its kind says the timeout fired (a hang would
	// be caught by go test's own -timeout, not by a wall-clock bound).
	_, err := e.Extract(context.Background(), srv.URL("/slow"))
	xe := wantKind(t, err, KindTimeout)
	if xe.Error() != "the page took too long to load" {
		t.Errorf("message %q", xe)
	}
}

func TestCancel(t *testing.T) {
	srv := pageserver.New(t)
	e := newTestExtractor(Options{})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	_, err := e.Extract(ctx, srv.URL("/slow"))
	wantKind(t, err, KindCanceled)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("%v does not wrap context.Canceled", err)
	}
}

func TestNoNetwork(t *testing.T) {
	srv := pageserver.New(t)
	u := srv.URL("/article")
	srv.Close()
	_, err := newTestExtractor(Options{}).Extract(context.Background(), u)
	xe := wantKind(t, err, KindNetwork)
	if !strings.HasPrefix(xe.Error(), "no network: could not reach 127.0.0.1") {
		t.Errorf("message %q", xe)
	}
}

func TestRewrite(t *testing.T) {
	srv := pageserver.New(t)
	const page = "https://news.kellmouth.example/2026/03/barrier"
	e := newTestExtractor(Options{Rewrite: func(u string) string {
		if u == page {
			return srv.URL("/article")
		}
		return ""
	}})
	a := extractOK(t, e, page)
	if a.URL != page || a.Links[0].URL != "https://news.kellmouth.example/places/river-kell" {
		t.Errorf("URL %q, first link %q", a.URL, a.Links[0].URL)
	}
}

func TestCacheServesOffline(t *testing.T) {
	srv := pageserver.New(t)
	cache, err := OpenCache(t.TempDir(), 0)
	if err != nil {
		t.Fatal(err)
	}
	e := newTestExtractor(Options{Cache: cache})
	u := srv.URL("/article")
	first := extractOK(t, e, u)
	srv.Close() // the network is gone
	second, err := e.Extract(context.Background(), u)
	if err != nil {
		t.Fatalf("from the cache with the network gone: %v", err)
	}
	if srv.Requests("/article") != 1 {
		t.Errorf("%d requests, want 1", srv.Requests("/article"))
	}
	if second.Markdown != first.Markdown || fmt.Sprint(second.Links) != fmt.Sprint(first.Links) ||
		!second.Fetched.Equal(first.Fetched) {
		t.Error("the cached article differs")
	}
	// A failed fetch is not cached.
	if _, ok := cache.Get(srv.URL("/forbidden")); ok {
		t.Error("a failure was cached")
	}
}

func TestFromHTMLContentType(t *testing.T) {
	pg, _ := pageserver.Get("/article")
	_, err := FromHTML(pg.Body, "application/json", "https://a.example/x")
	wantKind(t, err, KindNotHTML)
	_, err = FromHTML(pg.Body, "", "mailto:x@a.example")
	wantKind(t, err, KindBadURL)
	a, err := FromHTML(pg.Body, "", "https://a.example/x")
	if err != nil || a.Words < 1000 {
		t.Fatalf("FromHTML with no content type: %v, %d words", err, a.Words)
	}
}

// A page of more small elements than any article page has is refused at
// once rather than read for seconds; deep nesting is flattened, not
// refused.
func TestCrowdedPagesAreRefusedQuickly(t *testing.T) {
	var b strings.Builder
	b.WriteString("<html><body><article><h1>Crowded</h1>")
	for range 30_000 {
		b.WriteString("<div class=card><a href=/x>teaser headline words</a></div>\n")
	}
	b.WriteString("</article></body></html>")
	_, err := FromHTML([]byte(b.String()), "text/html", "https://crowded.example/")
	var xe *Error
	if !errors.As(err, &xe) || xe.Kind != KindTooLarge ||
		xe.Error() != "the page is too complex to read here (over 50,000 elements)" {
		t.Fatalf("a page of 60,000 elements gave %v", err)
	}
	nested, _ := pageserver.Get("/nested")
	if _, err := FromHTML(nested.Body, nested.ContentType, "https://www.gazette.example/nested"); err != nil {
		t.Errorf("the deeply nested page was refused: %v", err)
	}
}
