package ui

import (
	"regexp"
	"strings"

	"tidings/lazy"
)

// pseudoVersion matches a Go pseudo-version, "v0.0.0-20261201235959-d3d93bd4e5f6"
// and its forms with a pre-release or a base tag ("v1.2.4-0.2026…",
// "v1.2.4-rc.1.0.2026…"): the commit is its last 12 hex digits.
var pseudoVersion = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp {
	return regexp.MustCompile(`^v\d+\.\d+\.\d+-(?:.*\.)?(?:0\.)?\d{14}-([0-9a-f]{12})$`)
}}

// shortVersion is the version as the header shows it: a release as it is
// ("v1.2.3"), a pseudo-version as its commit cut to 7 digits, the way git
// shows it, with "+dirty" kept ("d3d93bd+dirty"). The full version stays
// in `tidings --version`; the header has room for a glance only.
func shortVersion(v string) string {
	base, build, _ := strings.Cut(v, "+")
	if m := pseudoVersion.Get().FindStringSubmatch(base); m != nil {
		base = m[1][:7]
	}
	if build != "" {
		return base + "+" + build
	}
	return base
}
