package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/variant"
	"github.com/sudokubot/sudokubot/variant/varianttest"
)

// memLinks keeps links in memory, as the store does; down fails every
// call.
type memLinks struct {
	mu    sync.Mutex
	links map[string]string
	down  bool
}

func (m *memLinks) SaveLink(_ context.Context, key, link string, _, _ time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.down {
		return errors.New("store: save link: database is closed")
	}
	if m.links == nil {
		m.links = map[string]string{}
	}
	m.links[key] = link
	return nil
}

func (m *memLinks) Link(_ context.Context, key string, _ time.Time) (string, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.down {
		return "", false, errors.New("store: link: database is closed")
	}
	l, ok := m.links[key]
	return l, ok, nil
}

// fpuz4 is the f-puzzles link of a 4×4 puzzle: givens row by row (. for
// a blank) and the JSON of its constraints, as f-puzzles writes them.
func fpuz4(givens, extra string) string { return fpuz(4, givens, extra) }

// fpuz is the f-puzzles link of an n×n puzzle.
func fpuz(n int, givens, extra string) string {
	var rows []string
	for r := 0; r < n; r++ {
		var cells []string
		for c := 0; c < n; c++ {
			if d := givens[r*n+c]; d != '.' {
				cells = append(cells, fmt.Sprintf(`{"value":%c,"given":true}`, d))
			} else {
				cells = append(cells, `{}`)
			}
		}
		rows = append(rows, "["+strings.Join(cells, ",")+"]")
	}
	json := `{"size":` + fmt.Sprint(n) + `,"title":"Tiny *cage*","author":"ada","grid":[` + strings.Join(rows, ",") + `]`
	if extra != "" {
		json += "," + extra
	}
	return varianttest.FPuzzlesLink(json + "}")
}

// The 4×4 puzzles of these tests: solved, it reads 1234 3412 2143 4321.
const (
	tinySolution = "1234341221434321"
	tinyCage     = `"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}]`
)

var (
	tinyUnique   = fpuz4("1.3434.2214..321", tinyCage)
	tinyOpen     = fpuz4("................", tinyCage)
	tinyNone     = fpuz4("1...............", `"even":[{"cell":"R1C1"}]`)
	tinyTooLarge = fpuz4("................", `"killercage":[`+strings.TrimSuffix(strings.Repeat(`{"cells":["R1C1","R1C2"],"value":"3"},`, 97), ",")+`]`)
	tinyBadStore = fpuz4("1.3434.2214..321", `"nabner":[{"lines":[["R1C1","R1C2","R1C3"]]}],"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,1,2]`)
	tinyStored   = fpuz4("1.3434.2214..321", `"nabner":[{"lines":[["R1C1","R1C2","R1C3"]]}],"solution":[1,2,3,4,3,4,1,2,2,1,4,3,4,3,2,1]`)
	tinyNabner   = fpuz4("................", `"nabner":[{"lines":[["R1C1","R1C2","R1C3"]]}]`)
	tinyBetween  = fpuz4("1.3434.2214..321", `"betweenline":[{"lines":[["R1C1","R1C2","R1C3"]]}],"minimum":[{"cell":"R1C1"}],"maximum":[{"cell":"R1C4"}]`)
)

// TestSolveALinkWithBetweenLines: a between line and minimum and maximum
// cells, once refused as unsupported, are read, solved and drawn.
func TestSolveALinkWithBetweenLines(t *testing.T) {
	d := linkDeps(&memLinks{})
	i := slash(t, "solve", map[string]any{"puzzle": tinyBetween})
	_, resp := handle(t, d, "solve", i)
	if !strings.Contains(resp.Content, "**Unique.**") || len(resp.Files) != 1 || strings.Contains(resp.Content, "support") {
		t.Errorf("/solve of a between line: %q, %d files; want it unique and drawn", resp.Content, len(resp.Files))
	}
}

func linkDeps(links Links) Deps {
	d := deps()
	d.Links, d.VariantTimeout = links, 5*time.Second
	return d
}

