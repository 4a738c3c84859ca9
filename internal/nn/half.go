package nn

import "math"

// toHalf rounds f to the nearest IEEE 754 half (binary16). Values too
// small for a normal half become zero and too large ones the largest half:
// a weight's tenth decimal never matters, a wild one would.
func toHalf(f float32) uint16 {
	bits := math.Float32bits(f)
	sign := uint16(bits>>16) & 0x8000
	exp := int(bits>>23&0xff) - 127 + 15
	mant := bits & 0x7fffff
	switch {
	case exp <= 0:
		return sign
	case exp >= 31:
		return sign | 0x7bff
	}
	h := uint32(exp)<<10 | mant>>13
	if mant&0x1fff > 0x1000 || mant&0x1fff == 0x1000 && h&1 == 1 { // round half to even
		h++
	}
	if h >= 0x7c00 {
		h = 0x7bff
	}
	return sign | uint16(h)
}

// fromHalf widens a half to a float32.
func fromHalf(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h >> 10 & 0x1f)
	mant := uint32(h & 0x3ff)
	if exp == 0 {
		if mant == 0 {
			return math.Float32frombits(sign)
		}
		return float32(math.Copysign(float64(mant)/1024/16384, float64(int32(sign)|1))) // subnormal
	}
	return math.Float32frombits(sign | (exp-15+127)<<23 | mant<<13)
}
