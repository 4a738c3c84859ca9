package bot

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/sudokubot/sudokubot/picture"
)

// discordAttachments are where Discord serves the files people attach.
var discordAttachments = []string{"https://cdn.discordapp.com/attachments/", "https://media.discordapp.net/attachments/"}

// Pictures downloads attachments for the commands (commands.Pictures):
// from Discord's attachment servers only, and, when the bot is pointed at
// another API (DISCORD_API_URL: a REST proxy, or a test's fake Discord),
// from that origin's attachments too; never from an address a person
// chose.
type Pictures struct {
	Client  *http.Client
	Allowed []string // URL prefixes a picture may come from
}

// NewPictures returns the downloader for a bot whose REST calls go to api
// (nil: Discord). Discord's attachment servers stay allowed whatever api
// is: behind a REST proxy, the attachments people send still come from
// Discord's CDN.
func NewPictures(api *url.URL) *Pictures {
	allowed := discordAttachments
	if api != nil && api.Host != "discord.com" {
		allowed = append(slices.Clip(discordAttachments), strings.TrimSuffix(api.String(), "/")+"/attachments/")
	}
	return &Pictures{Client: &http.Client{CheckRedirect: noRedirects}, Allowed: allowed}
}

// noRedirects keeps a download on the address checked.
func noRedirects(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }

// errNotAttachment is Fetch's error for an address it will not fetch.
var errNotAttachment = errors.New("pictures: not an attachment URL")

// Fetch returns the file at raw, reading at most limit bytes.
func (p *Pictures) Fetch(ctx context.Context, raw string, limit int) ([]byte, error) {
	if !p.allowed(raw) {
		return nil, errNotAttachment
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, raw, nil)
	if err != nil {
		return nil, err
	}
	resp, err := p.Client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("pictures: %w", redactURL(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("pictures: status %d", resp.StatusCode)
	}
	if resp.ContentLength > int64(limit) {
		return nil, &picture.TooBigError{Bytes: int(resp.ContentLength)}
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, int64(limit)+1))
	if err != nil {
		return nil, fmt.Errorf("pictures: reading: %w", redactURL(err))
	}
	if len(data) > limit {
		return nil, &picture.TooBigError{Bytes: len(data)}
	}
	return data, nil
}

// allowed reports whether raw is under one of the allowed prefixes, with
// no tricks in its host (user info, another port).
func (p *Pictures) allowed(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.User != nil || u.Fragment != "" {
		return false
	}
	for _, prefix := range p.Allowed {
		if strings.HasPrefix(raw, prefix) && !strings.Contains(strings.TrimPrefix(raw, prefix), "..") {
			return true
		}
	}
	return false
}

// redactURL drops the address from a transport error: an attachment's
// URL carries a signature that does not belong in a log.
func redactURL(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("%s: %w", ue.Op, ue.Err)
	}
	return err
}
