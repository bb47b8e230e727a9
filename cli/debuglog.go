package cli

import (
	"fmt"
	"io"
	"log"
	"os"
)

// keyWarning is printed when the API key was given on the command line,
// where every local user can read it in the process list.
const keyWarning = "tidings: warning: --api-key is visible to other local users in the process list; prefer NEWS_API_KEY"

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
