package commands

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/i18n"
)

const (
	classic  = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
	p17      = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"
)

func deps() Deps {
	return Deps{SolveTimeout: 2 * time.Second, DefaultFormat: "image", Now: time.Now}
}

// slash decodes a slash-command interaction from the JSON Discord sends.
func slash(t *testing.T, name string, opts map[string]any) *discordgo.Interaction {
	t.Helper()
	var list []map[string]any
	for k, v := range opts {
		typ := discordgo.ApplicationCommandOptionString
		switch v.(type) {
		case bool:
			typ = discordgo.ApplicationCommandOptionBoolean
		case float64:
			typ = discordgo.ApplicationCommandOptionInteger
		}
		list = append(list, map[string]any{"name": k, "type": typ, "value": v})
	}
	return decode(t, map[string]any{
		"id": "1", "application_id": "2", "type": discordgo.InteractionApplicationCommand, "token": "tok",
		"data":   map[string]any{"id": "3", "name": name, "type": discordgo.ChatApplicationCommand, "options": list},
		"member": map[string]any{"user": map[string]any{"id": "42", "username": "ada"}}, "guild_id": "7",
	})
}

func decode(t *testing.T, payload map[string]any) *discordgo.Interaction {
	t.Helper()
	b, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	var i discordgo.Interaction
	if err := json.Unmarshal(b, &i); err != nil {
		t.Fatalf("decode interaction: %v", err)
	}
	return &i
}

func find(t *testing.T, name string) Command {
	t.Helper()
	for _, c := range All(deps()) {
		if c.Def.Name == name {
			return c
		}
	}
	t.Fatalf("no command %q", name)
	return Command{}
}

// shown is a reply as the person sees it: Ephemeral is whether only they
// do, when it is the direct answer.
type shown struct {
	Response
	Ephemeral bool
}

func run(t *testing.T, name string, i *discordgo.Interaction) shown {
	t.Helper()
	cmd := find(t, name)
	resp, err := cmd.Handle(context.Background(), i)
	if err != nil {
		t.Fatalf("%s: unexpected error %v", name, err)
	}
	if len(resp.Content) > 2000 {
		t.Errorf("%s: content is %d characters, Discord allows 2000", name, len(resp.Content))
	}
	for _, f := range resp.Files {
		if _, err := png.Decode(bytes.NewReader(f.Data)); err != nil {
			t.Errorf("%s: attachment %s is not a PNG: %v", name, f.Name, err)
		}
	}
	return shown{Response: resp, Ephemeral: cmd.Ephemeral(i, resp)}
}

func TestSolveReplies(t *testing.T) {
	tests := []struct {
		name      string
		opts      map[string]any
		want      []string
		files     []string
		ephemeral bool
	}{
		{"unique image", map[string]any{"puzzle": classic}, []string{"**Solved.** The solution is unique", "Copy: ```\n" + solution + "\n```"}, []string{"solution.png"}, false},
		{"text only", map[string]any{"puzzle": classic, "format": "text"}, []string{"5 3 4 | 6 7 8 | 9 1 2", solution}, nil, false},
		{"both, spoilered, private", map[string]any{"puzzle": classic, "format": "both", "spoiler": true, "private": true},
			[]string{"||```\n5 3 4 | 6 7 8", "||```\n" + solution + "\n```||"}, []string{"SPOILER_solution.png"}, true},
		{"not unique", map[string]any{"puzzle": strings.Replace(p17, "3", ".", 1)},
			[]string{"**Not unique.** This puzzle has", "Two of them differ in", "Only 16 givens: 9×9 puzzles with fewer than 17 givens never have a unique solution."},
			[]string{"solution.png"}, false},
		{"exactly counted", map[string]any{"puzzle": "1...\n..2.\n....\n...4"}, []string{"exactly 3 solutions"}, []string{"solution.png"}, false},
		{"clash", map[string]any{"puzzle": "55" + classic[2:]}, []string{"**No solution:** row 1 has two 5s, at r1c1 and r1c2"}, []string{"solution.png"}, false},
		{"no completion", map[string]any{"puzzle": "12345678.........9" + strings.Repeat(".", 63)}, []string{"No two givens clash, but no grid completes them"}, nil, false},
		{"bad input", map[string]any{"puzzle": classic[:79]}, []string{"I couldn't read that puzzle: found 79 cells; a 9×9 puzzle needs 81.", "Paste the puzzle row by row"}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := run(t, "solve", slash(t, "solve", tt.opts))
			for _, w := range tt.want {
				if !strings.Contains(resp.Content, w) {
					t.Errorf("reply lacks %q:\n%s", w, resp.Content)
				}
			}
			if len(resp.Files) != len(tt.files) {
				t.Fatalf("reply has %d files, want %v", len(resp.Files), tt.files)
			}
			for k, f := range resp.Files {
				if f.Name != tt.files[k] {
					t.Errorf("file %d = %s, want %s", k, f.Name, tt.files[k])
				}
			}
			if resp.Ephemeral != tt.ephemeral {
				t.Errorf("ephemeral = %v, want %v", resp.Ephemeral, tt.ephemeral)
			}
		})
	}
}

