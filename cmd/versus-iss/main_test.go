package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

func TestParseAnswer(t *testing.T) {
	tests := []struct {
		name, line string
		want       issAnswer
		bad        bool
	}{
		{"unique", `{"count":1,"ms":12.5}`, issAnswer{Count: 1, MS: 12.5}, false},
		{"timed out", `{"count":-1,"ms":10001,"timedOut":true}`, issAnswer{Count: -1, MS: 10001, TimedOut: true}, false},
		{"error", `{"count":-1,"ms":0,"error":"Unknown constraint type: Foo"}`,
			issAnswer{Count: -1, Error: "Unknown constraint type: Foo"}, false},
		{"not json", `node: warning`, issAnswer{}, true},
		{"count past 2", `{"count":3,"ms":1}`, issAnswer{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := parseAnswer([]byte(tt.line))
			if (err != nil) != tt.bad || (!tt.bad && got != tt.want) {
				t.Errorf("parseAnswer(%s) = %+v, %v, want %+v (error %v)", tt.line, got, err, tt.want, tt.bad)
			}
		})
	}
}

func TestKeepWrong(t *testing.T) {
	tests := []struct{ before, now, want, got string }{
		{"", "1", "1", "1"},
		{"1", "timeout", "1", "timeout"},
		{"timeout", "1", "1", "timeout"},
		{"2+", "2+", "2+", "2+"},
	}
	for _, tt := range tests {
		if got := keepWrong(tt.before, tt.now, tt.want); got != tt.got {
			t.Errorf("keepWrong(%q, %q, %q) = %q, want %q", tt.before, tt.now, tt.want, got, tt.got)
		}
	}
}

// timed returns a side read with these times in ms.
func timed(verdict string, msecs ...int) side {
	s := side{Read: true, Verdict: verdict}
	for _, m := range msecs {
		s.Times = append(s.Times, time.Duration(m)*time.Millisecond)
	}
	return s
}

func TestBuildTable(t *testing.T) {
	rs := []result{
		{Name: "a", Types: []string{"killer"}, Solutions: "1", Ours: timed("1", 5, 1, 3), ISS: timed("1", 9, 9, 9)},
		{Name: "b", Types: []string{"killer", "thermo"}, Solutions: "2+", Ours: timed("2+", 2000), ISS: timed("timeout", 10)},
		{Name: "c", Types: []string{"thermo"}, Solutions: "0", Ours: timed("0", 4), ISS: side{Why: "not translated"}},
	}
	ls := buildTable(rs)
	if len(ls) != 3 || ls[0].Type != "killer" || ls[1].Type != "thermo" || ls[2].Type != "all" {
		t.Fatalf("buildTable types = %+v, want killer, thermo, all", ls)
	}
	all := ls[2]
	if all.Puzzles != 3 || all.Read != [2]int{3, 2} || all.Right != [2]int{3, 1} || all.Over != [2]int{1, 0} {
		t.Errorf("all = %+v, want 3 puzzles, read 3/2, right 3/1, over 1/0", all)
	}
	// ours: medians 3, 2000, 4 ms; ISS: 9, 10 ms.
	wantMed := [2]time.Duration{4 * time.Millisecond, 9 * time.Millisecond}
	wantP90 := [2]time.Duration{2000 * time.Millisecond, 10 * time.Millisecond}
	if all.Median != wantMed || all.P90 != wantP90 {
		t.Errorf("all median %v p90 %v, want %v and %v", all.Median, all.P90, wantMed, wantP90)
	}
	var out bytes.Buffer
	printTable(&out, ls)
	if !strings.Contains(out.String(), "4.0 / 9.0") || !strings.Contains(out.String(), "3 / 1") {
		t.Errorf("printTable =\n%s\nwant medians 4.0 / 9.0 and right 3 / 1", out.String())
	}
}

