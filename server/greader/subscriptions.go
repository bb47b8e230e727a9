package greader

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"sync"

	"tidings/model"
)

// subscription is one feed (or source) as clients list it.
type subscription struct {
	ID       string // the source's id: the stream is feed/<ID>
	Title    string
	Category model.Category
	URL      string // the feed document; the site where there is none
	HTMLURL  string
}

// subscriptions is the catalogue's subscriptions, by id and in order.
type subscriptions struct {
	list []subscription
	byID map[string]int
}

func (s *subscriptions) find(id string) (subscription, bool) {
	i, ok := s.byID[id]
	if !ok {
		return subscription{}, false
	}
	return s.list[i], true
}

// categories are the categories the subscriptions are in, sorted.
func (s *subscriptions) categories() []model.Category {
	var cs []model.Category
	for _, sub := range s.list {
		if sub.Category != "" && !slices.Contains(cs, sub.Category) {
			cs = append(cs, sub.Category)
		}
	}
	slices.Sort(cs)
	return cs
}

// subscriptionCache keeps the subscriptions of one store generation:
// every contents call names each item's feed, and a catalogue of a
// thousand sources should not be listed for each.
type subscriptionCache struct {
	mu   sync.Mutex
	gen  uint64
	subs *subscriptions
}

// subscriptions lists the catalogue's feeds, or its sources when it has
// none.
func (h *Handler) subscriptions(ctx context.Context) (*subscriptions, error) {
	gen := h.st.Generation()
	h.subs.mu.Lock()
	if h.subs.subs != nil && h.subs.gen == gen {
		s := h.subs.subs
		h.subs.mu.Unlock()
		return s, nil
	}
	h.subs.mu.Unlock()
	list, err := h.loadSubscriptions(ctx)
	if err != nil {
		return nil, err
	}
	s := &subscriptions{list: list, byID: make(map[string]int, len(list))}
	for i, sub := range list {
		s.byID[sub.ID] = i
	}
	h.subs.mu.Lock()
	h.subs.gen, h.subs.subs = gen, s
	h.subs.mu.Unlock()
	return s, nil
}

func (h *Handler) loadSubscriptions(ctx context.Context) ([]subscription, error) {
	if h.feeds != nil {
		feeds, err := h.feeds.Feeds(ctx)
		if err != nil {
			return nil, fmt.Errorf("list the feeds: %w", err)
		}
		if len(feeds) > 0 {
			list := make([]subscription, 0, len(feeds))
			for _, f := range feeds {
				list = append(list, subscription{ID: f.Source.ID, Title: f.Source.Name, Category: f.Source.Category,
					URL: f.URL, HTMLURL: f.Source.URL})
			}
			return list, nil
		}
	}
	var list []subscription
	for page := 1; ; page++ {
		p, err := h.st.Sources(ctx, model.SourcesQuery{Page: page, PageSize: model.MaxPageSize})
		if err != nil {
			return nil, fmt.Errorf("list the sources: %w", err)
		}
		for _, s := range p.Items {
			list = append(list, subscription{ID: s.ID, Title: s.Name, Category: s.Category, URL: s.URL, HTMLURL: s.URL})
		}
		if !p.HasMore() {
			return list, nil
		}
	}
}

// subscriptionList answers subscription/list.
func (h *Handler) subscriptionList(w http.ResponseWriter, c *call) error {
	subs, err := h.subscriptions(c.ctx)
	if err != nil {
		return err
	}
	out := make([]subscriptionJSON, 0, len(subs.list))
	for _, s := range subs.list {
		j := subscriptionJSON{ID: feedPrefix + s.ID, Title: s.Title, Categories: []categoryJSON{}, URL: s.URL, HTMLURL: s.HTMLURL,
			SortID: s.ID}
		if s.Category != "" {
			j.Categories = append(j.Categories, categoryJSON{ID: labelID(s.Category), Label: s.Category.Name(), Type: "folder"})
		}
		out = append(out, j)
	}
	return writeJSON(w, map[string]any{"subscriptions": out})
}

// tagList answers tag/list: the starred state and one folder per
// category.
func (h *Handler) tagList(w http.ResponseWriter, c *call) error {
	subs, err := h.subscriptions(c.ctx)
	if err != nil {
		return err
	}
	tags := []categoryJSON{{ID: stateStarred}}
	for _, cat := range subs.categories() {
		tags = append(tags, categoryJSON{ID: labelID(cat), Label: cat.Name(), Type: "folder"})
	}
	return writeJSON(w, map[string]any{"tags": tags})
}

// unreadCount answers unread-count: per feed with unread articles, per
// label, and the reading list; "max" is the reading list's count.
func (h *Handler) unreadCount(w http.ResponseWriter, c *call) error {
	subs, err := h.subscriptions(c.ctx)
	if err != nil {
		return err
	}
	bySource, err := h.st.UnreadBy(c.ctx, c.session.Owner, model.UnreadBySource)
	if err != nil {
		return fmt.Errorf("count unread articles: %w", err)
	}
	counts := []unreadJSON{}
	byLabel := map[model.Category]int{}
	total := 0
	for _, s := range subs.list {
		n := bySource[s.ID]
		if n > 0 {
			counts = append(counts, unreadJSON{ID: feedPrefix + s.ID, Count: n})
		}
		byLabel[s.Category] += n
	}
	for _, n := range bySource {
		total += n
	}
	for _, cat := range subs.categories() {
		counts = append(counts, unreadJSON{ID: labelID(cat), Count: byLabel[cat]})
	}
	counts = append(counts, unreadJSON{ID: stateReadingList, Count: total})
	return writeJSON(w, map[string]any{"max": total, "unreadcounts": counts})
}

type subscriptionJSON struct {
	ID         string         `json:"id"`
	Title      string         `json:"title"`
	Categories []categoryJSON `json:"categories"`
	SortID     string         `json:"sortid"`
	URL        string         `json:"url"`
	HTMLURL    string         `json:"htmlUrl"`
	IconURL    string         `json:"iconUrl"`
}

type categoryJSON struct {
	ID    string `json:"id"`
	Label string `json:"label,omitempty"`
	Type  string `json:"type,omitempty"`
}

type unreadJSON struct {
	ID    string `json:"id"`
	Count int    `json:"count"`
}
