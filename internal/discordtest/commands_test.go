package discordtest

import (
	"encoding/json"
	"testing"
)

// TestFileTypesChecked: an overwrite's file_types are taken on attachment
// options (nested ones too) when each is "image", "audio", "video" or a
// file name ending, and refused otherwise, as Discord refuses them.
func TestFileTypesChecked(t *testing.T) {
	for _, tt := range []struct {
		name, body string
		ok         bool
	}{
		{"endings", `[{"name":"solve","options":[{"type":11,"name":"image","file_types":[".png",".jpg"]}]}]`, true},
		{"kinds", `[{"name":"solve","options":[{"type":11,"name":"image","file_types":["image"]}]}]`, true},
		{"nested", `[{"name":"daily","options":[{"type":1,"name":"x","options":[{"type":11,"name":"f","file_types":["png"]}]}]}]`, false},
		{"not an attachment", `[{"name":"solve","options":[{"type":3,"name":"puzzle","file_types":[".png"]}]}]`, false},
		{"a bare dot", `[{"name":"solve","options":[{"type":11,"name":"image","file_types":["."]}]}]`, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var raw []json.RawMessage
			if err := json.Unmarshal([]byte(tt.body), &raw); err != nil {
				t.Fatal(err)
			}
			if err := checkFileTypes(raw); (err == nil) != tt.ok {
				t.Errorf("checkFileTypes(%s) = %v, want ok %v", tt.body, err, tt.ok)
			}
		})
	}
}
