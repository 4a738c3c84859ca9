package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// specPath is where Discord's OpenAPI description sits beside the project:
// shared/discord-api/openapi.json in a folder above the working directory.
const specPath = "shared/discord-api/openapi.json"

// operations name the request schema of each route the fake serves, by
// the path and method of Discord's description.
var operations = map[string][2]string{
	"callback":     {"/interactions/{interaction_id}/{interaction_token}/callback", "post"},
	"edit":         {"/webhooks/{webhook_id}/{webhook_token}/messages/@original", "patch"},
	"followup":     {"/webhooks/{webhook_id}/{webhook_token}", "post"},
	"message":      {"/channels/{channel_id}/messages", "post"},
	"message-edit": {"/channels/{channel_id}/messages/{message_id}", "patch"},
	"commands":     {"/applications/{application_id}/commands", "put"},
}

// Spec checks request bodies against Discord's OpenAPI description: the
// JSON Schema keywords that description uses ($ref, allOf, anyOf, oneOf,
// type, const, enum, properties, required, additionalProperties, items,
// the length, count and range bounds, pattern). Formats are not checked,
// and, as the description never forbids extra fields, Check takes stray
// fields: StrayFields names them, and the fake counts them as broken rules.
type Spec struct {
	doc     map[string]any
	mu      sync.Mutex
	regexps map[string]*regexp.Regexp
}

var (
	specOnce   sync.Once
	sharedSpec *Spec
	specErr    error
)

// LoadSpec reads Discord's OpenAPI description once, from specPath in the
// nearest folder above the working directory that has it.
func LoadSpec() (*Spec, error) {
	specOnce.Do(func() {
		path, err := findUp(specPath)
		if err != nil {
			specErr = err
			return
		}
		sharedSpec, specErr = ReadSpec(path)
	})
	return sharedSpec, specErr
}

// ReadSpec reads an OpenAPI description from path.
func ReadSpec(path string) (*Spec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc map[string]any
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	if err := d.Decode(&doc); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &Spec{doc: doc, regexps: map[string]*regexp.Regexp{}}, nil
}

// findUp returns rel under the working directory or the nearest folder
// above it that has it.
func findUp(rel string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, rel)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("%s: not found in any folder above the working directory", rel)
		}
		dir = parent
	}
}

// CheckRoute checks a JSON body sent to one of the fake's routes against
// that operation's request schema; nil when it fits.
func (sp *Spec) CheckRoute(route string, body []byte) error {
	op, ok := operations[route]
	if !ok {
		return nil
	}
	schema := lookup(sp.doc, "paths", op[0], op[1], "requestBody", "content", "application/json", "schema")
	if schema == nil {
		return fmt.Errorf("%s %s: no request schema in the description", op[1], op[0])
	}
	return sp.Check(schema, body)
}

// CheckSchema checks a JSON value against the named schema of the
// description's components.
func (sp *Spec) CheckSchema(name string, body []byte) error {
	schema := lookup(sp.doc, "components", "schemas", name)
	if schema == nil {
		return fmt.Errorf("no schema %s in the description", name)
	}
	return sp.Check(schema, body)
}

// Check checks a JSON value against a schema of the description.
func (sp *Spec) Check(schema any, body []byte) error {
	var v any
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return err
	}
	if e := sp.check(v, schema, "body"); e != nil {
		return e
	}
	return nil
}