// handle runs a command of d on i.
func handle(t *testing.T, d Deps, name string, i *discordgo.Interaction) (Command, Response) {
	t.Helper()
	for _, c := range All(d) {
		if c.Def.Name == name {
			resp, err := c.Handle(context.Background(), i)
			if err != nil {
				t.Fatalf("/%s: %v", name, err)
			}
			return c, resp
		}
	}
	t.Fatalf("no command %q", name)
	return Command{}, Response{}
}

// press clicks a button under a reply, as the person who did sees it.
func press(t *testing.T, cmd Command, b Button) (Response, bool, error) {
	t.Helper()
	click := decode(t, map[string]any{"id": "5", "application_id": "2", "type": discordgo.InteractionMessageComponent,
		"token": "tok", "data": map[string]any{"custom_id": b.CustomID, "component_type": 2}})
	resp, err := component(cmd, click, b.CustomID)
	return resp, cmd.Ephemeral(click, resp), err
}

// TestSolveALinkReplies: /solve on a link draws the puzzle, says unique,
// none or several (naming the cells two solutions differ in), and keeps
// the solution behind a private button.
func TestSolveALinkReplies(t *testing.T) {
	links := &memLinks{}
	d := linkDeps(links)
	cmd, resp := handle(t, d, "solve", slash(t, "solve", map[string]any{"puzzle": "<" + tinyUnique + ">."}))
	if !strings.Contains(resp.Content, "**Tiny \\*cage\\*** by ada") || !strings.Contains(resp.Content, "**Unique.**") ||
		strings.Contains(resp.Content, tinySolution) || resp.Notice {
		t.Errorf("reply %q: want the title escaped, unique, and no solution shown", resp.Content)
	}
	if len(resp.Files) != 1 || resp.Files[0].Name != "puzzle.png" {
		t.Errorf("files %+v, want the puzzle drawn", resp.Files)
	}
	labels := map[string]Button{}
	for _, b := range resp.Buttons {
		labels[b.Label] = b
		if len(b.CustomID) > 100 || len(b.URL) > maxButtonURL {
			t.Errorf("button %+v does not fit Discord", b)
		}
	}
	back := "https://sudokupad.app/fpuzzles" + tinyUnique[strings.Index(tinyUnique, "load=")+5:]
	if u := labels["Open in SudokuPad"].URL; u != back && !strings.Contains(resp.Content, "(<"+back+">)") {
		t.Errorf("the link back is %q, and not in the reply: %q", u, resp.Content)
	}
	sol, private, err := press(t, cmd, labels["Show solution"])
	if err != nil || !private || !strings.Contains(sol.Content, tinySolution) || len(sol.Files) != 1 {
		t.Errorf("Show solution = %q, private %v, %v; want the solution, privately", sol.Content, private, err)
	}
	cands, private, err := press(t, cmd, labels["True candidates"])
	if err != nil || !private || !strings.Contains(cands.Content, "True candidates") || len(cands.Files) != 1 {
		t.Errorf("True candidates = %q, private %v, %v", cands.Content, private, err)
	}
	_, open := handle(t, d, "solve", slash(t, "solve", map[string]any{"puzzle": tinyOpen}))
	if !strings.Contains(open.Content, "**Not unique.**") || !strings.Contains(open.Content, "Two of them differ in") {
		t.Errorf("an open grid: %q", open.Content)
	}
	_, none := handle(t, d, "solve", slash(t, "solve", map[string]any{"puzzle": tinyNone}))
	if !strings.Contains(none.Content, "**No solution.**") {
		t.Errorf("a 1 on an even cell: %q", none.Content)
	}
	for _, b := range none.Buttons {
		if b.CustomID != "" {
			t.Errorf("a puzzle without a solution offers %q", b.Label)
		}
	}
}

