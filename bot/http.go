package bot

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Limits of the HTTP interactions endpoint.
const (
	// maxInteractionBody caps a request body; Discord's interactions are
	// a few kilobytes (a modal holds at most 5×4000 characters).
	maxInteractionBody = 256 << 10
	// signatureWindow is how old (or how far ahead) a signed timestamp may
	// be: an older request is a replay.
	signatureWindow = 5 * time.Minute
	// answerWithin is how long a request waits for its first callback;
	// Discord gives up after 3 s, and the dispatcher defers after
	// DeferAfter, so this is only reached by a fault.
	answerWithin = 2900 * time.Millisecond
)

// errSignature is every reason to refuse a request as not from Discord.
var errSignature = errors.New("bad signature")

// signed checks Discord's Ed25519 signature of timestamp+body and that
// the timestamp is within signatureWindow of now. Cheap checks come first,
// so malformed headers cost no curve arithmetic.
func signed(key ed25519.PublicKey, now time.Time, sigHex, stamp string, body []byte) error {
	if len(sigHex) != 2*ed25519.SignatureSize || stamp == "" {
		return errSignature
	}
	var sig [ed25519.SignatureSize]byte
	if _, err := hex.Decode(sig[:], []byte(sigHex)); err != nil {
		return errSignature
	}
	secs, err := strconv.ParseInt(stamp, 10, 64)
	if err != nil {
		return errSignature
	}
	if age := now.Sub(time.Unix(secs, 0)); age > signatureWindow || age < -signatureWindow {
		return errSignature
	}
	msg := make([]byte, 0, len(stamp)+len(body))
	msg = append(append(msg, stamp...), body...)
	if !ed25519.Verify(key, msg, sig[:]) {
		return errSignature
	}
	return nil
}

// serveInteraction is POST /interactions: it checks the signature, answers
// a PING itself and hands everything else to the dispatcher the gateway
// uses, writing the first callback as the HTTP response.
func (b *Bot) serveInteraction(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(w, r)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			b.metrics.endpoint.WithLabelValues("too_large").Inc()
			http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
		}
		return // else the client went away
	}
	err = signed(b.opt.PublicKey, b.opt.Now(), r.Header.Get("X-Signature-Ed25519"), r.Header.Get("X-Signature-Timestamp"), body)
	if err != nil {
		b.metrics.endpoint.WithLabelValues("bad_signature").Inc()
		http.Error(w, "invalid request signature", http.StatusUnauthorized)
		return
	}
	var i discordgo.Interaction
	id, err := decodeInteraction(body, &i)
	if err != nil {
		b.metrics.endpoint.WithLabelValues("bad_body").Inc()
		b.log.Warn("signed interaction that does not decode", "err", err)
		http.Error(w, "malformed interaction", http.StatusBadRequest)
		return
	}
	if i.Type == discordgo.InteractionPing {
		b.metrics.endpoint.WithLabelValues("accepted").Inc()
		_ = writeCallback(w, callback{Type: discordgo.InteractionResponsePong})
		return
	}
	if !b.seen.first(id, b.opt.Now()) { // this process's memory first: no database for most replays
		b.refuseReplay(w, &i)
		return
	}
	if !b.firstEverywhere(w, r, &i, id, stampOf(r)) {
		return
	}
	b.metrics.endpoint.WithLabelValues("accepted").Inc()
	b.answerOverHTTP(w, r, &i)
}

// stampOf is the request's signed timestamp, checked by signed.
func stampOf(r *http.Request) time.Time {
	secs, _ := strconv.ParseInt(r.Header.Get("X-Signature-Timestamp"), 10, 64)
	return time.Unix(secs, 0)
}

// decodeInteraction decodes body into i and returns its id as a number.
func decodeInteraction(body []byte, i *discordgo.Interaction) (uint64, error) {
	if err := json.Unmarshal(body, i); err != nil {
		return 0, err
	}
	if i.Type == discordgo.InteractionPing {
		return 0, nil
	}
	id, err := strconv.ParseUint(i.ID, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("interaction id %q is not a snowflake", i.ID)
	}
	return id, nil
}

// readBody reads at most maxInteractionBody bytes of the request.
func readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	return io.ReadAll(http.MaxBytesReader(w, r.Body, maxInteractionBody))
}

// answerOverHTTP dispatches i with a first callback that becomes the
// HTTP response; later ones (the edit of a deferred answer) go over REST.
// With no first callback within answerWithin the request ends with 503,
// and a late callback is dropped, not sent over REST, since Discord has
// already given the interaction up.
func (b *Bot) answerOverHTTP(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {
	h := &httpFirst{take: make(chan callback), written: make(chan error, 1)}
	go b.dispatch(&call{Interaction: i, first: h.send, jsonOnly: true})
	timer := time.NewTimer(answerWithin)
	defer timer.Stop()
	select {
	case resp := <-h.take:
		h.written <- writeCallback(w, resp)
		return
	case <-timer.C:
	case <-r.Context().Done():
	}
	if !h.expire() { // the answer came as the wait ended
		h.written <- writeCallback(w, <-h.take)
		return
	}
	b.log.Error("no answer in time for an interaction over HTTP", "interaction", i.ID)
	http.Error(w, "no answer in time", http.StatusServiceUnavailable)
}

// httpFirst hands an interaction's first callback from the dispatcher to
// the HTTP handler that writes it as the response.
type httpFirst struct {
	mu       sync.Mutex
	answered bool // send has begun: the handler must take it
	expired  bool // the handler gave up: send must not wait
	take     chan callback
	written  chan error
}

// send is the first callback: it returns once the response is written.
func (h *httpFirst) send(resp callback) error {
	h.mu.Lock()
	if h.expired || h.answered {
		h.mu.Unlock()
		return errExpired
	}
	h.answered = true
	h.mu.Unlock()
	h.take <- resp
	return <-h.written
}

// expire marks the request ended unanswered, unless send has begun.
func (h *httpFirst) expire() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.expired = !h.answered
	return h.expired
}

// errExpired is a late first callback's error.
var errExpired = errors.New("the interaction's HTTP request ended before the answer")

// writeCallback writes a callback as the response, as JSON, and flushes
// it, so that an edit sent next over REST cannot overtake it. Discord
// documents the response to an interaction's HTTP request as a JSON
// interaction response (developers/docs/interactions/receiving-and-
// responding, "Interaction Response Object"); files go by REST, on the
// callback and webhook endpoints, which take multipart/form-data
// ("Create Interaction Response", "Edit Original Interaction Response").
// A multipart response here is reported to fail (discord/discord-api-docs
// #5933), so a callback with files is refused: respondAs sends those by
// REST (see filesByREST).
func writeCallback(w http.ResponseWriter, resp callback) error {
	if len(resp.files) > 0 {
		http.Error(w, "an answer with files goes by REST", http.StatusInternalServerError)
		return errors.New("a callback with files cannot be an HTTP response")
	}
	contentType, body, err := encode(resp, nil)
	if err != nil { // a response is plain data; this is a bug
		http.Error(w, "cannot encode the answer", http.StatusInternalServerError)
		return fmt.Errorf("encode the callback: %w", err)
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Content-Length", strconv.Itoa(len(body))) // one write, not chunks
	if _, err := w.Write(body); err != nil {
		return err
	}
	_ = http.NewResponseController(w).Flush() // written already; a flush refused changes nothing
	return nil
}
