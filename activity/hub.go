package activity

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/room"
)

// The hub carries a room's changes to its players' pages. A process that
// saves a change to a room sends word of it (the room and its version) on
// the bus; every process with players of that room on its sockets reads
// the room from the store and sends each of them the board. On PostgreSQL
// the bus is NOTIFY/LISTEN, so players on different processes see each
// other's moves; with SQLite (one process) it runs in the process.

// Notifier is a database several processes share, which carries word
// between them: store.DB on PostgreSQL.
type Notifier interface {
	Notify(ctx context.Context, channel, payload string) error
	Listen(ctx context.Context, channel string, listening func(), deliver func(payload string)) error
}

// Watcher tells of every save of a stored game: store.DB.
type Watcher interface {
	WatchSaves(ctx context.Context, listening func(), games func(key game.Key, version int), rooms func(name string, version int)) error
}

// roomChannel is the NOTIFY channel of room changes.
const roomChannel = "sudokubot_rooms"

// word is what goes on the bus: a room changed (its version, where it
// has one: a daily's players here have none), or where a player's
// selection is now.
type word struct {
	Room    string `json:"r"`
	Version int    `json:"v,omitempty"`
	User    string `json:"u,omitempty"`
	Cell    *int   `json:"c,omitempty"`
}

// client is one page's socket as the hub sees it: its seat, and the
// queue its writer sends from.
type client struct {
	seat   Seat
	out    chan any
	once   sync.Once
	gone   chan struct{}
	joined atomic.Bool // the page joined its room
	// race is whether the room board the page was last sent is a race's:
	// a racer's selection is told to nobody, and nobody's to a racer.
	race atomic.Bool
	// checked is when Discord last said the player is in the instance
	// (only the page's reading goroutine uses it).
	checked time.Time
	// absent is when Discord last said the player is not in it: a page
	// that keeps sending is refused without asking again for a while.
	absent time.Time
	room   string // what the page hears of: its room, or its daily's players here (hub.mu)
	// game is the page's own game it hears of (gameName; hub.mu), ref
	// its Ref, and version the latest version of it the page was sent.
	game    string
	ref     game.Ref
	version int
	// busy is while the page's own message is answered: its game is not
	// pushed to it meanwhile (the answer carries it), but missed, and
	// read again after, if it changed elsewhere (hub.mu).
	busy, missed bool
}

// clientQueue is how many messages may wait for a slow page before it is
// dropped (it reconnects and reads the board afresh).
const clientQueue = 64

func newClient(seat Seat) *client {
	return &client{seat: seat, out: make(chan any, clientQueue), gone: make(chan struct{})}
}

// push queues a message without waiting; a page too far behind is
// dropped.
func (c *client) push(m any) {
	select {
	case c.out <- m:
	default:
		c.drop()
	}
}

// offer queues a message that may be lost (where another player's
// selection is): a page behind on those is not dropped for it.
func (c *client) offer(m any) {
	select {
	case c.out <- m:
	default:
	}
}

func (c *client) drop() { c.once.Do(func() { close(c.gone) }) }

// hub is this process's rooms with players on its sockets. It knows its
// two buses (Notifier, or the in-process one; the store's Watcher) and
// reads what it sends a page through pages; the game layer tells it of
// what it stored (play.Events).
type hub struct {
	bus      Notifier // nil: the in-process bus
	watcher  Watcher  // nil: whoever saves a room tells of it
	log      *slog.Logger
	pages    pages
	mu       sync.Mutex
	rooms    map[string]*roomSubs
	start    sync.Once
	stop     context.CancelFunc
	local    chan string // the in-process bus, when there is no Notifier
	listened chan struct{}
}

// roomSubs are one room's players on this process, and what they were
// last sent.
type roomSubs struct {
	refresh sync.Mutex  // one reading of the room at a time
	pending atomic.Bool // a reading is due and has not begun
	clients map[*client]bool
	sent    int            // the version last sent
	sel     map[string]int // where each player's selection is
}

