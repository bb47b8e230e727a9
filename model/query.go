package model

import (
	"net/url"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits the spec leaves open; see the server's package doc for why.
const (
	MaxQueryLength = 500 // runes in q
	MaxListItems   = 20  // ids or domains in one list parameter
)

// SourcesQuery asks GET /sources (spec 4.1). Zero fields are not sent and
// mean "any" (filters) or the default (Page, PageSize).
type SourcesQuery struct {
	Category Category
	Language Language
	Country  Country
	Page     int
	PageSize int
}

// HeadlinesQuery asks GET /latest-headlines (spec 4.2).
type HeadlinesQuery struct {
	Country  Country
	Category Category
	// Sources narrows the headlines to these sources' newest articles:
	// our extension on /latest-headlines (NewsAPI's top-headlines has
	// it too). It is not combined with Country or Category.
	Sources []string
	// Unread and Starred narrow the list to the unread (or starred)
	// articles of the key asking: our marks extension (docs/marks.md),
	// answered only by a service that keeps marks.
	Unread   bool
	Starred  bool
	Page     int
	PageSize int
}

// ArticlesQuery asks GET /articles (spec 4.3). From and To are kept as the
// user wrote them, in one of the forms [ParseTimeBound] accepts.
type ArticlesQuery struct {
	Q              string
	Sources        []string
	Domains        []string
	ExcludeDomains []string
	From           string
	To             string
	Language       Language
	SortBy         SortBy
	// Story narrows the search to one story's articles: our extension
	// (the story parameter), which stands in for q when given.
	Story string
	// Unread and Starred: as on HeadlinesQuery (docs/marks.md).
	Unread   bool
	Starred  bool
	Page     int
	PageSize int
}

// ErrStoryWithQ: story lists one story's articles and q searches; the
// two are not combined.
var ErrStoryWithQ = &ValidationError{Param: "q", Kind: KindParameter,
	Message: "q cannot be combined with story: story lists every article of one story; search with q alone"}

// MaxStoryIDLength bounds the story parameter.
const MaxStoryIDLength = 64

// Validate checks every rule of spec 4.1 and 4.4.
func (q SourcesQuery) Validate() error {
	if err := checkEnums(q.Category, q.Language, q.Country); err != nil {
		return err
	}
	return validatePaging(q.Page, q.PageSize)
}

// ErrSourcesWithCountry: sources names the sources outright, so a
// country or a category would only contradict it (NewsAPI refuses the
// mix too).
var ErrSourcesWithCountry = &ValidationError{Param: "sources", Kind: KindParameter,
	Message: "sources cannot be combined with country or category: the sources are chosen already; leave those out"}

// Validate checks every rule of spec 4.2 and 4.4, and of the sources
// extension: well-formed ids, not mixed with country or category.
func (q HeadlinesQuery) Validate() error {
	if err := checkEnums(q.Category, "", q.Country); err != nil {
		return err
	}
	if err := validateList("sources", q.Sources, isSourceID); err != nil {
		return err
	}
	if len(q.Sources) > 0 && (q.Country != "" || q.Category != "") {
		return ErrSourcesWithCountry
	}
	return validatePaging(q.Page, q.PageSize)
}

// Validate checks every rule of spec 4.3 and 4.4: q is required, lists hold
// well-formed ids and domains, from and to are dates or date-times with from
// not after to, and language and sortBy are allowed values.
func (q ArticlesQuery) Validate() error {
	if q.Story != "" && q.Q != "" {
		return ErrStoryWithQ
	}
	if q.Story == "" || q.Q != "" {
		if err := validateKeywords(q.Q); err != nil {
			return err
		}
	}
	return q.ValidateFilters()
}

// ValidateFilters checks every rule of Validate but the keywords': for
// NewsAPI's dialect, in which sources or domains may narrow a search
// without q.
func (q ArticlesQuery) ValidateFilters() error {
	if err := validateStoryID(q.Story); err != nil {
		return err
	}
	if err := validateList("sources", q.Sources, isSourceID); err != nil {
		return err
	}
	if err := validateList("domains", q.Domains, isDomain); err != nil {
		return err
	}
	if err := validateList("excludeDomains", q.ExcludeDomains, isDomain); err != nil {
		return err
	}
	if _, _, err := q.TimeRange(); err != nil {
		return err
	}
	if err := checkEnums("", q.Language, ""); err != nil {
		return err
	}
	if _, err := ParseSortBy(string(q.SortBy)); err != nil {
		return paramError("sortBy", "%v", err)
	}
	return validatePaging(q.Page, q.PageSize)
}

// Values encodes the query with the spec's parameter names, leaving out
// every empty field.
func (q SourcesQuery) Values() url.Values {
	v := url.Values{}
	set(v, "category", string(q.Category))
	set(v, "language", string(q.Language))
	set(v, "country", string(q.Country))
	setPaging(v, q.Page, q.PageSize)
	return v
}

// Values encodes the query with the spec's parameter names.
func (q HeadlinesQuery) Values() url.Values {
	v := url.Values{}
	set(v, "country", string(q.Country))
	set(v, "category", string(q.Category))
	set(v, "sources", strings.Join(q.Sources, ","))
	setMarksParams(v, q.Unread, q.Starred)
	setPaging(v, q.Page, q.PageSize)
	return v
}

// Values encodes the query with the spec's parameter names; lists are
// comma-joined.
func (q ArticlesQuery) Values() url.Values {
	v := url.Values{}
	set(v, "q", strings.TrimSpace(q.Q))
	set(v, "sources", strings.Join(q.Sources, ","))
	set(v, "domains", strings.Join(q.Domains, ","))
	set(v, "excludeDomains", strings.Join(q.ExcludeDomains, ","))
	set(v, "from", strings.TrimSpace(q.From))
	set(v, "to", strings.TrimSpace(q.To))
	set(v, "language", string(q.Language))
	set(v, "sortBy", string(q.SortBy))
	set(v, "story", q.Story)
	setMarksParams(v, q.Unread, q.Starred)
	setPaging(v, q.Page, q.PageSize)
	return v
}

// ParseSourcesQuery reads a /sources request's parameters, applying the
// spec's defaults, and validates them. Values are accepted in any case.
func ParseSourcesQuery(v url.Values) (SourcesQuery, error) {
	var q SourcesQuery
	var err error
	if q.Category, err = parseCategoryParam(v); err != nil {
		return q, err
	}
	if q.Language, err = parseLanguageParam(v); err != nil {
		return q, err
	}
	if q.Country, err = parseCountryParam(v); err != nil {
		return q, err
	}
	if q.Page, q.PageSize, err = parsePaging(v); err != nil {
		return q, err
	}
	return q, q.Validate()
}

// ParseHeadlinesQuery reads a /latest-headlines request's parameters.
func ParseHeadlinesQuery(v url.Values) (HeadlinesQuery, error) {
	var q HeadlinesQuery
	var err error
	if q.Country, err = parseCountryParam(v); err != nil {
		return q, err
	}
	if q.Category, err = parseCategoryParam(v); err != nil {
		return q, err
	}
	q.Sources = SplitList(strings.ToLower(v.Get("sources")))
	if q.Unread, q.Starred, err = parseMarksParams(v); err != nil {
		return q, err
	}
	if q.Page, q.PageSize, err = parsePaging(v); err != nil {
		return q, err
	}
	return q, q.Validate()
}

// ParseArticlesQuery reads an /articles request's parameters. sortBy is
// left empty when not given; [DefaultSortBy] applies then.
func ParseArticlesQuery(v url.Values) (ArticlesQuery, error) {
	q := ArticlesQuery{
		Q:              strings.TrimSpace(v.Get("q")),
		Sources:        SplitList(strings.ToLower(v.Get("sources"))),
		Domains:        SplitList(strings.ToLower(v.Get("domains"))),
		ExcludeDomains: SplitList(strings.ToLower(v.Get("excludeDomains"))),
		From:           strings.TrimSpace(v.Get("from")),
		To:             strings.TrimSpace(v.Get("to")),
		Story:          strings.TrimSpace(v.Get("story")),
	}
	var err error
	if q.Language, err = parseLanguageParam(v); err != nil {
		return q, err
	}
	if q.SortBy, err = ParseSortBy(v.Get("sortBy")); err != nil {
		return q, paramError("sortBy", "%v", err)
	}
	if q.Unread, q.Starred, err = parseMarksParams(v); err != nil {
		return q, err
	}
	if q.Page, q.PageSize, err = parsePaging(v); err != nil {
		return q, err
	}
	return q, q.Validate()
}

// ValidStoryID reports whether id can be a story id: 1 to
// MaxStoryIDLength letters, digits and hyphens.
func ValidStoryID(id string) bool { return id != "" && validateStoryID(id) == nil }

// validateStoryID checks the story parameter: story ids are opaque to
// clients but are short and made of letters, digits and hyphens.
func validateStoryID(id string) error {
	if id == "" {
		return nil
	}
	if len(id) > MaxStoryIDLength {
		return paramError("story", "story is too long: story ids have at most %d characters", MaxStoryIDLength)
	}
	for _, r := range id {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return paramError("story", "story %q is not a story id: ids are letters, digits and hyphens", id)
		}
	}
	return nil
}

