package model

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// parseMarksParams reads our marks extension's unread and starred
// parameters (docs/marks.md): "true" or "false", absent meaning false.
func parseMarksParams(v url.Values) (unread, starred bool, err error) {
	if unread, err = parseFlag(v, "unread"); err != nil {
		return false, false, err
	}
	starred, err = parseFlag(v, "starred")
	return unread, starred, err
}

func parseFlag(v url.Values, name string) (bool, error) {
	s := strings.TrimSpace(v.Get(name))
	if s == "" {
		return false, nil
	}
	b, err := strconv.ParseBool(s)
	if err != nil {
		return false, paramError(name, "%s must be true or false, not %q", name, s)
	}
	return b, nil
}

// setMarksParams encodes the marks parameters; false ones are not sent, so
// a spec request stays as it was.
func setMarksParams(v url.Values, unread, starred bool) {
	if unread {
		v.Set("unread", "true")
	}
	if starred {
		v.Set("starred", "true")
	}
}

// ArticleKey is the stable key of an article across services: its URL
// when it has one, otherwise a digest of its title, source id, source
// name and publication time (RFC 3339, UTC), each followed by a NUL byte.
// The reader's state.db keys its read history and saved articles by it.
func ArticleKey(a Article) string {
	if u := strings.TrimSpace(a.URL); u != "" {
		return u
	}
	h := sha256.New()
	published := ""
	if !a.PublishedAt.IsZero() {
		published = a.PublishedAt.UTC().Format(time.RFC3339Nano)
	}
	for _, part := range []string{a.Title, a.Source.ID, a.Source.Name, published} {
		h.Write([]byte(part))
		h.Write([]byte{0})
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// KeyDigest is the 64-bit digest of an ArticleKey that the reader's read
// history stores (the first 8 bytes of its SHA-256, big-endian).
func KeyDigest(key string) uint64 {
	sum := sha256.Sum256([]byte(key))
	return binary.BigEndian.Uint64(sum[:8])
}

// FormatKeyDigest is a digest as POST /v2/marks's readKeys carries it:
// 16 lower-case hex digits.
func FormatKeyDigest(d uint64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], d)
	return hex.EncodeToString(b[:])
}

// ParseKeyDigest reads a digest FormatKeyDigest wrote.
func ParseKeyDigest(s string) (uint64, bool) {
	if len(s) != 16 {
		return 0, false
	}
	d, err := strconv.ParseUint(s, 16, 64)
	return d, err == nil
}
