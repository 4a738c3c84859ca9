package commands

import (
	"context"
	"fmt"

	"github.com/sudokubot/sudokubot/daily"
	"github.com/sudokubot/sudokubot/render"
)

// DailyPost returns the message the scheduler posts for day n: the puzzle
// image, its number and level, a Play button, and yesterday's solution
// under a spoiler.
func (d Deps) DailyPost(ctx context.Context, n int) (Response, error) {
	d = d.withDefaults()
	p, err := d.Daily.Puzzle(ctx, n)
	if err != nil {
		return Response{}, err
	}
	img, err := d.dailyImage(p)
	if err != nil {
		return Response{}, err
	}
	content := fmt.Sprintf("🧩 **Daily #%d** · %s · %s\nPress **Play** to get your own copy and start your clock; "+
		"only you see your answers. Streaks count consecutive days.", n, daily.Date(n).Format("Monday 2 January"), p.Level)
	if y, err := d.Daily.Puzzle(ctx, n-1); err == nil && n > 1 {
		content += fmt.Sprintf("\nYesterday's solution (#%d): ||%s||", n-1, codeBlock(render.Line(y.Solution)))
	}
	return Response{Content: content, Files: []File{img}, Buttons: []Button{{Label: "Play", CustomID: "daily:play"}}}, nil
}
