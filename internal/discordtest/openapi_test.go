package discordtest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// miniSpec is a description with one schema per keyword the checker reads.
const miniSpec = `{"paths": {}, "components": {"schemas": {
  "Obj": {"type": "object", "required": ["id"], "additionalProperties": false, "maxProperties": 3,
          "properties": {"id": {"$ref": "#/components/schemas/Id"}, "label": {"type": ["string", "null"], "maxLength": 3},
                         "n": {"type": "integer", "minimum": 1, "maximum": 5}}},
  "Id": {"type": "string", "pattern": "^[0-9]+$"},
  "List": {"type": "array", "items": {"type": "integer"}, "maxItems": 2, "minItems": 1, "uniqueItems": true},
  "Kind": {"oneOf": [{"type": "object", "properties": {"type": {"const": 1}, "a": {"type": "string"}}, "required": ["type"]},
                     {"type": "object", "properties": {"type": {"const": 2}, "b": {"type": "integer"}}, "required": ["type"]}]},
  "Both": {"oneOf": [{"type": "integer"}, {"type": "number"}]},
  "Any": {"anyOf": [{"type": "string"}, {"enum": [1, 2]}]},
  "All": {"allOf": [{"type": "string"}, {"minLength": 2}]}
}}}`

func TestSpecKeywords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "openapi.json")
	if err := os.WriteFile(path, []byte(miniSpec), 0o644); err != nil {
		t.Fatal(err)
	}
	sp, err := ReadSpec(path)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		schema, body string
		want         string // a part of the error, "" when it fits
	}{
		{"Obj", `{"id": "12", "label": "abc", "n": 5}`, ""},
		{"Obj", `{"label": "a"}`, "has no id"},
		{"Obj", `{"id": "1a"}`, "body.id: \"1a\" does not match"},
		{"Obj", `{"id": "1", "label": "abcd"}`, "body.label: has 4 characters, more than 3"},
		{"Obj", `{"id": "1", "label": "äöü"}`, ""}, // characters, not bytes
		{"Obj", `{"id": "1", "label": null}`, ""},
		{"Obj", `{"id": "1", "n": 0}`, "less than 1"},
		{"Obj", `{"id": "1", "n": 2.5}`, "is number, want integer"},
		{"Obj", `{"id": "1", "x": 1}`, "has x, which is not allowed"},
		{"List", `[1, 2]`, ""},
		{"List", `[1, 2, 3]`, "more than 2"},
		{"List", `[]`, "fewer than 1"},
		{"List", `[1, 1]`, "must be unique"},
		{"List", `["1"]`, "body[0]: is string, want integer"},
		{"Kind", `{"type": 2, "b": 3}`, ""},
		{"Kind", `{"type": 2, "b": "x"}`, "body.b: is string, want integer"}, // the branch that got furthest
		{"Kind", `{"type": 3}`, "body.type: is 3, which no schema here takes"},
		{"Both", `3`, "exactly one"},
		{"Any", `2`, ""},
		{"Any", `3`, "body: "},
		{"All", `"a"`, "fewer than 2"},
	}
	for _, tt := range tests {
		err := sp.CheckSchema(tt.schema, []byte(tt.body))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("Check(%s, %s) = %v, want nil", tt.schema, tt.body, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("Check(%s, %s) = %v, want an error with %q", tt.schema, tt.body, err, tt.want)
		}
	}
}

// TestDiscordSpecRefuses checks, against Discord's own description, the
// bodies the fake must refuse as Discord does, and that plain ones pass.
func TestDiscordSpecRefuses(t *testing.T) {
	sp, err := LoadSpec()
	if err != nil {
		t.Skipf("Discord's API description is not beside the project (%v): nothing to check against", err)
	}
	button := func(id, label string) map[string]any {
		return map[string]any{"type": 2, "style": 2, "custom_id": id, "label": label}
	}
	row := func(bs ...map[string]any) map[string]any { return map[string]any{"type": 1, "components": bs} }
	msg := func(components ...map[string]any) map[string]any {
		return map[string]any{"type": 4, "data": map[string]any{"content": "hi", "flags": 64, "components": components}}
	}
	tests := []struct {
		name string
		body map[string]any
		want string
	}{
		{"a message with a row of buttons", msg(row(button("play:a", "1"), button("play:b", "2"))), ""},
		{"a custom id over 100 characters", msg(row(button(strings.Repeat("x", 101), "1"))), "custom_id"},
		{"six buttons in a row", msg(row(button("a", "1"), button("b", "2"), button("c", "3"), button("d", "4"),
			button("e", "5"), button("f", "6"))), "more than 5"},
		{"a label over 80 characters", msg(row(button("a", strings.Repeat("x", 81)))), "label"},
		{"an unknown callback type", map[string]any{"type": 42}, "type"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body, _ := json.Marshal(tt.body)
			err := sp.CheckRoute("callback", body)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("CheckRoute(callback) = %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("CheckRoute(callback) = %v, want an error with %q", err, tt.want)
			}
		})
	}
}

// TestStrayFields: a message edit that also carries discordgo's untagged
// ID and Channel names them; the documented fields alone name none.
func TestStrayFields(t *testing.T) {
	sp, err := LoadSpec()
	if err != nil {
		t.Skipf("skipping: Discord's API description is not beside the project: %v", err)
	}
	if got := sp.StrayFields("message-edit", []byte(`{"content": "x", "allowed_mentions": {"parse": []}, "ID": "1", "Channel": "2"}`)); strings.Join(got, ",") != "Channel,ID" {
		t.Errorf("StrayFields = %v, want Channel and ID", got)
	}
	if got := sp.StrayFields("message-edit", []byte(`{"content": "x", "flags": 0, "components": []}`)); len(got) != 0 {
		t.Errorf("StrayFields of documented fields = %v, want none", got)
	}
}
