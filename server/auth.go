package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// keyring checks API keys. It keeps only SHA-256 digests, so comparisons
// are constant-time and of equal length whatever key is presented.
//
// The accepted keys can be replaced while serving (SIGHUP reloads a keys
// file). A request authenticates against one snapshot and later asks for
// its key's id by index, so indices must outlive a replacement: every
// digest ever accepted keeps its index for the keyring's life (the table
// only grows, by distinct keys), and a replacement only changes which
// indices are accepted.
type keyring struct {
	mu   sync.Mutex // serialises replace
	snap atomic.Pointer[keySnapshot]
}

// keySnapshot is one immutable state of a keyring.
type keySnapshot struct {
	digests [][sha256.Size]byte // every digest ever accepted, by index
	index   map[[sha256.Size]byte]int
	active  []int // the indices accepted now
}

func newKeyring(keys []string) (*keyring, error) {
	k := &keyring{}
	k.snap.Store(&keySnapshot{index: map[[sha256.Size]byte]int{}})
	if err := k.replace(keys); err != nil {
		return nil, err
	}
	return k, nil
}

// replace makes keys the accepted ones, atomically: a request sees the old
// set or the new one, never a mix. Invalid keys change nothing; the error
// says which key by position, never what it is.
func (k *keyring) replace(keys []string) error {
	if err := checkKeys(keys); err != nil {
		return err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	old := k.snap.Load()
	next := &keySnapshot{
		digests: old.digests[:len(old.digests):len(old.digests)], // appends copy
		index:   make(map[[sha256.Size]byte]int, len(old.index)+len(keys)),
	}
	maps.Copy(next.index, old.index)
	seen := map[int]bool{}
	for _, key := range keys {
		d := sha256.Sum256([]byte(key))
		i, ok := next.index[d]
		if !ok {
			i = len(next.digests)
			next.digests = append(next.digests, d)
			next.index[d] = i
		}
		if !seen[i] {
			seen[i] = true
			next.active = append(next.active, i)
		}
	}
	k.snap.Store(next)
	return nil
}

// checkKeys applies the rules every key set keeps: at least one key, none
// blank or holding white space.
func checkKeys(keys []string) error {
	if len(keys) == 0 {
		return errors.New("at least one API key is required")
	}
	for i, key := range keys {
		if strings.TrimSpace(key) == "" || strings.ContainsAny(key, " \t\r\n") {
			return fmt.Errorf("API keys must be non-empty and contain no spaces (key %d of %d is not)", i+1, len(keys))
		}
	}
	return nil
}

// count is the number of keys accepted now.
func (k *keyring) count() int { return len(k.snap.Load().active) }

// authProblem says why a request is not authenticated, for the 401 message.
type authProblem string

const (
	authMissing   authProblem = "missing API key: send Authorization: Bearer <API key> (or X-Api-Key: <API key>, or the apiKey parameter)"
	authMalformed authProblem = "malformed Authorization header: expected Authorization: Bearer <API key>, or the key alone"
	authInvalid   authProblem = "invalid API key"
)

// apiKeyParam is NewsAPI's query parameter for the key. Any spelling of
// it in another case is taken (and removed) too, so that no spelling of a
// key reaches the response cache or a message.
const apiKeyParam = "apiKey"

// takeQueryKey removes every apiKey parameter from v and returns the first
// non-blank value, apiKey itself before other spellings (in sorted order,
// so the choice never depends on map order).
func takeQueryKey(v url.Values) string {
	var names []string
	for name := range v {
		if strings.EqualFold(name, apiKeyParam) {
			names = append(names, name)
		}
	}
	slices.Sort(names) // "apiKey" sorts after "APIKEY": put it first below
	key := ""
	for _, name := range append([]string{apiKeyParam}, names...) {
		for _, val := range v[name] {
			if key == "" {
				key = strings.TrimSpace(val)
			}
		}
		delete(v, name)
	}
	return key
}

// redactKeys replaces the value of every apiKey=… in s (in any case) with
// REDACTED. A request that carries its key in the path by mistake
// ("/v2/everything&apiKey=…", an & for the ?) must not put it in a log
// line or a 404 message, which both quote the path.
func redactKeys(s string) string {
	const marker = "apikey="
	lower := asciiLower(s) // byte offsets agree with s
	if !strings.Contains(lower, marker) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(lower, marker)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		end := i + len(marker)
		b.WriteString(s[:end])
		b.WriteString("REDACTED")
		j := strings.IndexAny(s[end:], "&?/;#")
		if j < 0 {
			return b.String()
		}
		s, lower = s[end+j:], lower[end+j:]
	}
}

