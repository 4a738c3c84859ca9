package main

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/loadtest"
)

// TestMain lets the load test start this test binary as a bot process.
func TestMain(m *testing.M) {
	if os.Getenv("SUDOKUBOT_RUN_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestLoadAndKill runs the load test small: two bot processes in HTTP mode
// on PostgreSQL, one killed mid-burst. Nothing acknowledged may be lost,
// no post doubled, and only requests the killed process held may fail.
func TestLoadAndKill(t *testing.T) {
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Skip("TEST_DATABASE_URL is not set: skipping the load test, which needs PostgreSQL (.ci/run sets it)")
	}
	rep, err := loadtest.Run(context.Background(), loadtest.Config{
		Command: []string{os.Args[0]}, Env: append(os.Environ(), "SUDOKUBOT_RUN_MAIN=1"), DatabaseURL: base,
		Rate: 60, Warmup: time.Second, Steady: 2 * time.Second, BurstRate: 120, Burst: 2 * time.Second,
		Kill: true, Guilds: 16,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + rep.String())
	if !rep.OK() {
		t.Errorf("lost %d acknowledged submissions, %d posts made twice, violations %v, unclean stops %v", rep.Lost, rep.Duplicates, rep.Violations, rep.Unclean)
	}
	for _, p := range rep.Phases[:2] {
		if p.OK != p.Sent {
			t.Errorf("%s phase: %d of %d answered with no process killed", p.Name, p.OK, p.Sent)
		}
	}
	burst := rep.Phases[2]
	for e := range burst.Errors {
		if !strings.HasPrefix(e, "502") {
			t.Errorf("burst error %q: only requests the killed process held should fail", e)
		}
	}
	if burst.OK < burst.Sent*3/4 || rep.Acked == 0 {
		t.Errorf("burst: %d of %d answered, %d submissions acknowledged", burst.OK, burst.Sent, rep.Acked)
	}
	if rep.Posted < rep.Guilds/2 {
		t.Errorf("%d of %d servers posted; the first half are due before the kill", rep.Posted, rep.Guilds)
	}
}
