package greader

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// longItemPrefix starts an item id in its long form: 16 hex digits follow.
const longItemPrefix = "tag:google.com,2005:reader/item/"

// decimalItemID turns an item id in any of its forms (decimal, the long
// form, bare 16 hex digits) into the decimal form tidings uses
// (model.Article.ID, docs/marks.md); ok is false for anything else.
func decimalItemID(id string) (string, bool) {
	id = strings.TrimSpace(id)
	if hexPart, ok := strings.CutPrefix(id, longItemPrefix); ok {
		return hexToDecimal(hexPart)
	}
	if n, err := strconv.ParseUint(id, 10, 64); err == nil && (len(id) != 16 || !hasHexLetter(id)) {
		return strconv.FormatUint(n, 10), true
	}
	if len(id) == 16 {
		return hexToDecimal(id)
	}
	return "", false
}

// longItemID is the long form of a decimal item id.
func longItemID(decimal string) string {
	n, err := strconv.ParseUint(decimal, 10, 64)
	if err != nil {
		return decimal // not ours: let the service judge it
	}
	return fmt.Sprintf("%s%016x", longItemPrefix, n)
}

func hasHexLetter(s string) bool { return strings.ContainsAny(strings.ToLower(s), "abcdef") }

func hexToDecimal(h string) (string, bool) {
	n, err := strconv.ParseUint(h, 16, 64)
	if err != nil || h == "" {
		return "", false
	}
	return strconv.FormatUint(n, 10), true
}

// sourceIDs maps subscription stream ids ("feed/12") to source ids the
// rest of tidings accepts (letters, digits, '-', '_', '.'; at most 64)
// and back. Guarded by Client.mu.
type sourceIDs struct {
	byStream map[string]string
	byID     map[string]string
}

// sourceIDLocked is the source id of a subscription's stream id:
// "feed-12" for "feed/12"; a digest for a stream id of another shape
// (FreshRSS accepts "feed/<url>"), remembered so it can be read back.
func (c *Client) sourceIDLocked(stream string) string {
	if stream == "" {
		return ""
	}
	if rest, ok := strings.CutPrefix(stream, feedPrefix); ok && len(rest) <= 59 && plainID(rest) {
		return "feed-" + rest
	}
	s := &c.sources
	if id, ok := s.byStream[stream]; ok {
		return id
	}
	sum := sha256.Sum256([]byte(stream))
	id := "stream-" + hex.EncodeToString(sum[:8])
	if s.byStream == nil {
		s.byStream, s.byID = map[string]string{}, map[string]string{}
	}
	s.byStream[stream], s.byID[id] = id, stream
	return id
}

func (c *Client) sourceID(stream string) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sourceIDLocked(stream)
}

// streamOf is the stream id of a source id; ok is false for an id this
// client never gave out and that is no "feed-…".
func (c *Client) streamOf(source string) (string, bool) {
	if rest, ok := strings.CutPrefix(source, "feed-"); ok && rest != "" {
		return feedPrefix + rest, true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	stream, ok := c.sources.byID[source]
	return stream, ok
}

func plainID(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return false
		}
	}
	return true
}
