package commands

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

func TestOptionsOf(t *testing.T) {
	u := discordtest.User{ID: "42", Name: "ada"}
	top := OptionsOf(decode(t, discordtest.SlashCommand("7", u, "solve", map[string]any{"puzzle": "1.", "private": true, "size": 4})))
	if size, ok := top.Int("size"); top.Sub != "" || top.String("puzzle") != "1." || !top.Bool("private") || !ok || size != 4 {
		t.Errorf("top-level options = %+v", top)
	}
	if _, ok := top.Int("missing"); ok || top.String("private") != "" || top.Bool("puzzle") || top.ID("puzzle") != "" {
		t.Error("a missing option, or one of another type, should read as its zero value")
	}
	sub := OptionsOf(decode(t, discordtest.Subcommand("7", u, "daily", "setup",
		map[string]any{"channel": discordtest.Channel("55"), "hour": 9, "timezone": "Europe/Paris"})))
	if hour, _ := sub.Int("hour"); sub.Sub != "setup" || sub.ID("channel") != "55" || hour != 9 || sub.String("timezone") != "Europe/Paris" {
		t.Errorf("subcommand options = %+v", sub)
	}
	stats := OptionsOf(decode(t, discordtest.Subcommand("7", u, "daily", "stats", map[string]any{"user": discordtest.Member("99")})))
	if stats.ID("user") != "99" {
		t.Errorf("user option = %q, want 99", stats.ID("user"))
	}
	auto := OptionsOf(decode(t, discordtest.Autocomplete(discordtest.Subcommand("7", u, "daily", "setup",
		map[string]any{"timezone": "par"}), "timezone")))
	if auto.Sub != "setup" || auto.String("timezone") != "par" {
		t.Errorf("autocomplete options = %+v", auto)
	}
	click := OptionsOf(decode(t, discordtest.Button("7", u, "daily:play")))
	if click.Sub != "" || click.String("puzzle") != "" {
		t.Errorf("a button's options = %+v, want none", click)
	}
}

func TestPrivacyHasOneSource(t *testing.T) {
	private := Command{Private: func(*discordgo.Interaction) bool { return true }}
	public := Command{}
	i := &discordgo.Interaction{Type: discordgo.InteractionApplicationCommand}
	tests := []struct {
		name string
		cmd  Command
		resp Response
		want bool
	}{
		{"private command", private, Response{Content: "x"}, true},
		{"private command, notice", private, Response{Notice: true}, true},
		{"public command", public, Response{Content: "x"}, false},
		{"public command, notice", public, Response{Notice: true}, true},
	}
	for _, tt := range tests {
		if got := tt.cmd.Ephemeral(i, tt.resp); got != tt.want {
			t.Errorf("%s: Ephemeral = %v, want %v", tt.name, got, tt.want)
		}
	}
}
