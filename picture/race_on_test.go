//go:build race

package picture

// raceEnabled reports a build with the race detector, under which the
// accuracy tests, which read hundreds of pictures, are skipped.
const raceEnabled = true
