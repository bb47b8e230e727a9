//go:build race

package demodb

// raceOn: the race detector slows SQLite about fortyfold.
const raceOn = true
