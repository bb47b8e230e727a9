package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/greader"
	"tidings/server/store"
)

// readerClient is a Google Reader client of a real service over
// loopback HTTP.
type readerClient struct {
	t     *testing.T
	base  string // the server URL a client is given: …/api/greader
	token string
	edit  string
}

func readerLogin(t *testing.T, base, key string) *readerClient {
	t.Helper()
	c := &readerClient{t: t, base: base}
	resp, err := http.PostForm(base+"/accounts/ClientLogin", url.Values{"Email": {"me"}, "Passwd": {key}})
	if err != nil {
		t.Fatal(err)
	}
	body := readAll(t, resp)
	for _, line := range strings.Split(body, "\n") {
		if v, ok := strings.CutPrefix(line, "Auth="); ok {
			c.token = v
		}
	}
	if resp.StatusCode != http.StatusOK || c.token == "" {
		t.Fatalf("ClientLogin: %d %q", resp.StatusCode, body)
	}
	c.edit = c.call(http.MethodGet, "token", nil, http.StatusOK)
	return c
}

func readAll(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// call makes an API call (a GET's values in the query, a POST's in a
// form body with T) and checks its status.
func (c *readerClient) call(method, name string, v url.Values, want int) string {
	c.t.Helper()
	if v == nil {
		v = url.Values{}
	}
	target := c.base + "/reader/api/0/" + name + "?output=json"
	var body io.Reader
	if method == http.MethodGet {
		target += "&" + v.Encode()
	} else {
		v.Set("T", c.edit)
		body = strings.NewReader(v.Encode())
	}
	req, _ := http.NewRequest(method, target, body)
	req.Header.Set("Authorization", "GoogleLogin auth="+c.token)
	if body != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	out := readAll(c.t, resp)
	if resp.StatusCode != want {
		c.t.Fatalf("%s %s: %d %q, want %d", method, name, resp.StatusCode, out, want)
	}
	return out
}

func (c *readerClient) json(name string, v url.Values, into any) {
	c.t.Helper()
	if err := json.Unmarshal([]byte(c.call(http.MethodGet, name, v, http.StatusOK)), into); err != nil {
		c.t.Fatal(err)
	}
}

// ids lists a stream's ids, every page.
func (c *readerClient) ids(v url.Values) []string {
	c.t.Helper()
	var all []string
	for cont := ""; ; {
		q := url.Values{"n": {"2"}}
		for k, vs := range v {
			q[k] = vs
		}
		if cont != "" {
			q.Set("c", cont)
		}
		var out struct {
			ItemRefs     []struct{ ID string }
			Continuation string
		}
		c.json("stream/items/ids", q, &out)
		for _, r := range out.ItemRefs {
			all = append(all, r.ID)
		}
		if cont = out.Continuation; cont == "" {
			return all
		}
	}
}

type flowItem struct {
	ID         string
	Title      string
	Categories []string
	Origin     struct{ StreamID string }
}

func (c *readerClient) contents(ids []string) []flowItem {
	c.t.Helper()
	var out struct{ Items []flowItem }
	if err := json.Unmarshal([]byte(c.call(http.MethodPost, "stream/items/contents", url.Values{"i": ids}, http.StatusOK)), &out); err != nil {
		c.t.Fatal(err)
	}
	return out.Items
}

func hasCategory(it flowItem, c string) bool {
	for _, x := range it.Categories {
		if x == c {
			return true
		}
	}
	return false
}

// TestGReaderFlow is what the issue asks: a Google Reader client logs in
// to tidings serve with an API key, lists subscriptions, reads, stars and
// marks all read, a second client of the same key sees the same, and
// another key sees none of it; over SQLite and PostgreSQL.
func TestGReaderFlow(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) { testGReaderFlow(t, fixtureCatalogue(t, open)) })
}

