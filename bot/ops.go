package bot

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// serveOps starts the operations endpoint (GET /healthz and GET /metrics)
// on Options.OpsAddr and returns a function that stops it.
func (b *Bot) serveOps() (stop func(), err error) {
	if b.opt.OpsAddr == "" {
		return func() {}, nil
	}
	ln, err := net.Listen("tcp", b.opt.OpsAddr)
	if err != nil {
		return nil, fmt.Errorf("bot: operations endpoint on %s: %w", b.opt.OpsAddr, err)
	}
	b.opsAddr.Store(ln.Addr().String())
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(b.metrics.registry, promhttp.HandlerOpts{}))
	mux.HandleFunc("GET /healthz", b.healthz)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: time.Minute}
	go func() {
		if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
			b.log.Error("operations endpoint stopped", "err", err)
		}
	}()
	b.log.Info("operations endpoint listening", "addr", ln.Addr().String())
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}, nil
}

// OpsAddr returns the address the operations endpoint listens on, once
// Run has started it ("" before, or when it is off).
func (b *Bot) OpsAddr() string {
	a, _ := b.opsAddr.Load().(string)
	return a
}

// healthz answers 200 "ok" when the gateway session is up and the
// database answers, else 503 naming what is not.
func (b *Bot) healthz(w http.ResponseWriter, r *http.Request) {
	var problems []string
	if !b.ready.Load() && !b.schedulerOnly.Load() {
		problems = append(problems, "gateway: not connected")
	}
	if b.opt.Health != nil {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := b.opt.Health(ctx); err != nil {
			b.log.Warn("health check: database unreachable", "err", err)
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

// RunScheduler makes the daily posts until ctx is done, without a gateway
// session: for deployments where interactions come over HTTP and one
// process (sudokubot scheduler) posts. The operations endpoint runs too.
func (b *Bot) RunScheduler(ctx context.Context) error {
	if b.opt.Schedule == nil {
		return fmt.Errorf("bot: no daily schedule to run")
	}
	b.schedulerOnly.Store(true)
	stopOps, err := b.serveOps()
	if err != nil {
		return err
	}
	defer stopOps()
	b.log.Info("scheduler running", "every", b.opt.Schedule.Every)
	b.schedule(ctx, b.opt.Schedule)
	b.log.Info("scheduler stopped")
	return nil
}
