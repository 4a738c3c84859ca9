package discordtest

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// v2Body is a callback of type kind whose message is a V2 card holding
// extra, flagged with flags.
func v2Body(kind int, flags int, extra ...map[string]any) string {
	card := map[string]any{"type": 17, "components": append([]map[string]any{{"type": 10, "content": "title"}}, extra...)}
	b, _ := json.Marshal(map[string]any{"type": kind, "data": map[string]any{"flags": flags, "components": []any{card}}})
	return string(b)
}

func button(id string) map[string]any {
	return map[string]any{"type": 1, "components": []map[string]any{{"type": 2, "style": 2, "custom_id": id, "label": "x"}}}
}

// linkBody is a callback whose message has one row holding button.
func linkBody(button map[string]any) string {
	button["type"] = 2
	b, _ := json.Marshal(map[string]any{"type": 4, "data": map[string]any{"content": "hi",
		"components": []any{map[string]any{"type": 1, "components": []any{button}}}}})
	return string(b)
}

func TestFakeEnforcesComponentsV2(t *testing.T) {
	const v2, private = 1 << 15, 1 << 6
	tests := []struct {
		name, body string
		status     int
		violation  string
	}{
		{"a V2 card", v2Body(4, v2|private, button("play:a")), 204, ""},
		{"V2 components without the flag", v2Body(4, private), 400, "without the IS_COMPONENTS_V2 flag"},
		{"content beside V2", `{"type": 4, "data": {"flags": 32768, "content": "hi", "components": [{"type": 10, "content": "x"}]}}`,
			400, "content in a Components V2 message"},
		{"42 components", v2Body(4, v2, func() []map[string]any {
			var rows []map[string]any
			for range 20 { // a card, a text, 20 rows of one button
				rows = append(rows, button("b"))
			}
			return rows
		}()...), 400, "more than 40"},
		{"a gallery of a file not sent", v2Body(4, v2, map[string]any{"type": 12,
			"items": []map[string]any{{"media": map[string]any{"url": "attachment://board.png"}}}}), 400, "does not attach"},
		{"a link button", linkBody(map[string]any{"style": 5, "url": "https://sudokupad.app/abc", "label": "Open"}), 204, ""},
		{"a link button with a custom id", linkBody(map[string]any{"style": 5, "url": "https://sudokupad.app/abc", "custom_id": "x", "label": "Open"}),
			400, "a link button needs a url and no custom_id"},
		{"a link button without a url", linkBody(map[string]any{"style": 5, "label": "Open"}), 400, "a link button needs a url"},
		{"a plain button with a url", linkBody(map[string]any{"style": 2, "url": "https://sudokupad.app/abc", "custom_id": "x", "label": "Open"}),
			400, "needs a custom_id and no url"},
		{"a url of 513 characters", linkBody(map[string]any{"style": 5, "url": "https://sudokupad.app/" + strings.Repeat("a", 491), "label": "Open"}),
			400, "url"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New("tok")
			defer s.Close()
			id, token := sent(s)
			code, body := request(t, s, "POST", "/api/v9/interactions/"+id+"/"+token+"/callback", "Bot tok", tt.body)
			if code != tt.status {
				t.Errorf("status %d %s, want %d", code, body, tt.status)
			}
			if v := strings.Join(s.Violations(), "\n"); !strings.Contains(v, tt.violation) || (tt.violation == "") != (v == "") {
				t.Errorf("violations %q, want %q", v, tt.violation)
			}
		})
	}
}

