package commands

import (
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/i18n"
	"github.com/sudokubot/sudokubot/picture"
	"github.com/sudokubot/sudokubot/render"
	"github.com/sudokubot/sudokubot/solver"
)

// Pictures downloads the pictures people attach. Handlers make no network
// calls of their own: this is the one way a picture comes in.
type Pictures interface {
	// Fetch returns the file at url, an attachment's URL as Discord gave
	// it in the interaction, reading at most limit bytes (more is
	// *picture.TooBigError). It refuses any address that is not one of
	// Discord's attachment servers.
	Fetch(ctx context.Context, url string, limit int) ([]byte, error)
}

// fetchLimit bounds a picture's download, readLimit its reading (a
// 50-megapixel photo takes about 2 s on a busy core; a picture past the
// limits is refused before it is decoded).
const (
	fetchLimit = 10 * time.Second
	readLimit  = 20 * time.Second
)

// imageOption is the attachment option a command reads a picture from.
func imageOption(name, description string) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment, Name: name,
		Description: description}
}

// attachmentOption returns the attachment given for option name, or nil.
func attachmentOption(i *discordgo.Interaction, name string) *discordgo.MessageAttachment {
	id := OptionsOf(i).Attachment(name)
	data := i.ApplicationCommandData()
	if id == "" || data.Resolved == nil {
		return nil
	}
	return data.Resolved.Attachments[id]
}

// pictureReading is a picture read for a reply: what was read, or the
// notice that says why it could not be.
type pictureReading struct {
	read   *picture.Reading
	notice *Response
}

// readPicture checks an attachment by what Discord says of it (its size,
// its dimensions, its type), then downloads and reads it. Every failure is
// a notice a person can act on.
func (d Deps) readPicture(ctx context.Context, pr i18n.Printer, a *discordgo.MessageAttachment) pictureReading {
	if n := refusedAttachment(pr, a); n != nil {
		return pictureReading{notice: n}
	}
	if d.Pictures == nil {
		n := userError(pr.Text("I can't read pictures here. Paste the puzzle as text instead.") + "\n" + pr.Text(pasteHelp))
		return pictureReading{notice: &n}
	}
	fctx, cancel := context.WithTimeout(ctx, fetchLimit)
	data, err := d.Pictures.Fetch(fctx, a.URL, picture.MaxBytes)
	cancel()
	if err != nil {
		var big *picture.TooBigError
		if errors.As(err, &big) {
			n := userError(picture.Say(pr, err))
			return pictureReading{notice: &n}
		}
		d.Log.Warn("downloading a picture failed", "err", err)
		n := userError(pr.Text("I couldn't download that picture from Discord. Please try again in a moment."))
		return pictureReading{notice: &n}
	}
	rctx, cancel := context.WithTimeout(ctx, readLimit)
	r, err := d.Reader.Read(rctx, data)
	cancel()
	if err != nil {
		n := userError(picture.Say(pr, err))
		return pictureReading{notice: &n}
	}
	return pictureReading{read: r}
}

// refusedAttachment is the notice for an attachment refused before it is
// downloaded, or nil.
func refusedAttachment(pr i18n.Printer, a *discordgo.MessageAttachment) *Response {
	var text string
	switch {
	case a == nil:
		text = pr.Text("I couldn't find that attachment. Please attach the picture again.")
	case a.Size > picture.MaxBytes:
		text = picture.Say(pr, &picture.TooBigError{Bytes: a.Size})
	case float64(a.Width)*float64(a.Height) > picture.MaxPixels:
		text = picture.Say(pr, &picture.TooBigError{Width: a.Width, Height: a.Height})
	case otherPicture(a) != "":
		text = pr.Sprintf("I can't read %s pictures yet: send a PNG, JPEG or WebP.", otherPicture(a))
	case a.ContentType != "" && !readableType(a.ContentType):
		text = picture.Say(pr, picture.ErrFormat)
	default:
		return nil
	}
	n := userError(text)
	return &n
}

