package pagedlist

import "tidings/wording"

// options are the list's texts and row geometry.
type options struct {
	rowHeight func(width int) int
	one, many string // the items' noun, for "End of results · 1 article", "… · 20 articles"
	loading   string
	empty     func() string
	pad       bool // fill every line to the full width
}

func defaultOptions() options {
	return options{
		rowHeight: func(int) int { return 1 },
		one:       "item",
		many:      "items",
		loading:   "Loading…",
		empty:     func() string { return "Nothing here." },
	}
}

// Option configures a list in [New].
type Option func(*options)

// WithRowHeight sets how many lines a row takes at a width (including any
// blank separator line the render function draws).
func WithRowHeight(h func(width int) int) Option {
	return func(o *options) { o.rowHeight = h }
}

// WithNoun names the items, one and many, for status texts ("article",
// "articles").
func WithNoun(one, many string) Option { return func(o *options) { o.one, o.many = one, many } }

// count is n items with the noun that agrees: "1 article", "1,204 articles".
func (o options) count(n int) string { return wording.Count(n, o.one, o.many) }

// WithLoadingText is shown in the body while the first page loads.
func WithLoadingText(s string) Option { return func(o *options) { o.loading = s } }

// WithEmptyText is shown when the query has no results at all. It is a
// function so the text can name the current filters.
func WithEmptyText(f func() string) Option { return func(o *options) { o.empty = f } }

// WithFullWidthRows fills every line of the view with spaces to the
// list's width, so a pane can be joined beside it without measuring. Rows
// are padded once, when they are cached.
func WithFullWidthRows() Option { return func(o *options) { o.pad = true } }

// SetFullWidthRows turns WithFullWidthRows on or off, for a list that has
// a pane beside it only on wide terminals. Without a pane, padding is
// pure cost: the terminal renderer handles every padding space as a cell
// on every frame (about a quarter of a 120×40 frame's drawing time).
func (m *Model[T]) SetFullWidthRows(on bool) {
	if m.opts.pad != on {
		m.opts.pad = on
		m.cache.clear() // cached rows were padded, or not, for the old setting
	}
}
