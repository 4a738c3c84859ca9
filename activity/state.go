package activity

import "github.com/sudokubot/sudokubot/room"

// The game travels over a WebSocket at /api/play (Discord's proxy carries
// WebSockets), one JSON object a message, its kind in "t". The page says
// hello with its session token first, then opens a game and changes it;
// each change names the version (the game's move counter) it was made on,
// and the stored game decides: a change made on an older version is
// refused with the game as it is now, never applied twice. The games are
// the ones the button board plays (game.Sessions on the same store, under
// the same keys), so a game can begin on one and go on on the other.
//
//	page:   {"t":"hello","session":S}
//	page:   {"t":"today"}                     today's daily in the server the Activity runs in
//	page:   {"t":"new","level":"hard"}         a new puzzle
//	page:   {"t":"open","game":R}              a game the player has, or a past daily (practice)
//	page:   {"t":"place","game":R,"version":N,"row":0,"col":4,"digit":7}
//	page:   "erase", "note" (a pencil mark on or off; "centre":true for a centre mark), "undo", "redo", "autonotes", "check",
//	        "hint" with "step" (1 where to look … 4 the answer), "submit" (a full daily)
//	server: {"t":"state","game":R,"version":N,…}
//	server: {"t":"refused","message":M,"state":{…}}, {"t":"error","message":M}
type clientMessage struct {
	T       string `json:"t"`
	Session string `json:"session,omitempty"`
	Game    string `json:"game,omitempty"`
	Version int    `json:"version"`
	Row     int    `json:"row"`
	Col     int    `json:"col"`
	Digit   int    `json:"digit"`
	Level   string `json:"level,omitempty"`
	Mode    string `json:"mode,omitempty"`   // joining a room: "race", or a board played together
	Centre  bool   `json:"centre,omitempty"` // a "note" among the centre marks, not the corner ones
	Step    int    `json:"step,omitempty"`
}

// State is a game as the page draws it, with what the last message
// changed or asked: a sentence, a hint, the daily's standing.
type State struct {
	T       string     `json:"t"`
	Game    string     `json:"game"`
	Title   string     `json:"title"`
	Version int        `json:"version"`
	Size    int        `json:"size"`
	Givens  string     `json:"givens"`           // the puzzle, row by row, '.' for a blank
	Cells   string     `json:"cells"`            // the grid as played
	Notes   []string   `json:"notes"`            // each cell's pencil marks, as digits
	Centre  []string   `json:"centre,omitempty"` // each cell's centre marks, as digits
	Wrong   []int      `json:"wrong,omitempty"`
	Solved  bool       `json:"solved"`
	CanUndo bool       `json:"can_undo"`
	CanRedo bool       `json:"can_redo"`
	Started int64      `json:"started,omitempty"` // when the clock started, Unix seconds
	Message string     `json:"message,omitempty"`
	Hint    *HintState `json:"hint,omitempty"`
	Daily   *Daily     `json:"daily,omitempty"` // a ranked daily's standing
	// Together is a room's players and who placed what, for a board
	// played together.
	Together *Together `json:"together,omitempty"`
}

// reply is any answer but a state: a sentence, and the game as it is
// when there is one.
type reply struct {
	T       string `json:"t"`
	Message string `json:"message"`
	State   *State `json:"state,omitempty"`
}

// HintState is one step of a hint: its words, the cells to light, and
// how many steps this hint has.
type HintState struct {
	Step  int    `json:"step"`
	Steps int    `json:"steps"`
	Text  string `json:"text"`
	Cells []int  `json:"cells,omitempty"`
}

// Daily is a ranked daily's standing, sent with its board.
type Daily struct {
	Day     int    `json:"day"`
	Solved  bool   `json:"solved"`
	Tries   int    `json:"tries,omitempty"` // wrong answers handed in
	Share   string `json:"share,omitempty"` // the share line, once solved
	Took    int64  `json:"took,omitempty"`  // seconds the solve took, as recorded (a timed solve)
	Started int64  `json:"started,omitempty"`
	// Others are the players of this daily in the same Activity instance,
	// the player among them: how far each has got, never a digit.
	Others []Racer `json:"others,omitempty"`
}

// Together is the room's part of a board's state.
type Together struct {
	You      string         `json:"you"`
	Players  []room.Player  `json:"players"`
	By       []int          `json:"by"` // who placed each cell's digit, by index in Players; -1 for none
	Placed   []int          `json:"placed"`
	Sel      map[string]int `json:"sel,omitempty"` // where each player's selection is
	Finished int64          `json:"finished,omitempty"`
	Race     *RaceState     `json:"race,omitempty"`
	Over     bool           `json:"over,omitempty"` // the board is solved, or every racer finished
	Told     bool           `json:"told,omitempty"` // the channel was told
}

// RaceState is a race's part of a racer's board.
type RaceState struct {
	Start   int64   `json:"start,omitempty"`    // when the countdown ends, Unix seconds; 0 until started
	Now     int64   `json:"now"`                // the server's clock, for the countdown
	StartMs int64   `json:"start_ms,omitempty"` // the same two in milliseconds, for an exact countdown
	NowMs   int64   `json:"now_ms"`
	Racers  []Racer `json:"racers"`
}

// Racer is one racer's progress, spoiler-free.
type Racer struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Color    int    `json:"color"`
	Filled   int    `json:"filled"`
	Empty    int    `json:"empty"`
	Mistakes int    `json:"mistakes"`
	Place    int    `json:"place,omitempty"`
	Took     int64  `json:"took,omitempty"` // seconds from the start to the finish
}

// A hint on the big board comes in steps, each asked for and each counted
// as a hint (on a daily, as the buttons' Hint is): where to look, then the
// technique, then the cells, then the answer. The game layer finds and
// words them (play.Hint), for the buttons too.
