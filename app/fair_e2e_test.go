package app

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/solver"
)

// TestOpenDailyIsNotSolved: while today's daily is open anywhere, /solve,
// /hint, /check and Solve this puzzle refuse it, and a copy in disguise,
// privately and without a digit of its solution, over both transports;
// once it has closed everywhere they solve it as any other puzzle.
func TestOpenDailyIsNotSolved(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		var svc *daily.Service
		var now atomic.Int64
		now.Store(time.Now().UnixNano())
		h, _ := startDailyWith(t, "", both(over, func(m *Main) {
			svc = m.Options.Schedule.Daily
			svc.Now = func() time.Time { return time.Unix(0, now.Load()) }
		}))
		n := daily.DayOf(svc.Now(), time.UTC)
		p, err := svc.Puzzle(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		fewer := p.Grid // one given taken away: not the daily, but its solution is
		for i := range 81 {
			if fewer.AtIndex(i) != 0 {
				fewer.SetIndex(i, 0)
				break
			}
		}
		for _, g := range []solver.Grid{p.Grid, turnedRelabelled(p.Grid), turnedRelabelled(fewer)} {
			for _, r := range askEveryWay(h, g, p.Solution) {
				checkMessage(t, r.Final, []string{fmt.Sprintf("Daily #%d", n), "<t:", "/daily play"}, "", true)
				if digits := nineDigits.FindString(r.Final.Content); digits != "" {
					t.Errorf("the refusal shows digits %s:\n%s", digits, r.Final.Content)
				}
			}
		}
		now.Store(daily.Closes(n).Add(time.Minute).UnixNano())
		r := h.ask(ada, "solve", map[string]any{"puzzle": p.Grid.String(), "format": "text"})
		checkMessage(t, r.Final, []string{p.Solution.String()}, "", false)
	})
}

// nineDigits is a row of a grid, as a reply would show it.
var nineDigits = regexp.MustCompile(`[1-9]{9}`)

// askEveryWay puts g to /solve, /hint, /check (with answer) and Solve this
// puzzle, each public where it can be, and returns the replies.
func askEveryWay(h *harness, g, answer solver.Grid) []discordtest.Reply {
	text := g.String()
	return []discordtest.Reply{
		h.ask(ada, "solve", map[string]any{"puzzle": text, "format": "both"}),
		h.ask(ada, "hint", map[string]any{"puzzle": text}),
		h.ask(ada, "check", map[string]any{"puzzle": text, "answer": answer.String()}),
		h.send(discordtest.MessageCommand(guild, ada, "Solve this puzzle", "today's:\n```\n"+text+"\n```")),
	}
}

// turnedRelabelled is g turned a quarter and its digits shifted by one:
// the same puzzle in disguise.
func turnedRelabelled(g solver.Grid) solver.Grid {
	out, _ := solver.NewGrid(9)
	for r := range 9 {
		for c := range 9 {
			if v := g.At(r, c); v != 0 {
				out.Set(c, 8-r, v%9+1)
			}
		}
	}
	return out
}

// TestPlayOpenDailyOpensTheRankedBoard: /play with today's daily pasted
// opens the player's own daily board, and says so.
func TestPlayOpenDailyOpensTheRankedBoard(t *testing.T) {
	var svc *daily.Service
	h, _ := startDailyWith(t, "", func(m *Main) { svc = m.Options.Schedule.Daily })
	n := daily.DayOf(time.Now(), time.UTC)
	p, err := svc.Puzzle(context.Background(), n)
	if err != nil {
		t.Fatal(err)
	}
	r := h.ask(ada, "play", map[string]any{"puzzle": turnedRelabelled(p.Grid).String()})
	checkMessage(t, r.Final, []string{fmt.Sprintf("today's **Daily #%d**", n), "your own board", "clock started <t:"}, "board.png", true)
	if len(r.Final.Buttons) == 0 || !strings.HasPrefix(r.Final.Buttons[0], fmt.Sprintf("play:d%d:", n)) {
		t.Errorf("buttons %v, want the ranked daily board's", r.Final.Buttons)
	}
}
