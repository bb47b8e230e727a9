package cli

import (
	"fmt"
	"io"
	"log"
	"log/slog"
	"os"
)

// keyWarning is printed when the API key was given on the command line,
// where every local user can read it in the process list.
const keyWarning = "tidings: warning: --api-key is visible to other local users in the process list; prefer NEWS_API_KEY"

// keyStatusWarning is keyWarning for the status line, where the UI shows
// it at start: the full-screen UI hides what was printed before it until
// the user quits. It fits 80 columns.
const keyStatusWarning = "Warning: --api-key shows in the process list; prefer NEWS_API_KEY"

// startupHint is the note the UI shows at start (ui.Config.Hint): the
// service's (the demo's), or the key warning, which matters more.
func startupHint(cfg readerConfig, svc readerService) string {
	if cfg.keyOnCLI {
		return keyStatusWarning
	}
	return svc.hint
}

// openDebugLog sends the standard logger to path for debugging the UI
// (the terminal belongs to the UI). The file is the only one the reader
// writes, and it may hold article text and request details, so it is made
// readable by its owner only, even when it already existed.
func openDebugLog(path string) (io.Closer, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open the debug log: %w", err)
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return nil, fmt.Errorf("restrict the debug log to its owner: %w", err)
	}
	log.SetOutput(f)
	log.SetPrefix("tidings ")
	return f, nil
}

// debugLogger is the logger of work running beside the UI (the feed
// poller of personal mode): the debug log when TIDINGS_DEBUG_LOG names
// one, else nothing, since the terminal belongs to the UI.
func debugLogger() *slog.Logger {
	if os.Getenv("TIDINGS_DEBUG_LOG") == "" {
		return slog.New(slog.DiscardHandler)
	}
	return slog.New(slog.NewTextHandler(debugLogWriter{}, nil))
}

// debugLogWriter writes to the standard logger's output as it is at each
// write: openDebugLog points it at the file after the poller starts.
type debugLogWriter struct{}

func (debugLogWriter) Write(p []byte) (int, error) { return log.Writer().Write(p) }
