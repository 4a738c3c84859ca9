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
		writeCallback(w, &discordgo.InteractionResponse{Type: discordgo.InteractionResponsePong})
		return
	}
	if !b.seen.first(id, b.opt.Now()) {
		b.metrics.endpoint.WithLabelValues("replayed").Inc()
		b.log.Warn("interaction replayed; refused", "interaction", i.ID)
		http.Error(w, "interaction already received", http.StatusConflict)
		return
	}
	b.metrics.endpoint.WithLabelValues("accepted").Inc()
	b.answerOverHTTP(w, r, &i)
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

// httpCall is an interaction that came over HTTP, waiting for its first
// callback to be written as the response.
type httpCall struct {
	first   chan *discordgo.InteractionResponse
	written chan struct{} // closed once the response is sent
}

// answerOverHTTP dispatches i and writes its first callback as the
// response; later ones (the edit of a deferred answer) go over REST.
func (b *Bot) answerOverHTTP(w http.ResponseWriter, r *http.Request, i *discordgo.Interaction) {
	call := &httpCall{first: make(chan *discordgo.InteractionResponse, 1), written: make(chan struct{})}
	defer close(call.written)
	b.pending.Store(i.ID, call)
	go b.onInteraction(nil, &discordgo.InteractionCreate{Interaction: i})
	timer := time.NewTimer(answerWithin)
	defer timer.Stop()
	select {
	case resp := <-call.first:
		writeCallback(w, resp)
		return
	case <-timer.C:
	case <-r.Context().Done():
	}
	// Leave a marker, so the late answer is dropped rather than sent over
	// REST for an interaction Discord has already given up on.
	if !b.pending.CompareAndSwap(i.ID, call, expired{}) {
		writeCallback(w, <-call.first) // the answer came as the wait ended
		return
	}
	b.log.Error("no answer in time for an interaction over HTTP", "interaction", i.ID)
	http.Error(w, "no answer in time", http.StatusServiceUnavailable)
}

// expired marks an interaction whose HTTP request ended unanswered.
type expired struct{}

// errExpired is the late callback's error.
var errExpired = errors.New("the interaction's HTTP request ended before the answer")

// writeCallback writes a callback as the response and flushes it, so that
// an edit sent next over REST cannot overtake it.
func writeCallback(w http.ResponseWriter, resp *discordgo.InteractionResponse) {
	data, err := json.Marshal(resp)
	if err != nil { // a response is plain data; this is a bug
		http.Error(w, "cannot encode the answer", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(data))) // one write, not chunks
	_, _ = w.Write(data)
	_ = http.NewResponseController(w).Flush()
}

// overHTTP reports whether i's first callback is still to be written as
// an HTTP response.
func (b *Bot) overHTTP(i *discordgo.Interaction) bool {
	v, ok := b.pending.Load(i.ID)
	_, waiting := v.(*httpCall)
	return ok && waiting
}

// callback sends i's first callback: as the HTTP response when i came
// over HTTP (returning once it is sent), else over REST.
func (b *Bot) callback(i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	v, ok := b.pending.LoadAndDelete(i.ID)
	if !ok {
		return b.session.InteractionRespond(i, resp)
	}
	call, ok := v.(*httpCall)
	if !ok {
		return errExpired
	}
	call.first <- resp
	<-call.written
	return nil
}
