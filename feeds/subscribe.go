package feeds

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"

	"tidings/feeds/normalise"
	"tidings/model"
	"tidings/server/store"
)

// Subscription is what a user asks to follow.
type Subscription struct {
	// URL is a feed, or a site whose page announces one.
	URL      string
	Category model.Category
	// Language and Country, when empty, come from the feed itself: its
	// language tag ("en-GB" gives en and, as a region, gb).
	Language model.Language
	Country  model.Country
	// FullText marks the feed full-text: each new article's content is
	// the text of its page (see PageReader), these first ones included.
	FullText bool
}

// Subscribe fetches sub.URL once to check that it is a feed (or a page
// announcing one, whose feed is then fetched), stores the subscription
// with a source filled in from the feed, and stores the feed's current
// items, so the new source can be read at once.
func (p *Poller) Subscribe(ctx context.Context, sub Subscription) (store.Feed, Outcome, error) {
	if err := CheckURL(sub.URL); err != nil {
		return store.Feed{}, Outcome{}, err
	}
	if err := p.notSubscribed(ctx, sub.URL); err != nil {
		return store.Feed{}, Outcome{}, err
	}
	now := p.now()
	feedURL, resp, doc, err := p.findFeed(ctx, strings.TrimSpace(sub.URL))
	if err != nil {
		return store.Feed{}, Outcome{}, err
	}
	f := store.Feed{URL: feedURL, AddedAt: now, Source: newSource(sub, feedURL, doc), FullText: sub.FullText}
	f.Poll.ETag, f.Poll.LastModified = resp.Validators.ETag, resp.Validators.LastModified
	f.Poll.LastAttempt, f.Poll.MinInterval = now, doc.MinInterval
	p.succeeded(&f.Poll, resp.FreshFor, now)
	// The subscription is stored without its polling state, which is
	// written with the items (in their transaction, or after them): a
	// crash between the two then leaves a feed never polled, which the
	// next pass fetches whole, rather than one whose ETag says it is up to
	// date while none of its articles are stored.
	added := f
	added.Poll = store.FeedPoll{}
	if added, err = p.addFeed(ctx, added); err != nil {
		return store.Feed{}, Outcome{}, err
	}
	f.Source = added.Source
	r := fetched{
		out: Outcome{Feed: f, Skipped: len(doc.Skipped)},
	}
	r.save = store.FeedPollResult{ID: f.Source.ID, Items: p.itemsToKeep(f, p.bounded(f, doc.Items, now, &r.out), now), Poll: f.Poll, Seen: now}
	p.fullText(ctx, f, r.save.Items, &r.out)
	outs := p.write(ctx, []fetched{r})
	return f, outs[0], outs[0].Err
}

// AlreadySubscribedError is a subscription to an address that is already
// a feed's. It is store.ErrFeedExists (errors.Is), but says so once: the
// wrapped sentinel's own text would repeat "already subscribed".
type AlreadySubscribedError struct {
	URL string // the address asked for
	ID  string // the feed that has it
}

func (e AlreadySubscribedError) Error() string {
	return fmt.Sprintf("%s is already subscribed as %q", e.URL, e.ID)
}

// Is makes the error match store.ErrFeedExists.
func (e AlreadySubscribedError) Is(target error) bool { return target == store.ErrFeedExists }

// notSubscribed fails when url is already a feed's address.
func (p *Poller) notSubscribed(ctx context.Context, url string) error {
	f, err := p.st.FindFeed(ctx, strings.TrimSpace(url))
	switch {
	case err == nil:
		return AlreadySubscribedError{URL: url, ID: f.Source.ID}
	case errors.Is(err, store.ErrFeedNotFound):
		return nil
	default:
		return fmt.Errorf("look up existing feeds: %w", err)
	}
}

