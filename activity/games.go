package activity

import (
	"context"
	"net/http"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// The menu: today's daily, a new puzzle by level, the player's games in
// progress (the buttons' too), and the archive of past dailies.

// Menu is what GET /api/games returns.
type Menu struct {
	Daily    bool        `json:"daily"`    // the daily can be played here
	Together bool        `json:"together"` // a board can be played together (the Activity's instance is known)
	Levels   []string    `json:"levels"`
	Games    []GameEntry `json:"games"`
	Archive  []int       `json:"archive"` // past dailies to practise, newest first
}

// GameEntry is one of the player's games in the menu.
type GameEntry struct {
	Game   string `json:"game"`
	Title  string `json:"title"`
	Left   int    `json:"left"` // empty cells
	Solved bool   `json:"solved"`
}

// recentGames is how many of a player's latest games the menu lists.
const recentGames = 10

// What the page is told when the board cannot be had.
const (
	noBoard        = "The board needs the bot's database, which this bot runs without."
	noPuzzleInTime = "I could not make a puzzle in time; try again, or another level."
)

// getGames returns the signed-in player's menu.
func (s *Server) getGames(w http.ResponseWriter, r *http.Request) {
	seat, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	if s.cfg.Games == nil {
		writeProblem(w, http.StatusServiceUnavailable, seat.words().Text(noBoard))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), storeWait)
	defer cancel()
	menu, err := s.menu(ctx, seat)
	if err != nil {
		s.cfg.Log.Error("activity: listing games failed", "err", err)
		writeProblem(w, http.StatusServiceUnavailable, seat.words().Text(gamesDown))
		return
	}
	writeJSON(w, menu)
}

func (s *Server) menu(ctx context.Context, seat Seat) (Menu, error) {
	m := Menu{Daily: s.cfg.Daily != nil, Together: seat.Instance != "", Games: []GameEntry{}, Archive: []int{}}
	for l := logic.Easy; l <= logic.Extreme; l++ {
		m.Levels = append(m.Levels, l.String())
	}
	puzzles, err := s.cfg.Games.RecentGames(ctx, seat.User.ID, recentGames)
	if err != nil {
		return m, err
	}
	sessions := game.Sessions{Store: s.cfg.Games, Now: s.cfg.Now}
	for _, text := range puzzles {
		ref, ok := game.ParseRef(text) // a ranked daily's key names its server and does not parse: today's is offered on its own
		if !ok {
			continue
		}
		sess, ok, err := sessions.Load(ctx, ref.Key(seat.User.ID, seat.Guild))
		if err != nil {
			return m, err
		}
		if ok {
			g := sess.Game
			m.Games = append(m.Games, GameEntry{Game: text, Title: s.title(ctx, onBoard{ref: ref, game: g}), Left: g.Left(), Solved: g.Solved()})
		}
	}
	if s.cfg.Daily != nil {
		if m.Archive, err = s.archive(ctx, seat.Guild, s.cfg.Now()); err != nil {
			return m, err
		}
	}
	return m, nil
}

// newPuzzle makes a 9×9 puzzle of a level (by its name: "hard") and opens
// it for the seat, stored as /play stores a new puzzle.
func (s *Server) newPuzzle(ctx context.Context, seat Seat, levelName string) any {
	w := seat.words()
	level, ok := logic.ParseLevel(levelName)
	if !ok {
		return reply{T: "error", Message: w.Text("Choose a level: easy, medium, hard, expert or extreme.")}
	}
	gen, err := s.games.Generate(ctx, seat.who(), level, 9, uint64(s.cfg.Now().UnixNano()))
	if err != nil {
		return s.failed(seat, "making a puzzle", err)
	}
	sess, ref, err := s.games.Begin(ctx, seat.who(), gen.Puzzle)
	if err != nil {
		return s.failed(seat, "storing a new puzzle", err)
	}
	st := s.stateOf(ctx, onBoard{seat: seat, ref: ref, game: sess.Game}, "")
	st.Title = seat.say().NewPuzzleTitle(9, gen.Grading.Level)
	return st
}
