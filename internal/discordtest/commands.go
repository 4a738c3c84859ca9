package discordtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// entryPointType is the PRIMARY_ENTRY_POINT command type: the command
// Discord makes when an app's Activities are enabled ("Launch").
const entryPointType = 4

// EnableActivities does what enabling Activities in the developer portal
// does: Discord adds a global entry-point command, named "launch", whose
// handler (2) launches the Activity itself. From then on a bulk overwrite
// of the global commands that leaves it out fails with error 50240.
func (s *Server) EnableActivities() {
	s.mu.Lock()
	defer s.mu.Unlock()
	cmd := map[string]any{
		"id": s.newID(), "application_id": s.AppID, "version": s.newID(), "type": entryPointType,
		"name": "launch", "description": "", "handler": 2, "integration_types": []int{0, 1}, "contexts": []int{0, 1, 2},
	}
	s.entryPoint, _ = json.Marshal(cmd)
}

// EntryPoint returns the app's entry-point command as Discord keeps it
// (nil when Activities are off), after the last overwrite.
func (s *Server) EntryPoint() json.RawMessage {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append(json.RawMessage(nil), s.entryPoint...)
}

// getCommands lists the app's global commands, its entry point among them.
func (s *Server) getCommands(w http.ResponseWriter, r *http.Request) {
	if !s.begin("list commands", w, r) {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []any{}
	for _, c := range s.commands[""] {
		out = append(out, c)
	}
	if s.entryPoint != nil {
		out = append(out, s.entryPoint)
	}
	writeJSON(w, out)
}

// putCommands is a bulk overwrite, global or of a guild. As Discord: an
// entry-point command is global and one per app, and a global overwrite
// that leaves out the one the app has fails whole (50240).
func (s *Server) putCommands(w http.ResponseWriter, r *http.Request) {
	if !s.begin("commands", w, r) {
		return
	}
	var raw []json.RawMessage
	body, err := io.ReadAll(r.Body)
	if err == nil {
		err = json.Unmarshal(body, &raw)
	}
	if err == nil && !s.fitsSpec("commands", body, w) {
		return
	}
	cmds, entry, err := splitCommands(raw)
	if err == nil {
		err = checkFileTypes(raw)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	global := r.PathValue("guild") == ""
	switch {
	case err != nil || r.PathValue("app") != s.AppID:
		s.violate("PUT commands: bad body or application id %s (%v)", r.PathValue("app"), err)
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	case entry != nil && !global:
		s.violate("PUT guild commands: an entry-point command is global only")
		writeError(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	case global && s.entryPoint != nil && entry == nil:
		s.violate("PUT commands: the overwrite leaves out the app's entry-point command")
		writeError(w, http.StatusBadRequest, 50240,
			"You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.")
		return
	}
	for _, c := range cmds {
		c.ID, c.ApplicationID = s.newID(), s.AppID
	}
	if entry != nil {
		s.entryPoint = entry
	}
	s.commands[r.PathValue("guild")] = cmds
	s.overwrites[r.PathValue("guild")] = body
	s.changed.Broadcast()
	writeJSON(w, cmds)
}

// Overwrite returns the body of the last bulk overwrite of a guild's
// commands ("" for the global ones), as the bot sent it: for what the
// fake's parsed commands (discordgo's type) leave out.
func (s *Server) Overwrite(guild string) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.overwrites[guild]
}

// checkFileTypes checks the file_types of commands' options as Discord
// does: only on attachment options, each "image", "audio", "video" or a
// file name ending (".png").
func checkFileTypes(raw []json.RawMessage) error {
	type option struct {
		Type      int               `json:"type"`
		FileTypes []string          `json:"file_types"`
		Options   []json.RawMessage `json:"options"`
	}
	for _, r := range raw {
		var o option
		if err := json.Unmarshal(r, &o); err != nil {
			return err
		}
		if o.FileTypes != nil && o.Type != int(discordgo.ApplicationCommandOptionAttachment) {
			return fmt.Errorf("file_types on an option of type %d", o.Type)
		}
		for _, t := range o.FileTypes {
			if t != "image" && t != "audio" && t != "video" && (len(t) < 2 || t[0] != '.') {
				return fmt.Errorf("file type %q", t)
			}
		}
		if err := checkFileTypes(o.Options); err != nil {
			return err
		}
	}
	return nil
}

// errTwoEntryPoints: an app has one entry-point command at most.
var errTwoEntryPoints = errors.New("two entry-point commands")

// splitCommands parses an overwrite's commands, setting its entry-point
// command apart; more than one entry point is an error.
func splitCommands(raw []json.RawMessage) (cmds []*discordgo.ApplicationCommand, entry json.RawMessage, err error) {
	for _, r := range raw {
		var c discordgo.ApplicationCommand
		if err := json.Unmarshal(r, &c); err != nil {
			return nil, nil, err
		}
		if c.Type != entryPointType {
			cmds = append(cmds, &c)
			continue
		}
		if entry != nil {
			return nil, nil, errTwoEntryPoints
		}
		entry = r
	}
	return cmds, entry, nil
}
