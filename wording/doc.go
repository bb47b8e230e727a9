// Package wording says counts the way a person reads them: "1 article",
// "1,204 articles", "37/6,032". Every message of the reader, the service
// and the command line that counts something goes through it, so that a
// plural is decided in one place.
//
// It must not format anything but numbers and the nouns beside them, and
// imports nothing of tidings. Digits are grouped by hand rather than with
// golang.org/x/text/message: that package builds its locale tables at
// start-up in every process, and tidings speaks English only.
package wording
