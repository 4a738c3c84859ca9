package app

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/internal/hostile"
	"github.com/sudokubot/sudokubot/internal/photoset"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// picturePNG draws grid as the bot does; with puzzle set, the digits not

// in it are drawn as a player's (another colour), as an app shows a grid

// being filled in.

func picturePNG(t *testing.T, grid, puzzle string) []byte {
	t.Helper()
	g, err := solver.Parse(grid)
	if err != nil {
		t.Fatal(err)
	}
	opt := render.Options{}
	if puzzle != "" {
		if opt.Puzzle, err = solver.Parse(puzzle); err != nil {
			t.Fatal(err)
		}
	}
	data, err := render.PNG(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func blankPNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, 400, 300))
	for i := range img.Pix {
		img.Pix[i] = 250
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestSolvePictureEndToEnd: /solve with a picture replies with the board

// as read, the verdict and solution, and the Fix, Hint and Play buttons;

// Fix opens a form filled with the reading, and its submission is solved.

func TestSolvePictureEndToEnd(t *testing.T) {
	h, _ := startDaily(t, "")
	a := h.fake.Attach("puzzle.png", "image/png", picturePNG(t, classic, ""), 600, 600)
	id := h.fake.Send(discordtest.WithAttachment(discordtest.SlashCommand(guild, ada, "solve", nil), "image", a))
	r, ok := h.fake.Reply(id, wait)
	if !ok {
		t.Fatalf("no reply; logs:\n%s", h.logs)
	}
	checkReading(t, r.Final, []string{"From your picture", "30 printed digits", "**Solved.**", solution}, "read.png solution.png")
	want := []string{"solve:fix:" + classic, "hint:" + classic, "play:read:" + classic}
	if got := strings.Join(r.Final.Buttons, " "); !strings.Contains(got, strings.Join(want, " ")) {
		t.Errorf("buttons %q, want %q", got, want)
	}
	if h.fake.Requests("attachment") != 1 {
		t.Errorf("the picture was downloaded %d times, want once", h.fake.Requests("attachment"))
	}

	fix := h.click(discordtest.Button(guild, ada, "solve:fix:"+classic))
	if fix.Final.ModalID != "solve:fixed" || len(fix.Final.Inputs) != 1 {
		t.Fatalf("Fix answered %+v, want the form", fix.Final)
	}
	fixed := strings.Join(rowsOf(classic), "\n")
	sub := h.click(discordtest.ModalSubmit(guild, ada, "solve:fixed", map[string]string{"grid": fixed}))
	checkMessage(t, sub.Final, []string{"**Solved.**", solution}, "solution.png", false)

	// Play with two digits written in (packed as letters): the board
	// starts with them as the player's moves.
	packed := "53a" + classic[3:]
	play := h.click(discordtest.Button(guild, ada, "play:read:"+packed))
	if !play.Final.Ephemeral() || !strings.Contains(play.Final.Content, "from the picture") || !strings.Contains(play.Final.Content, "moves so far") {
		t.Errorf("Play answered %q (ephemeral %v), want the player's own board", play.Final.Content, play.Final.Ephemeral())
	}
	if len(play.Final.Files) != 1 {
		t.Errorf("the board has %d pictures, want 1", len(play.Final.Files))
	}
}

// TestPictureMessageCommandEndToEnd: Solve this puzzle reads the picture

// of a message that has no text.

func TestPictureMessageCommandEndToEnd(t *testing.T) {
	h := start(t, nil)
	a := h.fake.Attach("sudoku.png", "image/png", picturePNG(t, classic, ""), 600, 600)
	r := h.click(discordtest.MessageWithPicture(guild, ada, "Solve this puzzle", a))
	checkReading(t, r.Final, []string{"From your picture", "**Solved.**", solution}, "read.png solution.png")
}

// TestCheckPictureEndToEnd: /check with one screenshot of a finished grid

// reads its printed digits as the puzzle and all its digits as the answer.

func TestCheckPictureEndToEnd(t *testing.T) {
	h := start(t, nil)
	finished := picturePNG(t, solution, classic)
	a := h.fake.Attach("done.png", "image/png", finished, 600, 600)
	r := h.click(discordtest.WithAttachment(discordtest.SlashCommand(guild, ada, "check", nil), "image", a))
	checkReading(t, r.Final, []string{"From your picture", "51 written-in digits", "**Correct!**"}, "read.png")
}

// TestPictureRefusals: a picture with no grid, a file that is no picture, a

// JPEG of 2000 scans (refused from its header after the download),

// one over the size limit (refused from what Discord says of it, never

// downloaded), and neither text nor picture: each a private notice.

func TestPictureRefusals(t *testing.T) {
	h := start(t, func(m *Main) { m.Options.RateBurst = 20 })
	blank := h.fake.Attach("cat.png", "image/png", blankPNG(t), 400, 300)
	text := h.fake.Attach("notes.txt", "text/plain", []byte("hello"), 0, 0)
	huge := h.fake.Attach("huge.jpg", "image/jpeg", []byte("not downloaded"), 8000, 6000)
	huge.Size = 30 << 20
	wide := h.fake.Attach("wide.png", "image/png", []byte("not downloaded"), 20000, 10000)
	scans := h.fake.Attach("scans.jpg", "image/jpeg",
		hostile.JPEG{W: 4000, H: 4000, Components: 1, Progressive: true, Scans: 2000}.Bytes(), 4000, 4000)
	avif := h.fake.Attach("photo.avif", "image/avif", []byte("not downloaded"), 4000, 3000)
	heic := h.fake.Attach("IMG_0001.HEIC", "", []byte("not downloaded"), 4000, 3000)
	tests := []struct {
		name string
		a    *discordtest.Attachment
		want string
	}{
		{"no grid", &blank, "I couldn't find a Sudoku grid in that picture"},
		{"not a picture", &text, "send a PNG, JPEG or WebP"},
		{"too many bytes", &huge, "That picture is 30 MB; I read pictures up to 25 MB."},
		{"too many pixels", &wide, "I read pictures up to 50 megapixels"},
		{"2000 scans", &scans, "takes far longer to read than a photo or a screenshot"},
		{"AVIF", &avif, "I can't read AVIF pictures yet: send a PNG, JPEG or WebP."},
		{"HEIC, named only by its file", &heic, "I can't read HEIC pictures yet: send a PNG, JPEG or WebP."},
		{"nothing", nil, "Give me a puzzle"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := discordtest.SlashCommand(guild, ada, "solve", nil)
			if tt.a != nil {
				p = discordtest.WithAttachment(p, "image", *tt.a)
			}
			r := h.click(p)
			checkMessage(t, r.Final, []string{tt.want}, "", true)
		})
	}
	if n := h.fake.Requests("attachment"); n != 2 {
		t.Errorf("%d downloads, want 2 (only the picture with no grid, and the scans read from the file)", n)
	}
	if n := len(h.fake.Violations()); n > 0 {
		t.Errorf("violations: %v", h.fake.Violations())
	}
}

