package loadtest

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestFrontSkipsARefusingBackendAndReportsADeadOne(t *testing.T) {
	live := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"echo":"`+string(body)+`","sig":"`+r.Header.Get("X-Signature-Ed25519")+`"}`)
	}))
	defer live.Close()
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	refusing := "http://" + ln.Addr().String()
	ln.Close() // nothing listens: connections are refused
	dying := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, _, _ := w.(http.Hijacker).Hijack()
		conn.Close() // dies holding the request
	}))
	defer dying.Close()

	front := httptest.NewServer(newFront([]string{refusing, live.URL}))
	defer front.Close()
	for range 4 {
		req, _ := http.NewRequest(http.MethodPost, front.URL+"/interactions", strings.NewReader("hi"))
		req.Header.Set("X-Signature-Ed25519", "abc")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(got) != `{"echo":"hi","sig":"abc"}` {
			t.Errorf("through the front: %d %s; want the live backend's echo with the signature", resp.StatusCode, got)
		}
	}
	bad := httptest.NewServer(newFront([]string{dying.URL}))
	defer bad.Close()
	resp, err := http.Post(bad.URL+"/interactions", "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadGateway {
		t.Errorf("a backend dying mid-request gave %d, want 502", resp.StatusCode)
	}
}

func TestReportString(t *testing.T) {
	r := &Report{Processes: 2, Guilds: 10, Killed: true, Acked: 5, Posted: 10,
		Phases: []Phase{{Name: "steady", Rate: 100, Sent: 100, OK: 98, Failed: 2, Took: 1e9, Errors: map[string]int{"502 bad gateway": 2}}}}
	s := r.String()
	for _, want := range []string{"steady", "98/s", "2× 502 bad gateway", "killed", "lost: 0", "10 of 10 servers posted, 0 made twice"} {
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q:\n%s", want, s)
		}
	}
	if !r.OK() {
		t.Error("a report with nothing lost is not OK")
	}
	r.Duplicates = 1
	if r.OK() {
		t.Error("a doubled post is OK")
	}
}

func TestMixShares(t *testing.T) {
	m := &mix{puzzles: []pair{{"p", "s"}}, daily: "right", wrongDaily: "wrong", guilds: []string{"1", "2"}, firstUserID: 10}
	var count [kinds]int
	right, users := 0, map[string]bool{}
	for k := range 1000 {
		_, s := m.at(k)
		count[s.kind]++
		users[s.user] = true
		if s.kind == dailySubmit && s.rightAnswer {
			right++
		}
	}
	for k, n := range count {
		if n != 200 {
			t.Errorf("%s: %d per 1000, want 200 (a fifth each)", kindNames[k], n)
		}
	}
	if right != 160 {
		t.Errorf("%d of 200 daily submissions right, want 160 (a fifth wrong)", right)
	}
	if len(users) != 1000 {
		t.Errorf("%d users for 1000 interactions, want one each", len(users))
	}
}

func TestTappers(t *testing.T) {
	if n := tappersFor(Config{Rate: 1000, BurstRate: 1500}); n != 75 {
		t.Errorf("tappers at 1,500/s = %d, want 75 (4 taps a second each)", n)
	}
	if n := tappersFor(Config{Rate: 60, BurstRate: 120}); n != 6 {
		t.Errorf("tappers at 120/s = %d, want 6", n)
	}
}