func TestToISS(t *testing.T) {
	tests := []struct {
		name, json, want string
	}{
		{"givens", `{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{"value":4,"given":true}]]}`,
			".Shape~4x4.~R1C1_1.~R4C4_4"},
		{"killer, thermo, flags", `{"size":9,"grid":` + empty9 + `,"killercage":[{"cells":["R1C1","R1C2"],"value":"3"},{"cells":["R2C1","R2C2"]}],` +
			`"thermometer":[{"lines":[["R5C5","R5C6"]]}],"antiknight":true,"antiking":false,"diagonal+":true}`,
			".AntiKnight.Diagonal~1.Cage~3~R1C1~R1C2.Cage~~R2C1~R2C2.Thermo~R5C5~R5C6"},
		{"arrow and pill", `{"size":9,"grid":` + empty9 + `,"arrow":[{"cells":["R1C1"],"lines":[["R1C1","R2C2","R3C3"]]},` +
			`{"cells":["R5C1","R5C2"],"lines":[["R5C2","R6C3"]]}]}`,
			".Arrow~R1C1~R2C2~R3C3.PillArrow~2~R5C1~R5C2~R6C3"},
		{"odd, sandwich, xv, negative", `{"size":6,"grid":` + empty(6) + `,"odd":[{"cell":"R1C1"}],"sandwichsum":[{"cell":"R0C5","value":"11"},{"cell":"R3C0","value":"0"}],` +
			`"xv":[{"cells":["R1C1","R1C2"],"value":"X"}],"negative":["xv"],"whispers":[{"lines":[["R2C2","R2C3"]]}]}`,
			".Shape~6x6.StrictXV.~R1C1_1_3_5.Sandwich~11~C5.Sandwich~0~R3.Whisper~3~R2C2~R2C3.X~R1C1~R1C2"},
		{"little killer", `{"size":9,"grid":` + empty9 + `,"littlekillersum":[{"cell":"R0C3","cells":["R1C2","R2C1"],"direction":"DL","value":"11"},` +
			`{"cell":"R10C8","cells":["R9C7","R8C8","R7C9"],"direction":"UR","value":"12"}]}`,
			".LittleKiller~11~R1C2.LittleKiller~12~R9C7"},
		{"16x16 cells", `{"size":16,"grid":` + empty(16) + `,"extraregion":[{"cells":["R10C16","R16C1"]}]}`,
			".Shape~16x16.AllDifferent~RaCg~RgC1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := toISS(tt.json)
			if err != nil || got != tt.want {
				t.Errorf("toISS(%s) = %q, %v, want %q", tt.name, got, err, tt.want)
			}
		})
	}
}

func TestToISSRefuses(t *testing.T) {
	for _, j := range []string{
		`{"size":9,"grid":` + empty9 + `,"quadruple":[{"cells":["R1C1"],"values":[1]}]}`,
		`{"size":9,"grid":` + empty9 + `,"difference":[{"cells":["R1C1","R1C2"],"value":"3"}]}`,
		`{"size":9,"grid":` + empty9 + `,"negative":["ratio"]}`,
	} {
		if got, err := toISS(j); err == nil {
			t.Errorf("toISS(%s) = %q, want an error", j, got)
		}
	}
}

// empty returns an n×n f-puzzles grid of empty cells.
func empty(n int) string {
	row := "[" + strings.TrimSuffix(strings.Repeat("{},", n), ",") + "]"
	return "[" + strings.TrimSuffix(strings.Repeat(row+",", n), ",") + "]"
}

var empty9 = empty(9)

// TestDriver runs the node driver on two small puzzles when
// $SUDOKUBOT_ISS names an ISS checkout and node is installed.
func TestDriver(t *testing.T) {
	root := os.Getenv("SUDOKUBOT_ISS")
	if root == "" {
		t.Skip("skipping: set SUDOKUBOT_ISS to a checkout of sigh/Interactive-Sudoku-Solver to run ISS under node")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skipf("skipping: no node: %v", err)
	}
	s, err := startISS(node, root)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	for input, want := range map[string]int{".Shape~4x4": 2, ".Shape~4x4.~R1C1_1.~R1C2_1": 0} {
		a, err := s.count(input, 5*time.Second)
		if err != nil || a.Count != want {
			t.Errorf("count(%s) = %+v, %v, want %d", input, a, err, want)
		}
	}
}
