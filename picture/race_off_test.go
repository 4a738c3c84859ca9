//go:build !race

package picture

const raceEnabled = false