func TestSolveGivesUp(t *testing.T) {
	d := deps()
	d.SolveTimeout = time.Nanosecond
	m := &meter{}
	d.Meter = m
	resp, err := d.solveReply(context.Background(), i18n.For(""), "1"+strings.Repeat(".", 255), replyFormat{image: true})
	if err != nil || !strings.Contains(resp.Content, "**Gave up** after 0 µs") {
		t.Fatalf("reply = %q, %v; want gave up", resp.Content, err)
	}
	if m.runs != "solve:timeout" {
		t.Errorf("meter saw %q, want one timed-out solve", m.runs)
	}
	d.SolveTimeout = time.Second
	d.solveReply(context.Background(), i18n.For(""), classic, replyFormat{text: true})
	if m.runs != "solve:timeout solve:ok" {
		t.Errorf("meter saw %q, want a timed-out then a finished solve", m.runs)
	}
}

// meter records solver runs as "command:ok|timeout" words.
type meter struct{ runs string }

func (m *meter) Solved(command string, _ time.Duration, timedOut bool) {
	how := "ok"
	if timedOut {
		how = "timeout"
	}
	m.runs = strings.TrimSpace(m.runs + " " + command + ":" + how)
}

func TestCheckReplies(t *testing.T) {
	wrongAnswer := "43" + solution[2:]            // r1c1 is a given 5
	swapped := solution[:2] + "64" + solution[4:] // r1c3 and r1c4 swapped; neither is given
	tests := []struct {
		name   string
		puzzle string
		answer string
		want   string
		files  int
	}{
		{"correct", classic, solution, "**Correct!** That is the solution.", 0},
		{"correct without givens", classic, blankGivens(classic, solution), "**Correct!**", 0},
		{"incomplete", classic, classic, "**Incomplete:** no mistakes so far, and 51 cells are still empty.", 0},
		{"wrong", classic, swapped, "**Not quite:** 2 cells are wrong: ||r1c3, r1c4||", 1},
		{"changes a given", classic, wrongAnswer, "r1c1 is 5 in the puzzle but 4 in the answer", 0},
		{"several solutions, valid", "1...\n..2.\n....\n...4", "1243342141322314", "more than one solution", 0},
		{"several solutions, clash", "1...\n..2.\n....\n...4", "1243342121322314", "**Not quite:**", 1},
		{"size mismatch", classic, "1234341221434321", "The puzzle is 9×9 but the answer is 4×4", 0},
		{"bad answer", classic, "hello", "I couldn't read the answer: unexpected character 'h' at position 1", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := run(t, "check", slash(t, "check", map[string]any{"puzzle": tt.puzzle, "answer": tt.answer}))
			if !strings.Contains(resp.Content, tt.want) {
				t.Errorf("reply = %q, want it to contain %q", resp.Content, tt.want)
			}
			if len(resp.Files) != tt.files {
				t.Fatalf("reply has %d files, want %d", len(resp.Files), tt.files)
			}
			if tt.files > 0 && !strings.HasPrefix(resp.Files[0].Name, "SPOILER_") {
				t.Errorf("the marked image %s is not spoilered", resp.Files[0].Name)
			}
		})
	}
}

func blankGivens(puzzle, sol string) string {
	b := []byte(sol)
	for i := range b {
		if puzzle[i] != '.' {
			b[i] = '.'
		}
	}
	return string(b)
}

