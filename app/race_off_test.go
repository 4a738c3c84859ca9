//go:build !race

package app

// raceEnabled reports a build with the race detector, which makes the
// bot and the fake Discord beside it several times slower.
const raceEnabled = false
