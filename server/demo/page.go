package demo

import (
	"bytes"
	"html"
	"html/template"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"tidings/lazy"
	"tidings/model"
)

// Article pages. The catalogue's articles link to https://<outlet>.example/…,
// addresses that do not exist (RFC 2606), and send a truncated content.
// PageHTML writes the page such an outlet would serve: the whole article,
// in the article's language and in the catalogue's own prose, inside the
// clutter real news sites put around it (navigation, a cookie banner, ads,
// related links, a newsletter box, comments), so that the reader's
// extractor has real work to do. PagesHandler serves these pages from the
// demo service; the links themselves stay honest.

// pageStory is what the generator decided for one article: the outlet,
// the category and the story whose seed fixes its names and numbers.
type pageStory struct {
	src  *sourceInfo
	cat  model.Category
	seed uint64
	fam  int
}

// pageLink is another article of an outlet, for the page's links.
type pageLink struct{ URL, Title string }

// pageIndex maps the catalogue's article URLs to their stories and lists
// each outlet's articles, in catalogue order.
type pageIndex struct {
	stories  map[string]pageStory
	bySource map[string][]pageLink
	sources  map[string]*sourceInfo
}

// catalogueIndex regenerates the catalogue once (tens of milliseconds, on
// the first page asked for) to learn each article's story: URLs and
// stories do not depend on the generator's now, so any instant gives the
// same ones as the image the service serves.
var catalogueIndex = lazy.Value[*pageIndex]{Build: func() *pageIndex {
	g := newGenerator(time.Time{})
	idx := &pageIndex{
		stories:  make(map[string]pageStory, len(g.plan)),
		bySource: map[string][]pageLink{},
		sources:  map[string]*sourceInfo{},
	}
	for i := range g.sources {
		idx.sources[g.sources[i].ID] = &g.sources[i]
	}
	// The same walk as generator.articles (TestPageIndexIsTheCatalogue
	// checks that they agree), keeping what pages need.
	g.text.Grow(len(g.plan) * bytesPerArticle)
	var seen map[string]bool
	var current *sourceInfo
	for i, p := range g.plan {
		if p.src != current {
			current, seen = p.src, map[string]bool{}
		}
		st, title := g.pickStory(p, seen)
		a := g.write(i, p, st, title)
		u := strings.Clone(a.URL)
		idx.stories[u] = pageStory{src: p.src, cat: p.cat, seed: st.seed, fam: st.fam}
		idx.bySource[p.src.ID] = append(idx.bySource[p.src.ID], pageLink{URL: u, Title: strings.Clone(a.Title)})
	}
	return idx
}}

// storyOf finds a's story; an article that is not the catalogue's (a test's,
// or a store's own) gets one derived from its URL, in its outlet's language
// when the outlet is known and English otherwise.
func (idx *pageIndex) storyOf(a model.Article) pageStory {
	if st, ok := idx.stories[a.URL]; ok {
		return st
	}
	src := idx.sources[a.Source.ID]
	if src == nil {
		host := "news.example"
		if u, err := url.Parse(a.URL); err == nil && u.Hostname() != "" {
			host = u.Hostname()
		}
		src = &sourceInfo{Source: model.Source{ID: a.Source.ID, Name: a.Source.Name, Category: gen, Language: "en"},
			bank: bankEN.Get(), domain: host}
	}
	cat := src.Category
	if u, err := url.Parse(a.URL); err == nil {
		first, _, _ := strings.Cut(strings.TrimPrefix(u.Path, "/"), "/")
		if t := src.bank.topics[model.Category(first)]; t != nil {
			cat = model.Category(first)
		}
	}
	if src.bank.topics[cat] == nil {
		cat = gen
	}
	seed := mix(hashString(a.URL))
	return pageStory{src: src, cat: cat, seed: seed, fam: int(seed % uint64(len(src.bank.topics[cat].titles)))}
}

