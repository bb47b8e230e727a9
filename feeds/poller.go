package feeds

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"sort"
	"strings"
	"sync"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// Store is what polling writes through: the feed store, and the catalogue
// writer for filling in a source's details from its feed.
type Store interface {
	store.FeedStore
	Add(ctx context.Context, sources []model.Source, articles []model.Article) error
}

// DefaultConcurrency is how many feeds are fetched at once (never more
// than one per host).
const DefaultConcurrency = 8

// Options configures a Poller; zero values take the defaults.
type Options struct {
	// Interval is how often each feed is polled (DefaultInterval).
	Interval time.Duration
	// Concurrency bounds the fetches in flight (DefaultConcurrency).
	Concurrency int
	// Retain, when positive, keeps articles for that long: older ones are
	// pruned after every pass and not stored again.
	Retain  time.Duration
	Fetcher *Fetcher
	Logger  *slog.Logger
	// Now is the clock (tests set it).
	Now func() time.Time
	// OnPass, if set, is called after every pass of Run and Refresh.
	OnPass func(Pass)
	// OnLead, if set, is told when this process starts (true) and stops
	// (false) polling, for a Store that elects its poller (Leader): a
	// process that does not lead finishes no pass, and is not stuck.
	OnLead func(leading bool)
	// WriteShare, between 0 and 1, is the share of time a pass may spend
	// writing: after a write that took d, the writer rests d·(1/share−1).
	// It also rests at least minRest, and parses one feed at a time. A
	// service polling while it answers readers gives its writes a tenth,
	// so that a first pass over many feeds does not take the cores, and
	// the response cache that every commit empties, from the readers;
	// `feeds refresh`, alone on the machine, writes flat out. 0 means 1.
	WriteShare float64
	// Pages reads the article pages of full-text feeds' new items (see
	// PageReader). nil: full-text feeds keep the feed's own text, which
	// is logged once.
	Pages PageReader
	// FullTextItems bounds the pages read per full-text feed and poll:
	// the newest new items' (DefaultFullTextItems). The other new items
	// keep the feed's text.
	FullTextItems int
	// PageTimeout bounds reading one page (DefaultPageTimeout).
	PageTimeout time.Duration
	// MaxItems bounds the items of one feed a poll stores: the newest
	// MaxItems by date (document order among undated ones) are kept, the
	// rest dropped and reported (DefaultMaxItems).
	MaxItems int
	// FeedTimeout bounds fetching, parsing and reading the pages of one
	// feed (DefaultFeedTimeout): a feed that takes longer fails with a
	// deadline error and the pass goes on with the others.
	FeedTimeout time.Duration
	// OnFeed, if set, is called after each feed's poll is stored, from
	// the pass's writer: a pass that is long but moving is not stuck.
	OnFeed func(Outcome)
}

// Poller polls the catalogue's feeds. One pass runs at a time; it is safe
// for concurrent use.
type Poller struct {
	st      Store
	fetch   *Fetcher
	log     *slog.Logger
	now     func() time.Time
	sched   schedule
	workers int
	retain  time.Duration
	onPass  func(Pass)
	onLead  func(bool)
	rest    float64       // rest after a write, as a multiple of its time (WriteShare)
	parsing chan struct{} // one parse at a time when sharing; nil: no limit

	// Full text (see fulltext.go).
	pages         PageReader
	fullTextItems int
	pageTimeout   time.Duration
	pageSlots     chan struct{} // maxPageReads at once
	maxItems      int
	feedTimeout   time.Duration
	onFeed        func(Outcome)
	hosts         hostGate // one request at a time per host
	noPages       sync.Once
	noLookup      sync.Once

	passMu  sync.Mutex // one pass at a time
	writeMu sync.Mutex // one store write at a time: fetches run in parallel, writes queue
	wake    chan struct{}
}