// readableTypes are the content types of the pictures the reader
// decodes, and pictureEndings their file name endings, which the
// attachment options let people pick (Discord's file_types).
var (
	readableTypes  = []string{"image/png", "image/jpeg", "image/jpg", "image/webp"}
	pictureEndings = []string{".png", ".jpg", ".jpeg", ".webp"}
)

// PictureFileTypes returns the file name endings of the pictures the
// reader decodes, for the attachment options' file_types.
func PictureFileTypes() []string { return slices.Clone(pictureEndings) }

// readableType reports whether a content type is one the reader decodes.
func readableType(t string) bool {
	t, _, _ = strings.Cut(t, ";")
	return slices.Contains(readableTypes, strings.TrimSpace(strings.ToLower(t)))
}

// otherPictures are pictures people send that the reader does not decode,
// by content type and file name ending, with the name people know them
// by.
var otherPictures = []struct{ contentType, ending, name string }{
	{"image/avif", ".avif", "AVIF"}, {"image/heic", ".heic", "HEIC"}, {"image/heif", ".heif", "HEIF"},
	{"image/gif", ".gif", "GIF"}, {"image/bmp", ".bmp", "BMP"}, {"image/tiff", ".tiff", "TIFF"},
	{"image/svg+xml", ".svg", "SVG"}, {"image/jxl", ".jxl", "JPEG XL"},
}

// otherPicture returns the name of the kind of picture a is when it is one
// the reader does not decode (by its content type, else its file name),
// or "".
func otherPicture(a *discordgo.MessageAttachment) string {
	t, _, _ := strings.Cut(strings.ToLower(a.ContentType), ";")
	name := strings.ToLower(a.Filename)
	for _, o := range otherPictures {
		if strings.TrimSpace(t) == o.contentType || t == "" && strings.HasSuffix(name, o.ending) {
			return o.name
		}
	}
	return ""
}

// readSummary says what was read from a picture: how many digits, the
// cells to check, and what the solver corrected.
func readSummary(pr i18n.Printer, r *picture.Reading) string {
	givens := strings.Count(r.Givens(), ".")
	var b strings.Builder
	b.WriteString(pr.Sprintf("📷 **From your picture** I read %s", pr.Count(81-givens, "%d printed digit", "%d printed digits")))
	if n := 81 - strings.Count(r.Entries(), "."); n > 0 {
		b.WriteString(pr.Sprintf(" and %s", pr.Count(n, "%d written-in digit", "%d written-in digits")))
	}
	b.WriteString(".")
	if d := r.Doubts(); len(d) > 0 {
		b.WriteString(" " + pr.Sprintf("I'm unsure of %s (shaded): check them.", solver.CellNames(pr, cellsOf(d), 8)))
	}
	if len(r.Corrected) > 0 {
		b.WriteString(" " + pr.Sprintf("I corrected %s so the puzzle has one solution.", solver.CellNames(pr, cellsOf(r.Corrected), 8)))
	}
	if r.Unresolved {
		b.WriteString(" " + pr.Text("The digits as I read them don't make a puzzle with one solution: if I misread one, press **Fix**."))
	}
	return b.String()
}

// cellsOf turns cell indexes of a 9×9 grid into cells.
func cellsOf(is []int) []solver.Cell {
	out := make([]solver.Cell, len(is))
	for k, i := range is {
		out[k] = solver.Cell{Row: i / 9, Col: i % 9}
	}
	return out
}

