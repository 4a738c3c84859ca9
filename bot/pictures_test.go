package bot

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/picture"
)

func TestPicturesComeOnlyFromAttachments(t *testing.T) {
	p := NewPictures(nil)
	for _, u := range []string{"https://example.com/a.png", "http://cdn.discordapp.com/attachments/1/2/a.png",
		"https://cdn.discordapp.com.evil.example/attachments/1/2/a.png", "https://user@cdn.discordapp.com/attachments/1/a.png",
		"https://cdn.discordapp.com/attachments/../../x"} {
		if p.allowed(u) {
			t.Errorf("%s is allowed", u)
		}
	}
	if !p.allowed("https://cdn.discordapp.com/attachments/1/2/a.png?ex=1&hm=2") {
		t.Error("an attachment URL is refused")
	}
	if _, err := p.Fetch(t.Context(), "https://example.com/a.png", picture.MaxBytes); err == nil {
		t.Error("fetched an address that is no attachment")
	}
}

func TestPicturesBehindAProxy(t *testing.T) {
	cdn := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("picture at " + r.Host + r.URL.Path))
	}))
	defer cdn.Close()
	proxy, _ := url.Parse("https://rest-proxy.internal:8443")
	p := NewPictures(proxy)
	p.Client.Transport = toServer(cdn) // every host answered by the stand-in CDN
	for _, u := range []string{"https://cdn.discordapp.com/attachments/1/2/a.png?ex=1",
		"https://media.discordapp.net/attachments/1/2/a.png", "https://rest-proxy.internal:8443/attachments/1/2/a.png"} {
		data, err := p.Fetch(t.Context(), u, picture.MaxBytes)
		if err != nil {
			t.Errorf("Fetch(%s) behind a proxy: %v", u, err)
		} else if !strings.Contains(string(data), "/attachments/1/2/a.png") {
			t.Errorf("Fetch(%s) = %q", u, data)
		}
	}
	for _, u := range []string{"https://rest-proxy.internal:8443/api/v10/users/@me", "https://example.com/attachments/1/2/a.png",
		"https://rest-proxy.internal/attachments/1/2/a.png"} {
		if _, err := p.Fetch(t.Context(), u, picture.MaxBytes); err == nil {
			t.Errorf("Fetch(%s) behind a proxy was made", u)
		}
	}
}

func toServer(srv *httptest.Server) http.RoundTripper {
	tr := srv.Client().Transport.(*http.Transport).Clone()
	tr.DialTLSContext = nil
	addr := srv.Listener.Addr().String()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, addr)
	}
	tr.TLSClientConfig.InsecureSkipVerify = true
	return tr
}
