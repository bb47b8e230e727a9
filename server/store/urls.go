package store

import (
	"hash/fnv"
	"net/url"
	"strings"
)

// URLHash is the FNV-1a hash of an article URL: the slot an article's id
// prefers within its second (PreferredID), and, modulo 10,000, the
// popularity old catalogues derived for articles imported without one
// (LegacyDerivedPopularity).
func URLHash(u string) uint32 {
	h := fnv.New32a()
	h.Write([]byte(u))
	return h.Sum32()
}

// LegacyDerivedPopularity is the popularity SQLite schema versions 3 and
// 4, and PostgreSQL migrations before 0003, stored for an article imported
// without one. The upgrades that stopped storing it recognise it by this.
func LegacyDerivedPopularity(u string) float64 { return float64(URLHash(u) % 10000) }

// ReversedHost is the URL's lower-case host with its labels reversed
// ("www.example.com" → "com.example.www"), the form domain filters match
// by prefix; "" when the URL has none.
func ReversedHost(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	return ReverseDomain(u.Hostname())
}

// ReverseDomain is a host name lower-cased, without a trailing dot, its
// labels reversed.
func ReverseDomain(host string) string {
	labels := strings.Split(strings.TrimSuffix(strings.ToLower(host), "."), ".")
	for i, j := 0, len(labels)-1; i < j; i, j = i+1, j-1 {
		labels[i], labels[j] = labels[j], labels[i]
	}
	return strings.Join(labels, ".")
}
