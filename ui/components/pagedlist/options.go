package pagedlist

// options are the list's texts and row geometry.
type options struct {
	rowHeight func(width int) int
	noun      string // plural, for "End of results · 20 articles"
	loading   string
	empty     func() string
	pad       bool // fill every line to the full width
}

func defaultOptions() options {
	return options{
		rowHeight: func(int) int { return 1 },
		noun:      "items",
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

// WithNoun names the items in the plural for status texts ("articles").
func WithNoun(noun string) Option { return func(o *options) { o.noun = noun } }

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