// webURL returns s when it is an http(s) URL, else "": the image address
// also goes into a <meta> attribute, which html/template does not treat as
// a URL.
func webURL(s string) string {
	if u, err := url.Parse(s); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" {
		return s
	}
	return ""
}

// htmlLang is the BCP 47 tag for a catalogue language: the spec's "se"
// and "ud" are Swedish and Urdu, "sv" and "ur" to a browser.
func htmlLang(l model.Language) string {
	switch l {
	case "se":
		return "sv"
	case "ud":
		return "ur"
	}
	return string(l)
}

// pageBlock is one block of the article body: exactly one field is set.
type pageBlock struct {
	P, H2 string
	List  []string
	Quote string
	Link  *pageLink
}

// pageData is what the page template shows.
type pageData struct {
	Lang, Dir   string
	Site, Home  string
	Title       string
	Author      string
	AuthorURL   string
	Time        string
	TimeText    string
	Image, Alt  string
	Section     string
	SectionURL  string
	Nav         []pageLink
	Body        []pageBlock
	Related     []pageLink
	CommentUser []string
}

// PageHTML returns the page the article's outlet would serve for a: an
// HTML document in the article's language (with <html lang> and, for
// Arabic, Hebrew and Urdu, dir="rtl") whose <article> holds the headline,
// byline, time, the image when there is one, and a body that begins with
// the description and the content the service sends (without the
// "… [+N chars]" marker, the cut sentence completed) and goes on for about
// N more characters of the catalogue's prose about the same story, with
// subheadings, a list, a quote and links to other pages of the outlet.
// Around it: site navigation, a cookie banner, an ad, related articles, a
// newsletter box and comments, which an extractor must drop. The chrome
// is in English; the article is in its own language. Every string is
// escaped (html/template). The page depends only on a: the same article
// always gives the same bytes.
func PageHTML(a model.Article) []byte {
	idx := catalogueIndex.Get()
	st := idx.storyOf(a)
	b, t := st.src.bank, st.src.bank.topics[st.cat]
	sc := scope{b: b, seed: st.seed}
	home := "https://" + st.src.domain + "/"

	d := pageData{
		Lang: htmlLang(b.lang), Dir: "ltr",
		Site: st.src.Name, Home: home,
		Title:      a.Title,
		Author:     a.Author,
		Section:    string(st.cat),
		SectionURL: home + string(st.cat) + "/",
		Image:      webURL(a.URLToImage),
	}
	if d.Site == "" {
		d.Site = a.Source.Name
	}
	switch b.lang {
	case "ar", "he", "ud":
		d.Dir = "rtl"
	}
	if d.Author != "" {
		d.AuthorURL = home + "authors/" + slugify(d.Author, 40)
	}
	if !a.PublishedAt.IsZero() {
		d.Time = a.PublishedAt.UTC().Format(time.RFC3339)
		d.TimeText = a.PublishedAt.UTC().Format("2006-01-02 15:04 UTC")
	}
	if d.Image != "" {
		d.Alt = d.Title
	}
	for _, c := range model.Categories() {
		d.Nav = append(d.Nav, pageLink{URL: home + string(c) + "/", Title: string(c)})
	}
	others := otherArticles(idx.bySource[st.src.ID], a.URL, 6)
	for len(others) < 6 { // an outlet the catalogue does not know: its sections
		c := model.Categories()[len(others)]
		others = append(others, pageLink{URL: home + string(c) + "/", Title: string(c)})
	}
	d.Related = others[2:]
	d.Body = articleBody(a, st, sc, t, others[:2])
	d.CommentUser = []string{sc.render("{person}"), sc.render("{person2}"), sc.render("{person3}")}

	var out bytes.Buffer
	if err := pageTemplate.Get().Execute(&out, d); err != nil {
		// The template is fixed and its data plain strings: this cannot
		// happen short of a bug, which the tests would show.
		panic("demo page: " + err.Error())
	}
	return out.Bytes()
}

