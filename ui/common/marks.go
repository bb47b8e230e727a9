package common

import (
	"context"

	"tidings/model"
)

// Marks is read and starred state kept by the service, per API key
// (docs/marks.md): tidings serve (personal mode included) and Google
// Reader services. Nil in Context when the service keeps none (NewsAPI,
// third-party spec services); the reader then keeps read state in its
// State as before.
//
// Articles are named by model.Article.ID. Every method does network I/O:
// call them only inside tea.Cmds.
type Marks interface {
	SetRead(ctx context.Context, ids []string, read bool) error
	SetStarred(ctx context.Context, ids []string, starred bool) error
	// MarkAllRead marks a whole view read and returns how many articles
	// changed.
	MarkAllRead(ctx context.Context, m model.MarkAllRead) (int, error)
	// UnreadBy counts unread articles per source (or feed) id.
	UnreadBy(ctx context.Context, by model.UnreadGrouping) (map[string]int, error)
}
