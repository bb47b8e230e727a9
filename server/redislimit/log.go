package redislimit

import (
	"context"
	"log/slog"
	"sync/atomic"
)

// dialLog receives the failed dials; nil means slog.Default().
var dialLog atomic.Pointer[slog.Logger]

// LogTo sends the limiter's own log lines (a failed dial, naming Redis's
// address and never its password) to log at Debug level. During a Redis
// outage every request fails to dial, and the service already warns once
// per failed request at its own level; these lines are the detail behind
// it. It applies to every Limiter of the process; call it at start-up.
func LogTo(log *slog.Logger) {
	dialLog.Store(log)
}

// logDial logs a failed dial to Redis at where.
func logDial(ctx context.Context, where string, err error) {
	log := dialLog.Load()
	if log == nil {
		log = slog.Default()
	}
	log.DebugContext(ctx, "redis: dial failed", "redis", where, "err", err)
}
