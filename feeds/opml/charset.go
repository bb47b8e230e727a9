package opml

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// windows1252 holds the characters windows-1252 puts at bytes 0x80-0x9F,
// where ISO-8859-1 has control characters; 0 marks the five unassigned.
var windows1252 = [32]rune{
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
}

// charsetReader decodes the single-byte encodings older exporters
// declare. encoding/xml reads UTF-8 itself; anything else is an error
// naming the encoding, so the user knows to save the file as UTF-8.
func charsetReader(label string, in io.Reader) (io.Reader, error) {
	var high func(b byte) rune
	switch strings.ToLower(strings.TrimSpace(label)) {
	case "utf8", "us-ascii", "ascii":
		return in, nil
	case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1":
		high = func(b byte) rune { return rune(b) }
	case "windows-1252", "cp1252":
		high = func(b byte) rune {
			if b >= 0x80 && b < 0xA0 && windows1252[b-0x80] != 0 {
				return windows1252[b-0x80]
			}
			return rune(b)
		}
	default:
		return nil, fmt.Errorf("unsupported character encoding %q: save the file as UTF-8", label)
	}
	// The whole file is in memory already (Parse bounds it), so decoding
	// it at once costs no more than streaming would.
	raw, err := io.ReadAll(in)
	if err != nil {
		return nil, err
	}
	out := make([]byte, 0, len(raw)+len(raw)/8)
	for _, b := range raw {
		if b < utf8.RuneSelf {
			out = append(out, b)
			continue
		}
		out = utf8.AppendRune(out, high(b))
	}
	return strings.NewReader(string(out)), nil
}
