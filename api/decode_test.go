package api

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

func utc(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		panic(err)
	}
	return t.UTC()
}

// sameArticle compares articles with time.Equal for the timestamp.
func sameArticle(got, want model.Article) bool {
	if !got.PublishedAt.Equal(want.PublishedAt) {
		return false
	}
	got.PublishedAt, want.PublishedAt = time.Time{}, time.Time{}
	return got == want
}

var storm = model.Article{
	Source:      model.SourceRef{ID: "bbc-news", Name: "BBC News"},
	Author:      "BBC News",
	Title:       "Storm closes ports along the coast",
	Description: "Ferries are cancelled until Monday.",
	URL:         "https://www.bbc.co.uk/news/storm-ports",
	URLToImage:  "https://ichef.bbci.co.uk/storm.jpg",
	PublishedAt: utc("2026-11-20T08:00:00Z"),
	Content:     "Ferries are cancelled until Monday… [+1234 chars]",
}

func TestArticlesFixturesDecodeToWhatTheReaderShows(t *testing.T) {
	tests := []struct {
		name     string
		fixture  string
		query    model.ArticlesQuery
		wantPage model.Page[model.Article] // Items compared by wantItem
		wantItem map[int]model.Article
	}{
		{
			name:     "camelCase envelope with nulls, odd timestamps, entities and a duplicate",
			fixture:  "articles_camel.json",
			query:    model.ArticlesQuery{Q: "storm"},
			wantPage: model.Page[model.Article]{TotalResults: 57, Page: 2, PageSize: 7},
			wantItem: map[int]model.Article{
				0: storm,
				1: {Source: model.SourceRef{Name: "Example Wire"}, Title: "Markets open higher",
					URL: "https://wire.example.com/markets", PublishedAt: utc("2026-11-20T07:59:30.123456Z")},
				2: {Author: "Ana Lima", Title: "Rail strike called off", Description: "Unions and operators reach a deal.",
					URL: "https://news.example.org/rail", PublishedAt: utc("2026-11-20T08:30:00Z"),
					Content: "The strike planned for Friday will not go ahead."},
				3: {Source: model.SourceRef{ID: "the-verge", Name: "The Verge"}, Author: "J. O&#39;Neil",
					Title:       "Tom &amp; Jerry&#8217;s &quot;reboot&quot; &lt;confirmed&gt;",
					Description: "Caf&eacute; culture &mdash; explained", URL: "https://www.theverge.com/reboot",
					URLToImage: "https://cdn.theverge.com/reboot.png", Content: "&nbsp;"}, // garbage date: zero time
				4: storm, // duplicates are the UI's to drop
				5: {},
				6: {Source: model.SourceRef{ID: "le-monde", Name: "Le Monde"}, Author: "Rédaction",
					Title: "L’été indien \"tardif\"", Description: "Line one\nLine two\ttabbed",
					URL: "https://www.lemonde.fr/ete", PublishedAt: utc("2026-11-19T23:15:00Z"), Content: "🌤 sunny"},
			},
		},
		{
			name:     "snake_case envelope with published_at",
			fixture:  "articles_snake.json",
			query:    model.ArticlesQuery{Q: "x", PageSize: 50},
			wantPage: model.Page[model.Article]{TotalResults: 3, Page: 1, PageSize: 20},
			wantItem: map[int]model.Article{
				0: {Source: model.SourceRef{ID: "example", Name: "Example"}, Title: "Reduced record one",
					Description: "The general pagination example's article shape.", URL: "https://example.com/one",
					PublishedAt: utc("2026-11-18T10:00:00Z")},
				1: {Source: model.SourceRef{ID: "example", Name: "Example"}, Title: "Reduced record two",
					Description: "Fractional seconds and an offset.", URL: "https://example.com/two",
					PublishedAt: utc("2026-11-18T10:00:00.5Z")},
				2: {Title: "Reduced record three", Description: "No time at all.", URL: "https://example.com/three"},
			},
		},
		{
			name:     "no paging in the envelope: the query's page and size, total guessed from a short page",
			fixture:  "articles_no_paging.json",
			query:    model.ArticlesQuery{Q: "x", Page: 3, PageSize: 10},
			wantPage: model.Page[model.Article]{TotalResults: 22, Page: 3, PageSize: 10},
		},
		{
			name:     "no paging in the envelope and none asked: the spec's defaults",
			fixture:  "articles_no_paging.json",
			query:    model.ArticlesQuery{Q: "x"},
			wantPage: model.Page[model.Article]{TotalResults: 2, Page: 1, PageSize: 20},
		},
		{
			name:     "numbers as strings and floats, wrong-typed fields and non-object items",
			fixture:  "articles_odd_types.json",
			query:    model.ArticlesQuery{Q: "x"},
			wantPage: model.Page[model.Article]{TotalResults: 12, Page: 1, PageSize: 5},
			wantItem: map[int]model.Article{
				0: {Source: model.SourceRef{Name: "Plain Name Daily"}, Author: "42", URLToImage: "3.5",
					PublishedAt: time.Unix(1763625600, 0).UTC(), Content: "kept"},
				1: {Source: model.SourceRef{ID: "7"}, Title: "Millisecond epoch", PublishedAt: time.Unix(1763625600, 0).UTC()},
			},
		},
		{
			name:     "page past the end is empty, not an error",
			fixture:  "articles_empty_page.json",
			query:    model.ArticlesQuery{Q: "x", Page: 9},
			wantPage: model.Page[model.Article]{TotalResults: 40, Page: 9, PageSize: 20},
		},
		{
			name:     "null list is an empty page",
			fixture:  "articles_null_list.json",
			query:    model.ArticlesQuery{Q: "x"},
			wantPage: model.Page[model.Article]{TotalResults: 0, Page: 1, PageSize: 20},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeService(t, ok(fixture(t, tt.fixture)))
			page, err := f.client(t).Articles(context.Background(), tt.query)
			if err != nil {
				t.Fatalf("Articles: %v", err)
			}
			if page.TotalResults != tt.wantPage.TotalResults || page.Page != tt.wantPage.Page || page.PageSize != tt.wantPage.PageSize {
				t.Errorf("paging = total %d, page %d, size %d; want %d, %d, %d", page.TotalResults, page.Page,
					page.PageSize, tt.wantPage.TotalResults, tt.wantPage.Page, tt.wantPage.PageSize)
			}
			if tt.wantItem != nil && len(page.Items) != len(tt.wantItem) {
				t.Fatalf("got %d items, want %d", len(page.Items), len(tt.wantItem))
			}
			for i, want := range tt.wantItem {
				if !sameArticle(page.Items[i], want) {
					t.Errorf("item %d:\n got %+v\nwant %+v", i, page.Items[i], want)
				}
			}
			if page.Items == nil {
				t.Error("Items is nil; an empty page should have an empty slice")
			}
		})
	}
}