// pages reads what the hub sends a page, as the page draws it: a room, a
// player's game, a daily's progress in an instance. The server is one.
type pages interface {
	loadRoom(ctx context.Context, name string) (*room.Room, bool, error)
	roomState(r *room.Room, seat Seat, sel map[string]int) *State
	loadGame(ctx context.Context, key game.Key) (game.Session, bool, error)
	stateOf(ctx context.Context, p onBoard, message string) *State
	dailyOthers(ctx context.Context, guild string, n int, instance string) ([]Racer, error)
}

func newHub(bus Notifier, watcher Watcher, log *slog.Logger, pages pages) *hub {
	return &hub{bus: bus, watcher: watcher, log: log, pages: pages, rooms: map[string]*roomSubs{}, local: make(chan string, 1024),
		listened: make(chan struct{})}
}

// run starts listening on the bus, once, when the first player joins a
// room.
func (h *hub) run() {
	h.start.Do(func() {
		ctx, cancel := context.WithCancel(context.Background())
		h.stop = cancel
		h.watch(ctx)
		if h.bus == nil {
			close(h.listened)
			go func() {
				for {
					select {
					case <-ctx.Done():
						return
					case p := <-h.local:
						h.deliver(p)
					}
				}
			}()
			return
		}
		first := true
		go h.bus.Listen(ctx, roomChannel, func() {
			if first {
				first = false
				close(h.listened)
				return
			}
			h.catchUp() // the connection failed: word may have been missed
		}, h.deliver)
		select { // a player's first move must not be sent before the process listens
		case <-h.listened:
		case <-time.After(storeWait):
		}
	})
}

// watch hears of the stored games' saves, when there is a Watcher, and
// returns once it hears (or after storeWait).
func (h *hub) watch(ctx context.Context) {
	if h.watcher == nil {
		return
	}
	first, heard := true, make(chan struct{})
	go h.watcher.WatchSaves(ctx, func() {
		if first {
			first = false
			close(heard)
			return
		}
		h.catchUp() // word may have been missed
	}, h.changed, h.roomSaved)
	select {
	case <-heard:
	case <-time.After(storeWait):
	}
}

// changed takes word that a stored game was saved: the game is read again
// for its pages here.
func (h *hub) changed(key game.Key, version int) { h.hear(word{Room: gameName(key), Version: version}) }

// roomSaved takes word that a room was saved: it is read again for its
// players here. A daily's roster is told by who changed it (today).
func (h *hub) roomSaved(name string, version int) {
	if _, _, roster := room.ParseRosterName(name); !roster {
		h.hear(word{Room: name, Version: version})
	}
}

// RoomSaved tells the players of a room just stored (play.Events), unless
// the store told of it with the save.
func (h *hub) RoomSaved(ctx context.Context, name string, version int) {
	h.told(ctx, word{Room: name, Version: version})
}

// Progressed tells the players of a daily in an instance that one of them
// changed their board (play.Events).
func (h *hub) Progressed(ctx context.Context, day int, instance string) {
	h.send(ctx, word{Room: dailyRoom(day, instance)})
}

// told tells of a room's change that was just saved, unless the store
// told of it with the save.
func (h *hub) told(ctx context.Context, w word) {
	if h.watcher == nil {
		h.send(ctx, w)
	}
}

// close stops listening.
func (h *hub) close() {
	h.start.Do(func() {}) // never start after this
	if h.stop != nil {
		h.stop()
	}
}

// send puts word on the bus.
func (h *hub) send(ctx context.Context, w word) {
	data, _ := json.Marshal(w)
	if h.bus == nil {
		h.run() // the in-process bus is read once it runs
		select {
		case h.local <- string(data):
		default: // 1024 behind: this word is lost, and the next change carries the room's state
			h.log.Warn("activity: the rooms' queue is full; a change's word was dropped")
		}
		return
	}
	if err := h.bus.Notify(ctx, roomChannel, string(data)); err != nil {
		h.log.Warn("activity: telling the other processes of a room's change failed", "err", err)
		go h.refresh(w.Room) // this process's players at least
	}
}

// deliver takes word from the bus.
func (h *hub) deliver(payload string) {
	var w word
	if json.Unmarshal([]byte(payload), &w) != nil || w.Room == "" {
		return
	}
	h.hear(w)
}

