package nn

import (
	"bytes"
	"errors"
)

// Ensemble is several nets trained alike from different seeds, read as
// one: its probabilities are their mean. Nets that err apart err less
// together.
type Ensemble []*Net

// ReadEnsemble reads the nets of a weights file holding one or more
// nets' weights back to back (MarshalBinary's, concatenated), each
// reading as many inputs into as many classes as the first.
func ReadEnsemble(data []byte) (Ensemble, error) {
	r := bytes.NewReader(data)
	var out Ensemble
	for r.Len() > 0 && len(out) < 8 {
		n := &Net{}
		if err := n.read(r); err != nil {
			return nil, err
		}
		if len(out) > 0 && (n.Inputs() != out[0].Inputs() || n.Outputs() != out[0].Outputs()) {
			return nil, errors.New("nn: the ensemble's nets differ in inputs or classes")
		}
		out = append(out, n)
	}
	if len(out) == 0 || r.Len() > 0 {
		return nil, errors.New("nn: not a weights file of one to eight nets")
	}
	return out, nil
}

// Forward returns the mean of the nets' probabilities for input x.
func (e Ensemble) Forward(x []float32) []float32 {
	sum := e[0].Forward(x)
	for _, n := range e[1:] {
		for c, p := range n.Forward(x) {
			sum[c] += p
		}
	}
	for c := range sum {
		sum[c] /= float32(len(e))
	}
	return sum
}

// Inputs is how many numbers the ensemble reads.
func (e Ensemble) Inputs() int { return e[0].Inputs() }

// Outputs is how many classes it tells apart.
func (e Ensemble) Outputs() int { return e[0].Outputs() }
