package cli

import (
	"context"
	"time"

	"tidings/api"
	"tidings/server/store"
	"tidings/ui/common"
)

// The spec dialect's client is the UI's read and starred state.
var _ common.Marks = (*api.Client)(nil)

// marksProbeTimeout bounds the start-up question to a remote service:
// does it keep marks? A service that does not answer in time is read as
// before, with the reader's own read state.
const marksProbeTimeout = 2 * time.Second

// catalogueMarks is the marks of a catalogue that can keep them: one
// whose marks tables answer (a read-only image, like the demo's, has
// none). Nil otherwise.
func catalogueMarks(ctx context.Context, st store.Catalogue) store.Marks {
	m, ok := st.(store.Marks)
	if !ok {
		return nil
	}
	if _, err := m.UnreadCount(ctx, store.LocalOwner, store.Scope{Source: "\x00"}); err != nil {
		return nil
	}
	return m
}

// marksOption tells the client whether the in-process service keeps
// marks; a remote one is asked (readerMarks).
func (s readerService) marksOption() api.Option {
	if !s.local {
		return nil
	}
	return api.WithMarks(s.marks)
}

// readerMarks is the UI's Marks where they are known without asking: the
// client of an in-process service that keeps them, nil for a dialect
// without them. For a remote service of the spec's dialect it returns
// probe instead, which asks the service (ui.Config.ProbeMarks): the UI
// calls it once its first frame is on screen, so that a slow service
// never holds up the first frame. Where marks are kept, the read history
// of state.db is moved there once, in the background.
func readerMarks(ctx context.Context, client *api.Client, memory *lazyState, svc readerService) (marks common.Marks, probe func(context.Context) common.Marks) {
	if !svc.local && client.Dialect() == api.DialectSpec {
		return nil, func(ctx context.Context) common.Marks {
			asked, cancel := context.WithTimeout(ctx, marksProbeTimeout)
			keeps, _ := client.ProbeMarks(asked) // an unanswered probe: no marks, as before
			cancel()
			return keptMarks(ctx, keeps, client, memory, svc)
		}
	}
	return keptMarks(ctx, client.Marks(), client, memory, svc), nil
}

// keptMarks is client when its service keeps marks (keeps), after
// starting the read history's move there; nil otherwise.
func keptMarks(ctx context.Context, keeps bool, client *api.Client, memory *lazyState, svc readerService) common.Marks {
	if !keeps {
		return nil
	}
	identity := svc.baseURL
	if svc.local {
		identity = "local" // the in-process service's address changes with every launch
	}
	go migrateReadHistory(ctx, memory, client, identity)
	return client
}
