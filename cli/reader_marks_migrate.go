package cli

import (
	"context"
	"time"

	"tidings/api"
)

// migratedPreference names the state.db preference that records the read
// history was moved to a service that keeps marks; its value is "done".
const migratedPreference = "marks.migrated "

// migrateDelay keeps the migration off the start-up path: the state file
// opens after the first headlines (lazyState), and so does this.
var migrateDelay = 3 * time.Second

// migrateTimeout bounds the one-time migration (it runs beside the UI).
const migrateTimeout = 2 * time.Minute

// migrateReadHistory moves the reader's state.db read history to the
// service (POST /v2/marks readKeys), once per service identity: afterwards
// the service's marks are the read state. A failure is left for the next
// launch to retry.
func migrateReadHistory(ctx context.Context, memory *lazyState, client *api.Client, identity string) {
	if memory == nil {
		return
	}
	select {
	case <-time.After(migrateDelay):
	case <-ctx.Done():
		return
	}
	ctx, cancel := context.WithTimeout(ctx, migrateTimeout)
	defer cancel()
	st, err := memory.store(ctx)
	if err != nil || !st.Persistent() {
		return
	}
	name := migratedPreference + identity
	if done, err := st.Preference(ctx, name); err != nil || done == "done" {
		return
	}
	read, err := st.ReadKeys(ctx)
	if err != nil {
		return
	}
	digests := make([]uint64, 0, len(read))
	for d := range read {
		digests = append(digests, d)
	}
	if len(digests) > 0 {
		if _, err := client.MigrateReadKeys(ctx, digests); err != nil {
			debugLogger().Warn("move the read history to the service", "err", err)
			return
		}
	}
	_ = st.SetPreference(ctx, name, "done") // if it fails, the next launch sends the history again: harmless
}
