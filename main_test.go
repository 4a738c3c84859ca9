package main

import (
	"strings"
	"testing"
)

func TestUnknownCommand(t *testing.T) {
	var out, errOut strings.Builder
	code := run([]string{"frobnicate"}, strings.NewReader(""), &out, &errOut)
	if code != exitInvalid || !strings.Contains(errOut.String(), "unknown command") {
		t.Errorf("exit = %d, stderr = %q", code, errOut.String())
	}
}
