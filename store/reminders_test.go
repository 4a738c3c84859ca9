package store

import (
	"context"
	"reflect"
	"testing"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/solver/logic"
)

// TestReminders: due once the hour comes, once a day, never for a player
// who solved, in the language asked in; a failure gives it back, three
// refusals drop it.
func TestReminders(t *testing.T) {
	eachStore(t, func(t *testing.T, open func() *DB) {
		d, ctx := open(), context.Background()
		claim := func(n, hour, limit int) []string {
			t.Helper()
			got, err := d.ClaimReminders(ctx, "g", n, hour, limit)
			must(t, err)
			var users []string
			for _, r := range got {
				users = append(users, r.User)
				if want := map[string]string{"ann": "fr", "cy": "pt-BR"}[r.User]; r.Locale != want {
					t.Errorf("%s's reminder in %q, want %q", r.User, r.Locale, want)
				}
			}
			return users
		}
		must(t, d.SetReminder(ctx, daily.Reminded{User: "ann", Locale: "fr"}, "g", 9))
		must(t, d.SetReminder(ctx, daily.Reminded{User: "bob"}, "g", 20))
		must(t, d.SetReminder(ctx, daily.Reminded{User: "cy", Locale: "de"}, "g", 10))
		must(t, d.SetReminder(ctx, daily.Reminded{User: "cy", Locale: "pt-BR"}, "g", 9)) // asked again: the latest hour and language
		if got := claim(10, 8, 10); len(got) != 0 {
			t.Errorf("at 8:00: %v, want nobody", got)
		}
		if got := claim(10, 9, 1); !reflect.DeepEqual(got, []string{"ann"}) {
			t.Errorf("at 9:00, one at most: %v, want [ann]", got)
		}
		if got := claim(10, 9, 10); !reflect.DeepEqual(got, []string{"cy"}) {
			t.Errorf("at 9:00 again: %v, want [cy], ann being done", got)
		}
		_, _, _, err := d.Record(ctx, daily.Solve{Guild: "g", User: "bob", Day: 10, At: t0, Level: logic.Easy})
		must(t, err)
		if got := claim(10, 21, 10); len(got) != 0 {
			t.Errorf("at 21:00: %v, want nobody (bob solved)", got)
		}
		must(t, d.ReminderFailed(ctx, "g", "cy", 10, false))
		if got := claim(10, 21, 10); !reflect.DeepEqual(got, []string{"cy"}) {
			t.Errorf("after a failure: %v, want [cy] again", got)
		}
		for n := 11; n <= 13; n++ {
			if got := claim(n, 9, 10); len(got) == 0 || got[0] != "ann" {
				t.Fatalf("day %d: %v, want ann", n, got)
			}
			must(t, d.ReminderFailed(ctx, "g", "ann", n, true))
		}
		if got := claim(14, 23, 10); !reflect.DeepEqual(got, []string{"bob", "cy"}) {
			t.Errorf("day 14: %v, want [bob cy]: ann's reminder dropped after three refusals", got)
		}
		if was, err := d.DropReminder(ctx, "g", "bob"); !was || err != nil {
			t.Errorf("DropReminder = %v, %v", was, err)
		}
		if guilds, err := d.RemindedGuilds(ctx); err != nil || !reflect.DeepEqual(guilds, []string{"g"}) {
			t.Errorf("RemindedGuilds = %v, %v", guilds, err)
		}
	})
}