// TestSolveALinkAsText: format text leaves a link's drawing out and
// keeps the verdict and buttons; spoiler has no solution to hide.
func TestSolveALinkAsText(t *testing.T) {
	d := linkDeps(&memLinks{})
	_, resp := handle(t, d, "solve", slash(t, "solve", map[string]any{"puzzle": tinyUnique, "format": "text"}))
	if !strings.Contains(resp.Content, "**Unique.**") || len(resp.Files) != 0 || len(resp.Buttons) == 0 {
		t.Errorf("format text: %q, %d files, %d buttons; want the verdict and buttons, no drawing", resp.Content, len(resp.Files), len(resp.Buttons))
	}
	_, resp = handle(t, d, "solve", slash(t, "solve", map[string]any{"puzzle": tinyUnique, "format": "both", "spoiler": true}))
	if len(resp.Files) != 1 || strings.Contains(resp.Content, tinySolution) {
		t.Errorf("format both: %d files, %q; want the puzzle drawn and no solution", len(resp.Files), resp.Content)
	}
}

// TestSolveALinkRefuses: a link that can't be answered gets a private
// sentence saying why, never a verdict.
func TestSolveALinkRefuses(t *testing.T) {
	d := linkDeps(&memLinks{})
	for _, tt := range []struct{ in, want string }{
		{tinyTooLarge, "This link's puzzle is too large for me to read."},
		{tinyNabner, "This puzzle uses a constraint I don't support yet: Nabner lines."},
		{tinyUnique[:len(tinyUnique)-30], "cut short"},
		{"https://sudokupad.app/", "That doesn't look like"},
		{"https://sudokupad.app/a.b", "That SudokuPad link's puzzle id doesn't look right."},
	} {
		i := slash(t, "solve", map[string]any{"puzzle": tt.in})
		cmd, resp := handle(t, d, "solve", i)
		if !strings.Contains(resp.Content, tt.want) || !cmd.Ephemeral(i, resp) || len(resp.Files) > 0 {
			t.Errorf("/solve %.60q = %q; want a private %q", tt.in, resp.Content, tt.want)
		}
	}
	pr, p := i18n.For("fr"), &variant.Puzzle{Size: 4, Title: "Four", Givens: make([]int, 16)}
	p.Givens[0] = 1
	for _, tt := range []struct {
		v          variant.Verdict
		want, lack string
	}{
		{variant.Verdict{Outcome: variant.GaveUp, Result: variant.Result{Count: 1}}, "**Abandon** après 10.0 s : j'ai trouvé une solution", "Avant"},
		{variant.Verdict{Outcome: variant.GaveUp}, "**Abandon** après 10.0 s sans finir la recherche.", "Avant"},
		{variant.Verdict{Outcome: variant.GaveUp, Result: variant.Result{Fixed: 4}}, "les règles seules décident 4 de ses 15 cases vides.", ""},
	} {
		got := linkVerdict(pr, p, tt.v, 10*time.Second)
		if !strings.Contains(got, tt.want) || tt.lack != "" && strings.Contains(got, tt.lack) {
			t.Errorf("past the time limit: %q, want %q", got, tt.want)
		}
	}
}

// TestLinkButtonsWithoutTheStore: with the store down the reply goes
// without its buttons; a button whose link is gone, or pressed while the
// store is down, says so.
func TestLinkButtonsWithoutTheStore(t *testing.T) {
	links := &memLinks{}
	d := linkDeps(links)
	cmd, resp := handle(t, d, "solve", slash(t, "solve", map[string]any{"puzzle": tinyUnique}))
	show := resp.Buttons[0]
	links.down = true
	_, down := handle(t, d, "solve", slash(t, "solve", map[string]any{"puzzle": tinyUnique}))
	if !strings.Contains(down.Content, "**Unique.**") || len(down.Files) != 1 {
		t.Errorf("with the store down: %q, want the verdict and the puzzle drawn", down.Content)
	}
	for _, b := range down.Buttons {
		if b.URL == "" {
			t.Errorf("with the store down: button %+v, want none but the link back", b)
		}
	}
	_, _, err := press(t, cmd, show)
	var f *Failure
	if !errors.As(err, &f) || !strings.Contains(f.Reply.Content, "database") {
		t.Errorf("a press with the store down: %v; want a failure that says the database is down", err)
	}
	links.down, links.links = false, nil
	gone, private, err := press(t, cmd, show)
	if err != nil || !private || !strings.Contains(gone.Content, "I no longer have this puzzle") {
		t.Errorf("a press after the link went: %q, %v, %v", gone.Content, private, err)
	}
}

