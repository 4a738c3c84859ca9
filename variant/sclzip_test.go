package variant

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestUnzipSCL(t *testing.T) {
	tests := []struct {
		name, in, want string // want: the value as JSON
	}{
		{"keys renamed", `{v:5,wp:[[0.5,1.5]]}`, `{"value":5,"wayPoints":[[0.5,1.5]]}`},
		{"empty slots", `[,{v:1},,]`, `[{},{"value":1},{},{}]`},
		{"empty list is one empty object", `[]`, `[{}]`},
		{"empty object", `{}`, `{}`},
		{"booleans", `{r:t,x:f,y:true,z:null}`, `{"rounded":true,"x":false,"y":true,"z":null}`},
		{"colours", `{c:#0,c1:#F,c2:67F067,x:'a1a1a1'}`, `{"color":"#000000","borderColor":"#FFFFFF","backgroundColor":"#67F067","x":"#a1a1a1"}`},
		{"six digits in a list are a number", `[123456]`, `[123456]`},
		{"single quotes and escapes", `{te:'it\'s "x"\n\u00e9'}`, `{"text":"it's \"x\"\né"}`},
		{"double quotes", `{"te":"a'b"}`, `{"text":"a'b"}`},
		{"quoted keys", `{'a b':1}`, `{"a b":1}`},
		{"numbers", `[-1,0.25,1e3]`, `[-1,0.25,1000]`},
		{"spaces", " { v : 1 , ce : [ , ] } ", `{"value":1,"cells":[{},{}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := unzip(tt.in)
			if err != nil {
				t.Fatalf("unzip(%s) = %v", tt.in, err)
			}
			var want any
			if err := json.Unmarshal([]byte(tt.want), &want); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("unzip(%s) = %#v, want %#v", tt.in, got, want)
			}
		})
	}
}

func TestUnzipSCLErrors(t *testing.T) {
	deep := strings.Repeat("[", maxZipDepth+2) + strings.Repeat("]", maxZipDepth+2)
	for _, in := range []string{"", "{", "{v}", "{v:}", "[1 2]", "'abc", `{te:'\x'}`, "{v:1}x", "NaN", "0x10", "{:1}", deep, `'\u12'`} {
		if _, err := unzip(in); err == nil {
			t.Errorf("unzip(%q) = nil error, want one", in)
		}
	}
}

// FuzzUnzipSCL checks that unzip returns a value or an error, never
// panics, and that what it returns from valid UTF-8 reads back the same
// as JSON.
func FuzzUnzipSCL(f *testing.F) {
	for _, s := range []string{`{v:5,wp:[[0.5,1.5]]}`, `[,{v:1},,]`, `{c:#0,c1:67F067,te:'it\'s'}`, `{"a":[1,true,null]}`} {
		f.Add(s)
	}
	for _, p := range seedPayloads() {
		if data, err := Decompress(p); err == nil && !strings.HasPrefix(data, `{"`) {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := unzip(s)
		if err != nil || !utf8.ValidString(s) { // json.Marshal replaces bad UTF-8
			return
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("json.Marshal(unzip(%q)) = %v", s, err)
		}
		w, err := unzip(string(b))
		if err != nil || !reflect.DeepEqual(v, w) {
			t.Fatalf("unzip(%s) = %#v, %v; want %#v", b, w, err, v)
		}
	})
}

// FuzzDecodeSCL checks that DecodeSCL returns a puzzle or an error and
// never panics.
func FuzzDecodeSCL(f *testing.F) {
	f.Add(`{ce:[[,,],[,,],[,,]],re:[[[0,0],[0,1],[0,2],[1,0],[1,1],[1,2],[2,0],[2,1],[2,2]]]}`)
	for _, c := range sclCases {
		f.Add(sclCaseData(c.extra))
	}
	for _, p := range seedPayloads() {
		if data, err := Decompress(p); err == nil && !strings.HasPrefix(data, `{"`) {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := DecodeSCL(s)
		if err == nil && (p.Size < 3 || len(p.Givens) != p.Size*p.Size) {
			t.Fatalf("DecodeSCL(%q) = size %d, %d givens", s, p.Size, len(p.Givens))
		}
	})
}