// TestPicturesComeOnlyFromAttachments: the downloader fetches Discord's

// attachment URLs only, not an address a person chose.

// checkReading checks a public reply about a picture: its words and its

// files, by name in order.

func checkReading(t *testing.T, m discordtest.Message, want []string, files string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(m.Content, w) {
			t.Errorf("reply lacks %q:\n%s", w, m.Content)
		}
	}
	if m.Ephemeral() {
		t.Error("the reply is private; /solve and /check answer in public unless asked")
	}
	if got := fileNames(m); got != files {
		t.Errorf("files %q, want %q", got, files)
	}
}

func fileNames(m discordtest.Message) string {
	var names []string
	for _, f := range m.Files {
		names = append(names, f.Name)
	}
	return strings.Join(names, " ")
}

// click sends any interaction payload and returns the reply.

func (h *harness) click(p map[string]any) discordtest.Reply {
	h.t.Helper()
	id := h.fake.Send(p)
	r, ok := h.fake.Reply(id, wait)
	if !ok {
		h.t.Fatalf("no reply within %v; logs:\n%s", wait, h.logs)
	}
	return r
}

// TestSlowNoticeStaysPrivate: a notice (a mistake, an open daily's

// refusal) that comes after a public deferral is not edited into the

// public message: that message is deleted and the notice sent privately.

func TestSlowNoticeStaysPrivate(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		slowNotice := commands.Command{
			Def: &discordgo.ApplicationCommand{Name: "refuse", Description: "test"},
			Handle: func(ctx context.Context, i *discordgo.Interaction) (commands.Response, error) {
				time.Sleep(300 * time.Millisecond)
				return commands.Response{Content: "only for you", Notice: true}, nil
			},
		}
		h := start(t, both(over, withCommands(slowNotice)))
		r := h.ask(ada, "refuse", nil)
		if len(r.Callbacks) != 1 || r.Callbacks[0].Message.Ephemeral() {
			t.Fatalf("callbacks %+v, want one public deferral", r.Callbacks)
		}
		if !r.Deleted || len(r.Edits) != 0 || r.Final.Content != "only for you" || !r.Final.Ephemeral() {
			t.Errorf("deleted %v, edits %d, final %q ephemeral %v: want the public message gone and the notice private",
				r.Deleted, len(r.Edits), r.Final.Content, r.Final.Ephemeral())
		}
	})
}

// TestPictureReplyForREADME sends /solve with a shared photo through the

// fake Discord and writes the reply's text and its reading's picture into

// the folder SUDOKUBOT_DOCS names, for the README. The photo stays in the

// shared folder; only the bot's own drawing is written.

func TestPictureReplyForREADME(t *testing.T) {
	dir := os.Getenv("SUDOKUBOT_DOCS")
	if dir == "" {
		t.Skip("skipping: set SUDOKUBOT_DOCS to a folder to write the README's picture reply into")
	}
	photo, err := os.ReadFile(filepath.Join(photoset.Dir(), "wichtounet", "mixed", "image32.jpg"))
	if err != nil {
		t.Skipf("skipping: the shared photo is not here (%v)", err)
	}
	h := start(t, nil)
	a := h.fake.Attach("sudoku.jpg", "image/jpeg", photo, 640, 480)
	r := h.click(discordtest.WithAttachment(discordtest.SlashCommand(guild, ada, "solve", nil), "image", a))
	for _, f := range r.Final.Files {
		if err := os.WriteFile(filepath.Join(dir, "picture-"+f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	text := r.Final.Content + "\n\nbuttons: " + strings.Join(r.Final.Buttons, " ") + "\n"
	if err := os.WriteFile(filepath.Join(dir, "picture-reply.txt"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPicturesBehindAProxy: with DISCORD_API_URL naming a REST proxy, the

// attachments people send (on Discord's CDN) are still downloaded, and no

// other address is.

// toServer returns a transport that sends every request, whatever its

// host, to srv, keeping the host the request named.