// readImage draws what was read as our board: printed digits as givens,
// written-in ones in the solved digits' colour, doubtful cells shaded.
func (d Deps) readImage(r *picture.Reading) (File, error) {
	all, _ := solver.NewGrid(9)
	givens, _ := solver.NewGrid(9)
	for i, c := range r.Cells {
		if c.Digit != 0 {
			all.SetIndex(i, c.Digit)
			if !c.Written {
				givens.SetIndex(i, c.Digit)
			}
		}
	}
	opt := render.Options{Puzzle: givens}
	if doubts := r.Doubts(); len(doubts) > 0 {
		opt.Highlights = []render.Highlight{{Style: render.Select, Cells: cellsOf(doubts)}}
	}
	return d.image(all, opt, "read.png")
}

// pictureButtons are the buttons under a reply about a picture: Fix
// (correct the reading in a form), Hint, and Play (a board of it, with
// the digits written in as the player's moves).
func pictureButtons(pr i18n.Printer, r *picture.Reading, withPlay bool) []Button {
	givens := r.Givens()
	out := []Button{{Label: pr.Text("Fix"), CustomID: fixID.ID(givens)}}
	if !r.Unresolved {
		out = append(out, Button{Label: pr.Text("Hint"), CustomID: hintID.ID(combined(givens, r.Entries()))})
		if withPlay {
			out = append(out, Button{Label: pr.Text("Play"), CustomID: readingID.ID(packReading(givens, r.Entries())), Style: Go})
		}
	}
	return out
}

// combined is the grid as it stands: printed and written-in digits.
func combined(givens, entries string) string {
	b := []byte(givens)
	for i := range b {
		if b[i] == '.' {
			b[i] = entries[i]
		}
	}
	return string(b)
}

// packReading packs printed and written-in digits into 81 characters, to
// fit a button's custom id: '.' blank, '1'–'9' printed, 'a'–'i' written.
func packReading(givens, entries string) string {
	b := []byte(givens)
	for i := range b {
		if b[i] == '.' && entries[i] != '.' {
			b[i] = 'a' + entries[i] - '1'
		}
	}
	return string(b)
}

// unpackReading reverses packReading; ok is false for anything else.
func unpackReading(s string) (givens, entries string, ok bool) {
	if len(s) != 81 {
		return "", "", false
	}
	g, e := []byte(strings.Repeat(".", 81)), []byte(strings.Repeat(".", 81))
	for i := range 81 {
		switch c := s[i]; {
		case c >= '1' && c <= '9':
			g[i] = c
		case c >= 'a' && c <= 'i':
			e[i] = '1' + c - 'a'
		case c != '.':
			return "", "", false
		}
	}
	return string(g), string(e), true
}

// withReading puts what was read before a reply about it: the summary,
// the board as read, and buttons (pictureButtons). A notice
// (a refusal) stays as it is, alone.
func (d Deps) withReading(pr i18n.Printer, r *picture.Reading, resp Response, buttons []Button) (Response, error) {
	if resp.Notice {
		return resp, nil
	}
	img, err := d.readImage(r)
	if err != nil {
		return Response{}, err
	}
	if len(resp.Files) > 0 && resp.Files[0].Name == img.Name { // /check reads two pictures
		img.Name = "read-answer.png"
		img, resp.Files[0] = resp.Files[0], img
	}
	resp.Content = readSummary(pr, r) + "\n" + resp.Content
	resp.Files = append([]File{img}, resp.Files...)
	resp.Buttons = append(buttons, resp.Buttons...)
	return resp, nil
}

// noPrinted is the notice for a grid found with no printed digit in it.
func noPrinted(pr i18n.Printer, r *picture.Reading) (Response, bool) {
	if strings.Trim(r.Givens(), ".") != "" {
		return Response{}, true
	}
	return userError(picture.Say(pr, picture.ErrNoGivens)), false
}

// attachedPicture returns a message's first attachment that is a picture,
// or nil. Only attachments are read, never an embed's image, which may
// come from any address a person chose.
func attachedPicture(m *discordgo.Message) *discordgo.MessageAttachment {
	for _, a := range m.Attachments {
		if readableType(a.ContentType) || a.ContentType == "" && a.Width > 0 {
			return a
		}
	}
	return nil
}
