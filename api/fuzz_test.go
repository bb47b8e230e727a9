package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"tidings/model"
)

// redactTestKey is the redact function of a client holding testKey.
var redactTestKey = (&Client{apiKey: testKey}).redact

// FuzzDecodeArticlesPage feeds arbitrary bodies to the articles decoder: it
// must never panic, must reject what is not JSON, and every page it accepts
// must be one the UI can page through without surprises. Seeds live in
// testdata/fuzz/FuzzDecodeArticlesPage.
func FuzzDecodeArticlesPage(f *testing.F) {
	for _, name := range []string{"articles_camel.json", "articles_snake.json", "articles_odd_types.json", "truncated.json"} {
		f.Add(fixture(f, name))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, hint := range []pagingHint{{}, {page: 3, pageSize: 50}} {
			page, err := decodeArticlesPage(body, hint, redactTestKey)
			if err != nil {
				checkDecodeError(t, err)
				continue
			}
			if !json.Valid(body) {
				t.Fatalf("accepted a body that is not JSON: %q", body)
			}
			checkSanePage(t, page)
			for _, a := range page.Items {
				checkSaneArticle(t, a)
			}
		}
	})
}

// FuzzDecodeSourcesPage does the same for /sources bodies; sources come
// back with their codes lower-cased, as the model holds them.
func FuzzDecodeSourcesPage(f *testing.F) {
	for _, name := range []string{"sources_camel.json", "sources_snake.json", "error_in_ok.json"} {
		f.Add(fixture(f, name))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		page, err := decodeSourcesPage(body, pagingHint{page: 2}, redactTestKey)
		if err != nil {
			checkDecodeError(t, err)
			return
		}
		checkSanePage(t, page)
		for _, s := range page.Items {
			codes := string(s.Category) + string(s.Language) + string(s.Country)
			if codes != strings.ToLower(codes) || !utf8.ValidString(s.ID+s.Name+s.Description+s.URL+codes) {
				t.Fatalf("source %+v: codes not lower case or text not UTF-8", s)
			}
		}
	})
}

func checkDecodeError(t *testing.T, err error) {
	t.Helper()
	var apiErr *Error
	if !errors.Is(err, ErrBadResponse) && !errors.Is(err, ErrEmptyResponse) && !errors.As(err, &apiErr) {
		t.Fatalf("unexpected error kind: %v", err)
	}
	checkShortText(t, err.Error())
}

func checkSanePage[T any](t *testing.T, p model.Page[T]) {
	t.Helper()
	switch {
	case p.Items == nil:
		t.Fatal("nil Items")
	case p.Page < 1 || p.Page > model.MaxPage:
		t.Fatalf("Page %d", p.Page)
	case p.PageSize < 1 || len(p.Items) > p.PageSize:
		t.Fatalf("PageSize %d with %d items", p.PageSize, len(p.Items))
	case p.TotalResults < 0:
		t.Fatalf("TotalResults %d", p.TotalResults)
	case len(p.Items) > 0 && p.TotalResults < (p.Page-1)*p.PageSize+len(p.Items):
		t.Fatalf("TotalResults %d is below the %d items seen by page %d", p.TotalResults, (p.Page-1)*p.PageSize+len(p.Items), p.Page)
	case p.HasMore() && p.TotalPages() <= p.Page:
		t.Fatal("HasMore with no page left")
	}
}

func checkSaneArticle(t *testing.T, a model.Article) {
	t.Helper()
	for _, s := range []string{a.Source.ID, a.Source.Name, a.Author, a.Title, a.Description, a.URL, a.URLToImage, a.Content} {
		if !utf8.ValidString(s) {
			t.Fatalf("invalid UTF-8 in %q", s)
		}
	}
	if ts := a.PublishedAt; !ts.IsZero() {
		if ts.Location() != time.UTC || ts.Year() < 1 || ts.Year() > 9999 {
			t.Fatalf("PublishedAt %v is not a UTC time in years 1..9999", ts)
		}
	}
}

// checkShortText: an error text fits a status line and is safe to print.
func checkShortText(t *testing.T, s string) {
	t.Helper()
	if utf8.RuneCountInString(s) > 320 || !utf8.ValidString(s) || strings.Contains(s, testKey) {
		t.Fatalf("error text unfit to show: %q", s)
	}
	if strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) }) >= 0 {
		t.Fatalf("control character in error text %q", s)
	}
}

// FuzzDecodeError feeds arbitrary error answers to the error decoder: it
// must always give an *Error with the HTTP status, a short clean message and
// a bounded Retry-After, whatever the body. Seeds live in
// testdata/fuzz/FuzzDecodeError.
func FuzzDecodeError(f *testing.F) {
	f.Add(400, "application/json", "", fixture(f, "error_a_number.json"))
	f.Add(429, "application/json", "120", fixture(f, "error_b_string.json"))
	f.Add(502, "text/html", "", fixture(f, "bad_gateway.html"))
	f.Fuzz(func(t *testing.T, status int, contentType, retryAfter string, body []byte) {
		status = 400 + (status%200+200)%200 // the decoder sees only 4xx and 5xx
		h := http.Header{"Content-Type": {contentType}, "Retry-After": {retryAfter}}
		now := time.Date(2026, 11, 22, 18, 0, 0, 0, time.UTC)
		e := decodeErrorResponse(status, h, body, now, redactTestKey)
		if e == nil || e.Status != status {
			t.Fatalf("got %+v for status %d", e, status)
		}
		if utf8.RuneCountInString(e.Message) > maxMessageRunes || utf8.RuneCountInString(e.Code) > 64 {
			t.Fatalf("message or code too long: %q %q", e.Code, e.Message)
		}
		checkShortText(t, e.Error())
		if e.RetryAfter < 0 || e.RetryAfter > maxRetryAfter {
			t.Fatalf("RetryAfter %v out of range", e.RetryAfter)
		}
		if e.RetryAfter != 0 && status != http.StatusTooManyRequests && status != http.StatusServiceUnavailable {
			t.Fatalf("RetryAfter set on a %d", status)
		}
	})
}
