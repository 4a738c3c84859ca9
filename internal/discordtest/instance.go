package discordtest

import (
	"net/http"
	"slices"
)

// Instance is one launch of the app's Activity in one place, as Discord
// keeps it: where it runs and who is in it.
type Instance struct {
	ID      string
	Guild   string // "" in a DM or group DM
	Channel string
	Users   []string
}

// Launch does what Discord does when a user starts the app's Activity in a
// channel (a guild's, or a DM's when guild is ""): it makes an instance
// with the user in it and returns its id, which the SDK hands the page.
func (s *Server) Launch(guild, channel, user string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := "i-" + s.newID() + "-gc-" + guild + "-" + channel
	s.instances[id] = &Instance{ID: id, Guild: guild, Channel: channel, Users: []string{user}}
	return id
}

// Join puts a user in an instance, as joining a running Activity does.
func (s *Server) Join(instance, user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in := s.instances[instance]; in != nil && !slices.Contains(in.Users, user) {
		in.Users = append(in.Users, user)
	}
}

// LeaveInstance takes a user out of an instance, as closing the Activity
// does; the instance ends with its last user.
func (s *Server) LeaveInstance(instance, user string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.instances[instance]
	if in == nil {
		return
	}
	in.Users = slices.DeleteFunc(in.Users, func(u string) bool { return u == user })
	if len(in.Users) == 0 {
		delete(s.instances, instance)
	}
}

// getInstance is GET /applications/{app}/activity-instances/{instance}
// with the bot token: the instance's place and users, or 404 for one that
// is not running (its JSON error code is not documented: the bot must go
// by the status alone).
func (s *Server) getInstance(w http.ResponseWriter, r *http.Request) {
	if !s.begin("activity-instance", w, r) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if r.PathValue("app") != s.AppID {
		s.violate("activity instance of application %s, not this one", r.PathValue("app"))
	}
	in := s.instances[r.PathValue("instance")]
	if in == nil {
		writeError(w, http.StatusNotFound, 0, "404: Not Found")
		return
	}
	loc := map[string]any{"id": in.ID, "kind": "gc", "channel_id": in.Channel}
	if in.Guild == "" {
		loc["kind"] = "pc"
	} else {
		loc["guild_id"] = in.Guild
	}
	writeJSON(w, map[string]any{"application_id": s.AppID, "instance_id": in.ID, "launch_id": in.ID + "-launch",
		"location": loc, "users": slices.Clone(in.Users)})
}
