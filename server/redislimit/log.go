package redislimit

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/redis/go-redis/v9"
)

// LogTo sends go-redis's own log lines (a failed dial, a dropped
// connection) to log at Debug level, instead of go-redis's default of
// standard error, where every request during a Redis outage would add a
// line beside the service's own warning. go-redis keeps one logger per
// process, so call this once, at start-up, before Open.
func LogTo(log *slog.Logger) {
	redis.SetLogger(slogPrintf{log})
}

// slogPrintf adapts a *slog.Logger to go-redis's Printf-style logger.
type slogPrintf struct{ log *slog.Logger }

func (l slogPrintf) Printf(ctx context.Context, format string, v ...any) {
	l.log.DebugContext(ctx, "redis: "+fmt.Sprintf(format, v...))
}
