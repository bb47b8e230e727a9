//go:build race

package ui

// raceDetector reports whether the tests run under -race, which makes
// rendering about eight times slower; the soak test sizes its default run
// by it.
const raceDetector = true
