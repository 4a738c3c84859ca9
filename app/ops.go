package app

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"
)

// serveOps serves the operations endpoint (GET /healthz and GET /metrics)
// on Config.MetricsAddr, when set, and returns what stops it.
func (m *Main) serveOps() (func(), error) {
	if m.Config.MetricsAddr == "" {
		return func() {}, nil
	}
	ln, err := net.Listen("tcp", m.Config.MetricsAddr)
	if err != nil {
		return nil, fmt.Errorf("app: operations endpoint on %s: %w", m.Config.MetricsAddr, err)
	}
	mux := http.NewServeMux()
	m.opsRoutes(mux)
	m.opsAddr.Store(ln.Addr().String())
	return m.serve("operations endpoint", ln, newServer(mux)), nil
}

// opsRoutes adds the operations endpoint's routes to mux.
func (m *Main) opsRoutes(mux *http.ServeMux) {
	mux.Handle("GET /metrics", m.Metrics.Handler())
	mux.HandleFunc("GET /healthz", m.healthz)
}

// healthz answers 200 "ok" when the bot is up (bot.Health) and the
// database answers, else 503 naming what is not.
func (m *Main) healthz(w http.ResponseWriter, r *http.Request) {
	var problems []string
	if b := m.bot.Load(); b != nil {
		if err := b.Health(); err != nil {
			problems = append(problems, err.Error())
		}
	}
	if m.db != nil {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := m.db.Ping(ctx); err != nil {
			m.Log.Warn("health check: database unreachable", "err", err)
			problems = append(problems, "database: unreachable")
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if len(problems) > 0 {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, strings.Join(problems, "\n"))
		return
	}
	fmt.Fprintln(w, "ok")
}

// serveActivity serves the Activity on Config.ActivityAddr, when there is
// one, and returns what stops it. Its listener accepts no more than the
// Activity's cap on connections (and a margin), so a flood of pages cannot
// take the descriptors the rest of the process needs; its WebSockets,
// which a server's shutdown does not close, are closed as it stops.
func (m *Main) serveActivity() (func(), error) {
	if m.Activity == nil || m.Config.ActivityAddr == "" {
		return func() {}, nil
	}
	ln, err := net.Listen("tcp", m.Config.ActivityAddr)
	if err != nil {
		return nil, fmt.Errorf("app: activity on %s: %w", m.Config.ActivityAddr, err)
	}
	srv := newServer(m.Activity)
	srv.RegisterOnShutdown(m.Activity.CloseSockets)
	m.actAddr.Store(ln.Addr().String())
	return m.serve("activity", m.Activity.Limit(ln), srv), nil
}

// newServer returns a server for h with timeouts on every phase.
func newServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10}
}

// serve runs srv on ln and returns a function that stops it, letting
// requests in flight finish for up to 10 seconds.
func (m *Main) serve(what string, ln net.Listener, srv *http.Server) func() {
	go func() {
		if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
			m.Log.Error(what+" stopped", "err", err)
		}
	}()
	m.Log.Info(what+" listening", "addr", ln.Addr().String())
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}
}
