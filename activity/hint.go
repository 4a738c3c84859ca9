package activity

// A hint on the big board comes in steps, each asked for and each counted
// as a hint (on a daily, as the buttons' Hint is): where to look, then the
// technique, then the cells, then the answer. The game layer finds and
// words them (play.Hint), for the buttons too.

// HintState is one step of a hint: its words, the cells to light, and
// how many steps this hint has.
type HintState struct {
	Step  int    `json:"step"`
	Steps int    `json:"steps"`
	Text  string `json:"text"`
	Cells []int  `json:"cells,omitempty"`
}
