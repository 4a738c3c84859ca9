package activity

import (
	"context"
	"errors"
	"net/http"
)

// OAuth is what the Activity asks Discord when a player signs in: the
// code the page's SDK got from authorize exchanged for the player's access
// token, and who that token is for. The process's Discord client
// (bot.REST) is one, with the bot's timeouts, rate limits and metrics.
type OAuth interface {
	// Exchange returns the access token for an authorization code.
	Exchange(ctx context.Context, code string) (access string, err error)
	// User returns who an access token belongs to: their id, the name to
	// show, their avatar hash ("" for none) and their Discord locale.
	User(ctx context.Context, access string) (id, name, avatar, locale string, err error)
}

// Discord is what the Activity asks Discord with the bot's token: where an
// Activity instance runs and who is in it, and a message in a channel.
// bot.REST is one.
type Discord interface {
	// Instance returns the server ("" in a DM) and channel an instance
	// runs in and the ids of its users; one that is not running is an
	// error whose HTTPStatus is 404.
	Instance(ctx context.Context, id string) (guild, channel string, users []string, err error)
	// Post sends content to a channel, pinging nobody.
	Post(ctx context.Context, channel, content string) error
}

// statusError is how the Activity reads a call Discord refused: the HTTP
// status it answered, 429 when it asked to wait (the call may not have
// been sent at all). bot.StatusError is one.
type statusError interface {
	error
	HTTPStatus() int
}

// discordStatus returns the status of Discord's refusal of a call, 0 when
// Discord did not answer.
func discordStatus(err error) int {
	var s statusError
	if errors.As(err, &s) {
		return s.HTTPStatus()
	}
	return 0
}

// discordWaits reports whether Discord asked to wait: the page is told to
// try again in a moment.
func discordWaits(err error) bool { return discordStatus(err) == http.StatusTooManyRequests }

// noOAuth is the sign-in of a server configured without a Discord client:
// every sign-in fails as if Discord did not answer.
type noOAuth struct{}

var errNoDiscord = errors.New("activity: no Discord client configured")

func (noOAuth) Exchange(context.Context, string) (string, error) { return "", errNoDiscord }

func (noOAuth) User(context.Context, string) (string, string, string, string, error) {
	return "", "", "", "", errNoDiscord
}
