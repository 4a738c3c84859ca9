package commands

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// component answers a button click or a form as the bot routes it: by
// the first of cmd's routes that matches id, with its parts.
func component(cmd Command, i *discordgo.Interaction, id string) (Response, error) {
	r, a, ok := cmd.Route(id)
	if !ok {
		return Response{}, fmt.Errorf("no route of /%s matches %q", cmd.Def.Name, id)
	}
	return r.Handle(context.Background(), i, a)
}

// mustMatch returns the parts of id that p names.
func mustMatch(t *testing.T, p Pattern, id string) Args {
	t.Helper()
	a, ok := p.Match(id)
	if !ok {
		t.Fatalf("Pattern(%q).Match(%q) = false", p, id)
	}
	return a
}

func TestPatternMatch(t *testing.T) {
	tests := []struct {
		p    Pattern
		id   string
		want Args // nil: no match
	}{
		{"daily:play", "daily:play", Args{}},
		{"daily:play", "daily:play:1", nil},
		{"daily:play", "daily", nil},
		{"daily:submit:{day}", "daily:submit:12", Args{"day": "12"}},
		{"daily:submit:{day}", "daily:submit:", Args{"day": ""}},
		{"daily:submit:{day}", "daily:submit:1:2", nil},
		{"daily:submit:{day}", "daily:answer:12", nil},
		{"play:{ref}:{seq}:{control}", "play:d327:4:c7", Args{"ref": "d327", "seq": "4", "control": "c7"}},
		{"play:{ref}:{seq}:{control}", "play:d327:4", nil},
		{"play:read:{reading...}", "play:read:1.a:b", Args{"reading": "1.a:b"}},
		{"play:read:{reading...}", "play:read:", Args{"reading": ""}},
		{"play:read:{reading...}", "play:read", nil},
		{"play:read:{reading...}", "play:launch", nil},
		{"hint:{grid...}", "hint:53..7", Args{"grid": "53..7"}},
	}
	for _, tt := range tests {
		got, ok := tt.p.Match(tt.id)
		if ok != (tt.want != nil) || !maps.Equal(got, tt.want) {
			t.Errorf("Pattern(%q).Match(%q) = %v, %v, want %v", tt.p, tt.id, got, ok, tt.want)
		}
	}
}

func TestPatternID(t *testing.T) {
	tests := []struct {
		p      Pattern
		values []string
		want   string
	}{
		{"daily:play", nil, "daily:play"},
		{"daily:submit:{day}", []string{"12"}, "daily:submit:12"},
		{"play:{ref}:{seq}:{control}", []string{"d327", "4", "c7"}, "play:d327:4:c7"},
		{"generate:{size}:{level}:{seed}", []string{"16", "hard"}, "generate:16:hard:"},
		{"play:read:{reading...}", []string{"1.a"}, "play:read:1.a"},
	}
	for _, tt := range tests {
		if got := tt.p.ID(tt.values...); got != tt.want {
			t.Errorf("Pattern(%q).ID(%q) = %q, want %q", tt.p, tt.values, got, tt.want)
		}
	}
}

// TestRoutesOfEveryCommand: each route's pattern starts with its
// command's name, and the custom ids the replies write, as they were
// before the patterns (buttons already in Discord carry them), reach the
// route that answers them, with their parts.
func TestRoutesOfEveryCommand(t *testing.T) {
	byName := map[string]Command{}
	for _, c := range commandsOf(deps().withDefaults(), true, true) {
		byName[c.Def.Name] = c
		for _, r := range c.Routes {
			if !strings.HasPrefix(string(r.Pattern), c.Def.Name+":") {
				t.Errorf("/%s routes %q, which does not start with its name", c.Def.Name, r.Pattern)
			}
		}
	}
	grid := strings.Repeat("53..7....", 9)
	tests := []struct {
		id      string
		pattern Pattern
		args    Args
		updates bool
	}{
		{"solve:fix:" + grid, fixID, Args{"givens": grid}, false},
		{"solve:fixed", fixedID, Args{}, false},
		{"hint:" + grid, hintID, Args{"grid": grid}, false},
		{"generate:" + grid, puzzleSolutionID, Args{"puzzle": grid}, false},
		{"generate:16:expert:18446744073709551615", seedSolutionID,
			Args{"size": "16", "level": "expert", "seed": "18446744073709551615"}, false},
		{"daily:play", dailyPlayID, Args{}, false},
		{"daily:submit:327", dailySubmitID, Args{"day": "327"}, false},
		{"daily:answer:327", dailyAnswerID, Args{"day": "327"}, false},
		{"daily:nonsense", "daily:{id...}", Args{"id": "nonsense"}, false},
		{"play:launch", launchID, Args{}, false},
		{"play:read:" + grid, readingID, Args{"reading": grid}, false},
		{"play:hqf3is7wqg5od:4:c7", controlID, Args{"ref": "hqf3is7wqg5od", "seq": "4", "control": "c7"}, true},
		{"play:d327:0:M", controlID, Args{"ref": "d327", "seq": "0", "control": "M"}, true},
		{"play:nonsense", "play:{id...}", Args{"id": "nonsense"}, true},
	}
	for _, tt := range tests {
		name, _, _ := strings.Cut(tt.id, ":")
		r, a, ok := byName[name].Route(tt.id)
		if !ok || r.Pattern != tt.pattern || !maps.Equal(a, tt.args) || r.Updates != tt.updates {
			t.Errorf("Route(%q) = %q %v (updates %v), %v; want %q %v (updates %v)", tt.id, r.Pattern, a, r.Updates, ok,
				tt.pattern, tt.args, tt.updates)
		}
		if ok && !strings.Contains(string(tt.pattern), "{id...}") {
			var values []string
			for _, part := range strings.Split(string(tt.pattern), ":") {
				if name, _ := slot(part); name != "" {
					values = append(values, a[name])
				}
			}
			if got := tt.pattern.ID(values...); got != tt.id {
				t.Errorf("Pattern(%q).ID(%q) = %q, want %q", tt.pattern, values, got, tt.id)
			}
		}
	}
	if _, _, ok := byName["solve"].Route("solve:nonsense"); ok {
		t.Error(`Route("solve:nonsense") found a route`)
	}
}

// FuzzPatternMatch: matching never panics, and what a pattern matches it
// writes back the same.
func FuzzPatternMatch(f *testing.F) {
	for _, s := range []string{"play:d327:4:c7", "play:read:1.a", "daily:submit:3", "::", "play:", "{x}"} {
		f.Add(s)
	}
	patterns := []Pattern{controlID, readingID, dailySubmitID, dailyPlayID, "{a}:{b...}"}
	f.Fuzz(func(t *testing.T, id string) {
		for _, p := range patterns {
			a, ok := p.Match(id)
			if !ok {
				continue
			}
			var values []string
			for _, part := range strings.Split(string(p), ":") {
				if name, _ := slot(part); name != "" {
					values = append(values, a[name])
				}
			}
			if got := p.ID(values...); got != id {
				t.Errorf("Pattern(%q).Match(%q) = %v; ID gives %q", p, id, a, got)
			}
		}
	})
}
