// Package english words counts the way the command line and the bot both
// write them, so "1 cell" and "2 cells" are decided once.
package english

import "fmt"

// Count writes n with the noun in the singular when n is 1, else in the
// plural: Count(1, "cell", "cells") is "1 cell", Count(3, …) "3 cells".
func Count[N ~int | ~int64](n N, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