func TestSolveMessageCommand(t *testing.T) {
	fence := "Can anyone do this one?\n```\n" + strings.Join(rows(classic), "\n") + "\n```"
	i := decode(t, map[string]any{
		"id": "1", "application_id": "2", "type": discordgo.InteractionApplicationCommand, "token": "tok",
		"data": map[string]any{"id": "3", "name": "Solve this puzzle", "type": discordgo.MessageApplicationCommand,
			"target_id": "99", "resolved": map[string]any{"messages": map[string]any{
				"99": map[string]any{"id": "99", "channel_id": "5", "content": fence}}}},
	})
	// The words around the code block are not read as cells.
	if resp := run(t, "Solve this puzzle", i); !strings.Contains(resp.Content, solution) {
		t.Errorf("reply = %q, want the solution", resp.Content)
	}
	i.ApplicationCommandData().Resolved.Messages["99"].Content = "Can anyone do this one?"
	resp := run(t, "Solve this puzzle", i)
	if !strings.Contains(resp.Content, "I couldn't read that puzzle: unexpected character 'n' at position 3") || !resp.Ephemeral {
		t.Errorf("reply = %q, want a private parse error", resp.Content)
	}
}

func rows(p string) []string {
	var out []string
	for i := 0; i < len(p); i += 9 {
		out = append(out, p[i:i+9])
	}
	return out
}

func TestHelpMentionsEveryCommand(t *testing.T) {
	resp := run(t, "help", slash(t, "help", nil))
	for _, c := range All(deps()) {
		name := c.Def.Name
		if c.Def.Type == discordgo.ChatApplicationCommand || c.Def.Type == 0 {
			name = "/" + name
		}
		if !strings.Contains(resp.Content, name) {
			t.Errorf("/help does not mention %s", name)
		}
	}
	if !resp.Ephemeral {
		t.Error("/help should be private")
	}
}

func TestHintReplies(t *testing.T) {
	tests := []struct {
		name, puzzle, want string
		file               bool
	}{
		{"next step", classic, "**Hint:** Hidden single: ", true},
		{"mistake", "55" + classic[2:], "**Hint:** There is a mistake already: row 1 has two 5s", true},
		{"complete", solution, "nothing left to do", false},
		{"unreadable", "hello", "I couldn't read that grid", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := run(t, "hint", slash(t, "hint", map[string]any{"puzzle": tt.puzzle}))
			if !strings.Contains(resp.Content, tt.want) || !resp.Ephemeral {
				t.Errorf("reply = %q (ephemeral %v), want %q, private", resp.Content, resp.Ephemeral, tt.want)
			}
			if (len(resp.Files) == 1) != tt.file {
				t.Errorf("files = %d, want image %v", len(resp.Files), tt.file)
			}
		})
	}
}

func TestGenerateAndShowSolution(t *testing.T) {
	d := deps()
	d.Seed = func() uint64 { return 7 }
	cmd := All(d)[3]
	if cmd.Def.Name != "generate" {
		t.Fatalf("command 3 is %s", cmd.Def.Name)
	}
	for _, size := range []float64{9, 16} {
		i := slash(t, "generate", map[string]any{"difficulty": "hard", "size": size})
		resp, err := cmd.Handle(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(resp.Content, "Copy: ```") || len(resp.Files) != 1 || len(resp.Buttons) != 1 {
			t.Fatalf("size %v: reply %+v", size, resp)
		}
		id := resp.Buttons[0].CustomID
		if len(id) > 100 || !strings.HasPrefix(id, "generate:") {
			t.Fatalf("custom id %q does not fit Discord", id)
		}
		click := &discordgo.Interaction{Type: discordgo.InteractionMessageComponent}
		shown, err := component(cmd, click, id)
		if err != nil || !cmd.Ephemeral(click, shown) || !strings.Contains(shown.Content, "||```") {
			t.Fatalf("size %v: Show solution = %+v, %v", size, shown, err)
		}
	}
	if size9 := `**New 9×9 puzzle** · hard`; !strings.Contains(run(t, "generate", slash(t, "generate", map[string]any{"difficulty": "hard"})).Content, size9) {
		t.Errorf("the reply does not name the size and level %q", size9)
	}
}

func TestSolveStatesGrade(t *testing.T) {
	resp := run(t, "solve", slash(t, "solve", map[string]any{"puzzle": classic}))
	if !strings.Contains(resp.Content, "Difficulty: **easy** (1.2; hardest step: Hidden single)") {
		t.Errorf("reply = %q, want the grade", resp.Content)
	}
}