// otherArticles picks up to n articles of list other than self, starting at
// a place fixed by self so neighbouring pages link to different ones.
func otherArticles(list []pageLink, self string, n int) []pageLink {
	var out []pageLink
	if len(list) == 0 {
		return out
	}
	start := int(hashString(self) % uint64(len(list)))
	for i := 0; i < len(list) && len(out) < n; i++ {
		if l := list[(start+i)%len(list)]; l.URL != self {
			out = append(out, l)
		}
	}
	return out
}

// articleBody lays out the article's text: the lead, the sent content in
// paragraphs, the rest of the story from the banks with a subheading, a
// list and a quote, and then, while the text is shorter than the marker
// promised, sections on the category's other stories (same names and
// numbers), each under its own headline; a filler line closes it. The
// banks hold a few dozen sentences per category, so a long marker is
// met only as far as they go.
func articleBody(a model.Article, st pageStory, sc scope, t *topic, links []pageLink) []pageBlock {
	b := sc.b
	visible, more := splitMarker(plainText(a.Content))
	desc := plainText(a.Description)
	target := utf8.RuneCountInString(visible) + more

	// Sections of rendered sentences: 0 is this story (the sentences the
	// generator could have written for it), k is family fam+k's.
	nfam := len(t.titles)
	sections := make([][]string, nfam)
	seen := map[string]bool{}
	add := func(k int, list ...string) {
		for _, s := range list {
			if r := sc.render(s); r != "" && !seen[r] {
				seen[r] = true
				sections[k] = append(sections[k], r)
			}
		}
	}
	var buf [64]string
	own, shared := split(buf[:0], t.body, st.fam)
	add(0, own...)
	add(0, shared...)
	add(0, fitting(nil, t.descs, st.fam)...)
	for k := 1; k < nfam; k++ {
		for _, s := range t.body {
			if text, tagged, ok := fits(s, (st.fam+k)%nfam); tagged && ok {
				add(k, text)
			}
		}
		for _, s := range t.descs {
			if text, tagged, ok := fits(s, (st.fam+k)%nfam); tagged && ok {
				add(k, text)
			}
		}
	}
	var filler []string
	for _, s := range b.filler {
		filler = append(filler, sc.render(s))
	}
	used := map[string]bool{}

	// The lead: the summary the content starts with, as the generator
	// wrote it (the description may carry HTML entities); else the
	// description.
	lead, rest := desc, strings.TrimSpace(strings.TrimPrefix(visible, desc))
	for _, s := range append(fitting(nil, t.descs, st.fam), b.leads...) {
		if r := sc.render(s); strings.HasPrefix(visible, r) {
			lead, rest = r, strings.TrimSpace(visible[len(r):])
			break
		}
	}
	used[lead] = true

	// The sent sentences, the one the marker cut completed.
	candidates := append(append([]string(nil), sections[0]...), filler...)
	var sent []string
	for rest != "" {
		found := false
		for _, s := range candidates {
			if !used[s] && (strings.HasPrefix(rest, s) || strings.HasPrefix(s, rest)) {
				sent, used[s], found = append(sent, s), true, true
				rest = strings.TrimSpace(rest[min(len(s), len(rest)):])
				break
			}
		}
		if !found { // text the banks did not write: keep it as it is
			sent, rest = append(sent, rest), ""
		}
	}

	// take returns the next unused sentence of this story with a
	// quotation in it (when quote is set) or any.
	take := func(quote bool) string {
		for _, s := range sections[0] {
			if !used[s] && (!quote || strings.ContainsAny(s, quoteMarks)) {
				used[s] = true
				return s
			}
		}
		return ""
	}
	var body []pageBlock
	length := 0
	para := func(ss ...string) bool {
		var nonEmpty []string
		for _, s := range ss {
			if s != "" {
				nonEmpty = append(nonEmpty, s)
				length += utf8.RuneCountInString(s) + 1
			}
		}
		if len(nonEmpty) > 0 {
			body = append(body, pageBlock{P: strings.Join(nonEmpty, " ")})
		}
		return len(nonEmpty) > 0
	}
	para(lead)
	for i := 0; i < len(sent); i += 2 {
		para(sent[i:min(i+2, len(sent))]...)
	}

	// The rest of this story, under one of its other headlines.
	head := sc.render(t.titles[(st.fam+1)%nfam][0])
	for _, h := range t.titles[st.fam] {
		if r := sc.render(h); r != a.Title {
			head = r
			break
		}
	}
	body = append(body, pageBlock{Link: &links[0]}, pageBlock{H2: head})
	para(take(false), take(false))
	// A list: the story's next sentences, or when the banks hold too few,
	// the section's other stories of the day.
	unused := 0
	for _, s := range sections[0] {
		if !used[s] {
			unused++
		}
	}
	var list []string
	if unused >= 2 {
		for range min(3, unused) {
			list = append(list, take(false))
		}
	} else {
		for k := 1; k <= min(3, nfam-1); k++ {
			list = append(list, sc.render(t.titles[(st.fam+k)%nfam][0]))
		}
	}
	for _, s := range list {
		length += utf8.RuneCountInString(s)
	}
	body = append(body, pageBlock{List: list})
	// A quote: the story's own, else a pull quote repeating a sentence
	// with a quotation in it, else the lead.
	q := take(true)
	for _, s := range append(append([]string{}, sent...), sections[0]...) {
		if q == "" && strings.ContainsAny(s, quoteMarks) {
			q = s
		}
	}
	if q == "" {
		q = lead
	}
	body = append(body, pageBlock{Quote: q})
	// left takes what is unused of section k.
	left := func(k int) []string {
		var out []string
		for _, s := range sections[k] {
			if !used[s] {
				out, used[s] = append(out, s), true
			}
		}
		return out
	}
	rest0 := left(0)
	for i := 0; i < len(rest0); i += 2 {
		para(rest0[i:min(i+2, len(rest0))]...)
	}
	body = append(body, pageBlock{Link: &links[1]})

	// The category's other stories, while the marker asks for more.
	for k := 1; k < nfam && length < target; k++ {
		more := left(k)
		if len(more) == 0 {
			continue
		}
		body = append(body, pageBlock{H2: sc.render(t.titles[(st.fam+k)%nfam][0])})
		for i := 0; i < len(more); i += 3 {
			para(more[i:min(i+3, len(more))]...)
		}
	}
	for _, f := range filler {
		if !used[f] {
			para(f)
			break
		}
	}
	return body
}

