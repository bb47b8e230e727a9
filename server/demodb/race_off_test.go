//go:build !race

package demodb

const raceOn = false
