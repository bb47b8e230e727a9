package search

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"tidings/model"
)

// form holds the search fields: one text input per free-text parameter and
// an index into the options of each choice field. It knows nothing about
// requests; the screen asks it for a query and for its errors.
type form struct {
	inputs [textFields]textinput.Model
	// check is the service's rule for a whole search (the spec's, or
	// NewsAPI's, which takes sources or domains instead of keywords).
	check func(model.ArticlesQuery) error
	langs []model.Language
	sorts []model.SortBy
	lang  int // index into langs; 0 is "any"
	sort  int // index into sorts; 0 is the default order
	focus fieldID
	errs  [fieldCount]string
	// tried is set once the user has asked to run the search. Until then an
	// empty query is not shown as an error: a blank form that shouts "q is
	// required" before anyone typed is noise. It still blocks the search.
	tried bool
	// now is the clock relative dates ("3d", "today") are read against,
	// in the user's location; nil: time.Now.
	now func() time.Time
}

// rules is what the service at hand takes as a search: its languages and
// its check of a whole query.
type rules struct {
	langs []model.Language
	check func(model.ArticlesQuery) error
}

// specRules are the spec's: every language, keywords required.
func specRules() rules {
	return rules{langs: model.Languages(), check: model.ArticlesQuery.Validate}
}

// newForm builds an empty form for the spec's service with the query
// field focused.
func newForm() form { return newFormFor(specRules()) }

// newFormFor builds an empty form that offers and checks what r allows.
func newFormFor(r rules) form {
	f := form{langs: languageOptions(r.langs), sorts: sortOptions(), check: r.check}
	for i := range f.inputs {
		in := textinput.New()
		in.Prompt = ""
		in.Placeholder = fieldPlaceholders[i]
		f.inputs[i] = in
	}
	if f.keywordsOptional() {
		f.inputs[fieldQ].Placeholder = "keywords (or give sources or domains)"
	}
	// Longer queries are refused by the model; stopping the typing at the
	// limit says so sooner than an error would.
	f.inputs[fieldQ].CharLimit = model.MaxQueryLength
	f.inputs[fieldQ].Focus()
	f.validate()
	return f
}

// setQuery fills every field from q, replacing what was typed.
func (f *form) setQuery(q model.ArticlesQuery) {
	f.inputs[fieldQ].SetValue(q.Q)
	f.inputs[fieldSources].SetValue(strings.Join(q.Sources, ", "))
	f.inputs[fieldDomains].SetValue(strings.Join(q.Domains, ", "))
	f.inputs[fieldExclude].SetValue(strings.Join(q.ExcludeDomains, ", "))
	f.inputs[fieldFrom].SetValue(q.From)
	f.inputs[fieldTo].SetValue(q.To)
	f.lang = max(0, slices.Index(f.langs, q.Language))
	f.sort = f.sortIndex(q.SortBy)
	for i := range f.inputs {
		f.inputs[i].CursorEnd()
	}
	f.tried = false
	f.validate()
}

func (f *form) sortIndex(s model.SortBy) int {
	if s == "" {
		s = model.DefaultSortBy
	}
	return max(0, slices.Index(f.sorts, s))
}

// query builds the ArticlesQuery the fields describe. Lists are split on
// commas; the sort order is always explicit so the request says what the
// form shows.
func (f *form) query() model.ArticlesQuery {
	return model.ArticlesQuery{
		Q:              strings.TrimSpace(f.value(fieldQ)),
		Sources:        model.SplitList(f.value(fieldSources)),
		Domains:        model.SplitList(f.value(fieldDomains)),
		ExcludeDomains: model.SplitList(f.value(fieldExclude)),
		From:           strings.TrimSpace(f.value(fieldFrom)),
		To:             strings.TrimSpace(f.value(fieldTo)),
		Language:       f.langs[f.lang],
		SortBy:         f.sorts[f.sort],
	}
}

func (f *form) value(id fieldID) string { return f.inputs[id].Value() }

// language and sortBy are the current choices.
func (f *form) language() model.Language { return f.langs[f.lang] }
func (f *form) sortBy() model.SortBy     { return f.sorts[f.sort] }

// setSort selects a sort order.
func (f *form) setSort(s model.SortBy) { f.sort = f.sortIndex(s) }

// cycleSort moves to the next sort order, wrapping around.
func (f *form) cycleSort(delta int) { f.sort = wrap(f.sort+delta, len(f.sorts)) }

