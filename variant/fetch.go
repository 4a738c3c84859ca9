package variant

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Fetcher gets a short id's puzzle from SudokuPad's API (the package
// comment says what it answers).
type Fetcher interface {
	// Fetch returns SudokuPad's answer for id (a ShortID's Payload): the
	// puzzle's data as text. Its error wraps ErrUnknownID when SudokuPad
	// has no puzzle by that id, ErrTooLarge for an answer past the
	// fetcher's bound, ErrBadID for an id it will not ask about, and
	// ErrUnavailable when no good answer came in time; Resolve takes any
	// other error as ErrUnavailable.
	Fetch(ctx context.Context, id string) (string, error)
}

// The reasons Resolve could not get a short id's puzzle.
var (
	ErrUnknownID   = errors.New("variant: SudokuPad has no puzzle by that id")
	ErrUnavailable = errors.New("variant: SudokuPad did not answer in time, or answered with an error")
	ErrUnreadable  = errors.New("variant: SudokuPad's answer is not puzzle data we read")
)

// maxBody is the longest answer Resolve reads; longer is ErrTooLarge.
const maxBody = 1 << 20

// Resolve returns the puzzle l stands for: Decode's for a link that
// carries its puzzle; for a ShortID, the puzzle f fetches for its id
// (ErrNeedsFetch when f is nil, ErrBadID when the id is not one). A
// fetch that fails is an error wrapping ErrUnknownID, ErrUnavailable,
// ErrTooLarge or ErrBadID (and the fetcher's own error); an answer that
// is not puzzle data, one wrapping ErrUnreadable. Decoding errors are
// Decode's. l is not modified.
func Resolve(ctx context.Context, f Fetcher, l Link) (*Puzzle, error) {
	if l.Format != ShortID {
		return Decode(l)
	}
	if f == nil {
		return nil, ErrNeedsFetch
	}
	if !shortID.MatchString(l.Payload) {
		return nil, &LinkError{Err: ErrBadID, Detail: fmt.Sprintf("id %.80q", l.Payload)}
	}
	body, err := f.Fetch(ctx, l.Payload)
	if err != nil {
		return nil, fetchError(l.Payload, err)
	}
	got, err := readBody(body)
	if err != nil {
		return nil, fmt.Errorf("variant: SudokuPad's answer for %q: %w", l.Payload, err)
	}
	return Decode(got)
}

// fetchError wraps a fetcher's error, as ErrUnavailable unless it says
// why already.
func fetchError(id string, err error) error {
	for _, known := range []error{ErrUnknownID, ErrUnavailable, ErrTooLarge, ErrBadID} {
		if errors.Is(err, known) {
			return fmt.Errorf("variant: fetch %q: %w", id, err)
		}
	}
	return fmt.Errorf("variant: fetch %q: %w: %w", id, ErrUnavailable, err)
}

// readBody reads an API answer as the link it stands for: a prefixed
// payload, read as a long link's is, or an object of scl data. Its error
// wraps ErrTooLarge or ErrUnreadable.
func readBody(body string) (Link, error) {
	if len(body) > maxBody {
		return Link{}, fmt.Errorf("%w: an answer of %d bytes", ErrTooLarge, len(body))
	}
	body = strings.TrimSpace(body)
	fail := func(err error, detail string) (Link, error) {
		if !errors.Is(err, ErrTooLarge) {
			err = ErrUnreadable
		}
		return Link{}, fmt.Errorf("%w: %s", err, detail)
	}
	for _, p := range prefixes {
		if strings.HasPrefix(body, p.prefix) {
			return readPayload(p.format, body[len(p.prefix):], fail)
		}
	}
	if strings.HasPrefix(body, "{") && strings.HasSuffix(body, "}") {
		return Link{Format: SCL, data: body}, nil
	}
	return fail(ErrUnreadable, "no puzzle prefix") // the answer itself stays out of errors and logs
}
