package model

import "strconv"

// Pagination limits of spec 4.4 and 8.
const (
	DefaultPage     = 1
	DefaultPageSize = 20
	MaxPageSize     = 100
	// MaxPage bounds page so that offsets can never overflow. A page past the
	// last one is not an error (spec 4.4 rule 4: it is empty), so the bound is
	// far beyond any real catalogue.
	MaxPage = 1 << 31
)

// validatePaging checks the page and pageSize of a query struct, where 0
// means "not given" and so the default.
func validatePaging(page, pageSize int) error {
	switch {
	case page < 0 || page > MaxPage:
		return paginationError("page", "invalid pagination parameters: page must be a positive integer")
	case pageSize < 0:
		return paginationError("pageSize", "invalid pagination parameters: pageSize must be a positive integer")
	case pageSize > MaxPageSize:
		return paginationError("pageSize", "pageSize exceeds the maximum allowed value of %d", MaxPageSize)
	}
	return nil
}

// parsePage reads the raw page parameter: empty is the default, anything
// but a positive decimal integer is an error (spec 4.4 rule 7).
func parsePage(raw string) (int, error) {
	if raw == "" {
		return DefaultPage, nil
	}
	n, ok := positiveInt(raw)
	if !ok || n > MaxPage {
		return 0, paginationError("page", "invalid pagination parameters: page must be a positive integer")
	}
	return n, nil
}

// parsePageSize reads the raw pageSize parameter. Zero and values over the
// maximum have their own messages (spec 4.4 rules 5 and 6); they are checked
// before the general positive-integer rule so the user learns the real cause.
func parsePageSize(raw string) (int, error) {
	if raw == "" {
		return DefaultPageSize, nil
	}
	if isZero(raw) {
		return 0, paginationError("pageSize", "pageSize cannot be zero")
	}
	n, ok := positiveInt(raw)
	if !ok {
		if allDigits(raw) { // a positive number too large for an int
			return 0, paginationError("pageSize", "pageSize exceeds the maximum allowed value of %d", MaxPageSize)
		}
		return 0, paginationError("pageSize", "invalid pagination parameters: pageSize must be a positive integer")
	}
	if n > MaxPageSize {
		return 0, paginationError("pageSize", "pageSize exceeds the maximum allowed value of %d", MaxPageSize)
	}
	return n, nil
}

// positiveInt accepts only ASCII digits (no sign, space or fraction) whose
// value is at least 1.
func positiveInt(raw string) (int, bool) {
	if !allDigits(raw) || len(raw) > 18 {
		return 0, false
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 {
		return 0, false
	}
	return n, true
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isZero(s string) bool {
	if !allDigits(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '0' {
			return false
		}
	}
	return true
}
