package demo_test

import (
	"bytes"
	"context"
	"errors"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	xhtml "golang.org/x/net/html"

	"tidings/model"
	"tidings/server/demo"
	"tidings/server/demodb"
)

// parse reads a page; the tests look at it as an extractor would.
func parse(t *testing.T, page []byte) *xhtml.Node {
	t.Helper()
	doc, err := xhtml.Parse(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// all returns the elements under n for which match is true, in order.
func all(n *xhtml.Node, match func(*xhtml.Node) bool) []*xhtml.Node {
	var out []*xhtml.Node
	for c := range n.Descendants() {
		if c.Type == xhtml.ElementNode && match(c) {
			out = append(out, c)
		}
	}
	return out
}

func tag(name string) func(*xhtml.Node) bool {
	return func(n *xhtml.Node) bool { return n.Data == name }
}

func attr(n *xhtml.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func text(n *xhtml.Node) string {
	var sb strings.Builder
	for c := range n.Descendants() {
		if c.Type == xhtml.TextNode {
			sb.WriteString(c.Data)
		}
	}
	return sb.String()
}

// visible is what the service sends of a's content: tags and entities
// decoded, without the truncation marker.
func visible(a model.Article) string {
	s := a.Content
	if i := strings.LastIndex(s, "… [+"); i >= 0 {
		s = s[:i]
	}
	for _, tag := range []string{"<p>", "</p>", "<b>", "</b>"} {
		s = strings.ReplaceAll(s, tag, "")
	}
	return strings.TrimSpace(html.UnescapeString(s))
}

// Every page (a sample of every seventh article, all languages) has the
// shape of a news site's article page, and its body begins with what the
// service sends of the article.
func TestPageHTMLShape(t *testing.T) {
	sources, articles := demo.Catalogue(time.Now())
	lang := map[string]string{}
	for _, s := range sources {
		lang[s.ID] = map[model.Language]string{"se": "sv", "ud": "ur"}[s.Language]
		if lang[s.ID] == "" {
			lang[s.ID] = string(s.Language)
		}
	}
	langs := map[string]bool{}
	for i := 0; i < len(articles); i += 7 {
		a := articles[i]
		doc := parse(t, demo.PageHTML(a))
		root := all(doc, tag("html"))[0]
		if got := attr(root, "lang"); got != lang[a.Source.ID] {
			t.Fatalf("%s: lang %q, want %q", a.URL, got, lang[a.Source.ID])
		}
		langs[attr(root, "lang")] = true
		if len(all(doc, func(n *xhtml.Node) bool { return n.Data == "meta" && attr(n, "charset") == "utf-8" })) != 1 {
			t.Fatalf("%s: no <meta charset>", a.URL)
		}
		if title := all(doc, tag("title")); len(title) != 1 || !strings.HasPrefix(text(title[0]), a.Title) {
			t.Fatalf("%s: <title> %q", a.URL, text(title[0]))
		}
		art := all(doc, tag("article"))
		if len(art) != 1 {
			t.Fatalf("%s: %d <article>", a.URL, len(art))
		}
		h1 := all(art[0], tag("h1"))
		if len(h1) != 1 || text(h1[0]) != a.Title {
			t.Fatalf("%s: h1 %v, want %q", a.URL, h1, a.Title)
		}
		if a.Author != "" && !strings.Contains(text(art[0]), a.Author) {
			t.Fatalf("%s: no byline", a.URL)
		}
		if len(all(art[0], tag("time"))) != 1 {
			t.Fatalf("%s: no <time>", a.URL)
		}
		imgs := all(art[0], tag("img"))
		if a.URLToImage != "" && (len(imgs) != 1 || attr(imgs[0], "src") != a.URLToImage || attr(imgs[0], "alt") == "") ||
			a.URLToImage == "" && len(imgs) != 0 {
			t.Fatalf("%s: images %v for %q", a.URL, imgs, a.URLToImage)
		}
		body := all(art[0], func(n *xhtml.Node) bool { return attr(n, "class") == "article-body" })[0]
		for _, el := range []string{"h2", "ul", "blockquote"} {
			if len(all(body, tag(el))) == 0 {
				t.Fatalf("%s: no <%s> in the body", a.URL, el)
			}
		}
		host := "https://" + strings.SplitN(strings.TrimPrefix(a.URL, "https://"), "/", 2)[0] + "/"
		links := all(body, tag("a"))
		if len(links) < 2 {
			t.Fatalf("%s: %d links in the body", a.URL, len(links))
		}
		for _, l := range links {
			if !strings.HasPrefix(attr(l, "href"), host) {
				t.Fatalf("%s links to %s", a.URL, attr(l, "href"))
			}
		}
		// The body begins with the lead and the content, the cut
		// sentence completed.
		var ps []string
		for _, p := range all(body, tag("p")) {
			if attr(p, "class") == "read-more" {
				break
			}
			ps = append(ps, text(p))
		}
		start := strings.Join(ps, " ")
		if want := visible(a); want != "" && !strings.HasPrefix(start, want) {
			t.Fatalf("%s: the body begins\n%q\nnot with the content\n%q", a.URL, start, want)
		}
		if a.Content == "" && ps[0] != html.UnescapeString(a.Description) {
			t.Fatalf("%s: the body begins %q, not with the description", a.URL, ps[0])
		}
		// Around the article, what an extractor must drop.
		for _, class := range []string{"cookie-consent", "main-nav", "ad ad-leaderboard", "related", "newsletter", "comments"} {
			if len(all(doc, func(n *xhtml.Node) bool { return attr(n, "class") == class })) != 1 {
				t.Fatalf("%s: no %s", a.URL, class)
			}
		}
	}
	if len(langs) != 13 {
		t.Fatalf("sampled %d languages", len(langs))
	}
}

// A truncated article's page goes on past what the service sends.
func TestPageHTMLGoesOn(t *testing.T) {
	_, articles := demo.Catalogue(time.Now())
	pages, longer := 0, 0
	for _, a := range articles {
		if !strings.Contains(a.Content, "[+") {
			continue
		}
		pages++
		body := all(parse(t, demo.PageHTML(a)), func(n *xhtml.Node) bool { return attr(n, "class") == "article-body" })[0]
		if len([]rune(text(body))) > len([]rune(visible(a)))+300 {
			longer++
		}
		if pages == 200 {
			break
		}
	}
	if longer < pages*9/10 {
		t.Fatalf("only %d of %d truncated articles' pages are 300 characters longer than the content", longer, pages)
	}
}

func TestPageHTMLIsDeterministic(t *testing.T) {
	_, articles := demo.Catalogue(time.Now())
	a, b := demo.PageHTML(articles[42]), demo.PageHTML(articles[42])
	if !bytes.Equal(a, b) {
		t.Fatal("the same article gave two pages")
	}
	if bytes.Equal(a, demo.PageHTML(articles[43])) {
		t.Fatal("two articles gave the same page")
	}
	// Not the catalogue's: still a page, still the same every time.
	odd := model.Article{Source: model.SourceRef{ID: "x", Name: "Odd"}, Title: "Odd", URL: "https://odd.example/general/odd"}
	if p := demo.PageHTML(odd); !bytes.Equal(p, demo.PageHTML(odd)) || !bytes.Contains(p, []byte("<h1 class=\"headline\">Odd</h1>")) {
		t.Fatalf("page of an unknown article:\n%s", p)
	}
}

// Every field is escaped: nothing in an article becomes markup.
func TestPageHTMLEscapes(t *testing.T) {
	hostile := `</title></h1><script>alert(1)</script>"'&amp;<img src=x onerror=alert(2)>`
	a := model.Article{
		Source:      model.SourceRef{ID: "evil", Name: hostile},
		Author:      hostile,
		Title:       hostile,
		Description: "&lt;script&gt;alert(3)&lt;/script&gt; lead",
		Content:     "<p>" + hostile + "</p>… [+500 chars]",
		URL:         `https://evil.example/x"><script>alert(4)</script>`,
		URLToImage:  "javascript:alert(5)",
		PublishedAt: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	}
	page := demo.PageHTML(a)
	doc := parse(t, page)
	if scripts := all(doc, tag("script")); len(scripts) != 1 || strings.Contains(text(scripts[0]), "alert") {
		t.Fatalf("scripts %d:\n%s", len(scripts), page)
	}
	for _, n := range all(doc, func(*xhtml.Node) bool { return true }) {
		for _, at := range n.Attr {
			if strings.HasPrefix(at.Key, "on") || strings.Contains(strings.ToLower(at.Val), "javascript:") {
				t.Fatalf("<%s %s=%q>", n.Data, at.Key, at.Val)
			}
		}
	}
	if h1 := all(doc, tag("h1")); len(h1) != 1 || text(h1[0]) != hostile {
		t.Fatalf("h1 %q", text(h1[0]))
	}
	if strings.Contains(text(all(doc, tag("article"))[0]), "alert(3)") == false {
		t.Fatal("the decoded description is not shown as text")
	}
}

// lookupIn is PagesHandler's lookup over the demo image, with a count.
func openDemo(t *testing.T) func(context.Context, string) (model.Article, error) {
	t.Helper()
	st, err := demodb.Open(time.Now())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st.ArticleByURL
}

func get(t *testing.T, h http.Handler, method, target string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	return rec
}

func TestPagesHandlerServesDemoArticles(t *testing.T) {
	lookup := openDemo(t)
	h := demo.PagesHandler(lookup)
	_, articles := demo.Catalogue(time.Now())
	served := 0
	for _, a := range articles {
		if !strings.Contains(a.Content, "[+") || a.Description == "" {
			continue
		}
		rec := get(t, h, http.MethodGet, demo.PagesPath+"?url="+url.QueryEscape(a.URL))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "text/html; charset=utf-8" {
			t.Fatalf("%s: %d %q", a.URL, rec.Code, rec.Header().Get("Content-Type"))
		}
		doc := parse(t, rec.Body.Bytes())
		art := text(all(doc, tag("article"))[0])
		first := visible(a)
		if i := strings.IndexAny(first, ".!?؟۔"); i > 0 {
			first = first[:i]
		}
		if h1 := all(doc, tag("h1")); text(h1[0]) != a.Title || !strings.Contains(art, first) {
			t.Fatalf("%s: page titled %q lacks %q", a.URL, text(h1[0]), first)
		}
		if served++; served == 20 {
			break
		}
	}
	if rec := get(t, h, http.MethodHead, demo.PagesPath+"?url="+url.QueryEscape(articles[0].URL)); rec.Code != http.StatusOK {
		t.Fatalf("HEAD: %d", rec.Code)
	}
}

func TestPagesHandlerRefuses(t *testing.T) {
	h := demo.PagesHandler(openDemo(t))
	for _, u := range []string{
		"",
		"https://nowhere.example/general/nothing-000000",
		"https://www.bbc.co.uk/news/1",
		"http://harborledger.example/business/x",
		"https://user@harborledger.example/business/x",
		"https://example/x",
		"javascript:alert(1)",
		"https://evil.example/<script>alert(1)</script>",
		"https://" + strings.Repeat("a", 3000) + ".example/",
	} {
		rec := get(t, h, http.MethodGet, demo.PagesPath+"?url="+url.QueryEscape(u))
		if rec.Code != http.StatusNotFound || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") ||
			strings.Contains(rec.Body.String(), "<") || (u != "" && strings.Contains(rec.Body.String(), u)) {
			t.Errorf("%q: %d %q %q", u, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
		}
	}
	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete} {
		if rec := get(t, h, m, demo.PagesPath+"?url=x"); rec.Code != http.StatusMethodNotAllowed || rec.Header().Get("Allow") == "" {
			t.Errorf("%s: %d", m, rec.Code)
		}
	}
	broken := demo.PagesHandler(func(context.Context, string) (model.Article, error) {
		return model.Article{}, errors.New("disk on fire")
	})
	rec := get(t, broken, http.MethodGet, demo.PagesPath+"?url="+url.QueryEscape("https://a.example/b"))
	if rec.Code != http.StatusInternalServerError || strings.Contains(rec.Body.String(), "fire") {
		t.Errorf("failing lookup: %d %q", rec.Code, rec.Body.String())
	}
}

func TestPageRewrite(t *testing.T) {
	rw := demo.PageRewrite("http://127.0.0.1:8080/")
	for _, tc := range []struct{ in, want string }{
		{"https://harborledger.example/business/some-slug-abc123",
			"http://127.0.0.1:8080/demo/pages?url=https%3A%2F%2Fharborledger.example%2Fbusiness%2Fsome-slug-abc123"},
		{"https://Harborledger.EXAMPLE/x#comments", "http://127.0.0.1:8080/demo/pages?url=https%3A%2F%2FHarborledger.EXAMPLE%2Fx"},
		{"https://a.example/q?x=1&y=2", "http://127.0.0.1:8080/demo/pages?url=https%3A%2F%2Fa.example%2Fq%3Fx%3D1%26y%3D2"},
		{"http://harborledger.example/business/x", ""},
		{"https://www.bbc.co.uk/news/1", ""},
		{"https://example.com/", ""},
		{"https://example/x", ""},
		{"https://a.example.com/x", ""},
		{"https://user@a.example/x", ""},
		{"ftp://a.example/x", ""},
		{"", ""},
		{"not a url", ""},
	} {
		if got := rw(tc.in); got != tc.want {
			t.Errorf("PageRewrite(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// What the rewrite gives is what the handler serves.
	lookup := openDemo(t)
	_, articles := demo.Catalogue(time.Now())
	srv := httptest.NewServer(demo.PagesHandler(lookup))
	defer srv.Close()
	resp, err := http.Get(demo.PageRewrite(srv.URL)(articles[7].URL + "#top"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("rewritten address: %d", resp.StatusCode)
	}
}
