package wording

import "strconv"

// Count is n with the noun that agrees with it: Count(1, "article",
// "articles") is "1 article", Count(1204, …) is "1,204 articles".
func Count(n int, one, many string) string {
	return Thousands(n) + " " + Noun(n, one, many)
}

// Noun is one when n is 1 (or -1) and many otherwise, for sentences
// that put the number elsewhere: "0 matches", "1 match".
func Noun(n int, one, many string) string {
	if n == 1 || n == -1 {
		return one
	}
	return many
}

// Thousands writes n with a comma between groups of three digits:
// 6032 is "6,032", -1204 is "-1,204", 999 is "999".
func Thousands(n int) string {
	digits := strconv.Itoa(n)
	sign := ""
	if n < 0 {
		sign, digits = "-", digits[1:]
	}
	if len(digits) <= 3 {
		return sign + digits
	}
	out := make([]byte, 0, len(digits)+len(digits)/3)
	lead := len(digits) % 3
	if lead == 0 {
		lead = 3
	}
	out = append(out, digits[:lead]...)
	for i := lead; i < len(digits); i += 3 {
		out = append(out, ',')
		out = append(out, digits[i:i+3]...)
	}
	return sign + string(out)
}
