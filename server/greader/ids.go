package greader

import (
	"fmt"
	"strconv"
	"strings"
)

// itemPrefix begins the long form of an item id.
const itemPrefix = "tag:google.com,2005:reader/item/"

// longItemID is an article id in Google Reader's long form: the prefix
// and 16 hexadecimal digits.
func longItemID(id int64) string {
	return fmt.Sprintf("%s%016x", itemPrefix, uint64(id))
}

// Ids are any int64 (the store's: an article's second shifted left by 16;
// articles dated before 1970 have negative ones), in hex as their two's
// complement. Bare 16 characters are read as hex first: decimal ids of 16
// digits belong to the year 2446.

// parseItemID reads an item id in every form clients send (Miniflux
// documents them): the long form (tag:google.com,2005:reader/item/ and
// hex digits, padded to 16 or not: NetNewsWire drops the padding), 16 bare
// hex digits (Reeder), or decimal (stream/items/ids's own form; Liferea).
func parseItemID(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if hex, ok := strings.CutPrefix(s, itemPrefix); ok {
		return parseHexID(s, hex)
	}
	if len(s) == 16 {
		if id, err := parseHexID(s, s); err == nil {
			return id, nil
		}
	}
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, badRequest("item id %q is neither decimal nor %s<16 hex digits>", truncate(s, 60), itemPrefix)
	}
	return id, nil
}

func parseHexID(whole, hex string) (int64, error) {
	u, err := strconv.ParseUint(hex, 16, 64)
	if err != nil || len(hex) > 16 {
		return 0, badRequest("item id %q is neither decimal nor %s<16 hex digits>", truncate(whole, 60), itemPrefix)
	}
	return int64(u), nil
}

// parseItemIDs reads the i parameters of a call, at most max, keeping
// their order and dropping repeats.
func parseItemIDs(values []string, max int) ([]int64, error) {
	if len(values) == 0 {
		return nil, badRequest("no item ids: send one i=<id> parameter per item")
	}
	if len(values) > max {
		return nil, badRequest("%d item ids in one call: at most %d, send the rest in another call", len(values), max)
	}
	ids := make([]int64, 0, len(values))
	seen := make(map[int64]bool, len(values))
	for _, v := range values {
		id, err := parseItemID(v)
		if err != nil {
			return nil, err
		}
		if !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	return ids, nil
}
