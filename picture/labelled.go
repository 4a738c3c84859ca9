package picture

import "context"

// FindAt is Find for a picture whose grid's outer corners are known (top
// left, top right, bottom right, bottom left, in the file's pixels, as a
// person labelled them): the lines are traced from those corners instead
// of searched for. The training program learns from labelled photos this
// way, so what it learns does not hang on where Find puts the grid.
func FindAt(ctx context.Context, data []byte, corners [4]Point) (*Board, error) {
	hd, err := check(data)
	if err != nil {
		return nil, err
	}
	img, g, decoded, err := decode(ctx, data, hd)
	if err != nil {
		return nil, err
	}
	work, scale := g.workCopy(workSide)
	f := scale * float64(decoded)
	var q [4]Point
	for k, c := range corners {
		q[k] = Point{c.X / f, c.Y / f}
	}
	l := traceLattice(work, q).scaled(scale)
	return boardOn(g, &l, coloursOf(img)).scaled(float64(decoded)), nil
}
