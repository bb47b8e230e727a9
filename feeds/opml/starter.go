package opml

import (
	"bytes"
	_ "embed" // the starter list ships inside the binary

	"tidings/lazy"
)

//go:embed starter.opml
var starterOPML []byte

// starter parses the embedded list once; StarterOPML's tests make sure it
// parses, so the error branch only guards against a broken build.
var starter = lazy.Value[[]Outline]{Build: func() []Outline {
	outlines, _, err := Parse(bytes.NewReader(starterOPML))
	if err != nil {
		return nil
	}
	return outlines
}}

// Starter returns the starter list, parsed: public news feeds of widely
// known outlets, each with its category, language and country. Its
// sources are listed in STARTER.md. Each call returns a fresh copy.
func Starter() []Outline {
	return append([]Outline(nil), starter.Get()...)
}

// StarterOPML returns the starter list as the OPML file that ships with
// tidings (for `tidings feeds import --starter` and the docs). Each call
// returns a fresh copy.
func StarterOPML() []byte {
	return bytes.Clone(starterOPML)
}
