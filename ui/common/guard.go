package common

import "context"

// FetchGuard makes one request in flight at a time: Begin cancels the
// previous request and hands out a fresh id; results carry that id and
// Finish tells whether they are still wanted. A cancelled request's result,
// error included, is thus dropped instead of overwriting newer state.
type FetchGuard struct {
	id     uint64
	cancel context.CancelFunc
}

// Begin cancels any request in flight and returns the context and id of a
// new one.
func (g *FetchGuard) Begin() (context.Context, uint64) {
	return g.BeginWithin(context.Background())
}

// BeginWithin is Begin with a new request that also ends when parent does.
func (g *FetchGuard) BeginWithin(parent context.Context) (context.Context, uint64) {
	g.Abort()
	ctx, cancel := context.WithCancel(parent)
	g.id++
	g.cancel = cancel
	return ctx, g.id
}

// Finish reports whether a result with this id belongs to the request in
// flight. If it does, the request is over and its context is released.
func (g *FetchGuard) Finish(id uint64) bool {
	if id != g.id || g.cancel == nil {
		return false
	}
	g.cancel()
	g.cancel = nil
	return true
}

// Abort cancels the request in flight, if any; its result will be dropped.
func (g *FetchGuard) Abort() {
	if g.cancel != nil {
		g.cancel()
		g.cancel = nil
	}
	g.id++
}

// InFlight reports whether a request is under way.
func (g *FetchGuard) InFlight() bool { return g.cancel != nil }
