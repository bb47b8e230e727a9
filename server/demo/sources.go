package demo

import (
	"strings"

	"tidings/model"
)

// sourceInfo is a built source with what article generation needs.
type sourceInfo struct {
	model.Source
	bank   *bank
	domain string
}

// buildSources turns every bank's outlets into sources, in bank order.
func buildSources(bs []*bank) []sourceInfo {
	var out []sourceInfo
	for _, b := range bs {
		for _, o := range b.outlets {
			out = append(out, newSource(b, o))
		}
	}
	return out
}

func newSource(b *bank, o outlet) sourceInfo {
	domain := domainOf(o.id)
	seed := hashString(o.id)
	about := b.about[o.cat]
	desc := ""
	if len(about) > 0 {
		desc = scope{b: b, seed: seed, name: o.name}.render(pick(about, mix(seed)))
	}
	return sourceInfo{
		Source: model.Source{
			ID:          o.id,
			Name:        o.name,
			Description: desc,
			URL:         "https://" + domain + "/",
			Category:    o.cat,
			Language:    b.lang,
			Country:     o.country,
		},
		bank:   b,
		domain: domain,
	}
}

// domainOf makes an outlet's host name from its id: "harbor-ledger" is
// harborledger.example, under the TLD reserved for examples (RFC 2606).
func domainOf(id string) string {
	var sb strings.Builder
	for i := 0; i < len(id); i++ {
		c := id[i]
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			sb.WriteByte(c)
		} else if c >= 'A' && c <= 'Z' {
			sb.WriteByte(c + 'a' - 'A')
		}
	}
	return sb.String() + ".example"
}
