package app

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestCommandsInstallAnywhere: every command Discord registers says it
// can be installed by a server and by a user, and used in a server, a DM
// with the bot and a group DM.
func TestCommandsInstallAnywhere(t *testing.T) {
	h, _ := startDaily(t, "")
	cmds := h.fake.Commands("", wait)
	if len(cmds) == 0 {
		t.Fatal("no commands registered")
	}
	installs := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall, discordgo.ApplicationIntegrationUserInstall}
	contexts := []discordgo.InteractionContextType{discordgo.InteractionContextGuild, discordgo.InteractionContextBotDM,
		discordgo.InteractionContextPrivateChannel}
	for _, c := range cmds {
		if c.IntegrationTypes == nil || !reflect.DeepEqual(*c.IntegrationTypes, installs) || c.Contexts == nil ||
			!reflect.DeepEqual(*c.Contexts, contexts) {
			t.Errorf("/%s: integration types %v, contexts %v; want %v and %v", c.Name, c.IntegrationTypes, c.Contexts, installs, contexts)
		}
	}
}

// TestDailyInAGroupDM: in a group DM, where only the players' own installs
// of the app reach, each plays the personal daily, today's puzzle as
// everywhere: the board is private, the answer counts on the board of
// everyone playing outside servers, and there is no channel to post in.
// In a DM with the bot, /solve answers as in a server.
func TestDailyInAGroupDM(t *testing.T) {
	eachTransport(t, func(t *testing.T, over func(*Main)) {
		h, st := startDailyWith(t, "", over)
		n := daily.DayOf(time.Now(), time.UTC)
		play := h.send(discordtest.InGroupDM(discordtest.Subcommand(guild, ada, "daily", "play", nil)))
		checkMessage(t, play.Final, []string{fmt.Sprintf("**Daily #%d**", n), "clock started <t:"}, "board.png", true)
		if !play.Final.V2() || len(play.Final.Buttons) != 25 {
			t.Errorf("the board in a group DM: flags %b, %d buttons", play.Final.Flags, len(play.Final.Buttons))
		}
		p, _, err := st.Puzzle(t.Context(), n)
		if err != nil {
			t.Fatal(err)
		}
		r := h.send(discordtest.InGroupDM(discordtest.Subcommand(guild, ada, "daily", "submit", map[string]any{"answer": p.Solution.String()})))
		checkMessage(t, r.Final, []string{"✅ **Correct!**", fmt.Sprintf("Share:\n```\nDaily #%d", n)}, "", true)
		board := h.send(discordtest.InGroupDM(discordtest.Subcommand(guild, admin, "daily", "leaderboard", nil)))
		checkMessage(t, board.Final, []string{"everyone playing outside servers", "🥇 <@" + ada.ID + ">"}, "", false)
		inServer := h.send(discordtest.Subcommand(guild, ada, "daily", "leaderboard", nil))
		if strings.Contains(inServer.Final.Content, ada.ID) {
			t.Errorf("the personal daily counted in a server's board:\n%s", inServer.Final.Content)
		}
		setup := h.send(discordtest.InDM(setupCmd(admin, "UTC", discordgo.PermissionAdministrator)))
		checkMessage(t, setup.Final, []string{"Daily posts go to a server's channel"}, "", true)
		solve := h.send(discordtest.InDM(discordtest.SlashCommand(guild, ada, "solve", map[string]any{"puzzle": classic, "format": "text"})))
		checkMessage(t, solve.Final, []string{"**Solved.**"}, "", false)
		if got := len(h.fake.Messages()); got != 0 {
			t.Errorf("%d channel messages, want none: nothing here has a channel to post in", got)
		}
	})
}
