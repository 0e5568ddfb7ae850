package openapi

// OpenAPI tools read a schema more strictly than JSON Schema does: Redocly
// (and generators built like it) treat an object that does not say whether
// it admits other members as closed, and want every required member
// declared beside the required list. The schemas of schemas/ rely on JSON
// Schema's defaults (open objects, members declared in an if/then branch
// or not at all), so a plain `redocly lint` of the document reported every
// example carrying a member the kit adds (message_detail) as invalid.
// explicit writes those defaults out in the document: the meaning is
// unchanged (TestLossless compares after the same step), but no tool has
// to guess it.

// explicit states, in every schema of tree (changed in place), that an
// object admits other members unless it says otherwise, and declares each
// required member that its schema does not (with the empty schema, which
// admits any value).
func explicit(tree any) {
	switch n := tree.(type) {
	case map[string]any:
		for k, v := range n {
			if !dataKeywords[k] {
				explicit(v)
			}
		}
		declareRequired(n)
		if isObjectSchema(n) && n["additionalProperties"] == nil && n["unevaluatedProperties"] == nil {
			n["additionalProperties"] = true
		}
	case []any:
		for _, v := range n {
			explicit(v)
		}
	}
}

// isObjectSchema: a schema of objects, by its type or its properties.
func isObjectSchema(n map[string]any) bool {
	_, hasProps := n["properties"].(map[string]any)
	return n["type"] == "object" || hasProps
}

// declareRequired adds to properties each required name it lacks.
func declareRequired(n map[string]any) {
	req, ok := n["required"].([]any)
	if !ok {
		return
	}
	props, _ := n["properties"].(map[string]any)
	for _, r := range req {
		name, ok := r.(string)
		if !ok {
			continue
		}
		if _, declared := props[name]; declared {
			continue
		}
		if props == nil {
			props = map[string]any{}
			n["properties"] = props
		}
		props[name] = map[string]any{}
	}
}

// dataKeywords hold values, not schemas: nothing in them is touched.
var dataKeywords = map[string]bool{"enum": true, "const": true, "examples": true, "default": true, "example": true}
