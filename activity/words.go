package activity

import "net/http"

// The page's own words (its buttons, headings, labels and the sentences it
// makes itself) come from the server in the player's Discord language,
// from the bot's catalogue: GET /api/words, once signed in. The page
// marks them with t("…") and data-t; TestPageWords checks that every one
// is listed here and translated.

// pageTexts are the page's English texts.
var pageTexts = []string{
	"%d left",
	"%d wrong",
	"%s here",
	"%s: %d of %d cells",
	"(you)",
	"Auto-notes",
	"Check",
	"Daily #%d",
	"Digit first",
	"Digits",
	"Erase",
	"Go!",
	"Hint",
	"Hint: more (%d/%d)",
	"Menu",
	"New puzzle",
	"Past dailies (practice)",
	"Pencil",
	"Pencil: centre",
	"Pencil: corner",
	"Play together",
	"Play together: %s",
	"Players",
	"Race",
	"Race: %s",
	"Reconnecting…",
	"Redo",
	"Row %d, column %d: placed by %s.",
	"Share marks",
	"Signed in as %s.",
	"Start the race",
	"Submit",
	"Sudoku grid",
	"Tell the channel",
	"The board lost its connection. Close the Activity and open it again.",
	"The race starts in %d…",
	"Time played",
	"Today's daily",
	"Tools",
	"Undo",
	"Your games",
	"centre %s",
	"digit %d",
	"easy",
	"empty",
	"expert",
	"extreme",
	"given %s",
	"hard",
	"marks %s",
	"medium",
	"placed by %s",
	"row %d column %d",
	"solved",
	"wrong",
}

// getWords returns the page's texts in the signed-in player's language:
// English text to translation, for those the catalogue translates.
func (s *Server) getWords(w http.ResponseWriter, r *http.Request) {
	seat, ok := s.signedIn(w, r)
	if !ok {
		return
	}
	p := seat.words()
	out := map[string]string{}
	for _, e := range pageTexts {
		if t := p.Text(e); t != e {
			out[e] = t
		}
	}
	writeJSON(w, out)
}
