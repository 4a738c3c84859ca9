package activity

import (
	"context"
	"strings"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/room"
)

// A page hears of its own game's changes, whichever board or process made
// them (the buttons, another device, another process): the store tells of
// every save (Config.Watcher), and the hub sends the game as stored, as a
// "state", to each of its pages here that was not sent that version yet.
// Looking on the buttons (a box or a cell chosen) is saved at the same
// version, so it sends nothing and refuses nobody's next move.

// gameName names what the pages of one stored game hear.
func gameName(key game.Key) string { return "g:" + key.User + "/" + key.Puzzle }

// parseGameName reads gameName's text back.
func parseGameName(name string) (game.Key, bool) {
	rest, ok := strings.CutPrefix(name, "g:")
	if !ok {
		return game.Key{}, false
	}
	user, puzzle, ok := strings.Cut(rest, "/") // a user id has no slash; a daily's puzzle has one
	return game.Key{User: user, Puzzle: puzzle}, ok
}

// follow makes c hear of its seat's game of ref, of which its page was
// sent version (-1: nothing yet), and of no other game of its own.
func (h *hub) follow(c *client, ref game.Ref, version int) {
	if h.watcher == nil {
		return
	}
	h.run()
	name := gameName(ref.Key(c.seat.User.ID, c.seat.Guild))
	h.mu.Lock()
	defer h.mu.Unlock()
	if c.game != name {
		h.dropLocked(c, c.game)
		c.game, c.ref, c.version = name, ref, version
		h.subsLocked(name).clients[c] = true
		return
	}
	c.version = max(c.version, version)
}

// answering marks c's page as waiting for the answer to its message.
func (h *hub) answering(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	c.busy, c.missed = true, false
}

// followed makes c hear of the game an answer to its page carries, if
// any; a shared board's answer ends its hearing of a game of its own. A
// change of its game heard meanwhile is read again.
func (h *hub) followed(c *client, answer any) {
	st, _ := answer.(*State)
	if r, ok := answer.(reply); ok {
		st = r.State
	}
	if ref, ok := game.ParseRef(stateGame(st)); ok && st.Together == nil {
		h.follow(c, ref, st.Version)
	} else if st != nil {
		h.mu.Lock()
		h.dropLocked(c, c.game)
		c.game = ""
		h.mu.Unlock()
	}
	h.mu.Lock()
	missed, name := c.missed && c.game != "", c.game
	c.busy, c.missed = false, false
	h.mu.Unlock()
	if missed {
		go h.refresh(name)
	}
}

// loadGame reads a stored game for the hub (pages).
func (s *Server) loadGame(ctx context.Context, key game.Key) (game.Session, bool, error) {
	return s.games.Sessions().Load(ctx, key)
}

// loadRoom reads a stored room for the hub (pages).
func (s *Server) loadRoom(ctx context.Context, name string) (*room.Room, bool, error) {
	return s.games.Rooms().Load(ctx, name)
}

// stateGame returns the game a state is of ("" for none).
func stateGame(st *State) string {
	if st == nil {
		return ""
	}
	return st.Game
}

// pushGame reads a player's game and sends it to their pages here that
// were not sent its version yet.
func (h *hub) pushGame(ctx context.Context, subs *roomSubs, key game.Key) {
	sess, ok, err := h.pages.loadGame(ctx, key)
	if err != nil || !ok {
		return // the next change sends it; the page's own moves answer with it meanwhile
	}
	type page struct {
		c   *client
		ref game.Ref
	}
	h.mu.Lock()
	var behind []page
	for c := range subs.clients {
		if c.busy {
			c.missed = true
			continue
		}
		if c.version < sess.Version {
			c.version = sess.Version
			behind = append(behind, page{c, c.ref})
		}
	}
	h.mu.Unlock()
	for _, p := range behind {
		p.c.push(h.pages.stateOf(ctx, onBoard{seat: p.c.seat, ref: p.ref, game: sess.Game}, ""))
	}
}
