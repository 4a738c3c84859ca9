// Package cli is sudokubot's command line without Discord: one file per
// verb (solve, read, grade, generate, bench, rotate-session-key), each a
// Verb that main runs with the settings it read, found by Lookup; what
// the verbs share is in shared.go.
package cli

// Lookup returns the verb called name, and false when there is none.
func Lookup(name string) (Verb, bool) {
	switch name {
	case "solve":
		return solveCmd, true
	case "bench":
		return benchCmd, true
	case "grade":
		return gradeCmd, true
	case "generate":
		return generateCmd, true
	case "read":
		return readCmd, true
	case "rotate-session-key":
		return rotateCmd, true
	}
	return nil, false
}
