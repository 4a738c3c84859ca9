package bot

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/sudokubot/sudokubot/config"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestActivityServed: with ACTIVITY_ADDR and the application's OAuth2
// credentials set, the bot serves the big board's page and signs a
// player in through the fake Discord's token exchange; the client
// secret never reaches the logs.
func TestActivityServed(t *testing.T) {
	fake := discordtest.New(testToken)
	t.Cleanup(fake.Close)
	env := map[string]string{"DISCORD_TOKEN": testToken, "DISCORD_API_URL": fake.URL, "ACTIVITY_ADDR": "127.0.0.1:0",
		"DISCORD_CLIENT_ID": fake.AppID, "DISCORD_CLIENT_SECRET": discordtest.ClientSecret}
	cfg, err := config.Load(func(k string) string { return env[k] }, true)
	if err != nil {
		t.Fatal(err)
	}
	assembled := Assemble(cfg, Logger(cfg, io.Discard), nil)
	h := startOn(t, fake, nil, func(o *Options) { o.ActivityAddr, o.Activity = assembled.ActivityAddr, assembled.Activity })
	base := (&url.URL{Scheme: "http", Host: h.bot.ActivityAddr()}).String()
	resp, err := http.Get(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(page), `src="/assets/app.`) {
		t.Fatalf("GET / answered %d:\n%s", resp.StatusCode, page)
	}
	code := fake.Authorize(discordtest.User{ID: "42", Name: "ada"})
	resp, err = http.Post(base+"/api/token", "application/json", strings.NewReader(`{"code":"`+code+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	var signed struct {
		Session string `json:"session"`
		User    struct {
			ID string `json:"id"`
		} `json:"user"`
	}
	json.NewDecoder(resp.Body).Decode(&signed)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || signed.Session == "" || signed.User.ID != "42" {
		t.Errorf("sign-in answered %d, %+v", resp.StatusCode, signed)
	}
	if strings.Contains(h.logs.String(), discordtest.ClientSecret) {
		t.Errorf("the client secret appears in the logs:\n%s", h.logs)
	}
}
