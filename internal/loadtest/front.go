package loadtest

import (
	"bytes"
	"errors"
	"io"
	"net"
	"net/http"
	"sync/atomic"
	"time"
)

// front is a round-robin load balancer, as simple as the one in front of
// a real deployment: each request goes to the next backend, and to the
// one after when the connection is refused (nothing was sent, so trying
// again cannot double an interaction). A request a backend dies while
// answering fails with 502, as it would behind nginx.
type front struct {
	backends []string // origins, "http://127.0.0.1:port"
	next     atomic.Uint64
	client   *http.Client
}

func newFront(backends []string) *front {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost, tr.MaxConnsPerHost = 256, 256 // a pool per backend, as nginx keepalive
	return &front{backends: backends, client: &http.Client{Transport: tr, Timeout: 10 * time.Second}}
}

func (f *front) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		http.Error(w, "cannot read the request", http.StatusBadRequest)
		return
	}
	first := int(f.next.Add(1))
	for k := range f.backends {
		resp, err := f.forward(r, f.backends[(first+k)%len(f.backends)], body)
		if refused(err) {
			continue
		}
		if err != nil {
			http.Error(w, "bad gateway", http.StatusBadGateway)
			return
		}
		copyResponse(w, resp)
		return
	}
	http.Error(w, "no backend answers", http.StatusBadGateway)
}

func (f *front) forward(r *http.Request, backend string, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(r.Context(), r.Method, backend+r.URL.Path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	for _, h := range []string{"Content-Type", "X-Signature-Ed25519", "X-Signature-Timestamp"} {
		req.Header.Set(h, r.Header.Get(h))
	}
	return f.client.Do(req)
}

// refused reports a connection that could not be made.
func refused(err error) bool {
	var op *net.OpError
	return errors.As(err, &op) && op.Op == "dial"
}

func copyResponse(w http.ResponseWriter, resp *http.Response) {
	defer resp.Body.Close()
	for _, h := range []string{"Content-Type", "Content-Length"} {
		if v := resp.Header.Get(h); v != "" {
			w.Header().Set(h, v)
		}
	}
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}
