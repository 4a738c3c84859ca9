package app

import (
	"context"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/store"
)

// TestBotOptionsWiring: DAILY_POSTS=off leaves the posting to the
// scheduler process; /daily is served either way, and the database's
// health (the operations endpoint's) and errors reach the bot.
func TestBotOptionsWiring(t *testing.T) {
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "wiring.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, on := range []bool{true, false} {
		m := New(config.Config{Token: "t", DailyPosts: on}, slog.Default(), st)
		opt := m.Options
		if (opt.Schedule != nil) != on {
			t.Errorf("DailyPosts %v: schedule %v", on, opt.Schedule != nil)
		}
		var names []string
		for _, c := range opt.Commands {
			names = append(names, c.Def.Name)
		}
		if !slices.Contains(names, "daily") || !slices.Contains(names, "play") || m.db == nil || opt.Prepare == nil || opt.Metrics == nil {
			t.Errorf("DailyPosts %v: commands %v, health %v, prepare %v, metrics %v", on, names,
				m.db != nil, opt.Prepare != nil, opt.Metrics != nil)
		}
	}
	var defs []string
	for _, d := range commands.Definitions() {
		defs = append(defs, d.Name)
	}
	if got := strings.Join(defs, ","); got != "solve,check,hint,generate,daily,play,help,Solve this puzzle" {
		t.Errorf("registered definitions = %s", got)
	}
}

// TestOneWorkPool: the big board's heavy work (puzzles made, hints
// searched) waits in the same slots as the heavy commands, so a flood on
// one face cannot take every CPU from the other; the time limits are the
// configuration's, on both faces.
func TestOneWorkPool(t *testing.T) {
	cfg := config.Config{Token: "t", ActivityAddr: "127.0.0.1:0", ClientID: "100000000000000001",
		SolveTimeout: 1500 * time.Millisecond, GenerateTimeout: 4 * time.Second}
	m := New(cfg, slog.Default(), nil)
	act := m.activityConfig(nil, nil)
	if m.Options.Slots == nil || act.Slots != m.Options.Slots || m.Options.Slots.Size() != heavySlots() {
		t.Errorf("the board's slots %p are not the commands' %p", act.Slots, m.Options.Slots)
	}
	if act.SolveTimeout != cfg.SolveTimeout || act.GenerateTimeout != cfg.GenerateTimeout {
		t.Errorf("the board's time limits %v, %v are not the configuration's", act.SolveTimeout, act.GenerateTimeout)
	}
}
