package normalise

import (
	"bytes"
	"mime"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"tidings/lazy"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
)

var (
	bomUTF8    = []byte{0xef, 0xbb, 0xbf}
	bomUTF16BE = []byte{0xfe, 0xff}
	bomUTF16LE = []byte{0xff, 0xfe}

	// The expressions are compiled on first use, not at every start of
	// the reader (issue 31).

	// encodingAttr finds the encoding pseudo-attribute of an XML declaration.
	encodingAttr = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp { return regexp.MustCompile(`\sencoding\s*=\s*(?:"([^"]*)"|'([^']*)')`) }}

	// charRef finds numeric character references.
	charRef = lazy.Value[*regexp.Regexp]{Build: func() *regexp.Regexp { return regexp.MustCompile(`&#(?:[xX]([0-9a-fA-F]{1,8})|([0-9]{1,10}));`) }}
)

// dropIllegalCharRefs removes character references to code points XML 1.0
// forbids (most C0 controls, surrogates, U+FFFE, U+FFFF). The XML decoder
// rejects the whole document for one "&#x1b;" in one title; the character
// would be removed from the text anyway.
func dropIllegalCharRefs(b []byte) []byte {
	if !bytes.Contains(b, []byte("&#")) {
		return b
	}
	return charRef.Get().ReplaceAllFunc(b, func(ref []byte) []byte {
		m := charRef.Get().FindSubmatch(ref)
		var n uint64
		var err error
		if len(m[1]) > 0 {
			n, err = strconv.ParseUint(string(m[1]), 16, 32)
		} else {
			n, err = strconv.ParseUint(string(m[2]), 10, 32)
		}
		if err != nil || !xmlChar(rune(n)) {
			return nil
		}
		return ref
	})
}

// xmlChar reports whether r may appear in an XML 1.0 document.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0a || r == 0x0d ||
		(r >= 0x20 && r <= 0xd7ff) || (r >= 0xe000 && r <= 0xfffd) || (r >= 0x10000 && r <= 0x10ffff)
}

// toUTF8 returns body ready for the parsers: UTF-8 throughout, or in the
// one encoding its XML declaration names, which the XML decoder then
// transcodes (gofeed wires golang.org/x/net/html/charset into it). So the
// bytes are decoded exactly once, in this order of authority:
//
//  1. a byte order mark (UTF-8, UTF-16): it is what the bytes are, whatever
//     the declaration claims, and the declaration is dropped;
//  2. the XML declaration's encoding, when it is one the decoder can read
//     and not UTF-16 (a declaration readable as ASCII is no UTF-16 text);
//  3. the HTTP Content-Type charset;
//  4. UTF-8.
//
// Except that a body which is valid UTF-8 and has non-ASCII bytes is read
// as UTF-8 whatever 2 or 3 claim: such a body was mislabelled (servers and
// CMSs that say ISO-8859-1 and send UTF-8 are common, while Latin-1 text
// that happens to be valid UTF-8 is not), and decoding it again would
// garble every accented letter.
//
// Invalid UTF-8 that remains becomes U+FFFD, so one stray byte does not
// make the whole feed unreadable.
func toUTF8(body []byte, contentType string) []byte {
	switch {
	case bytes.HasPrefix(body, bomUTF8):
		return validUTF8(dropDeclaredEncoding(body[len(bomUTF8):]))
	case bytes.HasPrefix(body, bomUTF16BE):
		return validUTF8(dropDeclaredEncoding(decodeWith(unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM), body)))
	case bytes.HasPrefix(body, bomUTF16LE):
		return validUTF8(dropDeclaredEncoding(decodeWith(unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM), body)))
	}
	if label := declaredEncoding(body); label != "" {
		enc, name := charset.Lookup(label)
		switch {
		case enc == nil || strings.HasPrefix(name, "utf-16"):
			body = dropDeclaredEncoding(body) // unknown or untrue: go on as undeclared
		case name == "utf-8" || isUTF8Text(body):
			if !strings.EqualFold(label, "utf-8") {
				body = dropDeclaredEncoding(body) // mislabelled, or "utf8"
			}
			return validUTF8(body)
		default:
			return body // the XML decoder transcodes it
		}
	}
	if enc, name := headerCharset(contentType); enc != nil && name != "utf-8" {
		if strings.HasPrefix(name, "utf-16") || !isUTF8Text(body) {
			body = decodeWith(enc, body)
		}
	}
	return validUTF8(body)
}

// headerCharset looks up the charset parameter of a Content-Type.
func headerCharset(contentType string) (encoding.Encoding, string) {
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil || params["charset"] == "" {
		return nil, ""
	}
	return charset.Lookup(params["charset"])
}

// decodeWith transcodes b to UTF-8; undecodable bytes become U+FFFD.
func decodeWith(enc encoding.Encoding, b []byte) []byte {
	out, err := enc.NewDecoder().Bytes(b)
	if err != nil {
		return b // decoders replace bad input rather than fail; keep b if one does
	}
	return out
}

func validUTF8(b []byte) []byte {
	if utf8.Valid(b) {
		return b
	}
	return bytes.ToValidUTF8(b, []byte("\uFFFD"))
}

// isUTF8Text reports whether b is valid UTF-8 with some non-ASCII bytes,
// which no other encoding's text is by accident. Pure ASCII is not: it
// may be a 7-bit encoding (ISO-2022-JP) that still needs decoding.
func isUTF8Text(b []byte) bool {
	for i, c := range b {
		if c >= 0x80 {
			return utf8.Valid(b[i:])
		}
	}
	return false
}

// xmlDeclaration returns the bounds of the XML declaration at the start of
// b (after white space), or -1, -1.
func xmlDeclaration(b []byte) (start, end int) {
	start = len(b) - len(bytes.TrimLeft(b, " \t\r\n"))
	if !bytes.HasPrefix(b[start:], []byte("<?xml")) {
		return -1, -1
	}
	n := bytes.Index(b[start:min(len(b), start+512)], []byte("?>"))
	if n < 0 {
		return -1, -1
	}
	return start, start + n + 2
}

// declaredEncoding is the encoding named by b's XML declaration, or "".
func declaredEncoding(b []byte) string {
	start, end := xmlDeclaration(b)
	if start < 0 {
		return ""
	}
	m := encodingAttr.Get().FindSubmatch(b[start:end])
	if m == nil {
		return ""
	}
	return strings.TrimSpace(string(m[1]) + string(m[2]))
}

// dropDeclaredEncoding removes the encoding pseudo-attribute from b's XML
// declaration, so that the XML decoder takes the already decoded bytes for
// the UTF-8 they are and does not decode them a second time.
func dropDeclaredEncoding(b []byte) []byte {
	start, end := xmlDeclaration(b)
	if start < 0 {
		return b
	}
	loc := encodingAttr.Get().FindIndex(b[start:end])
	if loc == nil {
		return b
	}
	out := make([]byte, 0, len(b))
	out = append(out, b[:start+loc[0]]...)
	return append(out, b[start+loc[1]:]...)
}