// NewPoller returns a Poller writing to st.
func NewPoller(st Store, o Options) *Poller {
	if o.Fetcher == nil {
		o.Fetcher = NewFetcher(FetcherOptions{})
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	if o.FullTextItems <= 0 {
		o.FullTextItems = DefaultFullTextItems
	}
	if o.PageTimeout <= 0 {
		o.PageTimeout = DefaultPageTimeout
	}
	if o.MaxItems <= 0 {
		o.MaxItems = DefaultMaxItems
	}
	if o.FeedTimeout <= 0 {
		o.FeedTimeout = DefaultFeedTimeout
	}
	rest := 0.0
	if o.WriteShare > 0 && o.WriteShare < 1 {
		rest = 1/o.WriteShare - 1
	}
	p := &Poller{st: st, fetch: o.Fetcher, log: o.Logger, now: o.Now, sched: newSchedule(o.Interval),
		workers: o.Concurrency, retain: o.Retain, onPass: o.OnPass, onLead: o.OnLead, rest: rest, wake: make(chan struct{}, 1),
		pages: o.Pages, fullTextItems: o.FullTextItems, pageTimeout: o.PageTimeout, pageSlots: make(chan struct{}, maxPageReads),
		maxItems: o.MaxItems, feedTimeout: o.FeedTimeout, onFeed: o.OnFeed}
	if rest > 0 {
		p.parsing = make(chan struct{}, 1)
	}
	return p
}

// Outcome is what polling one feed did.
type Outcome struct {
	Feed store.Feed // as it was before the poll
	// NotModified: the server answered 304; nothing was written.
	NotModified bool
	Stats       store.FeedWriteStats
	Skipped     int // items left out as unusable (logged with why)
	// Dropped counts the items left out by Options.MaxItems, of Kept+
	// Dropped the feed carried.
	Dropped, Kept int
	Err           error // why the poll failed; nil on success
	// FullText counts the new articles of a full-text feed stored with
	// their page's text; FullTextFailed those whose page could not be
	// read (logged with why), which keep the feed's text.
	FullText, FullTextFailed int
}

// Summary adds up a pass.
type Summary struct {
	Feeds       int // feeds polled
	NotModified int // of which answered 304
	Failed      int // of which failed
	// Unreachable counts the failures that reached no server at all (no
	// such host, refused, no route): all of them means no network.
	Unreachable             int
	New, Updated, Unchanged int
	Pruned                  int // articles past the retention period, deleted
	// FullText and FullTextFailed add up the feeds' (see Outcome).
	FullText, FullTextFailed int
	// Dropped counts the items left out by Options.MaxItems, of
	// DroppedFeeds feeds.
	Dropped, DroppedFeeds int
}

// Pass is one polling pass, for OnPass.
type Pass struct {
	Started, Finished time.Time
	// All: the pass polled every feed, due or not (RefreshOptions.All,
	// or a Wake).
	All     bool
	Summary Summary
}

func (s *Summary) add(o Outcome) {
	s.Feeds++
	switch {
	case o.Err != nil:
		s.Failed++
		var fe *FetchError
		if errors.As(o.Err, &fe) && fe.Kind == KindNetwork {
			s.Unreachable++
		}
	case o.NotModified:
		s.NotModified++
	}
	s.New += o.Stats.New
	s.Updated += o.Stats.Updated
	s.Unchanged += o.Stats.Unchanged
	s.FullText += o.FullText
	s.FullTextFailed += o.FullTextFailed
	if o.Dropped > 0 {
		s.Dropped += o.Dropped
		s.DroppedFeeds++
	}
}

// RefreshOptions chooses what a pass polls and reports.
type RefreshOptions struct {
	// All polls every feed, due or not, disabled ones included (a user
	// asking again after a site came back); a server's Retry-After is
	// still honoured.
	All bool
	// OnStart is called with the number of feeds the pass will poll.
	OnStart func(total int)
	// OnDone is called after each feed, from the calling goroutine's
	// pass (never concurrently).
	OnDone func(Outcome)
}

// Refresh runs one pass over the due feeds (all feeds with o.All) and
// returns what it did. Feeds are fetched in parallel, one at a time per
// host; an error is returned only when the feed list cannot be read.
func (p *Poller) Refresh(ctx context.Context, o RefreshOptions) (Summary, error) {
	p.passMu.Lock()
	defer p.passMu.Unlock()
	started := p.now()
	all, err := p.st.Feeds(ctx)
	if err != nil {
		return Summary{}, fmt.Errorf("list feeds: %w", err)
	}
	due := selectFeeds(all, started, o.All)
	if o.OnStart != nil {
		o.OnStart(len(due))
	}
	var sum Summary
	p.pollFeeds(ctx, due, func(out Outcome) {
		sum.add(out)
		if o.OnDone != nil {
			o.OnDone(out)
		}
	})
	if p.retain > 0 && ctx.Err() == nil {
		p.writeMu.Lock()
		sum.Pruned, err = p.st.PruneArticles(ctx, p.now().Add(-p.retain))
		p.writeMu.Unlock()
		if err != nil {
			p.log.Error("prune old articles", "err", err)
		}
	}
	if p.onPass != nil {
		p.onPass(Pass{Started: started, Finished: p.now(), All: o.All, Summary: sum})
	}
	return sum, ctx.Err()
}

// selectFeeds picks the feeds a pass polls, by host so that the longest
// queues start first.
func selectFeeds(feeds []store.Feed, now time.Time, all bool) []store.Feed {
	var due []store.Feed
	for _, f := range feeds {
		if f.Poll.Disabled == DisabledByUser {
			continue // off until the user turns it on (manage.go)
		}
		if all || (f.Poll.Disabled == "" && !f.Poll.NextPoll.After(now)) {
			due = append(due, f)
		}
	}
	return due
}

// pollFeeds polls feeds with at most p.workers fetches at once and one
// per host, calling done for each from this goroutine. Fetching and
// parsing run in the workers; storing runs here, one batch at a time:
// whatever the workers have finished while the last batch was written
// goes in the next, so a pass commits once per batch, not once per feed.
func (p *Poller) pollFeeds(ctx context.Context, feeds []store.Feed, done func(Outcome)) {
	queues := byHost(feeds)
	work := make(chan []store.Feed)
	// Workers may run this far ahead of the writer: parsed feeds waiting
	// are what one write takes at once.
	results := make(chan fetched, 64)
	var wg sync.WaitGroup
	for range min(p.workers, len(queues)) {
		wg.Go(func() {
			for q := range work {
				for _, f := range q {
					if ctx.Err() != nil {
						break
					}
					results <- p.fetchOne(ctx, f)
				}
			}
		})
	}
	go func() {
		defer close(results)
		defer wg.Wait()
		defer close(work)
		for _, q := range queues {
			select {
			case work <- q:
			case <-ctx.Done():
				return
			}
		}
	}()
	p.writeAll(ctx, results, done)
}

// maxWriteItems bounds what the writer gathers into one write: while it
// rests (WriteShare) it keeps taking what the workers finish, up to this,
// and then stops taking, so that they wait.
const maxWriteItems = 5000

// writeAll stores what comes on results, one write at a time: each takes
// everything finished since the last, so a pass commits once per batch
// rather than once per feed, and, resting between writes, commits less
// often still: every commit changes the store's generation and so empties
// the service's response caches.
func (p *Poller) writeAll(ctx context.Context, results <-chan fetched, done func(Outcome)) {
	var batch []fetched
	items := 0
	resume := time.Now() // the writer rests until then
	cancelled := ctx.Done()
	for results != nil || len(batch) > 0 {
		in := results
		if items >= maxWriteItems {
			in = nil
		}
		var timer *time.Timer
		var wake <-chan time.Time
		if len(batch) > 0 {
			wait := time.Until(resume)
			if wait <= 0 || results == nil { // rested, or nothing more is coming
				batch, items = drain(results, batch, items)
				started := time.Now()
				for _, out := range p.write(ctx, batch) {
					if p.onFeed != nil {
						p.onFeed(out)
					}
					done(out)
				}
				batch, items = nil, 0
				resume = time.Now().Add(p.restAfter(time.Since(started)))
				continue
			}
			timer = time.NewTimer(wait)
			wake = timer.C
		}
		select {
		case f, ok := <-in:
			if ok {
				batch = append(batch, f)
				items += len(f.save.Items)
			} else {
				results = nil
			}
		case <-wake:
		case <-cancelled: // write what is in hand without resting
			cancelled, resume = nil, time.Now()
		}
		if timer != nil {
			timer.Stop()
		}
	}
}

// minRest is the least a sharing writer rests between writes: its first
// writes are small and quick, and without a floor the first seconds of a
// pass would commit several times a second.
const minRest = 2 * time.Second

// restAfter is how long the writer rests after a write that took d.
func (p *Poller) restAfter(d time.Duration) time.Duration {
	if p.rest == 0 {
		return 0
	}
	return max(minRest, time.Duration(float64(d)*p.rest))
}

// drain adds to batch what results holds already, up to maxWriteItems,
// without waiting.
func drain(results <-chan fetched, batch []fetched, items int) ([]fetched, int) {
	for items < maxWriteItems {
		select {
		case f, ok := <-results:
			if !ok {
				return batch, items
			}
			batch = append(batch, f)
			items += len(f.save.Items)
		default:
			return batch, items
		}
	}
	return batch, items
}

// byHost groups feeds into one queue per host, longest first: a worker
// takes a whole queue, so a host never sees two requests at once.
func byHost(feeds []store.Feed) [][]store.Feed {
	index := map[string]int{}
	var queues [][]store.Feed
	for _, f := range feeds {
		h := hostOf(f.URL)
		i, ok := index[h]
		if !ok {
			i = len(queues)
			index[h] = i
			queues = append(queues, nil)
		}
		queues[i] = append(queues[i], f)
	}
	sort.SliceStable(queues, func(a, b int) bool { return len(queues[a]) > len(queues[b]) })
	return queues
}

func hostOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	return strings.ToLower(u.Hostname())
}

