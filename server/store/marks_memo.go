package store

import "context"

// The owner's marks version as a request read it at its start: the
// service keys a cached answer with marks on it (server's personalKey),
// and says it to the rule with WithMarksVersion.
//
// Why: an owner at version 0 has never marked anything, as every write of
// marks or watermarks moves the version in its own transaction. Their
// watermarks, stored marks and explicit reads are all empty, and the rule
// need not read them: for such an owner an uncached answer with marks
// cost three queries more than one without (a page's marks, the
// watermarks, the explicit reads of the unread count). While a feed pass
// writes, every commit empties the answer caches, so most answers are
// uncached: the mix served 2,300-2,800 requests a second at 100k against
// 4,800-6,200 without marks (issue 31). The answer stays the one of the
// version it is cached under: a mark written meanwhile moves the version,
// and the next request is keyed anew.
type marksVersionKey struct{}

type marksVersion struct {
	owner Owner
	v     int64
}

// WithMarksVersion records for the rest of the request (ctx) the marks
// version of owner read at its start.
func WithMarksVersion(ctx context.Context, owner Owner, v int64) context.Context {
	return context.WithValue(ctx, marksVersionKey{}, marksVersion{owner: owner, v: v})
}

// neverMarked reports whether ctx says owner had no marks at the start of
// the request.
func neverMarked(ctx context.Context, owner Owner) bool {
	m, ok := ctx.Value(marksVersionKey{}).(marksVersion)
	return ok && m.owner == owner && m.v == 0
}
