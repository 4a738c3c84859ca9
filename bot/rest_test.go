package bot

import (
	"errors"
	"io"
	"log/slog"
	"net/url"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"

	"github.com/sudokubot/sudokubot/internal/discordtest"
)

// TestRESTCountsAndHolds: a call Discord refuses is a *StatusError with
// Discord's status and OAuth2 code, counted in the bot's metrics; after a
// 429 the route is refused without being sent until the wait is over,
// and that refusal, which never reached Discord, is not counted.
func TestRESTCountsAndHolds(t *testing.T) {
	fake := discordtest.New(testToken)
	defer fake.Close()
	origin, _ := url.Parse(fake.URL)
	m := NewMetrics()
	c := NewREST(RESTOptions{Token: testToken, ClientID: fake.AppID, ClientSecret: discordtest.ClientSecret, APIURL: origin,
		Metrics: m, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	var refused *StatusError
	if _, err := c.Exchange(t.Context(), "not-a-code"); !errors.As(err, &refused) || refused.Status != 400 || refused.Code != "invalid_grant" {
		t.Fatalf("Exchange(not-a-code) = %v, want 400 invalid_grant", err)
	}
	fake.RateLimit("token", 1, time.Minute, false)
	for _, unsent := range []bool{false, true} {
		_, err := c.Exchange(t.Context(), fake.Authorize(discordtest.User{ID: "42", Name: "ada"}))
		if !errors.As(err, &refused) || refused.HTTPStatus() != 429 || refused.Unsent != unsent {
			t.Errorf("Exchange during a wait = %v, want 429 (unsent %v)", err, unsent)
		}
	}
	if n := fake.Requests("token"); n != 2 {
		t.Errorf("%d token requests reached Discord, want 2 (none during the wait)", n)
	}
	for status, want := range map[string]float64{"400": 1, "429": 1} {
		if n := testutil.ToFloat64(m.apiErrors.WithLabelValues(status)); n != want {
			t.Errorf("%s counted %v times, want %v", status, n, want)
		}
	}
	if v := fake.Violations(); len(v) > 0 {
		t.Errorf("the fake Discord refused: %v", v)
	}
}
