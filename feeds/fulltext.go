package feeds

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"

	"tidings/feeds/normalise"
	"tidings/netguard"
	"tidings/server/store"
)

// Full text: a feed marked full-text (store.Feed.FullText) carries only
// summaries, so for each item that is new to the catalogue the poller
// reads the article's page and stores its text as the article's content,
// keeping the feed's summary as the description. It happens in the
// worker that fetched the feed, before the poll joins the writer's batch,
// so the store's write pacing (Options.WriteShare) is untouched.
//
// Fetch policy: the PageReader is told the feed's host
// (netguard.WithHost on its context); pages there are read wherever that
// host is, pages elsewhere only from public addresses (the cli's reader
// is tidings/extract with the service's netguard.Guard).
//
// Bounds: at most Options.FullTextItems pages per feed and poll (the
// newest new items; older ones keep the feed's text), read one after the
// other by that worker, at most maxPageReads at once in the whole poller,
// never two requests to one host at once (page reads and feed fetches
// share the per-host gate), and Options.PageTimeout per page. A page that
// cannot be read is logged with its address and why, and its article
// keeps the feed's text: it never fails the poll nor loses the item.
//
// An item already stored is never read again: the store tells which
// items it holds (store.FeedContents), and those keep the content stored for
// them, so the feed's summary does not overwrite the extracted text on
// the next poll.

// PageReader reads the article of a web page, for full-text feeds. It
// must be safe for concurrent use.
type PageReader interface {
	// ReadPage fetches pageURL and returns its article's text: plain text
	// (no markup), paragraphs separated by blank lines. An error says in
	// plain words why there is none.
	ReadPage(ctx context.Context, pageURL string) (string, error)
}

// PageReaderFunc is a function that is a PageReader.
type PageReaderFunc func(ctx context.Context, pageURL string) (string, error)

// ReadPage calls f.
func (f PageReaderFunc) ReadPage(ctx context.Context, pageURL string) (string, error) {
	return f(ctx, pageURL)
}

// ContentStore is what a Store needs to hold full-text feeds: which of a
// poll's items it stores already, with their content; see
// store.FeedContents. A Store without it leaves full-text feeds with the
// feed's own text (logged once).
type ContentStore = store.FeedContents

// Full-text bounds.
const (
	// DefaultFullTextItems is how many pages of one feed a poll reads at
	// most: enough for a busy feed between two polls, few enough that a
	// first poll of a long feed does not fetch hundreds of pages.
	DefaultFullTextItems = 30
	// DefaultPageTimeout bounds reading one page.
	DefaultPageTimeout = 30 * time.Second
	// maxPageReads bounds the pages read at once by one poller.
	maxPageReads = 4
)

// fullText reads the pages of the new items of a full-text feed f and
// puts their text in items (in place), counting what it did in out.
func (p *Poller) fullText(ctx context.Context, f store.Feed, items []store.FeedItem, out *Outcome) {
	if !f.FullText || len(items) == 0 {
		return
	}
	if p.pages == nil {
		p.noPages.Do(func() {
			p.log.Warn("full-text feeds keep the feed's own text: this poller reads no pages", "feed", f.Source.ID)
		})
		return
	}
	cs, ok := p.st.(store.FeedContents)
	if !ok {
		p.noLookup.Do(func() {
			p.log.Warn("full-text feeds keep the feed's own text: the store cannot tell new items from stored ones", "feed", f.Source.ID)
		})
		return
	}
	stored, err := cs.StoredFeedContents(ctx, f.Source.ID, items)
	if err != nil {
		if ctx.Err() == nil {
			p.log.Error("full text: look up the feed's stored items", "feed", f.Source.ID, "err", err)
		}
		return
	}
	var fresh []int
	for i := range items {
		if c, ok := stored[i]; ok {
			// Stored already: keep the text read for it, unless the feed
			// now carries a longer one itself.
			if len(c) > len(items[i].Article.Content) {
				items[i].Article.Content = c
			}
			continue
		}
		fresh = append(fresh, i)
	}
	now := p.now()
	sort.SliceStable(fresh, func(a, b int) bool {
		return publishedOr(items[fresh[a]], now).After(publishedOr(items[fresh[b]], now))
	})
	if len(fresh) > p.fullTextItems {
		p.log.Info("full text: new items past the limit keep the feed's text", "feed", f.Source.ID,
			"new", len(fresh), "limit", p.fullTextItems)
		fresh = fresh[:p.fullTextItems]
	}
	read := map[string]string{} // page URL → text, so an item listed twice is read once
	for _, i := range fresh {
		if ctx.Err() != nil {
			return // the pass was cancelled: what is left keeps the feed's text
		}
		a := &items[i].Article
		text, done := read[a.URL]
		if !done {
			var err error
			text, err = p.readPage(ctx, f.URL, a.URL)
			if err != nil {
				if ctx.Err() != nil {
					return
				}
				out.FullTextFailed++
				p.log.Warn("full text not read; the article keeps the feed's text", "feed", f.Source.ID, "url", a.URL, "err", err)
				continue
			}
			read[a.URL] = text
		}
		if len(strings.Fields(text)) < len(strings.Fields(a.Content)) {
			p.log.Info("full text: the feed's own text is longer than the page's; kept it", "feed", f.Source.ID, "url", a.URL)
			continue
		}
		if a.Description == "" {
			a.Description = firstParagraph(text)
		}
		a.Content = normalise.ClipContent(text)
		out.FullText++
	}
}