// asciiLower lower-cases ASCII letters only, keeping every byte offset.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// presentedKey is the key a request carries, in NewsAPI's three ways
// (newsapi.org/docs/authentication), whichever present comes first:
//
//  1. Authorization: "Bearer <key>" (scheme in any case) or the bare key;
//  2. X-Api-Key: <key>;
//  3. the apiKey query parameter (queryKey, taken by takeQueryKey).
//
// The first one present decides: a malformed Authorization header is not
// rescued by a key elsewhere, so a request means one thing.
func presentedKey(h http.Header, queryKey string) (string, authProblem) {
	if auth := strings.TrimSpace(h.Get("Authorization")); auth != "" {
		fields := strings.Fields(auth)
		switch {
		case len(fields) == 1 && !strings.EqualFold(fields[0], "Bearer"):
			return fields[0], ""
		case len(fields) == 2 && strings.EqualFold(fields[0], "Bearer"):
			return fields[1], ""
		}
		return "", authMalformed
	}
	if key := strings.TrimSpace(h.Get("X-Api-Key")); key != "" {
		return key, ""
	}
	if queryKey != "" {
		return queryKey, ""
	}
	return "", authMissing
}

// authenticate returns the index of the key the request presents, or why
// there is none.
func (k *keyring) authenticate(h http.Header, queryKey string) (int, authProblem) {
	key, problem := presentedKey(h, queryKey)
	if problem != "" {
		return -1, problem
	}
	return k.identify(key)
}

// identify returns the index of key among the configured keys, or
// authInvalid. Every accepted key is compared, so the time taken says
// nothing about which key nearly matched.
func (k *keyring) identify(key string) (int, authProblem) {
	d := sha256.Sum256([]byte(key))
	snap := k.snap.Load()
	found := -1
	for _, i := range snap.active {
		if subtle.ConstantTimeCompare(d[:], snap.digests[i][:]) == 1 {
			found = i
		}
	}
	if found < 0 {
		return -1, authInvalid
	}
	return found, ""
}

// id is a stable, non-reversible name of the i-th key for shared state
// such as a rate limit kept in Redis: the same key gives the same id on
// every replica, and the id reveals nothing of the key. i stays valid
// after a replacement (see keyring).
func (k *keyring) id(i int) string {
	d := k.snap.Load().digests[i]
	return hex.EncodeToString(d[:16])
}

// Keys is a set of API keys that can be replaced while the service runs
// (`tidings serve` reloads its keys file on SIGHUP). Pass it as
// Config.Keys; requests in flight finish with the set they started with.
type Keys struct{ ring *keyring }

// NewKeys checks keys (at least one, none blank or holding white space)
// and returns them as a replaceable set.
func NewKeys(keys []string) (*Keys, error) {
	ring, err := newKeyring(keys)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	return &Keys{ring: ring}, nil
}

// Replace makes keys the accepted set at once. On an error (no key, a
// blank one, white space in one) the old set stays; the error never
// quotes a key.
func (k *Keys) Replace(keys []string) error {
	if err := k.ring.replace(keys); err != nil {
		return fmt.Errorf("server: %w", err)
	}
	return nil
}

// Len is the number of keys accepted now.
func (k *Keys) Len() int { return k.ring.count() }