// SplitList splits a comma-separated parameter, trimming spaces and
// dropping empty items.
func SplitList(s string) []string {
	var out []string
	for _, part := range strings.Split(s, ",") {
		if p := strings.TrimSpace(part); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func parsePaging(v url.Values) (page, pageSize int, err error) {
	if page, err = parsePage(v.Get("page")); err != nil {
		return 0, 0, err
	}
	rawSize, given := v["pageSize"]
	if !given {
		rawSize = v["page_size"] // the spelling of the spec's general pagination text
	}
	size := ""
	if len(rawSize) > 0 {
		size = rawSize[0]
	}
	pageSize, err = parsePageSize(size)
	return page, pageSize, err
}

func parseCategoryParam(v url.Values) (Category, error) {
	c, err := ParseCategory(v.Get("category"))
	if err != nil {
		return "", paramError("category", "%v", err)
	}
	return c, nil
}

func parseLanguageParam(v url.Values) (Language, error) {
	l, err := ParseLanguage(v.Get("language"))
	if err != nil {
		return "", paramError("language", "%v", err)
	}
	return l, nil
}

func parseCountryParam(v url.Values) (Country, error) {
	c, err := ParseCountry(v.Get("country"))
	if err != nil {
		return "", &ValidationError{Param: "country", Kind: KindCountry, Message: err.Error()}
	}
	return c, nil
}

// checkEnums validates enum fields set directly on a query struct, where
// they may not have passed through a Parse function.
func checkEnums(c Category, l Language, n Country) error {
	if _, err := ParseCategory(string(c)); err != nil || string(c) != strings.ToLower(string(c)) {
		return paramError("category", "unknown category %q: allowed values are %s", c, joinValues(categories))
	}
	if _, err := ParseLanguage(string(l)); err != nil || string(l) != strings.ToLower(string(l)) {
		return paramError("language", "unknown language %q: allowed values are %s", l, joinValues(languages))
	}
	if _, err := ParseCountry(string(n)); err != nil || string(n) != strings.ToLower(string(n)) {
		return &ValidationError{Param: "country", Kind: KindCountry,
			Message: "unknown country " + strconv.Quote(string(n)) + ": allowed values are " + joinValues(countries)}
	}
	return nil
}

func validateKeywords(q string) error {
	q = strings.TrimSpace(q)
	switch {
	case q == "":
		return paramError("q", "q is required: give one or more search keywords")
	case !utf8.ValidString(q):
		return paramError("q", "q must be valid UTF-8 text")
	case utf8.RuneCountInString(q) > MaxQueryLength:
		return paramError("q", "q is too long: at most %d characters", MaxQueryLength)
	case strings.IndexFunc(q, unicode.IsControl) >= 0:
		return paramError("q", "q must not contain control characters")
	}
	return nil
}

func validateList(param string, items []string, valid func(string) bool) error {
	if len(items) > MaxListItems {
		return paramError(param, "%s lists %d items: at most %d are allowed", param, len(items), MaxListItems)
	}
	for _, it := range items {
		if !valid(it) {
			return paramError(param, "%s: %q is not a valid %s", param, it, listNoun(param))
		}
	}
	return nil
}

func listNoun(param string) string {
	if param == "sources" {
		return "source id (letters, digits, '-', '_' or '.')"
	}
	return "domain name (like example.com)"
}

// isSourceID accepts ids like "bbc-news" or "le.monde_fr".
func isSourceID(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}

// isDomain accepts host names like "example.com": dot-separated labels of
// letters, digits and inner hyphens, no scheme, port or path.
func isDomain(s string) bool {
	if len(s) > 253 || !strings.Contains(s, ".") {
		return false
	}
	for _, label := range strings.Split(s, ".") {
		if label == "" || len(label) > 63 || label[0] == '-' || label[len(label)-1] == '-' {
			return false
		}
		for _, r := range label {
			if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
				return false
			}
		}
	}
	return true
}

func set(v url.Values, key, value string) {
	if value != "" {
		v.Set(key, value)
	}
}

func setPaging(v url.Values, page, pageSize int) {
	if page > 0 {
		v.Set("page", strconv.Itoa(page))
	}
	if pageSize > 0 {
		v.Set("pageSize", strconv.Itoa(pageSize))
	}
}
