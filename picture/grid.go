package picture

// findGrid returns the corners of the grid in the ink mask (top left, top
// right, bottom right, bottom left): the biggest web of connected ink that
// is square-ish and sparse, as a grid's lines are, and whose four extreme
// points span most of its bounding box.
func findGrid(m *mask) ([4]Point, bool) {
	seen := make([]bool, len(m.on))
	var best blob
	for i, on := range m.on {
		if !on || seen[i] {
			continue
		}
		b := m.flood(i, seen)
		if b.gridLike(m) && b.area() > best.area() {
			best = b
		}
	}
	if best.pixels == 0 {
		return [4]Point{}, false
	}
	return best.corners, true
}

// blob is one web of connected ink.
type blob struct {
	pixels                 int
	minX, minY, maxX, maxY int
	corners                [4]Point
	sum, diff              [2]int // least and greatest x+y, and x−y
}

func (b blob) area() int {
	if b.pixels == 0 {
		return 0
	}
	return (b.maxX - b.minX + 1) * (b.maxY - b.minY + 1)
}

// gridLike reports whether b could be a grid: at least a fifth of the
// picture across, nearly square, thin lines rather than a solid patch, and
// its corners spanning a quadrilateral that fills most of its box.
func (b blob) gridLike(m *mask) bool {
	w, h := b.maxX-b.minX+1, b.maxY-b.minY+1
	if 5*w < min(m.W, m.H) || 5*h < min(m.W, m.H) || 3*w < 2*h || 3*h < 2*w {
		return false
	}
	density := float64(b.pixels) / float64(w*h)
	return density > 0.03 && density < 0.45 && quadArea(b.corners) > 0.6*float64(w*h)
}

// flood labels the web of 8-connected ink from pixel start.
func (m *mask) flood(start int, seen []bool) blob {
	b := blob{minX: m.W, minY: m.H, maxX: -1, maxY: -1}
	b.sum, b.diff = [2]int{1 << 30, -1 << 30}, [2]int{1 << 30, -1 << 30}
	stack := []int{start}
	seen[start] = true
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%m.W, i/m.W
		b.add(x, y)
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				nx, ny := x+dx, y+dy
				if nx < 0 || ny < 0 || nx >= m.W || ny >= m.H {
					continue
				}
				if j := ny*m.W + nx; m.on[j] && !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
	}
	return b
}

// add counts pixel (x, y) in b, keeping its box and its extreme points:
// the top left has the least x+y, the bottom right the greatest, the top
// right the greatest x−y, the bottom left the least.
func (b *blob) add(x, y int) {
	b.pixels++
	b.minX, b.maxX = min(b.minX, x), max(b.maxX, x)
	b.minY, b.maxY = min(b.minY, y), max(b.maxY, y)
	p := Point{float64(x), float64(y)}
	if s := x + y; s < b.sum[0] {
		b.sum[0], b.corners[0] = s, p
	}
	if s := x + y; s > b.sum[1] {
		b.sum[1], b.corners[2] = s, p
	}
	if d := x - y; d > b.diff[1] {
		b.diff[1], b.corners[1] = d, p
	}
	if d := x - y; d < b.diff[0] {
		b.diff[0], b.corners[3] = d, p
	}
}

// quadArea is the area of the quadrilateral with corners q, in order.
func quadArea(q [4]Point) float64 {
	a := 0.0
	for k := range 4 {
		p, n := q[k], q[(k+1)%4]
		a += p.X*n.Y - n.X*p.Y
	}
	if a < 0 {
		a = -a
	}
	return a / 2
}
