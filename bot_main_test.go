package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/discordtest"
	"github.com/sudokubot/sudokubot/store"
)

// TestRunBotUntilSIGINT starts the bot the way `go run .` does, against
// the fake Discord, answers one interaction, then stops it with SIGINT.
func TestRunBotUntilSIGINT(t *testing.T) {
	fake := discordtest.New("main-test-token")
	defer fake.Close()
	t.Setenv("DISCORD_TOKEN", "main-test-token")
	t.Setenv("DISCORD_API_URL", fake.URL)
	t.Setenv("DISCORD_GUILD_ID", "700000000000000001")
	t.Setenv("DATABASE_URL", filepath.Join(t.TempDir(), "main-test.db"))
	var stderr syncWriter
	done := make(chan int, 1)
	go func() { done <- run(nil, strings.NewReader(""), io.Discard, &stderr) }()
	if !fake.WaitConnected(10*time.Second, 0) {
		t.Fatalf("the bot did not connect:\n%s", stderr.String())
	}
	if cmds := fake.Commands("700000000000000001", 10*time.Second); len(cmds) == 0 {
		t.Fatal("no commands registered in the guild")
	}
	id := fake.Send(discordtest.SlashCommand("700000000000000001", discordtest.User{ID: "1", Name: "a"}, "help", nil))
	if r, ok := fake.Reply(id, 10*time.Second); !ok || !strings.Contains(r.Final.Content, "/solve") {
		t.Fatalf("no /help reply: %v %q", ok, r.Final.Content)
	}
	stopWithSIGINT(t, done, &stderr)
	if strings.Contains(stderr.String(), "main-test-token") {
		t.Errorf("the token appears in the log:\n%s", stderr.String())
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Errorf("Discord rules broken: %v", v)
	}
}

// syncWriter is a buffer written by the bot's goroutines and read by the test.
type syncWriter struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (w *syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

func (w *syncWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// TestRegisterVerb registers the commands over REST and exits.
func TestRegisterVerb(t *testing.T) {
	fake := discordtest.New("main-test-token")
	defer fake.Close()
	t.Setenv("DISCORD_TOKEN", "main-test-token")
	t.Setenv("DISCORD_API_URL", fake.URL)
	t.Setenv("DISCORD_GUILD_ID", "700000000000000001")
	var stdout, stderr syncWriter
	if code := run([]string{"register"}, strings.NewReader(""), &stdout, &stderr); code != exitOK {
		t.Fatalf("register exit = %d:\n%s", code, stderr.String())
	}
	names := map[string]bool{}
	for _, c := range fake.Commands("700000000000000001", time.Second) {
		names[c.Name] = true
	}
	if !names["daily"] || !names["solve"] || !strings.Contains(stdout.String(), "registered") {
		t.Errorf("registered %v; output %q", names, stdout.String())
	}
	if id, _ := fake.Sessions(); id != 0 {
		t.Errorf("register opened the gateway %d times, want 0", id)
	}
	t.Setenv("DISCORD_TOKEN", "")
	if code := run([]string{"register"}, strings.NewReader(""), &stdout, &stderr); code != exitInvalid {
		t.Errorf("register without a token exit = %d, want %d", code, exitInvalid)
	}
}

// TestSchedulerVerb runs `sudokubot scheduler`: it posts the due daily
// puzzle over REST without opening the gateway, and stops on SIGINT.
func TestSchedulerVerb(t *testing.T) {
	fake := discordtest.New("main-test-token")
	defer fake.Close()
	db := filepath.Join(t.TempDir(), "sched.db")
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SaveGuild(context.Background(), daily.Guild{ID: "700000000000000001", Channel: "510000000000000001", Timezone: "UTC"}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	t.Setenv("DISCORD_TOKEN", "main-test-token")
	t.Setenv("DISCORD_API_URL", fake.URL)
	t.Setenv("DATABASE_URL", db)
	t.Setenv("DAILY_POSTS", "off") // what the bots run with; the scheduler posts anyway
	var stderr syncWriter
	done := make(chan int, 1)
	go func() { done <- run([]string{"scheduler"}, strings.NewReader(""), io.Discard, &stderr) }()
	deadline := time.Now().Add(20 * time.Second)
	for len(fake.Messages()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if m := fake.Messages(); len(m) != 1 || m[0].ChannelID != "510000000000000001" {
		t.Errorf("posts = %+v, want the one daily post; log:\n%s", m, stderr.String())
	}
	if id, _ := fake.Sessions(); id != 0 {
		t.Errorf("the scheduler opened the gateway %d times", id)
	}
	stopWithSIGINT(t, done, &stderr)
}

// stopWithSIGINT sends this process SIGINT and waits for run, started on
// done, to exit 0.
func stopWithSIGINT(t *testing.T, done <-chan int, stderr *syncWriter) {
	t.Helper()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("exit = %d after SIGINT, want 0:\n%s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("it did not stop after SIGINT")
	}
}
