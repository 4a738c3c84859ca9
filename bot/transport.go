package bot

import (
	"net/http"
	"net/url"
	"time"
)

// discordHost is where discordgo sends every REST request.
const discordHost = "discord.com"

// rewrite sends requests meant for discord.com to another origin (a REST
// proxy, or the fake Discord in tests), paths unchanged. discordgo's
// endpoint globals stay as they are.
type rewrite struct {
	origin *url.URL
	base   http.RoundTripper
}

func (t rewrite) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Host != discordHost || t.origin == nil || t.origin.Host == discordHost {
		return t.base.RoundTrip(r)
	}
	r = r.Clone(r.Context())
	r.URL.Scheme, r.URL.Host, r.Host = t.origin.Scheme, t.origin.Host, t.origin.Host
	return t.base.RoundTrip(r)
}

// newClient returns the HTTP client for the session: requests go to origin,
// with enough idle connections for a burst of replies, and a bound on open
// ones so a surge queues for a connection instead of opening thousands.
func newClient(origin *url.URL) *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost, tr.MaxConnsPerHost = 128, 128
	return &http.Client{Transport: rewrite{origin: origin, base: tr}, Timeout: 20 * time.Second}
}