// hear takes word of a room: its change, or where a player's selection is.
func (h *hub) hear(w word) {
	h.mu.Lock()
	subs := h.rooms[w.Room]
	if subs != nil && w.Cell != nil {
		subs.sel[w.User] = *w.Cell
	}
	var clients []*client
	if subs != nil {
		for c := range subs.clients {
			clients = append(clients, c)
		}
	}
	h.mu.Unlock()
	switch {
	case subs == nil:
	case w.Cell != nil:
		for _, c := range clients {
			if c.seat.User.ID != w.User && !c.race.Load() {
				c.offer(presence{T: "presence", User: w.User, Cell: *w.Cell})
			}
		}
	case subs.pending.CompareAndSwap(false, true): // one reading waits at a time: a burst of changes is read once
		go h.refresh(w.Room)
	}
}

// presence is where another player's selection is now.
type presence struct {
	T    string `json:"t"`
	User string `json:"user"`
	Cell int    `json:"cell"`
}

// refresh reads a room and sends its board to its players here, if it is
// newer than what they were sent.
func (h *hub) refresh(room string) {
	h.mu.Lock()
	subs := h.rooms[room]
	h.mu.Unlock()
	if subs == nil {
		return
	}
	subs.refresh.Lock()
	defer subs.refresh.Unlock()
	subs.pending.Store(false) // a change from here on is read again
	ctx, cancel := context.WithTimeout(context.Background(), storeWait)
	defer cancel()
	if day, instance, ok := parseDailyRoom(room); ok {
		h.pushDaily(ctx, subs, day, instance)
		return
	}
	if key, ok := parseGameName(room); ok {
		h.pushGame(ctx, subs, key)
		return
	}
	r, ok, err := h.pages.loadRoom(ctx, room)
	if err != nil || !ok {
		return // the next change sends it; the players' own moves answer with it meanwhile
	}
	h.mu.Lock()
	if r.Version <= subs.sent {
		h.mu.Unlock()
		return
	}
	subs.sent = r.Version
	sel := make(map[string]int, len(subs.sel))
	for u, c := range subs.sel {
		sel[u] = c
	}
	clients := make([]*client, 0, len(subs.clients))
	for c := range subs.clients {
		clients = append(clients, c)
	}
	h.mu.Unlock()
	for _, c := range clients {
		st := h.pages.roomState(r, c.seat, sel)
		st.T = "room"
		c.race.Store(r.Race != nil)
		c.push(st)
	}
}

// catchUp refreshes every room with players here.
func (h *hub) catchUp() {
	h.mu.Lock()
	rooms := make([]string, 0, len(h.rooms))
	for r := range h.rooms {
		rooms = append(rooms, r)
	}
	h.mu.Unlock()
	for _, r := range rooms {
		go h.refresh(r)
	}
}

// join subscribes a page to its room's changes (room, the instance), or
// to the progress of the players of its daily in its instance
// (dailyRoom), and no longer to what it heard before.
func (h *hub) join(c *client, room string) {
	h.run()
	h.mu.Lock()
	defer h.mu.Unlock()
	h.dropLocked(c, c.room)
	c.room = room
	h.subsLocked(room).clients[c] = true
	if room == c.seat.Instance {
		c.joined.Store(true)
	}
}

// leave unsubscribes a page.
func (h *hub) leave(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.leaveLocked(c)
}

// subsLocked returns what hears of name, made if there is none.
func (h *hub) subsLocked(name string) *roomSubs {
	subs := h.rooms[name]
	if subs == nil {
		subs = &roomSubs{clients: map[*client]bool{}, sel: map[string]int{}}
		h.rooms[name] = subs
	}
	return subs
}

func (h *hub) leaveLocked(c *client) {
	h.dropLocked(c, c.room)
	h.dropLocked(c, c.game)
	c.game = ""
}

// dropLocked makes c no longer hear of room.
func (h *hub) dropLocked(c *client, room string) {
	if subs := h.rooms[room]; subs != nil {
		delete(subs.clients, c)
		if len(subs.clients) == 0 {
			delete(h.rooms, room)
		}
	}
}

// selections returns where the room's players' selections are, as this
// process last heard.
func (h *hub) selections(room string) map[string]int {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := map[string]int{}
	if subs := h.rooms[room]; subs != nil {
		for u, c := range subs.sel {
			out[u] = c
		}
	}
	return out
}
