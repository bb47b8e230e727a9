package server

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
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
	authMissing   authProblem = "missing Authorization header: send Authorization: Bearer <API key>"
	authMalformed authProblem = "malformed Authorization header: expected Authorization: Bearer <API key>"
	authInvalid   authProblem = "invalid API key"
)

// identify returns the index of the key in the Authorization header value,
// or why there is none. Every configured key is compared, so the time taken
// says nothing about which key nearly matched.
func (k *keyring) identify(header string) (int, authProblem) {
	if header == "" {
		return -1, authMissing
	}
	scheme, key, ok := strings.Cut(strings.TrimSpace(header), " ")
	key = strings.TrimSpace(key)
	if !ok || !strings.EqualFold(scheme, "Bearer") || key == "" {
		return -1, authMalformed
	}
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
