package loadtest

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// taps are the board players of a run. Each has a board open and taps it
// in turn; a tap carries the custom id of the latest board that tapper
// was answered with, as a player's client does. A tap still unanswered
// when its tapper's turn comes again is followed by one on the board the
// tapper last saw: the bot refuses it as out of date, showing the current
// board, which is what a player tapping fast sees.
type taps struct {
	mu      sync.Mutex
	fake    *discordtest.Server
	guild   string
	players []tapper
	next    int
}

type tapper struct {
	user  discordtest.User
	board commands.BoardID    // the last board's first button
	msg   discordtest.Message // the board's message, as last seen
	last  string              // the last tap's interaction id
	count int
	acked int // the highest move counter a reply showed
}

// tappersFor is how many players tap in a run: a fifth of the highest
// rate, about 4 taps a second each, within the bot's per-user rate.
func tappersFor(c Config) int { return max(4, max(c.Rate, c.BurstRate)/20) }

// openTaps starts n boards, one per tapper, on puzzles of the mix.
func openTaps(ctx context.Context, fake *discordtest.Server, m *mix, n int) (*taps, error) {
	t := &taps{fake: fake, guild: m.guilds[0]}
	for k := range n {
		u := discordtest.User{ID: fmt.Sprint(m.firstUserID - 1 - int64(k)), Name: "tapper"}
		p := m.puzzles[k%len(m.puzzles)]
		r, ok := openBoard(ctx, fake, t.guild, u, p.puzzle)
		if !ok {
			return nil, fmt.Errorf("loadtest: tapper %d got no board: %s", k, r.Final.Content)
		}
		board, ok := commands.ParseBoardID(r.Final.Buttons[0])
		if !ok {
			return nil, fmt.Errorf("loadtest: tapper %d got a board with button %q", k, r.Final.Buttons[0])
		}
		t.players = append(t.players, tapper{user: u, board: board, msg: r.Final, acked: board.Seq})
	}
	return t, nil
}

// openBoard opens a board of puzzle for u with /play, asking again (three
// times in all) when the bot answers that it cannot just now: a process
// fails closed while its database is slow to say whether an interaction
// is new, as a new process's first requests can be on a busy machine.
func openBoard(ctx context.Context, fake *discordtest.Server, guild string, u discordtest.User, puzzle string) (discordtest.Reply, bool) {
	var r discordtest.Reply
	for try := 0; try < 3 && ctx.Err() == nil; try++ {
		id := fake.Send(discordtest.SlashCommand(guild, u, "play", map[string]any{"puzzle": puzzle}))
		var ok bool
		if r, ok = fake.Reply(id, 30*time.Second); ok && len(r.Final.Buttons) > 0 {
			return r, true
		}
		time.Sleep(200 * time.Millisecond)
	}
	return r, false
}

// tap returns the next tapper's next tap.
func (t *taps) tap(s sent) (map[string]any, sent) {
	t.mu.Lock()
	defer t.mu.Unlock()
	k := t.next % len(t.players)
	t.next++
	p := &t.players[k]
	t.catchUp(p)
	c := p.count
	p.count++
	id := p.board
	id.Control, id.N = []commands.Control{commands.CtlBox, commands.CtlCell, commands.CtlDigit}[c%3], []int{c/3%9 + 1, c/3%9 + 1, c%9 + 1}[c%3]
	s.tapper, s.user, s.guild = k, p.user.ID, t.guild
	return discordtest.At(discordtest.Button(t.guild, p.user, id.String()), p.msg), s
}

// sent records the interaction id of a tapper's tap.
func (t *taps) sent(s sent) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.players[s.tapper].last = s.id
}

// catchUp takes in a tapper's last reply if it has come, without waiting.
func (t *taps) catchUp(p *tapper) {
	if p.last == "" {
		return
	}
	r, ok := t.fake.Reply(p.last, 0)
	if !ok || len(r.Final.Buttons) == 0 {
		return
	}
	p.msg, p.last = r.Final, ""
	if board, ok := commands.ParseBoardID(r.Final.Buttons[0]); ok {
		p.board, p.acked = board, max(p.acked, board.Seq)
	}
}

// check compares every tapper's stored game with the highest move
// counter a reply showed it: a board acknowledged must never be lost.
func (t *taps) check(ctx context.Context, st game.Store, rep *Report) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	for k := range t.players {
		p := &t.players[k]
		t.catchUp(p)
		_, version, ok, err := st.Game(ctx, p.board.Ref.Key(p.user.ID, t.guild))
		if err != nil {
			return fmt.Errorf("loadtest: read a game: %w", err)
		}
		rep.Boards++
		if !ok || version < p.acked {
			rep.BoardsLost++
		}
	}
	return nil
}
