package site

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
)

// IconSizes are the sizes in pixels of the app's icons, those an install
// asks for.
var IconSizes = []int{192, 512}

// The icon's colors: a white die with dark pips on the page's blue.
var (
	iconBack = color.RGBA{0x1f, 0x4e, 0x9c, 0xff}
	iconDie  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	iconPip  = color.RGBA{0x1b, 0x1b, 0x1f, 0xff}
)

// Icon returns the app's icon of size by size pixels as a PNG: a die
// showing five on a square background, drawn whole within the middle 80%
// so that a mask of any shape (a "maskable" icon) leaves it whole.
func Icon(size int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	s := float64(size)
	die, radius := 0.56*s, 0.09*s // the die's side and its corners' radius
	lo := (s - die) / 2
	pips := [][2]float64{{0.25, 0.25}, {0.75, 0.25}, {0.5, 0.5}, {0.25, 0.75}, {0.75, 0.75}}
	pip := 0.1 * die // a pip's radius
	for y := range size {
		for x := range size {
			px, py := float64(x)+0.5, float64(y)+0.5
			c := iconBack
			if inRounded(px-lo, py-lo, die, radius) {
				c = iconDie
				for _, p := range pips {
					dx, dy := px-lo-p[0]*die, py-lo-p[1]*die
					if dx*dx+dy*dy <= pip*pip {
						c = iconPip
					}
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err) // encoding to memory does not fail
	}
	return b.Bytes()
}

// inRounded reports whether (x, y) is inside the square of side side at
// the origin with corners rounded to radius r.
func inRounded(x, y, side, r float64) bool {
	if x < 0 || y < 0 || x > side || y > side {
		return false
	}
	cx, cy := min(max(x, r), side-r), min(max(y, r), side-r)
	dx, dy := x-cx, y-cy
	return dx*dx+dy*dy <= r*r
}