func TestHeadlinesUseTheSameDecoding(t *testing.T) {
	f := newFakeService(t, ok(fixture(t, "articles_camel.json")))
	page, err := f.client(t).LatestHeadlines(context.Background(), model.HeadlinesQuery{Country: "us"})
	if err != nil {
		t.Fatalf("LatestHeadlines: %v", err)
	}
	if len(page.Items) != 7 || !sameArticle(page.Items[0], storm) || page.TotalResults != 57 {
		t.Errorf("got %d items, total %d, first %+v", len(page.Items), page.TotalResults, page.Items[0])
	}
}

func TestSourcesFixtures(t *testing.T) {
	t.Run("camelCase without totalResults, upper-case codes", func(t *testing.T) {
		f := newFakeService(t, ok(fixture(t, "sources_camel.json")))
		page, err := f.client(t).Sources(context.Background(), model.SourcesQuery{})
		if err != nil {
			t.Fatalf("Sources: %v", err)
		}
		want := []model.Source{
			{ID: "abc-news", Name: "ABC News", Description: "Your trusted source for breaking news.",
				URL: "https://abcnews.go.com", Category: "general", Language: "en", Country: "us"},
			{ID: "le-monde", Name: "Le Monde", Description: "Actualit&eacute;s", URL: "https://www.lemonde.fr",
				Category: "general", Language: "fr", Country: "fr"},
			{Name: "Nameless"},
		}
		if len(page.Items) != len(want) {
			t.Fatalf("got %d sources, want %d", len(page.Items), len(want))
		}
		for i := range want {
			if page.Items[i] != want[i] {
				t.Errorf("source %d = %+v, want %+v", i, page.Items[i], want[i])
			}
		}
		// Three sources on a page of 20 is the whole list.
		if page.TotalResults != 3 || page.Page != 1 || page.PageSize != 20 || page.HasMore() {
			t.Errorf("paging = %d/%d/%d more=%v, want 3/1/20 false", page.TotalResults, page.Page, page.PageSize, page.HasMore())
		}
	})
	t.Run("snake_case", func(t *testing.T) {
		f := newFakeService(t, ok(fixture(t, "sources_snake.json")))
		page, err := f.client(t).Sources(context.Background(), model.SourcesQuery{Page: 2})
		if err != nil {
			t.Fatalf("Sources: %v", err)
		}
		if len(page.Items) != 1 || page.Items[0].ID != "bbc-news" || page.TotalResults != 45 ||
			page.Page != 2 || page.PageSize != 20 || page.TotalPages() != 3 || !page.HasMore() {
			t.Errorf("got %+v", page)
		}
	})
}

