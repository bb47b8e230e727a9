package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// keyring checks API keys. It keeps only SHA-256 digests, so comparisons
// are constant-time and of equal length whatever key is presented.
type keyring struct {
	digests [][sha256.Size]byte
}

func newKeyring(keys []string) (*keyring, error) {
	k := &keyring{}
	seen := map[[sha256.Size]byte]bool{}
	for _, key := range keys {
		if strings.TrimSpace(key) == "" || strings.ContainsAny(key, " \t\r\n") {
			return nil, errors.New("API keys must be non-empty and contain no spaces")
		}
		d := sha256.Sum256([]byte(key))
		if !seen[d] {
			seen[d] = true
			k.digests = append(k.digests, d)
		}
	}
	if len(k.digests) == 0 {
		return nil, errors.New("at least one API key is required")
	}
	return k, nil
}

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
// authInvalid. Every configured key is compared, so the time taken says
// nothing about which key nearly matched.
func (k *keyring) identify(key string) (int, authProblem) {
	d := sha256.Sum256([]byte(key))
	found := -1
	for i := range k.digests {
		if subtle.ConstantTimeCompare(d[:], k.digests[i][:]) == 1 {
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
// every replica, and the id reveals nothing of the key.
func (k *keyring) id(i int) string { return hex.EncodeToString(k.digests[i][:16]) }
