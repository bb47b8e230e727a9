package model

import "strconv"

// Pagination limits of spec 4.4 and 8.
const (
	DefaultPage     = 1
	DefaultPageSize = 20
	MaxPageSize     = 100
	// MaxPage is the last page that can hold results: far beyond any real
	// catalogue. A later page is not an error (spec 4.4 rule 4: it is
	// empty); stores read it as page MaxPage+1, so offsets never overflow.
	MaxPage = 1 << 31
	// MaxPageNumber is the largest page parameter taken (18 digits, which
	// fit an int64): past the last page, answered empty. A longer number
	// is refused, saying so, rather than called not a whole number.
	MaxPageNumber = 999_999_999_999_999_999
)

// StorePage is the page a store reads for page: page itself, or MaxPage+1
// for any later page (all empty), so that its offset cannot overflow.
func StorePage(page int) int { return min(page, MaxPage+1) }

// validatePaging checks the page and pageSize of a query struct, where 0
// means "not given" and so the default.
func validatePaging(page, pageSize int) error {
	switch {
	case page < 0:
		return paginationError("page", "invalid pagination parameters: page must be a positive integer")
	case page > MaxPageNumber:
		return pageTooLarge(strconv.Itoa(page))
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
	if !ok {
		if allDigits(raw) && !isZero(raw) { // a whole number too long for an int64
			return 0, pageTooLarge(raw)
		}
		return 0, paginationError("page", "invalid pagination parameters: page must be a positive integer")
	}
	return n, nil
}

// pageTooLarge refuses a page number past MaxPageNumber: it is a whole
// number, just one beyond any page there can be.
func pageTooLarge(raw string) error {
	return paginationError("page", "page %s is beyond the last page: page numbers go up to %d", raw, MaxPageNumber)
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
