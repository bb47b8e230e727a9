package server

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/greader"
	"tidings/server/store/sqlite"
)

// The Google Reader API's budgets (issue 30), at the size
// TIDINGS_BENCH_ARTICLES gives (default 100,000; the budgets are for
// 1,000,000), over a SQLite catalogue with TIDINGS_BENCH_DB_DIR keeping
// it between runs:
//
//	TIDINGS_BENCH_ARTICLES=1000000 TIDINGS_BENCH_DB_DIR=/tmp/tidings-bench \
//	  go test -run='^$' -bench=GReader -benchtime=50x ./server
//
//   - unread ids of a reading list with 10,000 unread: < 20 ms;
//   - contents of 100 items: < 10 ms;
//   - edit-tag of 1,000 ids: < 20 ms.
//
// Each runs through the whole handler (token check, rate limiter off,
// parsing, the store, JSON), as a client's call would, without the
// network.
//
// Measured 2026-12-02 at 1,000,000 articles in scripts/bench.sh's full
// run (load average 1.4-2.6, medians of 3 counts of 50): unread ids 9.4 ms,
// contents of 100 items 1.2 ms, edit-tag of 1,000 ids 7.0 ms
// (docs/performance.md). Setting up, the mark-all-as-read of the whole
// million is slow (the store counts what changed); it is not a budget.

const greaderBenchUnread = 10_000

func greaderBenchSize() int {
	if n, err := strconv.Atoi(os.Getenv("TIDINGS_BENCH_ARTICLES")); err == nil && n > 0 {
		return n
	}
	return 100_000
}

// greaderBench is the benchmark service: its handler, a logged-in
// client's token and the reading list's newest ids.
type greaderBench struct {
	h      http.Handler
	token  string
	newest []string // the 10,000 unread, newest first
}

var (
	greaderBenchOnce sync.Once
	greaderBenchEnv  *greaderBench
	greaderBenchErr  error
)

func setUpGReaderBench(b *testing.B) *greaderBench {
	b.Helper()
	if testing.Short() {
		b.Skip("building the benchmark catalogue takes a while")
	}
	greaderBenchOnce.Do(func() { greaderBenchEnv, greaderBenchErr = buildGReaderBench(greaderBenchSize()) })
	if greaderBenchErr != nil {
		b.Fatal(greaderBenchErr)
	}
	return greaderBenchEnv
}

// buildGReaderBench opens (or builds) the n-article catalogue, logs in
// and marks everything read but the newest 10,000 (a watermark, as a
// client's "mark all as read" leaves it), with a few hundred explicit
// marks among them.
func buildGReaderBench(n int) (*greaderBench, error) {
	start := time.Now()
	path := ""
	if dir := os.Getenv("TIDINGS_BENCH_DB_DIR"); dir != "" {
		path = filepath.Join(dir, fmt.Sprintf("greader-%d.db", n))
	}
	st, err := sqlite.Open(path)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	if p, err := st.Headlines(ctx, model.HeadlinesQuery{Page: 1, PageSize: 1}); err != nil || p.TotalResults != n {
		pr, pw := io.Pipe()
		go func() { pw.CloseWithError(writeGReaderBenchJSONL(pw, n)) }()
		_, err := st.ImportJSONL(ctx, pr)
		pr.Close()
		if err != nil {
			return nil, fmt.Errorf("import the benchmark catalogue: %w", err)
		}
	}
	key := fmt.Sprintf("bench-key-%d", time.Now().UnixNano())                                    // a fresh owner every run
	h, err := New(st, Config{APIKeys: []string{key}, Marks: st, QueryTimeout: 10 * time.Minute}) // setup marks a million read
	if err != nil {
		return nil, err
	}
	e := &greaderBench{h: h}
	rec := greaderLogin(h, key, "192.0.2.1:1")
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if v, ok := strings.CutPrefix(line, "Auth="); ok {
			e.token = v
		}
	}
	if e.token == "" {
		return nil, fmt.Errorf("login: %d %s", rec.Code, rec.Body)
	}
	// The 10,001st newest article's second: everything up to it is read.
	var refs struct {
		ItemRefs []struct{ ID string }
	}
	if err := e.getJSON("stream/items/ids", url.Values{"s": {"user/-/state/com.google/reading-list"}, "n": {strconv.Itoa(greaderBenchUnread)}}, &refs); err != nil {
		return nil, err
	}
	for _, r := range refs.ItemRefs {
		e.newest = append(e.newest, r.ID)
	}
	last, _ := strconv.ParseInt(e.newest[len(e.newest)-1], 10, 64)
	arts, err := st.ArticlesByID(ctx, []int64{last})
	if err != nil || len(arts) != 1 {
		return nil, fmt.Errorf("the 10,000th article: %v", err)
	}
	ts := strconv.FormatInt(arts[0].PublishedAt.Unix()-1, 10)
	if code, body := e.post("mark-all-as-read", url.Values{"s": {"user/-/state/com.google/reading-list"}, "ts": {ts}}); code != 200 {
		return nil, fmt.Errorf("mark all read: %d %s", code, body)
	}
	// Explicit marks among the unread: 300 read and unread again, 300 starred.
	var some []string
	for i := 0; i < len(e.newest); i += 33 {
		some = append(some, e.newest[i])
	}
	for _, v := range []url.Values{{"i": some, "a": {"user/-/state/com.google/read"}}, {"i": some, "r": {"user/-/state/com.google/read"}},
		{"i": some, "a": {"user/-/state/com.google/starred"}}} {
		if code, body := e.post("edit-tag", v); code != 200 {
			return nil, fmt.Errorf("edit-tag: %d %s", code, body)
		}
	}
	fmt.Fprintf(os.Stderr, "greader benchmark catalogue of %d articles ready in %v\n", n, time.Since(start).Round(time.Millisecond))
	return e, nil
}

