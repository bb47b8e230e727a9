package common

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"tidings/api"
	"tidings/model"
)

// newsAPIError is the error the real NewsAPI client returns for a recorded
// NewsAPI error body (api/testdata/newsapi) sent with status and headers.
func newsAPIError(t *testing.T, code string, status int, header map[string]string) error {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("..", "..", "api", "testdata", "newsapi", code+".json"))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		for k, v := range header {
			w.Header().Set(k, v)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = w.Write(body)
	}))
	t.Cleanup(srv.Close)
	c, err := api.New(srv.URL+"/v2", "k-newsapi-secret", api.WithDialect(api.DialectNewsAPI), api.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Articles(context.Background(), model.ArticlesQuery{Q: "storm"})
	if err == nil {
		t.Fatal("want an error")
	}
	return err
}

// Every NewsAPI error code is a plain sentence with what to do, never the
// code itself.
func TestExplainPutsEveryNewsAPICodeInPlainWords(t *testing.T) {
	cases := []struct {
		code       string
		status     int
		retryAfter string
		title      string
		hint       string
	}{
		{"maximumResultsReached", 426, "", ResultsCappedText, "narrow the search"},
		{"rateLimited", 429, "", KeyExhaustedText, "r to try again"},
		{"rateLimited", 429, "30", "NewsAPI asked us to slow down", "retries by itself"},
		{"apiKeyExhausted", 429, "", KeyExhaustedText, "paid NewsAPI plan"},
		{"apiKeyInvalid", 401, "", KeyRefusedText, "NEWS_API_KEY"},
		{"apiKeyMissing", 401, "", KeyRefusedText + ": it got no key", "NEWS_API_KEY"},
		{"apiKeyDisabled", 401, "", "NewsAPI has disabled this key", "NEWS_API_KEY"},
		{"corsNotAllowed", 426, "", "Your NewsAPI plan does not allow this request", "Developer plan"},
		{"sourceDoesNotExist", 400, "", "NewsAPI has no source with that id", "Sources screen"},
		{"sourcesTooMany", 400, "", "NewsAPI takes at most 20 sources", "Remove some"},
		{"parameterInvalid", 400, "", "NewsAPI rejected the request", "too far in the past"},
		{"parametersMissing", 400, "", "NewsAPI rejected the request", "press r to retry"},
		{"parametersIncompatible", 400, "", "NewsAPI rejected the request", "cannot mix"},
		{"unexpectedError", 500, "", "NewsAPI had an internal error", "r to retry"},
	}
	for _, c := range cases {
		t.Run(c.code+c.retryAfter, func(t *testing.T) {
			var h map[string]string
			if c.retryAfter != "" {
				h = map[string]string{"Retry-After": c.retryAfter}
			}
			err := newsAPIError(t, c.code, c.status, h)
			title, hint := Explain(err, api.NewsAPIBaseURL)
			if !strings.HasPrefix(title, c.title) || !strings.Contains(hint, c.hint) {
				t.Errorf("Explain = %q / %q; want %q / %q", title, hint, c.title, c.hint)
			}
			for _, text := range []string{title, hint} {
				if strings.Contains(strings.ToLower(text), strings.ToLower(c.code)) || strings.Contains(text, "k-newsapi-secret") {
					t.Errorf("%q shows the code or the key", text)
				}
			}
			if EndsList(err) != (c.code == "maximumResultsReached") {
				t.Errorf("EndsList = %v", EndsList(err))
			}
		})
	}
}

// An error code NewsAPI may add later is explained with its message, not
// its code.
func TestExplainAnUnknownNewsAPICodeWithoutTheCode(t *testing.T) {
	err := &api.Error{Status: 426, Code: "planUpgradeNeeded", Message: "This endpoint needs a paid plan.", Dialect: api.DialectNewsAPI}
	title, hint := Explain(err, api.NewsAPIBaseURL)
	if title != "NewsAPI reported an error" || !strings.Contains(hint, "needs a paid plan") || strings.Contains(title+hint, "planUpgradeNeeded") {
		t.Fatalf("Explain = %q / %q", title, hint)
	}
	// The spec's service keeps its own wording.
	if title, _ := Explain(&api.Error{Status: 429}, ""); title != "Too many requests" {
		t.Fatalf("spec 429 = %q", title)
	}
}

// ResultsCappedText writes NewsAPI's cap out by hand (so that no
// initialiser formats it at start-up); it must still name the cap the
// client enforces.
func TestResultsCappedTextNamesTheCap(t *testing.T) {
	want := "the first " + strconv.Itoa(model.NewsAPIMaxResults) + " results"
	if !strings.HasSuffix(ResultsCappedText, want) {
		t.Errorf("ResultsCappedText = %q, want it to end %q", ResultsCappedText, want)
	}
}
