package bot

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are the Prometheus series /metrics serves. Make them with
// NewMetrics before the commands, so handlers can report to them (Metrics
// is a commands.Meter), and pass them in Options.Metrics.
type Metrics struct {
	registry      *prometheus.Registry
	interactions  *prometheus.CounterVec   // by command and outcome
	firstCallback *prometheus.HistogramVec // by command
	reply         *prometheus.HistogramVec // by command: until the final answer
	rateLimited   prometheus.Counter
	apiErrors     *prometheus.CounterVec   // by HTTP status
	dailyPosts    *prometheus.CounterVec   // made, failed, missed; their scoreboards edited, failed, stopped
	reminders     *prometheus.CounterVec   // sent, refused, failed
	endpoint      *prometheus.CounterVec   // HTTP interaction requests by result
	solver        *prometheus.HistogramVec // by command
	timeouts      *prometheus.CounterVec   // solver runs that hit their limit, by command
	boardSockets  prometheus.Gauge         // the big board's pages connected
	boardMessages *prometheus.CounterVec   // by kind and outcome
	boardSeconds  *prometheus.HistogramVec // by kind
	boardSignIns  *prometheus.CounterVec   // by result
	sudokuPad     *prometheus.CounterVec   // SudokuPad fetches by result
}

// NewMetrics returns the series, registered with a registry of their own.
func NewMetrics() *Metrics {
	buckets := []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 1.5, 2.5, 5, 10}
	m := &Metrics{
		registry: prometheus.NewRegistry(),
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sudokubot_interactions_total",
			Help: "Interactions answered, by command and outcome (ok, failed: a handler's worded failure, apology, busy, rate_limited, unknown)."}, []string{"command", "outcome"}),
		firstCallback: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "sudokubot_first_callback_seconds",
			Help: "Time from receiving an interaction to its first callback.", Buckets: buckets}, []string{"command"}),
		reply: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "sudokubot_reply_seconds",
			Help: "Time from receiving an interaction to its final reply (handler time included).", Buckets: buckets}, []string{"command"}),
		rateLimited: prometheus.NewCounter(prometheus.CounterOpts{Name: "sudokubot_rate_limited_total",
			Help: "Interactions refused because the user went over their rate."}),
		apiErrors: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sudokubot_discord_api_errors_total",
			Help: "Discord REST calls that failed, by HTTP status (0: no response)."}, []string{"status"}),
		dailyPosts: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sudokubot_daily_posts_total",
			Help: "Daily posts by result: made, failed (retried later), missed (the day ended first) or found (an unrecorded attempt had made it); their scoreboard edits: edited, edit_failed (retried) or edit_stopped (Discord refuses them)."}, []string{"result"}),
		reminders: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sudokubot_daily_reminders_total",
			Help: "Daily reminder DMs by result: sent, refused (the player's settings; not retried that day) or failed (retried)."},
			[]string{"result"}),
		solver: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "sudokubot_solver_seconds",
			Help: "Time spent in the solver per command.", Buckets: buckets}, []string{"command"}),
		timeouts: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sudokubot_solver_timeouts_total",
			Help: "Solver runs that hit SOLVE_TIMEOUT (or the generation limit), by command."}, []string{"command"}),
		endpoint: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sudokubot_http_requests_total",
			Help: "Requests to POST /interactions by result: accepted, bad_signature, too_large, bad_body, replayed."}, []string{"result"}),
		boardSockets: prometheus.NewGauge(prometheus.GaugeOpts{Name: "sudokubot_board_sockets",
			Help: "The big board's pages connected to this process (signed in)."}),
		boardMessages: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sudokubot_board_messages_total",
			Help: "The big board's messages answered, by kind (place, join, …) and outcome (state, refused, error, none)."}, []string{"kind", "outcome"}),
		boardSeconds: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "sudokubot_board_message_seconds",
			Help: "Time to answer a big board's message (read, applied, stored), by kind.", Buckets: buckets}, []string{"kind"}),
		boardSignIns: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sudokubot_board_sign_ins_total",
			Help: "The big board's sign-ins: ok, refused (by Discord, or not in the Activity) or failed (Discord did not answer)."}, []string{"result"}),
		sudokuPad: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "sudokubot_sudokupad_fetches_total",
			Help: "Short ids looked up at SudokuPad, by result: ok, cached (answered from the cache), not_found, too_large or failed (no answer in time, another status, a redirect, or over the rate)."}, []string{"result"}),
	}
	m.registry.MustRegister(m.interactions, m.firstCallback, m.reply, m.rateLimited, m.apiErrors, m.dailyPosts, m.reminders,
		m.endpoint, m.solver, m.timeouts, m.boardSockets, m.boardMessages, m.boardSeconds, m.boardSignIns, m.sudokuPad,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the series in Prometheus's text format: GET /metrics.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{})
}

// answered records one interaction's outcome and timings.
func (m *Metrics) answered(command, outcome string, first, final time.Duration) {
	m.interactions.WithLabelValues(command, outcome).Inc()
	m.firstCallback.WithLabelValues(command).Observe(first.Seconds())
	m.reply.WithLabelValues(command).Observe(final.Seconds())
}

// apiError counts a failed REST call by its status. A late answer to an
// HTTP interaction never reached Discord, so it is not counted.
func (m *Metrics) apiError(err error) {
	if errors.Is(err, errExpired) {
		return
	}
	status := 0
	var rest *discordgo.RESTError
	if errors.As(err, &rest) && rest.Response != nil {
		status = rest.Response.StatusCode
	}
	m.apiErrors.WithLabelValues(strconv.Itoa(status)).Inc()
}

// Solved records one solver run (commands.Meter).
func (m *Metrics) Solved(command string, took time.Duration, timedOut bool) {
	m.solver.WithLabelValues(command).Observe(took.Seconds())
	if timedOut {
		m.timeouts.WithLabelValues(command).Inc()
	}
}

// CountDatabaseErrors serves count, the database's own count of failed
// operations, as sudokubot_database_errors_total. Call it once.
func (m *Metrics) CountDatabaseErrors(count func() uint64) {
	m.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "sudokubot_database_errors_total",
		Help: "Database operations that failed."}, func() float64 { return float64(count()) }))
}

// BoardSocket counts a big board's page connecting (+1) or leaving (-1):
// Metrics is the Activity's activity.Meter.
func (m *Metrics) BoardSocket(delta int) { m.boardSockets.Add(float64(delta)) }

// BoardMessage counts a big board's message answered, and its time.
func (m *Metrics) BoardMessage(kind, outcome string, took time.Duration) {
	m.boardMessages.WithLabelValues(kind, outcome).Inc()
	m.boardSeconds.WithLabelValues(kind).Observe(took.Seconds())
}

// BoardSignIn counts a big board's sign-in by its result.
func (m *Metrics) BoardSignIn(result string) { m.boardSignIns.WithLabelValues(result).Inc() }