// publishedOr is when the item was published; an undated item is stored
// as first seen now, so it counts as the newest.
func publishedOr(it store.FeedItem, now time.Time) time.Time {
	if it.Article.PublishedAt.IsZero() {
		return now
	}
	return it.Article.PublishedAt
}

// readPage reads one page of the feed at feedURL within the bounds: its
// host's turn, a slot of maxPageReads, and PageTimeout. The feed's own
// host is exempt from the fetch policy (netguard.WithHost): a feed on an
// intranet host may link to its own pages, but not to another internal
// host.
func (p *Poller) readPage(ctx context.Context, feedURL, pageURL string) (string, error) {
	if err := CheckURL(pageURL); err != nil {
		return "", err
	}
	ctx = netguard.WithHost(ctx, hostOf(feedURL))
	release, err := p.hosts.lock(ctx, hostOf(pageURL))
	if err != nil {
		return "", err
	}
	defer release()
	select {
	case p.pageSlots <- struct{}{}:
		defer func() { <-p.pageSlots }()
	case <-ctx.Done():
		return "", ctx.Err()
	}
	rctx, cancel := context.WithTimeout(ctx, p.pageTimeout)
	defer cancel()
	text, err := p.pages.ReadPage(rctx, pageURL)
	if err != nil {
		if errors.Is(rctx.Err(), context.DeadlineExceeded) && ctx.Err() == nil {
			return "", fmt.Errorf("no answer within %s: %w", p.pageTimeout, err)
		}
		return "", err
	}
	text = cleanText(text)
	if text == "" {
		return "", errors.New("the page has no readable text")
	}
	return text, nil
}

// cleanText makes a page's text fit to store: valid UTF-8, no control
// characters but newlines and tabs, lines without trailing blanks, and
// paragraphs separated by exactly one blank line.
func cleanText(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t':
			return r
		case r == '\r':
			return '\n'
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, s)
	var paras []string
	for _, para := range strings.Split(s, "\n\n") {
		lines := strings.Split(para, "\n")
		kept := lines[:0]
		for _, l := range lines {
			if l = strings.TrimRightFunc(l, unicode.IsSpace); strings.TrimSpace(l) != "" {
				kept = append(kept, l)
			}
		}
		if len(kept) > 0 {
			paras = append(paras, strings.Join(kept, "\n"))
		}
	}
	return strings.Join(paras, "\n\n")
}

// firstParagraph is the text's first paragraph as one line, bounded as a
// feed's own description is.
func firstParagraph(text string) string {
	para, _, _ := strings.Cut(text, "\n\n")
	return normalise.ClipDescription(strings.Join(strings.Fields(para), " "))
}

// hostGate lets one request at a time reach each host: feed fetches and
// page reads of a poller alike.
type hostGate struct {
	mu    sync.Mutex
	hosts map[string]*hostTurn
}

type hostTurn struct {
	busy  chan struct{} // full while a request to the host runs
	users int           // holders and waiters; the entry goes at 0
}

// lock waits for host's turn (or ctx) and returns what ends it.
func (g *hostGate) lock(ctx context.Context, host string) (func(), error) {
	g.mu.Lock()
	if g.hosts == nil {
		g.hosts = map[string]*hostTurn{}
	}
	t := g.hosts[host]
	if t == nil {
		t = &hostTurn{busy: make(chan struct{}, 1)}
		g.hosts[host] = t
	}
	t.users++
	g.mu.Unlock()
	leave := func() {
		g.mu.Lock()
		if t.users--; t.users == 0 {
			delete(g.hosts, host)
		}
		g.mu.Unlock()
	}
	select {
	case t.busy <- struct{}{}:
		return func() { <-t.busy; leave() }, nil
	case <-ctx.Done():
		leave()
		return nil, ctx.Err()
	}
}