func (e *greaderBench) request(method, call string, v url.Values) *httptest.ResponseRecorder {
	target := greader.Prefix + "/reader/api/0/" + call
	var req *http.Request
	if method == http.MethodGet {
		req = httptest.NewRequest(method, target+"?output=json&"+v.Encode(), nil)
	} else {
		req = httptest.NewRequest(method, target, strings.NewReader(v.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	req.Header.Set("Authorization", "GoogleLogin auth="+e.token)
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return rec
}

func (e *greaderBench) getJSON(call string, v url.Values, into any) error {
	rec := e.request(http.MethodGet, call, v)
	if rec.Code != 200 {
		return fmt.Errorf("%s: %d %s", call, rec.Code, rec.Body)
	}
	return json.Unmarshal(rec.Body.Bytes(), into)
}

func (e *greaderBench) post(call string, v url.Values) (int, string) {
	rec := e.request(http.MethodPost, call, v)
	return rec.Code, rec.Body.String()
}

// writeGReaderBenchJSONL writes 1,000 sources over the categories and n
// articles, one every 7 seconds back from a fixed time (distinct seconds,
// so a time bound splits the reading list exactly).
func writeGReaderBenchJSONL(w io.Writer, n int) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	enc := json.NewEncoder(bw)
	categories := model.Categories()
	const sources = 1000
	for i := range sources {
		if err := enc.Encode(model.Source{ID: fmt.Sprintf("src-%d", i), Name: fmt.Sprintf("Source %d", i),
			URL: fmt.Sprintf("https://site%d.example.com/", i), Category: categories[i%len(categories)], Language: "en", Country: "us"}); err != nil {
			return err
		}
	}
	now := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	for i := range n {
		src := i * 7919 % sources
		if err := enc.Encode(model.Article{
			Source: model.SourceRef{ID: fmt.Sprintf("src-%d", src)}, Author: "Author",
			Title:       fmt.Sprintf("Article %d of source %d", i, src),
			Description: "A description of a few words, as feeds give them.",
			Content:     "<p>The body of the article, a paragraph long, as feeds that carry summaries send it.</p>",
			URL:         fmt.Sprintf("https://site%d.example.com/a/%d", src, i),
			PublishedAt: now.Add(-time.Duration(i) * 7 * time.Second),
		}); err != nil {
			return err
		}
	}
	return bw.Flush()
}

func BenchmarkGReaderUnreadIDs(b *testing.B) {
	e := setUpGReaderBench(b)
	v := url.Values{"s": {"user/-/state/com.google/reading-list"}, "xt": {"user/-/state/com.google/read"},
		"n": {strconv.Itoa(greaderBenchUnread)}}
	for b.Loop() {
		rec := e.request(http.MethodGet, "stream/items/ids", v)
		if rec.Code != 200 || strings.Count(rec.Body.String(), `{"id"`) != greaderBenchUnread {
			b.Fatalf("%d, %d ids", rec.Code, strings.Count(rec.Body.String(), `{"id"`))
		}
	}
}

func BenchmarkGReaderContents100(b *testing.B) {
	e := setUpGReaderBench(b)
	v := url.Values{"i": e.newest[5000:5100]}
	for b.Loop() {
		rec := e.request(http.MethodPost, "stream/items/contents", v)
		if rec.Code != 200 || strings.Count(rec.Body.String(), `"crawlTimeMsec"`) != 100 {
			b.Fatalf("%d %.200s", rec.Code, rec.Body)
		}
	}
}

func BenchmarkGReaderEditTag1000(b *testing.B) {
	e := setUpGReaderBench(b)
	ids := e.newest[1000:2000]
	add := true
	for b.Loop() {
		v := url.Values{"i": ids}
		if add {
			v.Set("a", "user/-/state/com.google/read")
		} else {
			v.Set("r", "user/-/state/com.google/read")
		}
		add = !add
		if code, body := e.post("edit-tag", v); code != 200 {
			b.Fatalf("%d %s", code, body)
		}
	}
}
