package play

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/room"
	"github.com/sudokubot/sudokubot/solver"
	"github.com/sudokubot/sudokubot/store"
)

const (
	classic  = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

// service plays on a SQLite store of its own, with the daily.
func service(t *testing.T) (Service, *store.DB) {
	t.Helper()
	db, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "play.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return Service{Games: db, Daily: daily.New(db, nil), SolveTimeout: 2 * time.Second, GenerateTimeout: 5 * time.Second}, db
}

var ada = Who{User: "ada", Guild: "700"}

// TestDoPlaysByTheRules: the one path both boards change a game by. A
// move is stored at the next version; one made on an older version is
// refused with the board as stored, except a resent placement, answered as
// made; the rules' refusals change nothing.
func TestDoPlaysByTheRules(t *testing.T) {
	s, _ := service(t)
	ctx := context.Background()
	p, _ := solver.Parse(classic)
	sess, ref, err := s.Begin(ctx, ada, p)
	if err != nil || sess.Game.Seq() != 0 {
		t.Fatalf("Begin: %v", err)
	}
	r3c4 := solver.Cell{Row: 0, Col: 2}
	b, ev, err := s.Do(ctx, ada, ref, 0, Action{Kind: Place, Cell: r3c4, Digit: 4})
	if err != nil || ev.Kind != Moved || b.Game.Seq() != 1 || b.Game.Grid().At(0, 2) != 4 {
		t.Fatalf("place: %+v %v, seq %d", ev, err, b.Game.Seq())
	}
	if sess, _ := s.Open(ctx, ada, ref); sess.Game.Grid().At(0, 2) != 4 || sess.Version != 1 {
		t.Errorf("the placement was not stored: version %d", sess.Version)
	}
	if _, ev, _ := s.Do(ctx, ada, ref, 0, Action{Kind: Place, Cell: r3c4, Digit: 4}); ev.Kind != Shown {
		t.Errorf("a resent placement: %+v, want it answered as made", ev)
	}
	if b, ev, _ := s.Do(ctx, ada, ref, 0, Action{Kind: Erase, Cell: r3c4}); ev.Kind != NotApplied || !errors.Is(ev.Err, ErrOutdated) || b.Game.Seq() != 1 {
		t.Errorf("a move on an older version: %+v", ev)
	}
	for _, a := range []Action{{Kind: Place, Cell: solver.Cell{}, Digit: 1}, {Kind: Note, Cell: r3c4, Digit: 2}, {Kind: Redo},
		{Kind: Place, Cell: solver.Cell{Row: 9}, Digit: 1}, {Kind: Note, Cell: solver.Cell{Row: 0, Col: 3}, Digit: 10}} {
		b, ev, err := s.Do(ctx, ada, ref, 1, a)
		if err != nil || ev.Kind != NotApplied || !IsRefusal(ev.Err) || b.Game.Seq() != 1 {
			t.Errorf("%+v: %+v %v, seq %d; want a refusal that changes nothing", a, ev, err, b.Game.Seq())
		}
	}
	if _, _, err := s.Do(ctx, Who{User: "bob"}, ref, 0, Action{Kind: Undo}); !errors.Is(err, ErrGone) {
		t.Errorf("another player's game: %v, want ErrGone", err)
	}
	if _, ev, _ := s.Do(ctx, ada, ref, 1, Action{Kind: Submit}); !errors.Is(ev.Err, ErrUnranked) {
		t.Errorf("handing in an unranked board: %+v", ev)
	}
}

// TestCheckAndHint: a check counts and finds the wrong cells; a hint
// points at the first mistake before anything else, then comes in steps.
func TestCheckAndHint(t *testing.T) {
	s, _ := service(t)
	ctx := context.Background()
	p, _ := solver.Parse(classic)
	_, ref, _ := s.Begin(ctx, ada, p)
	wrongAt := solver.Cell{Row: 0, Col: 2}
	s.Do(ctx, ada, ref, 0, Action{Kind: Place, Cell: wrongAt, Digit: 1})
	b, ev, err := s.Do(ctx, ada, ref, 1, Action{Kind: Check})
	if err != nil || ev.Kind != Checked || len(ev.Wrong) != 1 || ev.Wrong[0] != wrongAt || b.Game.Checks() != 1 || b.Game.Seq() != 2 {
		t.Fatalf("check: %+v %v", ev, err)
	}
	w := i18n.For("")
	_, ev, _ = s.Do(ctx, ada, ref, 2, Action{Kind: HintStep, Step: 1})
	if ev.Kind != Hinted || ev.Hint.FromAdvice() || ev.Hint.Say(w) != "💡 r1c3 is wrong: fix it first." || len(ev.Hint.Cells) != 1 {
		t.Errorf("a hint with a mistake: %+v %q", ev.Hint, ev.Hint.Say(w))
	}
	b, _, _ = s.Do(ctx, ada, ref, 3, Action{Kind: Erase, Cell: wrongAt})
	var steps []string
	for step := 1; step <= 4; step++ {
		b, ev, _ = s.Do(ctx, ada, ref, b.Game.Seq(), Action{Kind: HintStep, Step: step})
		if !ev.Hint.FromAdvice() || ev.Hint.Step != min(step, ev.Hint.Steps) || len(ev.Hint.Cells) == 0 {
			t.Fatalf("hint step %d: %+v", step, ev.Hint)
		}
		steps = append(steps, ev.Hint.Say(w))
	}
	if !strings.HasPrefix(steps[0], "Look at ") || !strings.Contains(steps[1], "The technique: ") || steps[3] == steps[0] {
		t.Errorf("the hint's steps: %q", steps)
	}
	if b.Game.Hints() != 5 {
		t.Errorf("%d hints counted, want 5", b.Game.Hints())
	}
	whole, _ := s.Hint(ctx, "ada", b.Game, WholeHint)
	if whole.Step != whole.Steps || whole.Say(w) != steps[len(steps)-1] {
		t.Errorf("the whole hint %q is not the last step %q", whole.Say(w), steps[len(steps)-1])
	}
}

// TestDailyIsHandedInOnItsLastDigit: a daily board's placement that solves
// it hands it in at once, and its board then stays as it is.
func TestDailyIsHandedInOnItsLastDigit(t *testing.T) {
	s, _ := service(t)
	ctx := context.Background()
	sess, pz, err := s.Today(ctx, ada)
	if err != nil {
		t.Fatal(err)
	}
	ref, g := game.DailyRef(pz.Day), sess.Game
	var last solver.Cell
	for i := range g.Grid().Cells() {
		at := g.Grid().CellAt(i)
		if g.Grid().AtIndex(i) != 0 {
			continue
		}
		last = at
		b, ev, err := s.Do(ctx, ada, ref, g.Seq(), Action{Kind: Place, Cell: at, Digit: pz.Solution.AtIndex(i)})
		if err != nil {
			t.Fatal(err)
		}
		g = b.Game
		if !g.Solved() && ev.Kind != Moved {
			t.Fatalf("a placement: %+v", ev)
		}
		if g.Solved() && (ev.Kind != HandedIn || ev.Outcome.Verdict != daily.Correct) {
			t.Fatalf("the last placement: %+v, want it handed in correct", ev)
		}
	}
	if _, ev, _ := s.Do(ctx, ada, ref, g.Seq(), Action{Kind: Erase, Cell: last}); !errors.Is(ev.Err, ErrDailyDone) {
		t.Errorf("erasing a solved daily: %+v", ev)
	}
	if e, ok, _ := s.Daily.Entry(ctx, "700", "ada", pz.Day); !ok || e.Solved.IsZero() {
		t.Errorf("the daily is not recorded solved: %+v", e)
	}
}

// TestWordsStyle: one sentence, worded once, as each face shows it.
func TestWordsStyle(t *testing.T) {
	g, _ := game.New(mustParse(classic), mustParse(solution))
	md, plain := WordsFor("", Markdown), WordsFor("", Plain)
	if got := md.SolvedLine(g); got != "✅ **Correct!** Solved with 0 checks and 0 hints." {
		t.Errorf("Markdown: %q", got)
	}
	if got := plain.SolvedLine(g); got != "✅ Correct! Solved with 0 checks and 0 hints." {
		t.Errorf("Plain: %q", got)
	}
	if got := WordsFor("fr", Plain).CheckLine(0); got == plain.CheckLine(0) || strings.Contains(got, "**") {
		t.Errorf("French check line: %q", got)
	}
	for _, err := range []error{game.ErrGiven, game.ErrFilled, game.ErrNoUndo, game.ErrNoRedo, game.ErrOutside, room.ErrNoUndo, room.ErrSolved, room.ErrOutdated} {
		if !IsRefusal(err) || plain.Refusal(err) == plain.Refusal(errUnknown) {
			t.Errorf("%v is not worded as a refusal", err)
		}
	}
}

func mustParse(s string) solver.Grid {
	g, err := solver.Parse(s)
	if err != nil {
		panic(err)
	}
	return g
}

// TestTheButtonsActions: the buttons' taps, typed moves and Submit go
// through the same Do: a tap chooses and moves, typed moves apply all or
// none, and Submit says how far an unranked board is.
func TestTheButtonsActions(t *testing.T) {
	s, _ := service(t)
	ctx := context.Background()
	_, ref, _ := s.Begin(ctx, ada, mustParse(classic))
	b, ev, err := s.Do(ctx, ada, ref, 0, Action{Kind: Press, Tap: game.Tap{Kind: game.TapBox, N: 1}})
	if err != nil || ev.Kind != Moved || ev.Move != nil || b.Game.Cursor().Box != 1 {
		t.Fatalf("choosing a box: %+v %v", ev, err)
	}
	if sess, _ := s.Open(ctx, ada, ref); sess.Game.Cursor().Box != 1 {
		t.Error("the choice was not stored")
	}
	b, ev, _ = s.Do(ctx, ada, ref, b.Game.Seq(), Action{Kind: Typed, Text: "r1c3 4, r1c4 6"})
	if ev.Kind != Moved || ev.Moves != 2 || b.Game.Grid().At(0, 3) != 6 {
		t.Fatalf("typed moves: %+v", ev)
	}
	seq := b.Game.Seq()
	b, ev, _ = s.Do(ctx, ada, ref, seq, Action{Kind: Typed, Text: "r1c6 8, r1c1 9"}) // the second is a given
	if ev.Kind != NotApplied || !errors.Is(ev.Err, game.ErrGiven) || ev.Move == nil || b.Game.Seq() != seq || b.Game.Grid().At(0, 5) != 0 {
		t.Errorf("typed moves with a refused one: %+v, seq %d", ev, b.Game.Seq())
	}
	if _, ev, _ = s.Do(ctx, ada, ref, seq, Action{Kind: Typed, Text: " , "}); !errors.Is(ev.Err, ErrNoMoves) {
		t.Errorf("no moves typed: %+v", ev)
	}
	if _, ev, _ = s.Do(ctx, ada, ref, seq, Action{Kind: Finish}); ev.Kind != Finished || ev.Left != 49 {
		t.Errorf("Submit on a board with empty cells: %+v", ev)
	}
	b, ev, _ = s.Do(ctx, ada, ref, seq, Action{Kind: Typed, Text: solution})
	if ev.Kind != Moved || !b.Game.Solved() {
		t.Fatalf("the whole grid typed: %+v", ev)
	}
	if _, ev, _ = s.Do(ctx, ada, ref, b.Game.Seq(), Action{Kind: Finish}); ev.Kind != Finished || ev.Left != 0 || len(ev.Wrong) != 0 {
		t.Errorf("Submit on a solved board: %+v", ev)
	}
}
