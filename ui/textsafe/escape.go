package textsafe

// The skip functions below find where a terminal control sequence ends so
// Clean can drop it whole. They follow the ECMA-48 / DEC parser model and
// only ever move forward, so a megabyte of unterminated "ESC [" costs one
// pass.

const blackFlag = 0x1f3f4 // 🏴, the base of emoji tag sequences (🏴󠁧󠁢󠁳󠁣󠁴󠁿)

// skipEscape returns the index after the sequence whose ESC was just before
// s[j].
func skipEscape(s string, j int) int {
	if j >= len(s) {
		return j // lone ESC at the end
	}
	switch s[j] {
	case '[':
		return skipCSI(s, j+1)
	case ']', 'P', '_', '^', 'X': // OSC DCS APC PM SOS
		return skipString(s, j+1)
	}
	// ESC, intermediates 0x20–0x2F, final 0x30–0x7E: charset designation,
	// RIS ("ESC c"), DECSC, ST ("ESC \\"), ...
	k := j
	for k < len(s) && s[k] >= 0x20 && s[k] <= 0x2f {
		k++
	}
	if k < len(s) && s[k] >= 0x30 && s[k] <= 0x7e {
		return k + 1
	}
	return k // not a sequence: the ESC (and any intermediates) go alone
}

// skipCSI skips parameter/intermediate bytes and the final byte of a CSI
// whose introducer ended just before s[j]. A byte that cannot belong to a
// CSI ends it and is left for the caller, as a terminal would.
func skipCSI(s string, j int) int {
	k := j
	for k < len(s) && s[k] >= 0x20 && s[k] <= 0x3f {
		k++
	}
	if k < len(s) && s[k] >= 0x40 && s[k] <= 0x7e {
		k++
	}
	return k
}

// skipString skips the payload of OSC, DCS, APC, PM or SOS. It ends at BEL,
// at ST (ESC \ or U+009C), at CAN/SUB (which abort it), or at any other
// ESC, which a terminal takes as the start of a new sequence; that ESC is
// left for the caller. Unterminated, it runs to the end of s: a terminal
// would swallow that text too, and showing it would reveal the payload.
func skipString(s string, j int) int {
	for k := j; k < len(s); k++ {
		switch s[k] {
		case 0x07, 0x18, 0x1a:
			return k + 1
		case esc:
			return k
		case 0xc2:
			if k+1 < len(s) && s[k+1] == 0x9c { // U+009C ST in UTF-8
				return k + 2
			}
		}
	}
	return len(s)
}

// tagSequenceLen returns the byte length of a well-formed emoji tag
// sequence at the start of s (1–7 tag characters U+E0020–U+E007E then the
// cancel tag U+E007F), or 0. Any other tag character is dropped by Clean:
// tags are invisible and are used to smuggle hidden ASCII.
func tagSequenceLen(s string) int {
	const tagSize = 4 // every tag character is 4 bytes in UTF-8
	for n := 0; n <= 7 && len(s) >= (n+1)*tagSize; n++ {
		r := decodeTag(s[n*tagSize:])
		switch {
		case r == 0xe007f && n > 0:
			return (n + 1) * tagSize
		case r < 0xe0020 || r > 0xe007e:
			return 0
		}
	}
	return 0
}

// decodeTag decodes the 4-byte rune at the start of s, or returns 0.
func decodeTag(s string) rune {
	if len(s) < 4 || s[0] != 0xf3 || s[1] != 0xa0 || s[2]&0xc0 != 0x80 || s[3]&0xc0 != 0x80 {
		return 0
	}
	return 0xe0000 | rune(s[2]&0x3f)<<6 | rune(s[3]&0x3f)
}
