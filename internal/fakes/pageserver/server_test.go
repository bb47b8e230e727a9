package pageserver

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func get(t *testing.T, url string) (*http.Response, []byte) {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func TestPagesAreDeterministic(t *testing.T) {
	for _, path := range Paths() {
		pg, ok := Get(path)
		if !ok {
			t.Fatalf("no page %s", path)
		}
		again := builders[path]()
		if !bytes.Equal(pg.Body, again.Body) || pg.ContentType != again.ContentType {
			t.Errorf("%s differs between builds", path)
		}
	}
}

func TestShapes(t *testing.T) {
	s := New(t)
	for path, check := range map[string]func(*http.Response, []byte) bool{
		"/article": func(r *http.Response, b []byte) bool {
			n := len(strings.Fields(paragraphsText(b)))
			return r.StatusCode == 200 && n > 1100 && bytes.Contains(b, []byte(CookiePhrase))
		},
		"/big":       func(r *http.Response, b []byte) bool { return len(b) > 3_900_000 && len(b) < 5<<20 },
		"/huge":      func(r *http.Response, b []byte) bool { return len(b) > 5<<20 && r.ContentLength == -1 },
		"/latin1":    func(r *http.Response, b []byte) bool { return bytes.Contains(b, []byte("Caf\xe9 Br\xfbl\xe9")) },
		"/sjis":      func(r *http.Response, b []byte) bool { return r.Header.Get("Content-Type") == "text/html" },
		"/forbidden": func(r *http.Response, b []byte) bool { return r.StatusCode == 403 },
		"/gone":      func(r *http.Response, b []byte) bool { return r.StatusCode == 410 },
		"/pdf":       func(r *http.Response, b []byte) bool { return r.Header.Get("Content-Type") == "application/pdf" },
		"/redirect/3": func(r *http.Response, b []byte) bool {
			return r.StatusCode == 302 && r.Header.Get("Location") == "/redirect/2"
		},
		"/redirect/1": func(r *http.Response, b []byte) bool { return r.Header.Get("Location") == "/article" },
	} {
		resp, body := get(t, s.URL(path))
		if !check(resp, body) {
			t.Errorf("%s: status %d, %d bytes, header %v", path, resp.StatusCode, len(body), resp.Header)
		}
	}
	if s.Requests("/article") != 1 || s.Requests("/nowhere") != 0 {
		t.Errorf("request counts: %d, %d", s.Requests("/article"), s.Requests("/nowhere"))
	}
}

// paragraphsText is the text of a page's <p> elements, roughly.
func paragraphsText(b []byte) string {
	var sb strings.Builder
	for _, part := range strings.Split(string(b), "<p>")[1:] {
		sb.WriteString(strings.SplitN(part, "</p>", 2)[0] + " ")
	}
	return sb.String()
}

func TestLongIsLong(t *testing.T) {
	pg, _ := Get("/long")
	if n := len(strings.Fields(paragraphsText(pg.Body))); n < LongWords {
		t.Errorf("/long has %d words", n)
	}
}

func TestSlowEndsWithTheRequest(t *testing.T) {
	s := New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL("/slow"), nil)
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err == nil {
		resp.Body.Close()
		t.Fatal("/slow answered")
	}
	if time.Since(start) > 2*time.Second {
		t.Error("/slow did not end with its request")
	}
}

func TestCloseEndsSlow(t *testing.T) {
	s := New(t)
	done := make(chan struct{})
	go func() {
		defer close(done)
		resp, err := http.Get(s.URL("/slow"))
		if err == nil {
			resp.Body.Close()
		}
	}()
	time.Sleep(50 * time.Millisecond)
	s.Close()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		t.Fatal("Close left /slow hanging")
	}
	s.Close() // twice is fine
}
