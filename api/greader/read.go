package greader

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"tidings/api"
	"tidings/model"
)

// Sources lists the subscriptions, by name, as sources: a label that
// names one of tidings' categories becomes the source's category, and
// q.Category keeps the subscriptions of that label. Country and language
// are refused (api.DialectGReader's rules): subscriptions have neither.
func (c *Client) Sources(ctx context.Context, q model.SourcesQuery) (model.Page[model.Source], error) {
	if err := api.DialectGReader.ValidateSources(q); err != nil {
		return model.Page[model.Source]{}, err
	}
	subs, err := c.subscriptions(ctx)
	if err != nil {
		return model.Page[model.Source]{}, err
	}
	var all []model.Source
	for _, s := range subs {
		src := c.source(s)
		if q.Category == "" || src.Category == q.Category {
			all = append(all, src)
		}
	}
	slices.SortStableFunc(all, func(a, b model.Source) int {
		return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	return pageOf(all, q.Page, q.PageSize), nil
}

// pageOf cuts page (1-based; 0 is 1) of size (0: the spec's default)
// from all.
func pageOf[T any](all []T, page, size int) model.Page[T] {
	page, size = max(page, 1), cmp.Or(size, model.DefaultPageSize)
	from := min((page-1)*size, len(all))
	to := min(from+size, len(all))
	return model.Page[T]{Items: append([]T{}, all[from:to]...), TotalResults: len(all), Page: page, PageSize: size}
}

// subscriptions reads subscription/list and remembers the labels.
func (c *Client) subscriptions(ctx context.Context) ([]subscription, error) {
	const op = "list subscriptions"
	body, err := c.get(ctx, op, "/reader/api/0/subscription/list", nil)
	if err != nil {
		return nil, err
	}
	var list subscriptionList
	if err := decodeJSON(body, &list); err != nil {
		return nil, c.badAnswer(op, err)
	}
	c.mu.Lock()
	for _, s := range list.Subscriptions {
		for _, cat := range s.Categories {
			if name := cmp.Or(cat.Label, labelName(cat.ID)); name != "" {
				c.labels[strings.ToLower(name)] = name
			}
		}
	}
	c.mu.Unlock()
	return list.Subscriptions, nil
}

// source is a subscription as a source.
func (c *Client) source(s subscription) model.Source {
	src := model.Source{ID: c.sourceID(s.ID), Name: cmp.Or(strings.TrimSpace(s.Title), s.HTMLURL, s.URL),
		URL: cmp.Or(s.HTMLURL, s.URL)}
	var labels []string
	for _, cat := range s.Categories {
		name := cmp.Or(cat.Label, labelName(cat.ID))
		if name == "" {
			continue
		}
		labels = append(labels, name)
		if cat, err := model.ParseCategory(name); err == nil && src.Category == "" {
			src.Category = cat
		}
	}
	if len(labels) > 0 {
		src.Description = "Labels: " + strings.Join(labels, ", ")
	}
	return src
}

// LatestHeadlines reads a stream newest first: the reading list, the
// source's subscription (q.Sources), the starred items (q.Starred), or
// the label named like q.Category; unread items only with q.Unread.
func (c *Client) LatestHeadlines(ctx context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	if err := api.DialectGReader.ValidateHeadlines(q); err != nil {
		return model.Page[model.Article]{}, err
	}
	sel, err := c.headlinesStream(ctx, q)
	if err != nil {
		return model.Page[model.Article]{}, err
	}
	sel.unread = q.Unread
	return c.readStream(ctx, sel, q.Page, q.PageSize)
}

// Articles lists one source's articles (q.Sources without keywords). A
// keyword search fails with an error matching api.ErrSearchUnsupported:
// the Google Reader API has no search.
func (c *Client) Articles(ctx context.Context, q model.ArticlesQuery) (model.Page[model.Article], error) {
	if q.Q != "" || q.Story != "" {
		return model.Page[model.Article]{}, c.noSearch()
	}
	if err := api.DialectGReader.ValidateArticles(q); err != nil {
		return model.Page[model.Article]{}, err
	}
	stream, err := c.sourceStream(q.Sources[0])
	if err != nil {
		return model.Page[model.Article]{}, err
	}
	sel := selection{stream: stream, unread: q.Unread}
	if q.Starred {
		sel.stream, sel.within = stateStarred, stream
	}
	return c.readStream(ctx, sel, q.Page, q.PageSize)
}

// noSearch says that the service cannot search, and what to do instead.
func (c *Client) noSearch() error {
	return &Error{Server: c.server, Op: "search", Kind: api.ErrSearchUnsupported,
		Detail: "the Google Reader API has no search; read Headlines, or a source's articles from Sources"}
}

// selection is which items of which stream a view reads.
type selection struct {
	stream string // the stream read
	within string // a feed the starred stream is narrowed to ("": none)
	unread bool   // leave out read items (xt=read)
	before int64  // only items published no later (nt, seconds); 0: any
	none   bool   // nothing can match: an empty view
}

func (c *Client) headlinesStream(ctx context.Context, q model.HeadlinesQuery) (selection, error) {
	var sel selection
	switch {
	case len(q.Sources) == 1:
		stream, err := c.sourceStream(q.Sources[0])
		if err != nil {
			return sel, err
		}
		sel.stream = stream
	case q.Category != "":
		label, err := c.labelFor(ctx, q.Category)
		if err != nil {
			return sel, err
		}
		sel.stream, sel.none = labelPrefix+label, label == ""
	default:
		sel.stream = streamReadingList
	}
	if q.Starred {
		sel.stream, sel.within = stateStarred, strings.TrimPrefix(sel.stream, streamReadingList)
	}
	return sel, nil
}

func (c *Client) sourceStream(source string) (string, error) {
	stream, ok := c.streamOf(source)
	if !ok {
		return "", &model.ValidationError{Param: "sources", Kind: model.KindParameter,
			Message: fmt.Sprintf("sources: %q is no subscription of %s", source, c.server)}
	}
	return stream, nil
}

// labelFor is the service's label named like the category (in any
// case), "" when it has none.
func (c *Client) labelFor(ctx context.Context, cat model.Category) (string, error) {
	c.mu.Lock()
	label, ok := c.labels[string(cat)]
	c.mu.Unlock()
	if ok {
		return label, nil
	}
	if _, err := c.subscriptions(ctx); err != nil {
		return "", err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.labels[string(cat)], nil
}

// readStream answers page (1-based) of size items of sel: the ids from
// the stream's cursor, their contents in the ids' order, and the unread
// count of the stream where the service keeps one (page 1 asks; later
// pages repeat it).
func (c *Client) readStream(ctx context.Context, sel selection, page, size int) (model.Page[model.Article], error) {
	page, size = max(page, 1), cmp.Or(size, model.DefaultPageSize)
	out := model.Page[model.Article]{Items: []model.Article{}, Page: page, PageSize: size}
	if sel.none {
		return out, nil
	}
	cur := c.cursorFor(sel, size, page == 1)
	ids, more, err := c.idsFor(ctx, cur, (page-1)*size, size)
	if err != nil {
		return out, c.labelRefused(sel, err)
	}
	items, err := c.contents(ctx, ids)
	if err != nil {
		return out, err
	}
	out.Items = c.keepWithin(items, sel.within)
	out.TotalResults = cur.total(page, size, len(ids), more)
	if page == 1 && sel.within == "" {
		cur.unread, cur.unreadKnown = c.unreadOf(ctx, sel.stream)
	}
	out.UnreadResults, out.UnreadKnown = cur.unread, cur.unreadKnown
	return out, nil
}

// labelRefused explains a label stream the service fails to list:
// Miniflux's stream/items/ids has no label streams and answers 500.
func (c *Client) labelRefused(sel selection, err error) error {
	if !strings.HasPrefix(sel.stream, labelPrefix) || !errors.Is(err, api.ErrServer) {
		return err
	}
	const why = "the service lists no label's items through its Google Reader API (Miniflux's does not): choose All categories"
	// An *api.Error as the kind: the reader quotes its message beside
	// "change the filters".
	return &Error{Server: c.server, Op: "list a label's items", Detail: why,
		Kind: &api.Error{Status: http.StatusBadRequest, Message: why, Dialect: api.DialectGReader}}
}

// keepWithin drops the items of other feeds than within ("": keeps all):
// the starred items of one subscription are asked with it=, which
// FreshRSS honours and Miniflux ignores.
func (c *Client) keepWithin(items []model.Article, within string) []model.Article {
	if !strings.HasPrefix(within, feedPrefix) {
		return items // a label: items do not say their labels here
	}
	want := c.sourceID(within)
	return slices.DeleteFunc(items, func(a model.Article) bool { return a.Source.ID != want })
}

// unreadOf is the unread count of one stream, if the service says.
func (c *Client) unreadOf(ctx context.Context, stream string) (int, bool) {
	if stream == stateStarred {
		return 0, false
	}
	counts, err := c.unreadCounts(ctx)
	if err != nil {
		return 0, false
	}
	n, ok := counts[stream]
	return n, ok
}

// unreadCounts reads unread-count: stream id → unread items. Label ids
// are given in the user/-/ form whatever the service wrote.
func (c *Client) unreadCounts(ctx context.Context) (map[string]int, error) {
	const op = "count unread items"
	body, err := c.get(ctx, op, "/reader/api/0/unread-count", nil)
	if err != nil {
		return nil, err
	}
	if t := strings.TrimSpace(string(body)); strings.HasPrefix(t, "[") {
		// Miniflux answers what it does not implement with "[]".
		return nil, &Error{Server: c.server, Op: op, Status: 200, Kind: ErrNoUnreadCounts,
			Detail: "the service has no unread-count in its Google Reader API"}
	}
	var list unreadCountList
	if err := decodeJSON(body, &list); err != nil {
		return nil, c.badAnswer(op, err)
	}
	counts := make(map[string]int, len(list.UnreadCounts))
	for _, u := range list.UnreadCounts {
		id := u.ID
		if name := labelName(id); name != "" {
			id = labelPrefix + name
		} else if strings.HasPrefix(id, "user/") && strings.HasSuffix(id, "/state/com.google/reading-list") {
			id = streamReadingList
		}
		counts[id] += int(u.Count.int64())
	}
	if _, ok := counts[streamReadingList]; !ok {
		total := 0
		for id, n := range counts {
			if strings.HasPrefix(id, feedPrefix) {
				total += n
			}
		}
		counts[streamReadingList] = total
	}
	return counts, nil
}

// idsQuery is the query of stream/items/ids for sel.
func idsQuery(sel selection, n int, continuation string) url.Values {
	v := url.Values{"s": {sel.stream}, "n": {strconv.Itoa(n)}}
	if sel.unread {
		v.Set("xt", stateRead)
	}
	if sel.within != "" {
		v.Set("it", sel.within)
	}
	if sel.before > 0 {
		v.Set("nt", strconv.FormatInt(sel.before, 10))
	}
	if continuation != "" {
		v.Set("c", continuation)
	}
	return v
}