// validate recomputes the error of every field. Each free-text field is
// checked on its own (through model.ArticlesQuery.Validate with only that
// field set, and model.ParseTimeBound for dates) so several fields can be
// marked at once; the whole query is then validated for rules that span
// fields, such as from after to.
func (f *form) validate() {
	f.errs = [fieldCount]string{}
	q := f.query()
	// The keywords are judged with the fields that may stand in for them
	// (NewsAPI searches sources or domains without keywords); errors of
	// those fields are theirs, shown below.
	f.errs[fieldQ] = f.paramMessage(model.ArticlesQuery{Q: q.Q, Sources: q.Sources, Domains: q.Domains}, "q")
	if q.Q == "" && !f.tried {
		f.errs[fieldQ] = ""
	}
	probe := model.ArticlesQuery{Q: "probe"}
	probe.Sources = q.Sources
	f.errs[fieldSources] = message(f.check(probe))
	probe = model.ArticlesQuery{Q: "probe", Domains: q.Domains}
	f.errs[fieldDomains] = message(f.check(probe))
	probe = model.ArticlesQuery{Q: "probe", ExcludeDomains: q.ExcludeDomains}
	f.errs[fieldExclude] = message(f.check(probe))
	resolved := f.resolved()
	f.errs[fieldFrom] = dateError(q.From, resolved.From, false)
	f.errs[fieldTo] = dateError(q.To, resolved.To, true)
	if f.firstInvalid() >= 0 {
		return
	}
	whole := resolved
	if whole.Q == "" { // already reported (or forgiven) above
		whole.Q = "probe"
	}
	if err := f.check(whole); err != nil {
		f.errs[f.fieldOf(err)] = err.Error()
	}
}

// paramMessage is the error check gives q about param, or "".
func (f *form) paramMessage(q model.ArticlesQuery, param string) string {
	if ve, ok := asValidation(f.check(q)); ok && ve.Param == param {
		return ve.Message
	}
	return ""
}

// keywordsOptional reports whether the service searches without keywords
// when sources narrow the search (NewsAPI does; the spec does not).
func (f *form) keywordsOptional() bool {
	return f.check(model.ArticlesQuery{Sources: []string{"probe"}}) == nil
}

// runnable reports whether q is a search to run at once when it arrives
// from elsewhere (a flag, the sources screen): it has keywords, or the
// service needs none and it names sources or domains.
func (f *form) runnable(q model.ArticlesQuery) bool {
	if q.Q != "" {
		return true
	}
	return f.keywordsOptional() && (len(q.Sources) > 0 || len(q.Domains) > 0)
}

// valid reports whether the form may be sent. It ignores the grace given to
// an untouched empty query.
func (f *form) valid() bool {
	return f.firstInvalid() < 0 && f.check(f.resolved()) == nil
}

// resolved is the query to send: as typed, with relative dates ("3d",
// "today") made absolute against the form's clock.
func (f *form) resolved() model.ArticlesQuery {
	now := time.Now()
	if f.now != nil {
		now = f.now()
	}
	return f.query().ResolveRelativeTimes(now)
}

// dateError explains a from or to value that is neither a date nor a
// relative time; typed is what the user wrote, resolved what it became.
func dateError(typed, resolved string, isTo bool) string {
	if typed == "" {
		return ""
	}
	if _, err := model.ParseTimeBound(resolved, isTo); err == nil {
		return ""
	}
	return fmt.Sprintf("%q is not a date: try 3d, 12h, today, yesterday, 2026-11-20 or 2026-11-20T08:00:00Z (yyyy-MM-ddTHH:mm:ssZ)", typed)
}

// firstInvalid is the first field with a shown error, or -1.
func (f *form) firstInvalid() fieldID {
	for i, e := range f.errs {
		if e != "" {
			return fieldID(i)
		}
	}
	return -1
}

// fieldOf maps a validation error to the field it is about; errors about
// anything else (paging) are shown on the query field.
func (f *form) fieldOf(err error) fieldID {
	if ve, ok := asValidation(err); ok {
		if id, found := fieldOfParam(ve.Param); found {
			return id
		}
	}
	return fieldQ
}

// errorLine is the one message shown under the form: the focused field's
// error if it has one, else the first one.
func (f *form) errorLine() (fieldID, string) {
	if f.focus >= 0 && f.focus < fieldCount && f.errs[f.focus] != "" {
		return f.focus, f.errs[f.focus]
	}
	if id := f.firstInvalid(); id >= 0 {
		return id, f.errs[id]
	}
	return -1, ""
}

// setFocus moves focus to field id (wrapping), blurring the others.
func (f *form) setFocus(id fieldID) tea.Cmd {
	f.focus = fieldID(wrap(int(id), int(fieldCount)))
	var cmd tea.Cmd
	for i := range f.inputs {
		if fieldID(i) == f.focus {
			cmd = f.inputs[i].Focus()
		} else {
			f.inputs[i].Blur()
		}
	}
	return cmd
}

// blur removes focus from every input so no cursor is drawn while the
// results have focus; f.focus is kept so the form reopens where it was.
func (f *form) blur() {
	for i := range f.inputs {
		f.inputs[i].Blur()
	}
}

// setWidth sets how many cells the inputs may use.
func (f *form) setWidth(w int) {
	for i := range f.inputs {
		f.inputs[i].SetWidth(max(1, w))
	}
}

func wrap(i, n int) int { return ((i % n) + n) % n }

// message is err's text, or "" for nil.
func message(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func asValidation(err error) (*model.ValidationError, bool) {
	var ve *model.ValidationError
	ok := errors.As(err, &ve)
	return ve, ok
}
