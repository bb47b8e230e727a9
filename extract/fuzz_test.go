package extract

import (
	"errors"
	"strings"
	"testing"

	"tidings/internal/fakes/pageserver"
)

// FuzzFromHTML feeds pages to FromHTML: it must not panic, and what it
// returns must keep the Article's promises.
func FuzzFromHTML(f *testing.F) {
	addFuzzSeeds(f)
	f.Fuzz(checkFromHTML)
}

// addFuzzSeeds adds the seed corpus: the test pages and a few
// pathological shapes.
func addFuzzSeeds(f *testing.F) {
	for _, path := range pageserver.Paths() {
		switch path {
		case "/big", "/huge", "/nested", "/gzip": // too large to mutate usefully
			continue
		}
		pg, _ := pageserver.Get(path)
		f.Add(pg.Body, pg.ContentType)
	}
	f.Add([]byte(strings.Repeat("<div>", 600)+"<p>"+strings.Repeat("deep text, ", 80)+"</p>"), "")
	f.Add([]byte("<p>"+strings.Repeat(`word <a href="/x">link</a> [1] \* `, 40)+"<img alt='a]b'></p>"), "text/html")
	f.Add([]byte("<table><tr><td><b><i><a href='https://a.example/'>x</a>"+strings.Repeat("<b>", 400)), "text/html; charset=koi8-r")
}

// checkFromHTML is one run of the fuzz test.
func checkFromHTML(t *testing.T, body []byte, contentType string) {
	{
		a, err := FromHTML(body, contentType, "https://news.example/a/b?c=d")
		var pe *panicError
		if errors.As(err, &pe) {
			t.Fatalf("panic: %v", pe.value)
		}
		if err != nil {
			var xe *Error
			if !errors.As(err, &xe) {
				t.Fatalf("error %v is not an *Error", err)
			}
			return
		}
		checkArticle(t, a)
		if limit := 8*len(body) + 4096; len(a.Markdown) > limit {
			t.Fatalf("Markdown of %d bytes from a page of %d", len(a.Markdown), len(body))
		}
		if got := len(strings.Fields(a.Plain())); got != a.Words {
			t.Fatalf("Words = %d, Plain has %d", a.Words, got)
		}
	}
}