// TestCheckALink: /check on a link judges the answer by the solution,
// or by the rules when the puzzle has several.
func TestCheckALink(t *testing.T) {
	d := linkDeps(&memLinks{})
	eight := "1234567856781234234567816781234534567812781234564567812381234567"
	wrong := "1434343221434321" // r1c2 and r2c3, which are not givens, are 4 and 3
	for _, tt := range []struct{ puzzle, answer, want string }{
		{tinyUnique, tinySolution, "**Correct!** That is the solution."},
		{tinyUnique, ".2....1....34...", "**Correct!** That is the solution."}, // the givens filled in
		{tinyUnique, wrong, "**Not quite:** 2 cells are wrong: ||r1c2, r2c3||"},
		{tinyUnique, "12..............", "**Incomplete:** no mistakes so far, and 3 cells are still empty."},
		{tinyUnique, "2234341221434321", "**The answer changes the puzzle:** r1c1 is 1 in the puzzle but 2 in the answer."},
		{tinyOpen, tinySolution, "(The puzzle has more than one solution; this is one of them.)"},
		{tinyOpen, "2134341221434321", "**Not quite:** 4 cells are wrong: ||r1c1, r1c2, r3c1, r3c2||"}, // columns 1 and 2 repeat a digit
		{tinyOpen, strings.Repeat(".", 81), "The puzzle is 4×4 but the answer is 9×9"},
		{tinyNone, tinySolution, "**This puzzle has no solution**"},
		{tinyNabner, tinySolution, "Nabner lines"},
		{tinyStored, tinySolution, "**Correct!** It matches the solution the puzzle's setter stored.\nI can't read every rule of this puzzle (Nabner lines), so I checked the answer against the solution its setter stored."},
		{tinyStored, "1434343221434321", "**Not quite:** 2 cells are wrong: ||r1c2, r2c3||"},
		{tinyBadStore, tinySolution, "This puzzle uses a constraint I don't support yet: Nabner lines."}, // its stored solution breaks a row
		{fpuz(8, eight, ""), eight, "**Correct!** That is the solution."},                                // 8×8: a size the classic reader does not take
		{fpuz(8, eight, ""), strings.Replace(eight, "12345678", "12345687", 1), "**The answer changes the puzzle:** r1c7 is 7"},
	} {
		_, resp := handle(t, d, "check", slash(t, "check", map[string]any{"puzzle": tt.puzzle, "answer": tt.answer}))
		if !strings.Contains(resp.Content, tt.want) {
			t.Errorf("/check %s: %q; want %q", tt.answer, resp.Content, tt.want)
		}
	}
}

// TestSolveALinkInAMessage: "Solve this puzzle" on a message holding a
// link answers as /solve does.
func TestSolveALinkInAMessage(t *testing.T) {
	i := decode(t, map[string]any{
		"id": "1", "application_id": "2", "type": discordgo.InteractionApplicationCommand, "token": "tok",
		"data": map[string]any{"id": "3", "name": "Solve this puzzle", "type": discordgo.MessageApplicationCommand,
			"target_id": "99", "resolved": map[string]any{"messages": map[string]any{
				"99": map[string]any{"id": "99", "channel_id": "5", "content": "is this unique? " + tinyUnique}}}},
	})
	if _, resp := handle(t, linkDeps(&memLinks{}), "Solve this puzzle", i); !strings.Contains(resp.Content, "**Unique.**") || len(resp.Buttons) < 2 {
		t.Errorf("reply %q with %d buttons; want unique and its buttons", resp.Content, len(resp.Buttons))
	}
}

// downPad is a SudokuPad that cannot be reached.
type downPad struct{}

