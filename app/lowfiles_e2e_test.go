//go:build unix

package app

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// The descriptor limit is a Unix one: this test runs where it exists.

// lowFiles is the descriptor limit TestOpsUpAtALowDescriptorLimit's bot
// process runs under, as a small server's ulimit -n might be.
const lowFiles = 512

// TestOpsUpAtALowDescriptorLimit: a bot process limited to 512
// descriptors, with the Activity's default cap (half of them less 256:
// 128 sockets), is sent 1,000 connections to its Activity that say
// nothing; /healthz still answers at once, where the process used to run
// out of descriptors ("too many open files") and stop accepting on every
// listener. The bot runs in a child process (this test binary again), so
// that the limit is its own.
func TestOpsUpAtALowDescriptorLimit(t *testing.T) {
	if os.Getenv("SUDOKUBOT_LOW_FILES") != "" {
		lowFilesBot(t)
		return
	}
	if testing.Short() {
		t.Skip("skipping in -short mode: runs a bot process under a low descriptor limit")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestOpsUpAtALowDescriptorLimit$", "-test.v")
	cmd.Env = append(os.Environ(), "SUDOKUBOT_LOW_FILES=1")
	stdin, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	var act, ops string
	lines := bufio.NewScanner(out)
	for act == "" && lines.Scan() {
		fmt.Sscanf(lines.Text(), "serving activity=%s ops=%s", &act, &ops)
	}
	go io.Copy(io.Discard, out)
	if act == "" {
		t.Fatal("the bot process did not start")
	}
	for k := 0; k < 1000; k++ {
		c, err := net.DialTimeout("tcp", act, time.Second)
		if err != nil {
			break // the system's backlog is full
		}
		defer c.Close()
	}
	client := http.Client{Timeout: 3 * time.Second}
	resp, err := client.Get("http://" + ops + "/healthz")
	if err != nil {
		t.Fatalf("/healthz with 1,000 connections on the Activity, under %d descriptors: %v", lowFiles, err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("/healthz with 1,000 connections on the Activity: %d %s", resp.StatusCode, body)
	}
}

// lowFilesBot runs the bot with the Activity and the ops endpoint under
// lowFiles descriptors, prints their addresses and serves until its
// standard input closes.
func lowFilesBot(t *testing.T) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	lim.Cur = lowFiles
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	fake := discordtest.New(testToken)
	t.Cleanup(fake.Close)
	h := startOn(t, fake, nil, func(m *Main) { m.Config.MetricsAddr = "127.0.0.1:0" }, activityOn(fake)...)
	fmt.Printf("serving activity=%s ops=%s\n", h.main.ActivityAddr(), h.main.OpsAddr())
	io.Copy(io.Discard, os.Stdin)
}