func lookup(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// resolve returns the schema a local reference ("#/components/...") names.
func (sp *Spec) resolve(ref string) any {
	return lookup(sp.doc, strings.Split(strings.TrimPrefix(ref, "#/"), "/")...)
}

// SchemaError says where a body breaks its schema and how.
type SchemaError struct {
	Path, Problem string
}

func (e *SchemaError) Error() string { return e.Path + ": " + e.Problem }

func fail(path, format string, args ...any) *SchemaError {
	return &SchemaError{Path: path, Problem: fmt.Sprintf(format, args...)}
}

// check validates v against schema; path names v in errors.
func (sp *Spec) check(v any, schema any, path string) *SchemaError {
	s, ok := schema.(map[string]any)
	if !ok {
		return nil // true, or a schema the description does not use
	}
	if ref, ok := s["$ref"].(string); ok {
		target := sp.resolve(ref)
		if target == nil {
			return fail(path, "unresolved reference %s", ref)
		}
		if e := sp.check(v, target, path); e != nil {
			return e
		}
	}
	for _, step := range []func(any, map[string]any, string) *SchemaError{
		sp.checkCombinators, checkType, checkValue, sp.checkObject, sp.checkArray, sp.checkString, checkNumber,
	} {
		if e := step(v, s, path); e != nil {
			return e
		}
	}
	return nil
}

func (sp *Spec) checkCombinators(v any, s map[string]any, path string) *SchemaError {
	if all, ok := s["allOf"].([]any); ok {
		for _, sub := range all {
			if e := sp.check(v, sub, path); e != nil {
				return e
			}
		}
	}
	for _, kw := range []string{"anyOf", "oneOf"} {
		branches, ok := s[kw].([]any)
		if !ok {
			continue
		}
		var best *SchemaError
		passed := 0
		for _, sub := range branches {
			if !sp.ofKind(v, sub) {
				continue // fails on its "type": Discord's unions are told apart by it
			}
			e := sp.check(v, sub, path)
			if e == nil {
				passed++
			} else if best == nil || len(e.Path) > len(best.Path) {
				best = e // the branch that got furthest says most
			}
		}
		if passed == 0 && best == nil {
			return fail(path+".type", "is %v, which no schema here takes", lookup(v, "type"))
		}
		switch {
		case passed == 0:
			return best
		case kw == "oneOf" && passed > 1:
			return fail(path, "fits %d of the schemas where exactly one must fit", passed)
		}
	}
	return nil
}

// ofKind reports whether an object's "type" field fits a branch's (Discord
// tells components and callbacks apart by it); true when either has none.
func (sp *Spec) ofKind(v any, branch any) bool {
	obj, ok := v.(map[string]any)
	kind, has := obj["type"]
	if !ok || !has {
		return true
	}
	for {
		ref, isRef := lookup(branch, "$ref").(string)
		if !isRef {
			break
		}
		branch = sp.resolve(ref)
	}
	want, _ := lookup(branch, "properties", "type").(map[string]any)
	if c, ok := want["const"]; ok {
		return sameJSON(kind, c)
	}
	if enum, ok := want["enum"].([]any); ok {
		for _, e := range enum {
			if sameJSON(kind, e) {
				return true
			}
		}
		return false
	}
	return true
}

// jsonType names v's JSON type; a number without a fraction or exponent
// is an integer too.
func jsonType(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case json.Number:
		if strings.ContainsAny(string(x), ".eE") {
			return "number"
		}
		return "integer"
	}
	return "unknown"
}

func checkType(v any, s map[string]any, path string) *SchemaError {
	var allowed []string
	switch t := s["type"].(type) {
	case string:
		allowed = []string{t}
	case []any:
		for _, x := range t {
			allowed = append(allowed, fmt.Sprint(x))
		}
	default:
		return nil
	}
	got := jsonType(v)
	for _, a := range allowed {
		if a == got || (a == "number" && got == "integer") {
			return nil
		}
	}
	return fail(path, "is %s, want %s", got, strings.Join(allowed, " or "))
}

func checkValue(v any, s map[string]any, path string) *SchemaError {
	if c, ok := s["const"]; ok && !sameJSON(v, c) {
		return fail(path, "is %v, want %v", v, c)
	}
	if enum, ok := s["enum"].([]any); ok {
		for _, e := range enum {
			if sameJSON(v, e) {
				return nil
			}
		}
		return fail(path, "is %v, not one of %v", v, enum)
	}
	return nil
}

// sameJSON compares two decoded JSON values; numbers by value.
func sameJSON(a, b any) bool {
	na, aok := a.(json.Number)
	nb, bok := b.(json.Number)
	if aok && bok && na == nb {
		return true
	}
	if aok && bok {
		fa, _ := na.Float64()
		fb, _ := nb.Float64()
		return fa == fb
	}
	return reflect.DeepEqual(a, b)
}

func (sp *Spec) checkObject(v any, s map[string]any, path string) *SchemaError {
	obj, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	if req, ok := s["required"].([]any); ok {
		for _, r := range req {
			if _, ok := obj[r.(string)]; !ok {
				return fail(path, "has no %s, which is required", r)
			}
		}
	}
	if e := checkCount(len(obj), s, "maxProperties", "minProperties", path, "fields"); e != nil {
		return e
	}
	props, _ := s["properties"].(map[string]any)
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the same error first every time
	for _, k := range keys {
		sub, known := props[k]
		switch {
		case known:
		case s["additionalProperties"] == false:
			return fail(path, "has %s, which is not allowed", k)
		default:
			sub = s["additionalProperties"]
		}
		if e := sp.check(obj[k], sub, path+"."+k); e != nil {
			return e
		}
	}
	return nil
}

