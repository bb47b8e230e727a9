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

// readerMarks is the UI's Marks: the client, when its service keeps
// read and starred state (then the read history of state.db is moved
// there once, in the background); nil otherwise.
func readerMarks(ctx context.Context, client *api.Client, memory *lazyState, svc readerService) common.Marks {
	keeps := client.Marks()
	if !svc.local && client.Dialect() == api.DialectSpec {
		probe, cancel := context.WithTimeout(ctx, marksProbeTimeout)
		keeps, _ = client.ProbeMarks(probe) // an unanswered probe: no marks, as before
		cancel()
	}
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
