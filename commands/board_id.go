package commands

import (
	"strconv"
	"strings"

	"github.com/sudokubot/sudokubot/game"
	"github.com/sudokubot/sudokubot/play"
)

// Control is what a board's button or form does.
type Control byte

// The board's controls, with the letter each one is on the wire. Box,
// Cell and Digit carry a number (Box 0 goes back to the boxes).
const (
	CtlBox      Control = 'b' // choose box N, or 0 for the boxes
	CtlCell     Control = 'c' // cell N of the chosen box
	CtlDigit    Control = 'd' // place digit N, or hold it
	CtlErase    Control = 'e' // empty the chosen cell
	CtlNotes    Control = 'n' // pencil marks on or off
	CtlUndo     Control = 'u'
	CtlCheck    Control = 'k' // mark the wrong cells
	CtlHint     Control = 'h'
	CtlSubmit   Control = 's'
	CtlTypeForm Control = 'm' // open the typed-moves form
	CtlTyped    Control = 'M' // the typed-moves form, sent
)

// numbered reports whether the control carries a number.
func (c Control) numbered() bool { return c == CtlBox || c == CtlCell || c == CtlDigit }

func (c Control) known() bool { return strings.IndexByte("bcdenukhsmM", byte(c)) >= 0 && c != 0 }

// controlID is the pattern of a board's buttons and form (BoardID).
const controlID Pattern = "play:{ref}:{seq}:{control}"

// BoardID is the custom id of a board's button or form, of controlID's
// pattern "play:<ref>:<seq>:<control>", such as "play:hqf3is7wqg5od:4:c7" (cell 7,
// on the board drawn after 4 moves) or "play:d327:0:b5". Seq is the game's
// move counter when the board was drawn: a tap on an older board is not
// applied.
type BoardID struct {
	Ref     game.Ref
	Seq     int
	Control Control
	N       int // the box, cell or digit of a numbered control
}

// String returns the custom id, which ParseBoardID reads back. It fits
// Discord's 100 characters.
func (id BoardID) String() string {
	ctl := string(rune(id.Control))
	if id.Control.numbered() {
		ctl += strconv.Itoa(id.N)
	}
	return controlID.ID(id.Ref.String(), strconv.Itoa(id.Seq), ctl)
}

// ParseBoardID reads a board's custom id; ok is false for anything String
// does not write, such as a control that has no number and is given one.
func ParseBoardID(customID string) (id BoardID, ok bool) {
	a, ok := controlID.Match(customID)
	if !ok {
		return BoardID{}, false
	}
	return boardIDOf(a)
}

// boardIDOf reads a board's id from the parts of its custom id that
// controlID names; ok is false as for ParseBoardID.
func boardIDOf(a Args) (id BoardID, ok bool) {
	refText, seqText, ctl := a["ref"], a["seq"], a["control"]
	if ctl == "" {
		return BoardID{}, false
	}
	if id.Ref, ok = game.ParseRef(refText); !ok {
		return BoardID{}, false
	}
	seq, err := strconv.Atoi(seqText)
	if err != nil || seq < 0 || strconv.Itoa(seq) != seqText {
		return BoardID{}, false
	}
	id.Seq, id.Control = seq, Control(ctl[0])
	if !id.Control.known() || id.Control.numbered() != (len(ctl) > 1) {
		return BoardID{}, false
	}
	if len(ctl) > 1 {
		if id.N, err = strconv.Atoi(ctl[1:]); err != nil || id.N < 0 || id.N > 16 || strconv.Itoa(id.N) != ctl[1:] {
			return BoardID{}, false
		}
	}
	return id, true
}

// tap returns the game tap a control makes; ok is false for the controls
// that are not taps (check, hint, submit and the form).
// action is what the board's control asks of the game layer, with the
// moves typed in its form; ok is false for a control no board has now.
func (id BoardID) action(typed string) (a play.Action, ok bool) {
	switch id.Control {
	case CtlCheck:
		return play.Action{Kind: play.Check}, true
	case CtlHint:
		return play.Action{Kind: play.HintStep, Step: play.WholeHint}, true
	case CtlSubmit:
		return play.Action{Kind: play.Finish}, true
	case CtlTyped:
		return play.Action{Kind: play.Typed, Text: typed}, true
	case CtlTypeForm:
		return play.Action{}, true
	}
	tap, ok := id.tap()
	return play.Action{Kind: play.Press, Tap: tap}, ok
}

func (id BoardID) tap() (game.Tap, bool) {
	kinds := map[Control]game.TapKind{CtlBox: game.TapBox, CtlCell: game.TapCell, CtlDigit: game.TapDigit,
		CtlErase: game.TapErase, CtlNotes: game.TapNotes, CtlUndo: game.TapUndo}
	k, ok := kinds[id.Control]
	return game.Tap{Kind: k, N: id.N}, ok
}