// quoteMarks are the quotation marks the banks' sentences use.
const quoteMarks = "\"“”„«»״"

// splitMarker cuts the "… [+N chars]" marker off s, returning the text
// before it and N (0 when there is no marker).
func splitMarker(s string) (string, int) {
	i := strings.LastIndex(s, "[+")
	if i < 0 || !strings.HasSuffix(s, " chars]") {
		return s, 0
	}
	n, err := strconv.Atoi(s[i+2 : len(s)-len(" chars]")])
	if err != nil || n < 0 {
		return s, 0
	}
	text := strings.TrimSpace(s[:i])
	text = strings.TrimSpace(strings.TrimSuffix(text, "…"))
	return text, n
}

// plainText turns the catalogue's few HTML bits (<p>, <b>, entities) into
// plain text for the template to escape.
func plainText(s string) string {
	var sb strings.Builder
	for {
		i := strings.IndexByte(s, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(s[i:], '>')
		if j < 0 {
			break
		}
		sb.WriteString(s[:i])
		s = s[i+j+1:]
	}
	sb.WriteString(s)
	return strings.TrimSpace(html.UnescapeString(sb.String()))
}

// pageTemplate is a news site's article page. Classes and ids are the
// ones real sites use, which is what extractors look for. Parsed the
// first time a page is served, not at every start of the reader.
var pageTemplate = lazy.Value[*template.Template]{Build: func() *template.Template {
	return template.Must(template.New("page").Parse(pageHTML))
}}

const pageHTML = `<!DOCTYPE html>
<html lang="{{.Lang}}" dir="{{.Dir}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}} | {{.Site}}</title>
<meta property="og:title" content="{{.Title}}">
<meta property="og:site_name" content="{{.Site}}">
{{- if .Image}}
<meta property="og:image" content="{{.Image}}">{{end}}
{{- if .Author}}
<meta name="author" content="{{.Author}}">{{end}}
<script>window.dataLayer = window.dataLayer || []; dataLayer.push({"page": "article"});</script>
</head>
<body>
<div id="cookie-banner" class="cookie-consent" role="dialog">
<p>We use cookies to personalise content and ads and to analyse our traffic. You can change your choice at any time.</p>
<button>Accept all</button> <button>Manage preferences</button>
</div>
<header class="site-header">
<a class="logo" href="{{.Home}}">{{.Site}}</a>
<nav class="main-nav" aria-label="Sections">
<ul>{{range .Nav}}
<li><a href="{{.URL}}">{{.Title}}</a></li>{{end}}
</ul>
</nav>
<form class="search" action="{{.Home}}search"><input name="q" placeholder="Search"></form>
</header>
<div class="ad ad-leaderboard" aria-hidden="true"><span class="ad-label">Advertisement</span><div class="ad-slot" data-slot="top"></div></div>
<main id="content">
<article class="article">
<header class="article-header">
<p class="kicker"><a href="{{.SectionURL}}">{{.Section}}</a></p>
<h1 class="headline">{{.Title}}</h1>
<p class="byline">{{if .Author}}<a rel="author" class="author" href="{{.AuthorURL}}">{{.Author}}</a>, {{end}}<span class="source">{{.Site}}</span>{{if .Time}} · <time datetime="{{.Time}}">{{.TimeText}}</time>{{end}}</p>
</header>
{{- if .Image}}
<figure class="lead-image">
<img src="{{.Image}}" alt="{{.Alt}}" width="1200" height="675">
<figcaption>{{.Alt}} <span class="credit">© {{.Site}}</span></figcaption>
</figure>{{end}}
<div class="article-body">
{{- range .Body}}
{{- if .P}}
<p>{{.P}}</p>
{{- else if .H2}}
<h2>{{.H2}}</h2>
{{- else if .List}}
<ul>{{range .List}}
<li>{{.}}</li>{{end}}
</ul>
{{- else if .Quote}}
<blockquote><p>{{.Quote}}</p></blockquote>
{{- else if .Link}}
<p class="read-more">→ <a href="{{.Link.URL}}">{{.Link.Title}}</a></p>
{{- end}}
{{- end}}
</div>
</article>
<aside class="related" aria-label="Related articles">
<h2>Related articles</h2>
<ul>{{range .Related}}
<li><a href="{{.URL}}">{{.Title}}</a></li>{{end}}
</ul>
</aside>
<div class="ad ad-rectangle" aria-hidden="true"><span class="ad-label">Advertisement</span><div class="ad-slot" data-slot="mid"></div></div>
<section class="newsletter">
<h2>Get the morning briefing</h2>
<p>The day's most important stories from {{.Site}}, in your inbox every morning.</p>
<form action="{{.Home}}newsletter"><input type="email" name="email" placeholder="Your email address"> <button>Sign up</button></form>
</section>
<section id="comments" class="comments">
<h2>Comments ({{len .CommentUser}})</h2>
<ol>{{range .CommentUser}}
<li class="comment"><p class="comment-author">{{.}}</p><p class="comment-body">Thanks for the report. Does anyone know when the next update is due?</p></li>{{end}}
</ol>
</section>
</main>
<footer class="site-footer">
<p>© {{.Site}}. All rights reserved. <a href="{{.Home}}privacy">Privacy</a> · <a href="{{.Home}}terms">Terms</a> · <a href="{{.Home}}contact">Contact</a></p>
</footer>
</body>
</html>
`
