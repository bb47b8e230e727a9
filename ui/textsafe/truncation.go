package textsafe

import (
	"strconv"
	"strings"
)

// SplitTruncation recognises the marker some news services append to
// shortened content — "… [+2341 chars]", "...[+12 chars]", "[+1 char]" —
// at the very end of content (trailing whitespace allowed). It returns the
// text before the marker, trimmed and without a trailing "…" or "...", and
// the number of characters left out. Without a marker it returns content
// unchanged and 0.
func SplitTruncation(content string) (body string, more int) {
	s := strings.TrimRight(content, " \t\r\n")
	if !strings.HasSuffix(s, "]") {
		return content, 0
	}
	open := strings.LastIndex(s, "[+")
	if open < 0 {
		return content, 0
	}
	inner := s[open+2 : len(s)-1] // "2341 chars"
	num, unit, ok := strings.Cut(inner, " ")
	if !ok || (unit != "chars" && unit != "char") {
		return content, 0
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 || num[0] == '+' || num[0] == '-' {
		return content, 0
	}
	body = strings.TrimSpace(s[:open])
	body = strings.TrimSuffix(body, "…")
	body = strings.TrimSuffix(body, "...")
	return strings.TrimSpace(body), n
}
