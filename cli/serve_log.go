package cli

import (
	"io"
	"log/slog"
	"os"
	"strings"
)

// serveLogFlags are serve's --log-format and --log-level (TIDINGS_LOG_FORMAT,
// TIDINGS_LOG_LEVEL), and where the log goes.
type serveLogFlags struct {
	format, level string
	out           io.Writer // nil: standard error (tests set it)
}

// logLevel is the level a --log-level value names, case aside.
func logLevel(name string) (slog.Level, bool) {
	switch strings.ToLower(name) {
	case "debug":
		return slog.LevelDebug, true
	case "info":
		return slog.LevelInfo, true
	case "warn":
		return slog.LevelWarn, true
	case "error":
		return slog.LevelError, true
	}
	return 0, false
}

// check names the allowed values of a bad format or level, and where it
// came from.
func (l serveLogFlags) check(src func(string) string) error {
	switch strings.ToLower(l.format) {
	case "text", "json":
	default:
		return usagef("invalid %s %q: use text or json", src("log-format"), l.format)
	}
	if _, ok := logLevel(l.level); !ok {
		return usagef("invalid %s %q: use debug, info, warn or error", src("log-level"), l.level)
	}
	return nil
}

// logger is the service's logger: logfmt-like text or one JSON object a
// line, at the level asked. What is logged never holds a key: the server
// logs paths with apiKey redacted and no header or query (see
// server.handler.logged), and key errors name the file, not the key.
func (l serveLogFlags) logger() *slog.Logger {
	out := l.out
	if out == nil {
		out = os.Stderr
	}
	level, _ := logLevel(l.level)
	opts := &slog.HandlerOptions{Level: level}
	if strings.ToLower(l.format) == "json" {
		return slog.New(slog.NewJSONHandler(out, opts))
	}
	return slog.New(slog.NewTextHandler(out, opts))
}