// findFeed fetches raw; when it is a page rather than a feed, it tries the
// feeds the page announces, in page order, and takes the first that is one.
func (p *Poller) findFeed(ctx context.Context, raw string) (string, *Response, *normalise.Document, error) {
	resp, err := p.fetchFeed(ctx, raw, Validators{})
	if err != nil {
		return "", nil, nil, fmt.Errorf("fetch %s: %w", raw, err)
	}
	doc, perr := normalise.Parse(resp.Body, resp.ContentType, resp.FinalURL, p.now())
	if perr == nil {
		return feedAddress(raw, resp), resp, doc, nil
	}
	candidates := discoverFeeds(resp.Body, resp.FinalURL)
	if len(candidates) == 0 {
		return "", nil, nil, fmt.Errorf("%s is not a feed (%v), and it announces none: no <link rel=\"alternate\"> of RSS, Atom or JSON Feed type", raw, perr)
	}
	var tried []string
	for _, c := range candidates {
		if err := p.notSubscribed(ctx, c); err != nil {
			return "", nil, nil, err
		}
		resp, err := p.fetchFeed(ctx, c, Validators{})
		if err == nil {
			var doc *normalise.Document
			if doc, err = normalise.Parse(resp.Body, resp.ContentType, resp.FinalURL, p.now()); err == nil {
				return feedAddress(c, resp), resp, doc, nil
			}
		}
		tried = append(tried, fmt.Sprintf("%s: %v", c, err))
	}
	return "", nil, nil, fmt.Errorf("%s announces feeds, but none could be read (%s)", raw, strings.Join(tried, "; "))
}

// feedAddress is the address to store: where a permanent redirect led,
// else the address asked for (a temporary redirect may change back).
func feedAddress(asked string, resp *Response) string {
	if resp.MovedTo != "" {
		return resp.MovedTo
	}
	return asked
}

// newSource makes the feed's source from what the user gave and what the
// feed says of itself.
func newSource(sub Subscription, feedURL string, doc *normalise.Document) model.Source {
	site := doc.SiteURL
	if site == "" {
		site = siteOf(feedURL)
	}
	name := doc.Title
	if name == "" {
		name = hostOf(site)
	}
	src := model.Source{Name: name, Description: doc.Description, URL: site,
		Category: sub.Category, Language: sub.Language, Country: sub.Country}
	if src.Language == "" {
		src.Language = doc.Language
	}
	if src.Country == "" {
		src.Country = regionOf(doc.RawLanguage)
	}
	src.ID = Slug(name, site)
	return src
}

// siteOf is the origin of a feed's address ("https://example.com/").
func siteOf(feedURL string) string {
	u, err := url.Parse(feedURL)
	if err != nil {
		return ""
	}
	return (&url.URL{Scheme: u.Scheme, Host: u.Host, Path: "/"}).String()
}

// regionOf reads the country of a language tag's region ("en-GB" → gb),
// when it is one of the service's countries.
func regionOf(tag string) model.Country {
	parts := strings.FieldsFunc(tag, func(r rune) bool { return r == '-' || r == '_' })
	for _, p := range parts[min(1, len(parts)):] {
		if len(p) == 2 {
			if c, err := model.ParseCountry(p); err == nil {
				return c
			}
		}
	}
	return ""
}

// maxIDTries bounds the suffixes tried for a taken id ("bbc-news-2" …).
const maxIDTries = 100

// addFeed stores f, suffixing its id when another source has it, and
// returns the feed as stored.
func (p *Poller) addFeed(ctx context.Context, f store.Feed) (store.Feed, error) {
	base := f.Source.ID
	p.writeMu.Lock()
	defer p.writeMu.Unlock()
	for i := 1; i <= maxIDTries; i++ {
		if i > 1 {
			f.Source.ID = fmt.Sprintf("%s-%d", base, i)
		}
		err := p.st.AddFeed(ctx, f)
		if err == nil {
			return f, nil
		}
		if !errors.Is(err, store.ErrIDTaken) {
			return store.Feed{}, fmt.Errorf("store the feed %s: %w", f.URL, err)
		}
	}
	return store.Feed{}, fmt.Errorf("store the feed %s: ids %s to %s-%d are all taken", f.URL, base, base, maxIDTries)
}