func testGReaderFlow(t *testing.T, st store.Reader) {
	keys, _ := NewKeys([]string{testKey, "bob-key-456"})
	h, err := New(st, Config{Keys: keys, Marks: st.(store.Marks)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	base := srv.URL + greader.Prefix
	phone, desktop := readerLogin(t, base, testKey), readerLogin(t, base, testKey)
	bob := readerLogin(t, base, "bob-key-456")

	var subs struct {
		Subscriptions []struct {
			ID         string
			Title      string
			Categories []struct{ ID, Label string }
		}
	}
	phone.json("subscription/list", nil, &subs)
	if len(subs.Subscriptions) != 4 {
		t.Fatalf("%d subscriptions, want the fixture's 4 sources", len(subs.Subscriptions))
	}
	unread := phone.ids(url.Values{"s": {"user/-/state/com.google/reading-list"}, "xt": {"user/-/state/com.google/read"}})
	if len(unread) != 6 {
		t.Fatalf("unread ids %v, want the fixture's 6 articles", unread)
	}
	items := phone.contents(unread)
	if len(items) != 6 || items[0].Title != "Climate summit opens" || items[0].Origin.StreamID != "feed/bbc-news" {
		t.Fatalf("contents: %+v", items)
	}

	// Read the newest two, star the newest.
	phone.call(http.MethodPost, "edit-tag", url.Values{"i": unread[:2], "a": {"user/-/state/com.google/read"}}, http.StatusOK)
	phone.call(http.MethodPost, "edit-tag", url.Values{"i": {items[0].ID}, "a": {"user/-/state/com.google/starred"}}, http.StatusOK)
	if got := desktop.ids(url.Values{"s": {"user/-/state/com.google/reading-list"}, "xt": {"user/-/state/com.google/read"}}); len(got) != 4 {
		t.Errorf("the desktop sees %d unread, want 4", len(got))
	}
	if got := desktop.ids(url.Values{"s": {"user/-/state/com.google/starred"}}); len(got) != 1 || got[0] != unread[0] {
		t.Errorf("the desktop's starred: %v, want [%s]", got, unread[0])
	}
	if it := desktop.contents(unread[:1])[0]; !hasCategory(it, "user/-/state/com.google/read") || !hasCategory(it, "user/-/state/com.google/starred") {
		t.Errorf("the desktop's copy: %v", it.Categories)
	}

	// Mark the technology folder read, then everything.
	desktop.call(http.MethodPost, "mark-all-as-read", url.Values{"s": {"user/-/label/Technology"}}, http.StatusOK)
	var counts struct {
		Max          int
		Unreadcounts []struct {
			ID    string
			Count int
		}
	}
	phone.json("unread-count", nil, &counts)
	if counts.Max != 1 { // the undated BBC article
		t.Errorf("unread after marking Technology read: %d, want 1 (%+v)", counts.Max, counts.Unreadcounts)
	}
	phone.call(http.MethodPost, "mark-all-as-read", url.Values{"s": {"user/-/state/com.google/reading-list"}}, http.StatusOK)
	if got := desktop.ids(url.Values{"s": {"user/-/state/com.google/reading-list"}, "xt": {"user/-/state/com.google/read"}}); len(got) != 0 {
		t.Errorf("unread after marking everything read: %v", got)
	}

	// Bob saw none of it.
	if got := bob.ids(url.Values{"s": {"user/-/state/com.google/reading-list"}, "xt": {"user/-/state/com.google/read"}}); len(got) != 6 {
		t.Errorf("bob's unread: %v, want all 6", got)
	}
	if got := bob.ids(url.Values{"s": {"user/-/state/com.google/starred"}}); len(got) != 0 {
		t.Errorf("bob sees stars: %v", got)
	}

	// A removed key's clients are logged out.
	if err := keys.Replace([]string{"bob-key-456"}); err != nil {
		t.Fatal(err)
	}
	phone.call(http.MethodGet, "subscription/list", nil, http.StatusUnauthorized)
	bob.call(http.MethodGet, "subscription/list", nil, http.StatusOK)
}

// TestGReaderContinuationOverSQLite walks a reading list by continuation
// and asks for 1,000 items' contents in one call, over SQLite's marks and
// ids. (Continuation over 10,000 items and more is server/greader's test;
// storing that many here takes minutes under -race.)
func TestGReaderContinuationOverSQLite(t *testing.T) {
	const total = 1_050
	st := openSQLite(t)
	src := []model.Source{{ID: "wire", Name: "Wire", URL: "https://wire.example/", Category: "general"}}
	var batch []model.Article
	for i := range total {
		batch = append(batch, model.Article{Source: model.SourceRef{ID: "wire"}, Title: fmt.Sprintf("Item %d", i),
			URL: fmt.Sprintf("https://wire.example/%d", i), PublishedAt: base.Add(-time.Duration(i) * time.Minute)})
		if len(batch) == 2000 || i == total-1 {
			if err := st.Add(context.Background(), src, batch); err != nil {
				t.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	h, err := New(st, Config{APIKeys: []string{testKey}, Marks: st.(store.Marks)})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	c := readerLogin(t, srv.URL+greader.Prefix, testKey)
	var all []string
	pages := 0
	for cont := ""; ; pages++ {
		q := url.Values{"s": {"user/-/state/com.google/reading-list"}, "n": {"100"}}
		if cont != "" {
			q.Set("c", cont)
		}
		var out struct {
			ItemRefs     []struct{ ID string }
			Continuation string
		}
		c.json("stream/items/ids", q, &out)
		for _, r := range out.ItemRefs {
			all = append(all, r.ID)
		}
		if cont = out.Continuation; cont == "" {
			break
		}
	}
	seen := map[string]bool{}
	for _, id := range all {
		seen[id] = true
	}
	if len(all) != total || len(seen) != total || pages != 10 {
		t.Fatalf("%d ids (%d distinct) in %d continuations, want %d in 10", len(all), len(seen), pages, total)
	}
	items := c.contents(all[:1000])
	if len(items) != 1000 || items[0].Title != "Item 0" || items[999].Title != "Item 999" {
		t.Fatalf("contents of 1,000 ids: %d items", len(items))
	}
}

// With Config.Owner (personal mode, the demo) every key's client shares
// the one owner's marks, as the reader on that service does.
func TestGReaderUsesTheFixedOwner(t *testing.T) {
	st := fixtureStore(t)
	h, err := New(st, Config{APIKeys: []string{testKey, "other-key-789"}, Marks: st, Owner: store.LocalOwner})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	a, b := readerLogin(t, srv.URL+greader.Prefix, testKey), readerLogin(t, srv.URL+greader.Prefix, "other-key-789")
	ids := a.ids(url.Values{"s": {"user/-/state/com.google/reading-list"}})
	a.call(http.MethodPost, "edit-tag", url.Values{"i": ids[:1], "a": {"user/-/state/com.google/starred"}}, http.StatusOK)
	if got := b.ids(url.Values{"s": {"user/-/state/com.google/starred"}}); len(got) != 1 || got[0] != ids[0] {
		t.Errorf("the other key's client sees stars %v, want the local owner's [%s]", got, ids[0])
	}
}
