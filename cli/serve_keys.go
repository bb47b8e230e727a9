package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"

	"tidings/server"
)

// maxKeysFileBytes bounds a keys file: a million bytes is tens of
// thousands of keys, and a wrong path (a log, a disk image) fails fast.
const maxKeysFileBytes = 1 << 20

// readKeysFile reads API keys, one a line; blank lines and lines starting
// with # are ignored, and white space around a key is trimmed. A key with
// white space inside (an inline comment, two keys on a line) is an error
// naming the line, never quoting it. The file must hold at least one key.
// A file any user of the machine may read is logged as a warning, not
// refused: container runtimes mount secrets 0644 or 0444 where no other
// user exists.
func readKeysFile(path string, logger *slog.Logger) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read the API keys file: %w", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("read the API keys file: %w", err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("API keys file %s is not a regular file", path)
	}
	if perm := info.Mode().Perm(); perm&0o004 != 0 {
		logger.Warn("the API keys file is readable by every user of the machine: chmod 600 it",
			"file", path, "mode", fmt.Sprintf("%04o", perm))
	}
	keys, err := parseKeys(io.LimitReader(f, maxKeysFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("API keys file %s: %w", path, err)
	}
	return keys, nil
}

// parseKeys reads the keys file format (see readKeysFile).
func parseKeys(r io.Reader) ([]string, error) {
	var keys []string
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), maxKeysFileBytes)
	n, size := 0, 0
	for sc.Scan() {
		n++
		size += len(sc.Bytes()) + 1
		if size > maxKeysFileBytes {
			return nil, fmt.Errorf("over %d bytes: is this the right file?", maxKeysFileBytes)
		}
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.ContainsAny(line, " \t") {
			return nil, fmt.Errorf("line %d: a key cannot contain white space (one key a line; comments on lines of their own, starting with #)", n)
		}
		keys = append(keys, line)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d is over %d bytes: is this the right file?", n+1, maxKeysFileBytes)
		}
		return nil, err
	}
	if len(keys) == 0 {
		return nil, errors.New("holds no key (one key a line; # starts a comment)")
	}
	return keys, nil
}

// keySource is where serve's keys come from: those given once (flags,
// environment) and a file that SIGHUP reloads.
type keySource struct {
	static []string
	file   string
	log    *slog.Logger
}

// load is every key: the static ones and the file's.
func (s keySource) load() ([]string, error) {
	keys := append([]string(nil), s.static...)
	if s.file == "" {
		return keys, nil
	}
	fromFile, err := readKeysFile(s.file, s.log)
	if err != nil {
		return nil, err
	}
	return append(keys, fromFile...), nil
}

// reload re-reads the keys file into keys. On any error the old keys stay
// and the error says why (never quoting a key).
func (s keySource) reload(keys *server.Keys) error {
	if s.file == "" {
		return errors.New("nothing to reload: serve has no --api-keys-file")
	}
	next, err := s.load()
	if err != nil {
		return err
	}
	return keys.Replace(next)
}

// watchReloads reloads the keys on every signal from hup until ctx ends,
// logging the outcome: the count of keys, or why the old ones stay.
func (s keySource) watchReloads(ctx context.Context, hup <-chan os.Signal, keys *server.Keys) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-hup:
			if err := s.reload(keys); err != nil {
				s.log.Error("SIGHUP: the API keys were not reloaded; the old keys stay", "err", err)
				continue
			}
			s.log.Info("SIGHUP: API keys reloaded", "file", s.file, "keys", keys.Len())
		}
	}
}
