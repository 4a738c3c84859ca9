package app

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// englishWords are words no French sentence uses: one in a French reply

// means a text was left in English.

var englishWords = regexp.MustCompile(`(?i)\b(the|you|your|is|and|with|has|not|of|this|that|cells?)\b`)

// french checks a reply in French: it holds each wanted text and no

// English word outside code, mentions and the puzzle's name ("Daily").

func french(t *testing.T, what string, m discordtest.Message, want ...string) {
	t.Helper()
	text := m.Content + "\n" + m.Outline
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
	prose := regexp.MustCompile("(?s)```.*?```|`[^`]*`|<[^>]*>|\\|\\|").ReplaceAllString(text, "")
	if w := englishWords.FindAllString(prose, -1); len(w) > 0 {
		t.Errorf("%s has English words %q:\n%s", what, w, text)
	}
}

// TestRepliesInFrench: a French client reads every reply in French, from

// /solve to the reminder DM, and an English client still reads English.

func TestRepliesInFrench(t *testing.T) {
	h, st := startDaily(t, "")
	fr := func(p map[string]any) map[string]any { return discordtest.WithLocale(p, "fr") }
	slash := func(name string, opts map[string]any) discordtest.Message {
		t.Helper()
		return h.send(fr(discordtest.SlashCommand(guild, ada, name, opts))).Final
	}
	solved := slash("solve", map[string]any{"puzzle": classic})
	french(t, "/solve", solved, "**Résolue.** La solution est unique", "Difficulté : **", "Copier :")
	t.Logf("/solve in French:\n%s", solved.Content)
	french(t, "/solve of a bad puzzle", slash("solve", map[string]any{"puzzle": classic[:79]}),
		"79 cases trouvées ; une grille 9×9 en demande 81", "Collez")
	clash := "55" + classic[2:]
	french(t, "/solve of a clash", slash("solve", map[string]any{"puzzle": clash}),
		"**Pas de solution :** la ligne 1 contient deux 5, en r1c1 et r1c2")
	french(t, "/solve of a puzzle with two solutions", slash("solve", map[string]any{"puzzle": "." + classic[1:40] + strings.Repeat(".", 41)}),
		"**Pas unique.**", "Une solution :")
	wrong := solution[:2] + "9" + solution[3:]
	french(t, "/check", slash("check", map[string]any{"puzzle": classic, "answer": wrong}),
		"**Pas tout à fait :** 1 case fausse : ||r1c3||")
	hint := slash("hint", map[string]any{"puzzle": classic})
	french(t, "/hint", hint, "**Indice :**")
	t.Logf("/hint in French:\n%s", hint.Content)
	french(t, "/hint on a mistake", slash("hint", map[string]any{"puzzle": "55" + classic[2:]}),
		"**Indice :** Il y a déjà une erreur : la ligne 1 contient deux 5")
	french(t, "/help", slash("help", nil), "résout et vérifie", "`/résoudre grille`", "`/générer [difficulté] [taille]`")
	gen := slash("generate", map[string]any{"difficulty": "easy"})
	french(t, "/generate", gen, "**Nouvelle grille 9×9** · facile", "indices")
	if len(gen.Buttons) != 1 {
		t.Fatalf("/generate's buttons: %v", gen.Buttons)
	}
	shown := h.send(fr(discordtest.Button(guild, ada, gen.Buttons[0]))).Final
	french(t, "Show solution", shown, "Solution :")
	french(t, "an unknown button", h.send(fr(discordtest.Button(guild, ada, "nosuch:thing"))).Final, "Ce bouton ne marche plus.")

	sub := func(name string, opts map[string]any) discordtest.Message {
		t.Helper()
		return h.send(fr(discordtest.Subcommand(guild, ada, "daily", name, opts))).Final
	}
	n := daily.DayOf(time.Now(), time.UTC)
	french(t, "/daily leaderboard", sub("leaderboard", nil), fmt.Sprintf("**Daily #%d : les plus rapides du jour**", n), "Personne ici")
	french(t, "/daily stats", sub("stats", nil), "n'a encore résolu aucune grille du jour sur ce serveur")
	french(t, "/daily setup without the permission", h.send(fr(setupCmd(ada, "UTC", 0))).Final, "**Gérer le serveur**")
	french(t, "/daily remind", sub("remind", map[string]any{"state": "on", "hour": 0}),
		"Rappel activé : je vous écrirai en MP à 00:00 (UTC)", "`/quotidien rappel état:désactivé`")
	dm := h.waitDMs(ada.ID, 1)[0]
	french(t, "the reminder DM", dm, fmt.Sprintf("🧩 Le **Daily #%d** vous attend", n), "`/quotidien jouer`")
	p, _, err := st.Puzzle(t.Context(), n)
	if err != nil {
		t.Fatal(err)
	}
	sub("submit", map[string]any{"answer": p.Solution.String()})
	french(t, "/daily leaderboard after a solve", sub("leaderboard", map[string]any{"period": "week"}),
		"**Daily : points de la semaine**")
	french(t, "/daily stats after a solve", sub("stats", nil), "🔥 Série : 1 jour", "4 dernières semaines :")

	english := h.send(discordtest.SlashCommand(guild, ada, "solve", map[string]any{"puzzle": classic})).Final
	checkMessage(t, english, []string{"**Solved.** The solution is unique"}, "solution.png", false)
	if !englishWords.MatchString(english.Content) {
		t.Errorf("the English detector misses English: %q", english.Content)
	}
}

// TestOwnRepliesInTheAskersLanguage: the bot's own replies (rate limit,

// apology) come in the language of whoever asked.
