package activity

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
)

// errNotInInstance is a sign-in from a user Discord does not list in the
// Activity instance the page names (or an instance that is not running).
var errNotInInstance = errors.New("activity: the user is not in that instance")

// placeOf asks Discord (with the bot token) where the Activity instance
// the page runs in was launched, and checks that user is in it: the
// server whose daily the board plays, and the instance whose room they
// play together in, come from Discord, not from the page. A DM's instance
// has no server (""); a page that names no instance, or a bot configured
// without its token, has neither.
func (s *Server) placeOf(ctx context.Context, instance, user string) (guild, checked, channel string, err error) {
	if instance == "" || s.cfg.BotToken == "" {
		return "", "", "", nil
	}
	u := s.cfg.APIURL + "/api/v10/applications/" + url.PathEscape(s.cfg.ClientID) + "/activity-instances/" + url.PathEscape(instance)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return "", "", "", err
	}
	req.Header.Set("Authorization", "Bot "+s.cfg.BotToken)
	var got struct {
		Location struct {
			GuildID   string `json:"guild_id"`
			ChannelID string `json:"channel_id"`
		} `json:"location"`
		Users []string `json:"users"`
	}
	err = s.call(req, &got)
	var refused *discordRefused
	switch {
	case errors.As(err, &refused) && refused.status == http.StatusNotFound:
		return "", "", "", errNotInInstance
	case err != nil:
		return "", "", "", err
	case !slices.Contains(got.Users, user):
		return "", "", "", errNotInInstance
	}
	return got.Location.GuildID, instance, got.Location.ChannelID, nil
}
