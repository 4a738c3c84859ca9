package activity

import "time"

// Meter takes what the board's server measures, for an operator's
// dashboards (bot.Metrics is one); nil measures nothing.
type Meter interface {
	// BoardSocket counts a page's socket opened (+1) or closed (-1).
	BoardSocket(delta int)
	// BoardMessage counts a page's message answered: its kind (place,
	// join…; "other" for one no page of ours sends), its outcome (state,
	// refused, error, none) and how long it took.
	BoardMessage(kind, outcome string, took time.Duration)
	// BoardSignIn counts a sign-in: ok, refused (by Discord, or not in the
	// instance) or failed (Discord did not answer).
	BoardSignIn(result string)
}

type noMeter struct{}

func (noMeter) BoardSocket(int)                            {}
func (noMeter) BoardMessage(string, string, time.Duration) {}
func (noMeter) BoardSignIn(string)                         {}

// messageKinds are the kinds of message a page sends, the metric's labels.
var messageKinds = map[string]bool{"today": true, "new": true, "open": true, "place": true, "erase": true, "note": true,
	"undo": true, "redo": true, "autonotes": true, "check": true, "hint": true, "submit": true, "join": true,
	"select": true, "start": true, "share": true, "tell": true}

// measured reports one answered message to the meter.
func (s *Server) measured(kind string, answer any, took time.Duration) {
	if !messageKinds[kind] {
		kind = "other"
	}
	outcome := "none"
	switch a := answer.(type) {
	case *State:
		outcome = "state"
	case reply:
		outcome = a.T
	}
	s.cfg.Meter.BoardMessage(kind, outcome, took)
}