// Wake asks Run for a pass over every feed now (the reader's `r`). A pass
// already running finishes first; asking twice before it does is asking
// once.
func (p *Poller) Wake() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// SetInterval changes how often each feed is polled, for a poller whose
// settings changed while it runs (the reader's config file). A shorter
// interval applies at once: the feeds' next polls were set by the old
// one, so a pass over every feed polls them now and sets each by the
// new one. A longer one applies from each feed's next poll. 0 or less is
// DefaultInterval.
func (p *Poller) SetInterval(d time.Duration) {
	old := p.sched.every()
	p.sched.set(d)
	if p.sched.every() < old {
		p.Wake()
	}
}

// Interval is how often each feed is polled.
func (p *Poller) Interval() time.Duration { return p.sched.every() }

// Run polls until ctx ends: a pass over the due feeds, then a sleep until
// the next feed is due (at most idleCheck, so that feeds added by another
// process are picked up), or until Wake. When the Store is shared by
// several processes (it implements Leader), only the one that leads
// polls; the others wait to take over (leader.go).
func (p *Poller) Run(ctx context.Context) error {
	if l, ok := p.st.(store.Leader); ok {
		return p.runLed(ctx, l)
	}
	p.runPasses(ctx)
	return nil
}

// runPasses is Run's loop of passes, until ctx ends.
func (p *Poller) runPasses(ctx context.Context) {
	all := false
	for {
		if _, err := p.Refresh(ctx, RefreshOptions{All: all}); err != nil && ctx.Err() == nil {
			p.log.Error("feed polling pass", "err", err)
		}
		wait := p.untilNextDue(ctx)
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-timer.C:
			all = false
		case <-p.wake:
			timer.Stop()
			all = true
		}
	}
}

// idleCheck bounds Run's sleep.
const idleCheck = time.Minute

func (p *Poller) untilNextDue(ctx context.Context) time.Duration {
	feeds, err := p.st.Feeds(ctx)
	if err != nil {
		return idleCheck
	}
	now, wait := p.now(), idleCheck
	for _, f := range feeds {
		if f.Poll.Disabled == "" {
			wait = min(wait, f.Poll.NextPoll.Sub(now))
		}
	}
	return max(wait, time.Second)
}