// TestBodiesThatAreNotPages covers 2xx and error answers the client must
// turn into the right error, with a text fit for a status bar.
func TestBodiesThatAreNotPages(t *testing.T) {
	tests := []struct {
		name        string
		reply       reply
		wantIs      error  // sentinel errors.Is must find
		wantStatus  int    // for *Error answers; 0 when no *Error is expected
		wantCode    string // for *Error answers
		wantInText  string
		wantNotText string
	}{
		{"shape A, numeric status", reply{status: 400, body: fixture(t, "error_a_number.json")},
			ErrInvalidParams, 400, "INVALID_COUNTRY_CODE", "The country code xx is not supported.", ""},
		{"shape A, status \"error\"", reply{status: 401, body: fixture(t, "error_a_string.json")},
			ErrUnauthorized, 401, "apiKeyInvalid", "Your API key is invalid", ""},
		{"shape B, numeric status", reply{status: 400, body: fixture(t, "error_b_number.json")},
			ErrInvalidParams, 400, "BAD_REQUEST", "pageSize cannot be zero", ""},
		{"shape B, string status, newline in message", reply{status: 429, body: fixture(t, "error_b_string.json")},
			ErrRateLimited, 429, "TOO_MANY_REQUESTS", "recently. Please wait.", "\n"},
		{"error nested under \"error\"", reply{status: 404, body: fixture(t, "error_nested.json")},
			ErrNotFound, 404, "NOT_FOUND", "No route /v3/articles", ""},
		{"empty JSON object", reply{status: 500, body: fixture(t, "error_empty_object.json")},
			ErrServer, 500, "", "Internal Server Error", ""},
		{"HTML 502 page", reply{status: 502, body: fixture(t, "bad_gateway.html"), header: map[string]string{"Content-Type": "text/html"}},
			ErrServer, 502, "", "Bad Gateway (the service sent a web page, not JSON)", "nginx"},
		{"plain text 503", reply{status: 503, body: fixture(t, "error_plain.txt"), header: map[string]string{"Content-Type": "text/plain"}},
			ErrServer, 503, "", "Service Unavailable: upstream connect error", "second line"},
		{"empty 500", reply{status: 500}, ErrServer, 500, "", "service error 500: Internal Server Error", ""},
		{"status error inside a 200", ok(fixture(t, "error_in_ok.json")),
			ErrRateLimited, 429, "TOO_MANY_REQUESTS", "Rate limit reached.", ""},
		{"truncated JSON", ok(fixture(t, "truncated.json")), ErrBadResponse, 0, "", "malformed or cut short", ""},
		{"empty body", ok(fixture(t, "empty.json")), ErrEmptyResponse, 0, "", "empty response", ""},
		{"white space only", ok(fixture(t, "whitespace.json")), ErrEmptyResponse, 0, "", "empty response", ""},
		{"204 No Content", reply{status: http.StatusNoContent}, ErrEmptyResponse, 0, "", "empty response", ""},
		{"HTML page with 200", reply{status: 200, body: fixture(t, "bad_gateway.html"), header: map[string]string{"Content-Type": "text/html"}},
			ErrBadResponse, 0, "", "got a web page", "nginx"},
		{"JSON array", ok(fixture(t, "not_object.json")), ErrBadResponse, 0, "", "expected a JSON object", ""},
		{"articles is an object", ok(fixture(t, "articles_not_array.json")), ErrBadResponse, 0, "", "not a JSON array", ""},
		{"neither status nor list", ok(fixture(t, "no_status_no_list.json")), ErrBadResponse, 0, "", "no status and no articles", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFakeService(t, tt.reply)
			_, err := f.client(t, WithRetries(0)).Articles(context.Background(), model.ArticlesQuery{Q: "x"})
			if err == nil {
				t.Fatal("got a page, want an error")
			}
			if !errors.Is(err, tt.wantIs) {
				t.Errorf("errors.Is(%v, %v) = false", err, tt.wantIs)
			}
			var apiErr *Error
			if isAPI := errors.As(err, &apiErr); isAPI != (tt.wantStatus != 0) {
				t.Fatalf("errors.As(*Error) = %v, want %v (err %v)", isAPI, tt.wantStatus != 0, err)
			}
			if apiErr != nil && (apiErr.Status != tt.wantStatus || apiErr.Code != tt.wantCode) {
				t.Errorf("Error{Status %d, Code %q}, want {%d, %q}", apiErr.Status, apiErr.Code, tt.wantStatus, tt.wantCode)
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.wantInText) || (tt.wantNotText != "" && strings.Contains(msg, tt.wantNotText)) {
				t.Errorf("error text %q: want it to contain %q and not %q", msg, tt.wantInText, tt.wantNotText)
			}
			if len(msg) > 300 {
				t.Errorf("error text is %d bytes; a status bar needs it short: %q", len(msg), msg)
			}
		})
	}
}

