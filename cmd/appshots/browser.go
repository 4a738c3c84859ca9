package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"net"
	"net/http"
	"os/exec"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // size reads webp shots
)

// serve serves dir on a free loopback port and returns its base URL and a
// function that stops the server.
func serve(dir string) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir))}
	go srv.Serve(ln) //nolint:errcheck // ends with ErrServerClosed when stopped
	return "http://" + ln.Addr().String(), func() { srv.Close() }, nil
}

// browser starts a headless Chromium with a fresh profile (so nothing an
// app saved in one game carries over to the next) and returns a context
// driving one of its tabs, and a function that ends it.
func browser(ctx context.Context) (context.Context, func(), error) {
	path, err := exec.LookPath("chromium")
	if err != nil {
		return nil, nil, fmt.Errorf("no chromium to drive (apt-get install -y chromium): %w", err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path),
		chromedp.NoSandbox, chromedp.DisableGPU, chromedp.Flag("headless", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("font-render-hinting", "none"))
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	tab, cancelTab := chromedp.NewContext(alloc)
	if err := chromedp.Do(tab); err != nil { // starts the browser
		cancelTab()
		cancelAlloc()
		return nil, nil, err
	}
	return tab, func() { cancelTab(); cancelAlloc() }, nil
}

// device is a screen a shot is taken on, and how the picture is saved.
type device struct {
	Name          string
	Width, Height int64   // CSS pixels
	Scale         float64 // device pixel ratio
	Mobile        bool
	Format        string // "webp", "jpeg" or "png", as Chromium encodes it; "preview": scaled, JPEG
	Quality       int    // webp and jpeg
	PreviewWidth  int    // for "preview": the width the picture is scaled to
}

// ext is the file extension of the device's pictures.
func (d device) ext() string {
	switch d.Format {
	case "webp":
		return "webp"
	case "png":
		return "png"
	}
	return "jpg"
}

// emulate sets the tab's viewport to the device's.
func emulate(ctx context.Context, d device) error {
	opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(d.Scale)}
	if d.Mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	return chromedp.Do(ctx, chromedp.EmulateViewport(d.Width, d.Height, opts...))
}

// capture takes a screenshot of the viewport as the device saves it.
func capture(ctx context.Context, d device) ([]byte, error) {
	p := page.CaptureScreenshotParams{Format: page.CaptureScreenshotFormatPng}
	q := int64(d.Quality)
	switch d.Format {
	case "webp":
		p.Format, p.Quality = page.CaptureScreenshotFormatWebp, &q
	case "jpeg":
		p.Format, p.Quality = page.CaptureScreenshotFormatJpeg, &q
	}
	data, err := chromedp.Run(ctx, chromedp.Action[[]byte](func(ctx context.Context, t *chromedp.Target) ([]byte, error) {
		r, err := cdp.Call(ctx, t, page.CaptureScreenshot, p)
		return r.Data, err
	}))
	if err != nil || d.Format != "preview" {
		return data, err
	}
	return preview(data, d.PreviewWidth, d.Quality)
}

// preview scales a PNG down to width pixels across, as a chat client's
// preview of an attached picture, and saves it as a JPEG of the quality.
func preview(data []byte, width, quality int) ([]byte, error) {
	src, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	b := src.Bounds()
	if width <= 0 || width > b.Dx() {
		width = b.Dx()
	}
	dst := image.NewRGBA(image.Rect(0, 0, width, b.Dy()*width/b.Dx()))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
	var out bytes.Buffer
	err = jpeg.Encode(&out, dst, &jpeg.Options{Quality: quality})
	return out.Bytes(), err
}

// size returns the width and height of an encoded picture.
func size(data []byte) (int, int, error) {
	c, _, err := image.DecodeConfig(bytes.NewReader(data))
	return c.Width, c.Height, err
}
