package config

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Error is a problem with the settings file: a syntax error, an unknown
// key, a value that is not allowed, a clashing key binding, or a file that
// cannot be read. Its message reads "file:line: what was wrong; allowed:
// …". The CLI exits with status 2 on it (errors.As finds it; Load may
// join several, one per problem, in the order of their lines).
type Error struct {
	Path string // the file
	Line int    // 1-based line of the problem; 0 when it is the whole file's
	Msg  string // what was wrong, and what is allowed
}

// Error implements error.
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// maxErrors bounds how many problems one load reports.
const maxErrors = 10

// problems collects a load's errors.
type problems struct {
	path string
	list []*Error
}

func (p *problems) add(line int, format string, args ...any) {
	p.list = append(p.list, &Error{Path: p.path, Line: line, Msg: fmt.Sprintf(format, args...)})
}

// err returns nil, the one error, or the first maxErrors joined by line.
func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	slices.SortStableFunc(p.list, func(a, b *Error) int { return cmp.Compare(a.Line, b.Line) })
	if len(p.list) == 1 {
		return p.list[0]
	}
	errs := make([]error, 0, maxErrors)
	for _, e := range p.list[:min(len(p.list), maxErrors)] {
		errs = append(errs, e)
	}
	return errors.Join(errs...)
}

// allowedOf rewrites a model or api parse error ("unknown country "xx":
// allowed values are ae, ar, …") into this package's form ("unknown
// country "xx"; allowed: ae, ar, …").
func allowedOf(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, ": allowed values are "); i >= 0 {
		return msg[:i] + "; allowed: " + msg[i+len(": allowed values are "):]
	}
	return msg
}

// quoteList renders names as `"a", "b" or "c"`.
func quoteList[T ~string](names []T) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", string(n))
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// suggest returns the known name closest to name when it is near enough to
// be a typo (a third of its letters or fewer differ), else "".
func suggest(name string, known []string) string {
	best, bestD := "", -1
	for _, k := range known {
		d := distance(strings.ToLower(name), strings.ToLower(k))
		if bestD < 0 || d < bestD {
			best, bestD = k, d
		}
	}
	if bestD < 0 || bestD > max(1, len([]rune(name))/3) {
		return ""
	}
	return best
}

// distance is the Damerau–Levenshtein (optimal string alignment) distance:
// an insertion, deletion, substitution or swap of neighbours costs one.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	d := make([][]int, len(ra)+1)
	for i := range d {
		d[i] = make([]int, len(rb)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(ra); i++ {
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(ra)][len(rb)]
}
