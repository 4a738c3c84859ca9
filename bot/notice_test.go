package bot

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

func TestOwnRepliesInTheAskersLanguage(t *testing.T) {
	tests := []struct {
		locale, english string
		args            []any
		want            string
	}{
		{"de", replySlowDown, []any{3}, "Etwas langsamer: versuch es in 3 s wieder."},
		{"pt-BR", replyApology, nil, "Desculpe, algo deu errado do meu lado. Foi registrado; tente de novo."},
		{"es-419", replyBusy, nil, "Ahora mismo estoy demasiado ocupado. Inténtalo de nuevo en un minuto."},
		{"en-US", replyExpired, nil, replyExpired},
	}
	for _, tt := range tests {
		r := notice(&discordgo.Interaction{Locale: discordgo.Locale(tt.locale)}, tt.english, tt.args...)
		if r.Content != tt.want || !r.Notice {
			t.Errorf("%s: %+v, want %q as a notice", tt.locale, r, tt.want)
		}
	}
}