func (sp *Spec) checkArray(v any, s map[string]any, path string) *SchemaError {
	arr, ok := v.([]any)
	if !ok {
		return nil
	}
	if e := checkCount(len(arr), s, "maxItems", "minItems", path, "items"); e != nil {
		return e
	}
	if s["uniqueItems"] == true {
		for i := range arr {
			for j := i + 1; j < len(arr); j++ {
				if sameJSON(arr[i], arr[j]) {
					return fail(path, "items %d and %d are the same, and must be unique", i, j)
				}
			}
		}
	}
	for i, item := range arr {
		if e := sp.check(item, s["items"], fmt.Sprintf("%s[%d]", path, i)); e != nil {
			return e
		}
	}
	return nil
}

func (sp *Spec) checkString(v any, s map[string]any, path string) *SchemaError {
	str, ok := v.(string)
	if !ok {
		return nil
	}
	if e := checkCount(utf8.RuneCountInString(str), s, "maxLength", "minLength", path, "characters"); e != nil {
		return e
	}
	if p, ok := s["pattern"].(string); ok {
		sp.mu.Lock()
		re, ok := sp.regexps[p]
		if !ok {
			re = regexp.MustCompile(p) // the description's own patterns
			sp.regexps[p] = re
		}
		sp.mu.Unlock()
		if !re.MatchString(str) {
			return fail(path, "%q does not match %s", str, p)
		}
	}
	return nil
}

func checkNumber(v any, s map[string]any, path string) *SchemaError {
	n, ok := v.(json.Number)
	if !ok {
		return nil
	}
	f, _ := n.Float64()
	if m, ok := s["maximum"].(json.Number); ok {
		if max, _ := m.Float64(); f > max {
			return fail(path, "is %s, more than %s", n, m)
		}
	}
	if m, ok := s["minimum"].(json.Number); ok {
		if min, _ := m.Float64(); f < min {
			return fail(path, "is %s, less than %s", n, m)
		}
	}
	return nil
}

// checkCount checks a count against a schema's upper and lower bounds.
func checkCount(n int, s map[string]any, maxKey, minKey, path, what string) *SchemaError {
	if m, ok := s[maxKey].(json.Number); ok {
		if max, _ := m.Int64(); int64(n) > max {
			return fail(path, "has %d %s, more than %d", n, what, max)
		}
	}
	if m, ok := s[minKey].(json.Number); ok {
		if min, _ := m.Int64(); int64(n) < min {
			return fail(path, "has %d %s, fewer than %d", n, what, min)
		}
	}
	return nil
}

// StrayFields returns, sorted, the top-level fields of a body sent to one
// of the fake's routes that the operation's request schema does not name
// in any of its branches. Discord's description leaves these objects open
// (it never forbids extra fields), so Check takes them; Discord ignores or
// refuses them, and a bot should not send them.
func (sp *Spec) StrayFields(route string, body []byte) []string {
	op, ok := operations[route]
	if !ok {
		return nil
	}
	var obj map[string]any
	if json.Unmarshal(body, &obj) != nil {
		return nil
	}
	named := map[string]bool{}
	sp.fieldNames(lookup(sp.doc, "paths", op[0], op[1], "requestBody", "content", "application/json", "schema"), named, 0)
	var out []string
	for k := range obj {
		if !named[k] {
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

// fieldNames adds to named every property a schema names, through its
// references and all its branches.
func (sp *Spec) fieldNames(schema any, named map[string]bool, depth int) {
	s, ok := schema.(map[string]any)
	if !ok || depth > 16 {
		return
	}
	if ref, ok := s["$ref"].(string); ok {
		sp.fieldNames(sp.resolve(ref), named, depth+1)
	}
	if props, ok := s["properties"].(map[string]any); ok {
		for k := range props {
			named[k] = true
		}
	}
	for _, kw := range []string{"allOf", "anyOf", "oneOf"} {
		branches, _ := s[kw].([]any)
		for _, b := range branches {
			sp.fieldNames(b, named, depth+1)
		}
	}
}