// TestFakeKeepsAMessagesFlags: a deferral cannot make a message V2 (its
// edit must), and a button on a private V2 message comes with its flags;
// updating it keeps them and refuses content.
func TestFakeKeepsAMessagesFlags(t *testing.T) {
	s := New("tok")
	defer s.Close()
	id, token := sent(s)
	base := "/api/v9/interactions/" + id + "/" + token + "/callback"
	if code, _ := request(t, s, "POST", base, "Bot tok", `{"type": 5, "data": {"flags": 32832}}`); code != 204 {
		t.Fatalf("deferral: %d", code)
	}
	edit := "/api/v9/webhooks/" + s.AppID + "/" + token + "/messages/@original"
	card := `{"components": [{"type": 17, "components": [{"type": 10, "content": "board"}]}]}`
	if code, _ := request(t, s, "PATCH", edit, "Bot tok", card); code != 400 {
		t.Errorf("a V2 edit without the flag after a deferral that asked for it: %d, want 400", code)
	}
	if code, _ := request(t, s, "PATCH", edit, "Bot tok", strings.Replace(card, "{", `{"flags": 32768, `, 1)); code != 200 {
		t.Errorf("a V2 edit with the flag: %d, want 200", code)
	}
	r, _ := s.Reply(id, time.Second)
	if !r.Final.V2() || !r.Final.Ephemeral() || r.Final.Content != "board" {
		t.Fatalf("the edited message: %+v, want a private V2 message reading board", r.Final)
	}
	if v := s.Violations(); len(v) != 1 || !strings.Contains(v[0], "without the IS_COMPONENTS_V2 flag") {
		t.Errorf("violations after the refused edit = %q, want that one", v)
	}

	tap := s.Send(At(Button("1", User{ID: "2"}, "play:a"), r.Final))
	s.mu.Lock()
	in := s.interactions[tap]
	s.mu.Unlock()
	path := "/api/v9/interactions/" + tap + "/" + in.token + "/callback"
	if code, _ := request(t, s, "POST", path, "Bot tok", `{"type": 7, "data": {"content": "classic"}}`); code != 400 {
		t.Errorf("content on an update of a V2 message: %d, want 400", code)
	}
	if v := s.Violations(); len(v) != 2 || !strings.Contains(v[1], "content in a Components V2 message") {
		t.Errorf("violations after content on a V2 update = %q, want it counted beside the refused edit", v)
	}
	s.mu.Lock()
	in.reply.Callbacks = nil // let the tap be answered again
	s.mu.Unlock()
	if code, _ := request(t, s, "POST", path, "Bot tok", v2Body(7, 0)); code != 204 {
		t.Errorf("a V2 update: %d, want 204", code)
	}
	if after, _ := s.Reply(tap, time.Second); !after.Final.V2() || !after.Final.Ephemeral() || after.Final.ID != r.Final.ID {
		t.Errorf("after the update: %+v, want the same private V2 message", after.Final)
	}
}

// TestFakeEditKeepsLinkButtons: a deferred answer edited into a message
// with a link button shows it, as Discord does (the fake once dropped an
// edit's link buttons, and a reply deferred under load lost its link back
// to SudokuPad in the tests alone).
func TestFakeEditKeepsLinkButtons(t *testing.T) {
	s := New("tok")
	defer s.Close()
	id, token := sent(s)
	if code, _ := request(t, s, "POST", "/api/v9/interactions/"+id+"/"+token+"/callback", "Bot tok", `{"type": 5}`); code != 204 {
		t.Fatalf("deferral: %d", code)
	}
	edit := `{"content": "done", "components": [{"type": 1, "components": [` +
		`{"type": 2, "style": 5, "url": "https://sudokupad.app/abc", "label": "Open"}, {"type": 2, "style": 2, "custom_id": "x", "label": "X"}]}]}`
	if code, body := request(t, s, "PATCH", "/api/v9/webhooks/"+s.AppID+"/"+token+"/messages/@original", "Bot tok", edit); code != 200 {
		t.Fatalf("edit: %d %s", code, body)
	}
	r, _ := s.Reply(id, time.Second)
	if len(r.Final.Links) != 1 || r.Final.Links[0] != "https://sudokupad.app/abc" || len(r.Final.Buttons) != 1 {
		t.Errorf("the edited message's links %v and buttons %v, want the link and the button", r.Final.Links, r.Final.Buttons)
	}
}

// TestFakeEnforcesNonces: a message sent again with the same nonce and
// enforce_nonce within the window is the first one; after it, a new one.
func TestFakeEnforcesNonces(t *testing.T) {
	s := New("tok")
	defer s.Close()
	send := func(nonce string) string {
		t.Helper()
		code, body := request(t, s, "POST", "/api/v9/channels/9/messages", "Bot tok",
			`{"content": "🧩 post", "nonce": "`+nonce+`", "enforce_nonce": true}`)
		if code != 200 {
			t.Fatalf("send: %d %s", code, body)
		}
		var m struct{ ID string }
		json.Unmarshal([]byte(body), &m)
		return m.ID
	}
	first := send("d1-abc")
	if again := send("d1-abc"); again != first || len(s.Messages()) != 1 {
		t.Errorf("the same nonce again: message %s (first %s), %d messages; want the first, one message", again, first, len(s.Messages()))
	}
	send("d2-abc")
	s.mu.Lock()
	s.now = func() time.Time { return time.Now().Add(nonceWindow + time.Second) }
	s.mu.Unlock()
	send("d1-abc")
	if n := len(s.Messages()); n != 3 {
		t.Errorf("%d messages, want 3: another nonce, and the first after its window", n)
	}
}
