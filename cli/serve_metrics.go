package cli

import (
	"context"

	"tidings/server"
	"tidings/server/store"
)

// describeService adds to the service's metrics what only serve knows:
// the build, and, for a catalogue with feeds, the feeds by state.
func describeService(m *server.Metrics, st store.Catalogue) {
	b := currentBuild()
	m.SetBuildInfo(b.Version, b.Revision, b.Go)
	if fs, ok := st.(store.FeedStore); ok {
		m.CountFeeds(store.FeedStates(), func(ctx context.Context) (map[string]int, error) {
			feeds, err := fs.Feeds(ctx)
			if err != nil {
				return nil, err
			}
			counts := map[string]int{}
			for _, f := range feeds {
				counts[f.Poll.State()]++
			}
			return counts, nil
		})
	}
}
