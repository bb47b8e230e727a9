package demo

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"net/url"
	"strings"

	"tidings/model"
)

// PagesPath is where PagesHandler serves article pages: GET
// PagesPath?url=<article URL>.
const PagesPath = "/demo/pages"

// maxPageURL bounds the url parameter; the catalogue's are under 120 bytes.
const maxPageURL = 2048

// PagesHandler serves the demo catalogue's article pages (PageHTML) at
// GET PagesPath?url=<article URL>, so that the reader's "full text" works
// in the demo without the demo's links pretending to be real: an article
// still links to https://<outlet>.example/…, and only this loopback
// service, asked for that address, answers with the page.
//
// lookup finds an article by its exact URL (sqlite.Store.ArticleByURL);
// an error matching fs.ErrNotExist means there is none. The answer is 404
// for an article lookup does not have and for any url that is not an
// https address under .example, 500 when lookup fails otherwise, and 405
// for methods other than GET and HEAD. Error bodies are fixed plain text:
// the request's url is never echoed.
func PagesHandler(lookup func(ctx context.Context, url string) (model.Article, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		raw := r.URL.Query().Get("url")
		if _, ok := exampleURL(raw); !ok {
			http.Error(w, "no such demo article", http.StatusNotFound)
			return
		}
		a, err := lookup(r.Context(), raw)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			http.Error(w, "no such demo article", http.StatusNotFound)
			return
		case err != nil:
			http.Error(w, "the demo catalogue could not be read", http.StatusInternalServerError)
			return
		}
		page := PageHTML(a)
		h.Set("Content-Type", "text/html; charset=utf-8")
		// The page needs nothing from anywhere: no script runs, nothing
		// loads, should a browser ever be pointed at it.
		h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
		h.Set("Cache-Control", "public, max-age=3600")
		_, _ = w.Write(page)
	})
}

// PageRewrite returns the address mapper the reader's extractor is given
// in the demo: for an https URL whose host ends in ".example" (the demo
// catalogue's outlets, RFC 2606 names that exist nowhere) it returns the
// address of that page on the demo service at serviceBase (its origin,
// "http://127.0.0.1:PORT"; a trailing slash is ignored), and "" for any
// other URL, which the extractor then fetches as it is. The fragment is
// dropped, as a browser does before it asks for a page.
func PageRewrite(serviceBase string) func(pageURL string) string {
	base := strings.TrimRight(serviceBase, "/")
	return func(pageURL string) string {
		if _, ok := exampleURL(pageURL); !ok {
			return ""
		}
		page, _, _ := strings.Cut(pageURL, "#")
		return base + PagesPath + "?url=" + url.QueryEscape(page)
	}
}

// exampleURL parses s and reports whether it is an https URL of a host
// under .example, without user-info.
func exampleURL(s string) (*url.URL, bool) {
	if s == "" || len(s) > maxPageURL {
		return nil, false
	}
	u, err := url.Parse(s)
	if err != nil || u.Scheme != "https" || u.User != nil || u.Opaque != "" {
		return nil, false
	}
	host := strings.ToLower(u.Hostname())
	name, ok := strings.CutSuffix(host, ".example")
	return u, ok && name != "" && !strings.HasSuffix(name, ".")
}
