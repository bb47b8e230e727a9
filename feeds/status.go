package feeds

import (
	"context"
	"fmt"
	"time"

	"tidings/server/store"
)

// Status is how polling stands, for a status line.
type Status struct {
	Feeds   int       // subscriptions
	Failing int       // feeds whose last poll failed, disabled ones included
	Updated time.Time // the newest successful poll of any feed; zero: never
	// FailingNames are the failing feeds' source names, in the store's
	// order, for a message that names them.
	FailingNames []string
}

// ReadStatus reads the polling status from the store, so it survives
// restarts and counts polls made by other processes.
func ReadStatus(ctx context.Context, st store.FeedStore) (Status, error) {
	list, err := st.Feeds(ctx)
	if err != nil {
		return Status{}, fmt.Errorf("list feeds: %w", err)
	}
	s := Status{Feeds: len(list)}
	for _, f := range list {
		// A feed the user switched off is not failing.
		if f.Poll.Disabled != DisabledByUser && (f.Poll.LastError != "" || f.Poll.Disabled != "") {
			s.Failing++
			s.FailingNames = append(s.FailingNames, f.Source.Name)
		}
		if f.Poll.LastSuccess.After(s.Updated) {
			s.Updated = f.Poll.LastSuccess
		}
	}
	return s, nil
}
