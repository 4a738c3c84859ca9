package commands

import (
	"github.com/bwmarrin/discordgo"

	"github.com/sudokubot/sudokubot/internal/i18n"
)

// localize gives a command, its options and choices their names and
// descriptions in every language of the catalogue; a text it lacks shows
// in English.
func localize(def *discordgo.ApplicationCommand) {
	names, descs := translations(def.Name, def.Description)
	if len(names) > 0 {
		def.NameLocalizations = &names
	}
	if len(descs) > 0 {
		def.DescriptionLocalizations = &descs
	}
	localizeOptions(def.Options)
}

func localizeOptions(opts []*discordgo.ApplicationCommandOption) {
	for _, o := range opts {
		o.NameLocalizations, o.DescriptionLocalizations = translations(o.Name, o.Description)
		for _, c := range o.Choices {
			_, c.NameLocalizations = translations("", c.Name)
		}
		localizeOptions(o.Options)
	}
}

// translations returns a name's and a text's translations by locale (nil
// maps when the catalogue has none).
func translations(name, text string) (names, texts map[discordgo.Locale]string) {
	for _, locale := range i18n.Locales() {
		if s, ok := i18n.Name(locale, name); ok && name != "" {
			names = set(names, discordgo.Locale(locale), s)
		}
		if s, ok := i18n.Text(locale, text); ok && text != "" {
			texts = set(texts, discordgo.Locale(locale), s)
		}
	}
	return names, texts
}

func set(m map[discordgo.Locale]string, k discordgo.Locale, v string) map[discordgo.Locale]string {
	if m == nil {
		m = map[discordgo.Locale]string{}
	}
	m[k] = v
	return m
}
