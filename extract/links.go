package extract

import (
	"net/url"
	"strings"
)

// linker numbers an article's links in order of first appearance, each
// address once.
type linker struct {
	base  *url.URL
	links []Link
	index map[string]int // address → number
}

func newLinker(base *url.URL) *linker {
	return &linker{base: base, index: map[string]int{}}
}

// number returns the number of the link to href with text, adding it if
// it is new; 0 if href is not an absolute http(s) address once resolved
// against the page's address, or only points within the page itself.
func (l *linker) number(href, text string) int {
	abs := l.resolve(href)
	if abs == "" {
		return 0
	}
	if n, ok := l.index[abs]; ok {
		return n
	}
	l.links = append(l.links, Link{Text: collapseSpace(text), URL: abs})
	n := len(l.links)
	l.index[abs] = n
	return n
}

// resolve makes href absolute; "" when it is not a web address or is a
// fragment of this very page.
func (l *linker) resolve(href string) string {
	href = strings.TrimSpace(href)
	if href == "" || strings.HasPrefix(href, "#") {
		return ""
	}
	ref, err := url.Parse(href)
	if err != nil {
		return ""
	}
	u := l.base.ResolveReference(ref)
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	if u.Fragment != "" && samePage(u, l.base) {
		return ""
	}
	return u.String()
}

// samePage says whether u is base with only a fragment added.
func samePage(u, base *url.URL) bool {
	v := *u
	v.Fragment, v.RawFragment = "", ""
	b := *base
	b.Fragment, b.RawFragment = "", ""
	return v.String() == b.String()
}
