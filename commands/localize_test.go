package commands

import (
	"fmt"
	"maps"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/i18n"
)

// chatName is Discord's rule for a slash command's, subcommand's or
// option's name (in any language): lowercase where a letter has a case.
var chatName = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

// hasLetter reports whether a text needs translating at all ("4×4" does not).
func hasLetter(s string) bool { return strings.IndexFunc(s, unicode.IsLetter) >= 0 }

// TestDefinitionsLocalised: every name, description and choice of every
// command is translated into every language, within Discord's rules.
func TestDefinitionsLocalised(t *testing.T) {
	for _, def := range Definitions() {
		chat := def.Type != discordgo.MessageApplicationCommand
		checkName(t, def.Name, def.Name, deref(def.NameLocalizations), chat)
		checkText(t, def.Name, def.Description, deref(def.DescriptionLocalizations))
		eachOption(def.Options, func(path string, o *discordgo.ApplicationCommandOption) {
			checkName(t, def.Name+" "+path, o.Name, o.NameLocalizations, true)
			checkText(t, def.Name+" "+path, o.Description, o.DescriptionLocalizations)
			for _, c := range o.Choices {
				checkText(t, def.Name+" "+path+" choice", c.Name, c.NameLocalizations)
			}
		})
	}
}

func deref(m *map[discordgo.Locale]string) map[discordgo.Locale]string {
	if m == nil {
		return nil
	}
	return *m
}

func eachOption(opts []*discordgo.ApplicationCommandOption, f func(path string, o *discordgo.ApplicationCommandOption)) {
	for _, o := range opts {
		f(o.Name, o)
		eachOption(o.Options, func(path string, sub *discordgo.ApplicationCommandOption) { f(o.Name+" "+path, sub) })
	}
}

func checkName(t *testing.T, what, english string, got map[discordgo.Locale]string, chat bool) {
	t.Helper()
	for _, locale := range i18n.Locales() {
		s, ok := got[discordgo.Locale(locale)]
		switch {
		case !ok:
			t.Errorf("%s: no %s name", what, locale)
		case chat && (!chatName.MatchString(s) || strings.ToLower(s) != s):
			t.Errorf("%s: the %s name %q breaks Discord's rule for names", what, locale, s)
		case !chat && utf8.RuneCountInString(s) > 32:
			t.Errorf("%s: the %s name %q is over 32 characters", what, locale, s)
		}
	}
	if chat && !chatName.MatchString(english) {
		t.Errorf("%s: the name %q breaks Discord's rule for names", what, english)
	}
}

func checkText(t *testing.T, what, english string, got map[discordgo.Locale]string) {
	t.Helper()
	if !hasLetter(english) {
		return
	}
	for _, locale := range i18n.Locales() {
		s, ok := got[discordgo.Locale(locale)]
		switch {
		case !ok:
			t.Errorf("%s: %q has no %s translation", what, english, locale)
		case utf8.RuneCountInString(s) > 100 || s == "":
			t.Errorf("%s: the %s text %q is empty or over 100 characters", what, locale, s)
		}
	}
}

// verbs are a text's formatting verbs (%d, %[2]s…), which a translation
// must keep, in any order.
var verbs = regexp.MustCompile(`%(\[\d+\])?[-+# 0-9.]*[a-zA-Z%]`)

// argVerbs returns how a format writes each of its arguments, by position
// from 1: "%[2]d of %[1]s" gives {1: "%s", 2: "%d"}. A translation may put
// the arguments in another order (with explicit indexes) but must format
// each as its English does. %% is not an argument.
func argVerbs(format string) map[int]string {
	out := map[int]string{}
	next := 1
	for _, v := range verbs.FindAllStringSubmatch(format, -1) {
		if v[0] == "%%" {
			continue
		}
		if v[1] != "" {
			next, _ = strconv.Atoi(strings.Trim(v[1], "[]"))
		}
		out[next] = strings.Replace(v[0], v[1], "", 1)
		next++
	}
	return out
}

func TestArgVerbs(t *testing.T) {
	tests := []struct {
		format string
		want   map[int]string
	}{
		{"%d of %s, 100%%", map[int]string{1: "%d", 2: "%s"}},
		{"%[2]s: %[1]d×%[1]d", map[int]string{1: "%d", 2: "%s"}},
		{"%[3]s %[2]smal: %[4]s, %[1]s", map[int]string{1: "%s", 2: "%s", 3: "%s", 4: "%s"}},
		{"%[2]d then %s", map[int]string{2: "%d", 3: "%s"}}, // unindexed follows the last index
		{"%.1f and %02d", map[int]string{1: "%.1f", 2: "%02d"}},
	}
	for _, tt := range tests {
		if got := argVerbs(tt.format); !maps.Equal(got, tt.want) {
			t.Errorf("argVerbs(%q) = %v, want %v", tt.format, got, tt.want)
		}
	}
}

// TestCatalogueComplete: every language has the same names and texts, and
// each translation keeps its English text's placeholders.
func TestCatalogueComplete(t *testing.T) {
	names0, texts0 := i18n.Keys(i18n.Languages[0])
	for _, lang := range i18n.Languages {
		names, texts := i18n.Keys(lang)
		for _, pair := range []struct {
			kind       string
			got, first map[string]string
		}{{"name", names, names0}, {"text", texts, texts0}} {
			for k := range pair.first {
				if _, ok := pair.got[k]; !ok {
					t.Errorf("%s lacks the %s %q", lang, pair.kind, k)
				}
			}
			if len(pair.got) != len(pair.first) {
				t.Errorf("%s has %d %ss, %s %d", lang, len(pair.got), pair.kind, i18n.Languages[0], len(pair.first))
			}
		}
		for english, s := range texts {
			if want, got := argVerbs(english), argVerbs(s); !maps.Equal(want, got) {
				t.Errorf("%s: %q formats its arguments as %v, its English as %v", lang, s, got, want)
			}
		}
	}
}

// TestCommandSizes: Discord refuses a command whose name, description,
// options and choices come to more than 8,000 characters, each counted in
// its longest localisation.
func TestCommandSizes(t *testing.T) {
	for _, def := range Definitions() {
		n := longest(def.Name, deref(def.NameLocalizations)) + longest(def.Description, deref(def.DescriptionLocalizations))
		eachOption(def.Options, func(_ string, o *discordgo.ApplicationCommandOption) {
			n += longest(o.Name, o.NameLocalizations) + longest(o.Description, o.DescriptionLocalizations)
			for _, c := range o.Choices {
				n += longest(c.Name, c.NameLocalizations) + utf8.RuneCountInString(fmt.Sprint(c.Value))
			}
		})
		if n > 8000 {
			t.Errorf("/%s: %d characters, more than Discord's 8,000", def.Name, n)
		}
		t.Logf("/%s: %d characters of 8,000", def.Name, n)
	}
}

func longest(english string, localized map[discordgo.Locale]string) int {
	n := utf8.RuneCountInString(english)
	for _, s := range localized {
		n = max(n, utf8.RuneCountInString(s))
	}
	return n
}