func TestOversizedBodies(t *testing.T) {
	camel := fixture(t, "articles_camel.json")
	t.Run("over a configured cap", func(t *testing.T) {
		f := newFakeService(t, ok(camel))
		_, err := f.client(t, WithMaxBodyBytes(int64(len(camel)-1))).Articles(context.Background(), model.ArticlesQuery{Q: "x"})
		if !errors.Is(err, ErrResponseTooLarge) {
			t.Fatalf("err = %v, want ErrResponseTooLarge", err)
		}
		if f.hits.Load() != 1 {
			t.Errorf("%d hits; a too-large body is not retried", f.hits.Load())
		}
	})
	t.Run("exactly at the cap is fine", func(t *testing.T) {
		f := newFakeService(t, ok(camel))
		if _, err := f.client(t, WithMaxBodyBytes(int64(len(camel)))).Articles(context.Background(), model.ArticlesQuery{Q: "x"}); err != nil {
			t.Fatalf("err = %v", err)
		}
	})
	t.Run("over the default 8 MiB without Content-Length", func(t *testing.T) {
		big := make([]byte, DefaultMaxBodyBytes+1)
		for i := range big {
			big[i] = ' '
		}
		srv := newFakeHandler(t, func(w http.ResponseWriter, r *http.Request) {
			w.(http.Flusher).Flush() // chunked: no Content-Length to check up front
			_, _ = w.Write(big)
		})
		_, err := srv.client(t).Articles(context.Background(), model.ArticlesQuery{Q: "x"})
		if !errors.Is(err, ErrResponseTooLarge) || !strings.Contains(err.Error(), "8 MiB") {
			t.Fatalf("err = %v, want ErrResponseTooLarge naming 8 MiB", err)
		}
	})
}