func (downPad) Fetch(context.Context, string) (string, error) {
	return "", fmt.Errorf("sudokupad: dial: %w", variant.ErrUnavailable)
}

// TestSolveALinkWhenSudokuPadIsDown: a short id with SudokuPad down is
// answered privately, saying so and what to paste instead.
func TestSolveALinkWhenSudokuPadIsDown(t *testing.T) {
	d := linkDeps(&memLinks{})
	d.Puzzles = downPad{}
	i := slash(t, "solve", map[string]any{"puzzle": "https://sudokupad.app/abc123"})
	cmd, resp := handle(t, d, "solve", i)
	if !strings.Contains(resp.Content, "I couldn't get that puzzle from SudokuPad just now") || !cmd.Ephemeral(i, resp) {
		t.Errorf("/solve with SudokuPad down: %q", resp.Content)
	}
}

// TestSetterTextIsShownPlainly: a title or author cannot mention, link
// or format.
func TestSetterTextIsShownPlainly(t *testing.T) {
	link := varianttest.FPuzzlesLink(`{"size":4,"title":"Free nitro https://evil.example/x @everyone <@123> **bold**","author":"www.evil.example",` +
		`"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]}`)
	_, resp := handle(t, linkDeps(&memLinks{}), "solve", slash(t, "solve", map[string]any{"puzzle": link}))
	first, _, _ := strings.Cut(resp.Content, "\n")
	for _, bad := range []string{"https://", "@everyone", "<@123>", "**bold**", "www.evil"} {
		if strings.Contains(first, bad) {
			t.Errorf("the title line %q holds %q as it was", first, bad)
		}
	}
}

// TestGridBesideAnAddress: "Solve this puzzle" on a message holding a
// grid and an address that is not a puzzle's solves the grid.
func TestGridBesideAnAddress(t *testing.T) {
	i := decode(t, map[string]any{
		"id": "1", "application_id": "2", "type": discordgo.InteractionApplicationCommand, "token": "tok",
		"data": map[string]any{"id": "3", "name": "Solve this puzzle", "type": discordgo.MessageApplicationCommand,
			"target_id": "99", "resolved": map[string]any{"messages": map[string]any{
				"99": map[string]any{"id": "99", "channel_id": "5", "content": "from https://example.com/daily\n```\n" + classic + "\n```"}}}},
	})
	if _, resp := handle(t, linkDeps(&memLinks{}), "Solve this puzzle", i); !strings.Contains(resp.Content, solution) {
		t.Errorf("reply %q, want the grid solved", resp.Content)
	}
}

// TestLinkButtonsReuseTheSearch: Show solution after /solve, and True
// candidates pressed twice, search no more than once each; another
// process (no memory of the reply) searches again.
func TestLinkButtonsReuseTheSearch(t *testing.T) {
	links, m := &memLinks{}, &meter{}
	d := linkDeps(links)
	d.Meter = m
	all := All(d)
	var solve Command
	for _, c := range all {
		if c.Def.Name == "solve" {
			solve = c
		}
	}
	resp, err := solve.Handle(context.Background(), slash(t, "solve", map[string]any{"puzzle": tinyUnique}))
	if err != nil || len(resp.Buttons) < 2 {
		t.Fatalf("/solve: %v, %+v", err, resp.Buttons)
	}
	for _, b := range []Button{resp.Buttons[0], resp.Buttons[1], resp.Buttons[1]} {
		if r, _, err := press(t, solve, b); err != nil || len(r.Files) != 1 {
			t.Fatalf("press %s: %v %+v", b.Label, err, r)
		}
	}
	if m.runs != "variant:ok candidates:ok" {
		t.Errorf("solver runs %q, want one solve and one search for candidates", m.runs)
	}
	other := linkDeps(links) // another process: the same store, nothing in memory
	other.Meter = m
	m.runs = ""
	for _, c := range All(other) {
		if c.Def.Name == "solve" {
			if _, _, err := press(t, c, resp.Buttons[0]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if m.runs != "variant:ok" {
		t.Errorf("another process's Show solution: runs %q, want a search", m.runs)
	}
}
