package bot

import (
	"log/slog"

	"github.com/sudokubot/sudokubot/commands"
	"github.com/sudokubot/sudokubot/config"
)

// FromConfig builds the bot main runs: New(OptionsFrom(cfg, log)).
func FromConfig(cfg config.Config, log *slog.Logger) (*Bot, error) {
	return New(OptionsFrom(cfg, log))
}

// OptionsFrom returns the options for every command of this build, wired
// to the settings in cfg; the tuning fields keep their defaults.
func OptionsFrom(cfg config.Config, log *slog.Logger) Options {
	cmds := commands.All(commands.Deps{
		SolveTimeout:  cfg.SolveTimeout,
		DefaultFormat: cfg.DefaultFormat,
		DarkImages:    cfg.ImageTheme == "dark",
	})
	return Options{Token: cfg.Token, GuildID: cfg.GuildID, APIURL: cfg.APIURL, Commands: cmds, Log: log}
}
