package fake

import (
	"strconv"

	"github.com/rtq-kit/rtq/contract"
)

// FieldValue returns a field_value for fieldType, JSON-shaped (string,
// float64, bool, nil, []any, map[string]any) and valid for the type's shape
// in docs/contract.md §2.1. An unknown type gets a short text, so callers that validated
// the type first never see a surprise. Every shape of contract.ValueShapes
// has its generator in byShape (TestEveryShapeHasAGenerator), every string
// type its own in stringValues (TestEveryFieldTypeHasItsGenerator).
func (f *Faker) FieldValue(fieldType string) any {
	if gen, ok := stringValues[fieldType]; ok {
		return gen(f)
	}
	ft, ok := contract.FieldTypeByName(fieldType)
	if !ok {
		return f.Phrase()
	}
	gen, ok := byShape[ft.Shape]
	if !ok {
		panic("fake/values.go: byShape has no generator for value shape " + string(ft.Shape) + " of " + ft.Name)
	}
	return gen(f, ft)
}

// byShape generates a value of each shape but the string one, whose types
// each have a generator of their own (stringValues).
var byShape = map[contract.ValueShape]func(f *Faker, ft contract.FieldType) any{
	contract.ShapeOption:        func(f *Faker, ft contract.FieldType) any { return f.option(ft.Name) },
	contract.ShapeNumber:        func(f *Faker, _ contract.FieldType) any { return f.number() },
	contract.ShapeCheckbox:      func(f *Faker, _ contract.FieldType) any { return map[string]any{"values": f.checkboxValues()} },
	contract.ShapeChecklist:     func(f *Faker, _ contract.FieldType) any { return f.checklist() },
	contract.ShapeMatrix:        func(f *Faker, _ contract.FieldType) any { return map[string]any{"columns": f.matrixColumns()} },
	contract.ShapeDynamicMatrix: func(f *Faker, _ contract.FieldType) any { return f.dynamicMatrix() },
	contract.ShapeAddress: func(f *Faker, _ contract.FieldType) any {
		a := f.Address()
		return map[string]any{"address": a.Full(), "lat": a.Lat, "lng": a.Lng}
	},
	contract.ShapeOwnerAddress:   func(f *Faker, _ contract.FieldType) any { return f.ownerAddress() },
	contract.ShapeChainedSelects: func(f *Faker, _ contract.FieldType) any { return f.chainedSelects() },
	contract.ShapeImages: func(f *Faker, ft contract.FieldType) any {
		if ft.Name == "signature" {
			return f.images(1, 1)
		}
		return f.images(1, 3)
	},
	contract.ShapeAudio: func(f *Faker, _ contract.FieldType) any { return []any{f.AudioItem()} },
	contract.ShapeVideo: func(f *Faker, _ contract.FieldType) any { return []any{f.VideoItem()} },
	contract.ShapeFile:  func(f *Faker, _ contract.FieldType) any { return []any{f.FileItem(), f.FileItem()}[:1+f.intn(2)] },
	contract.ShapeDescription: func(f *Faker, _ contract.FieldType) any {
		return map[string]any{"description_html": "<p><strong>" + f.FormTitle() + "</strong></p><p>" + f.Phrase() + "。</p>"}
	},
	contract.ShapeOCR:      func(f *Faker, ft contract.FieldType) any { return f.ocr(ft.Name) },
	contract.ShapeEditDiff: func(f *Faker, _ contract.FieldType) any { return f.editDiff() },
}

// stringValues generates the string-shaped types, one entry per type (a
// test names a missing one).
var stringValues = map[string]func(*Faker) any{
	"name":            func(f *Faker) any { return f.Name() },
	"tel":             func(f *Faker) any { return f.Mobile() },
	"recorder":        func(f *Faker) any { return f.Name() },
	"identity":        func(f *Faker) any { return f.IdentityNumber() },
	"job_number":      func(f *Faker) any { return "GH" + f.digits(6) },
	"text":            func(f *Faker) any { return f.Phrase() },
	"textarea":        func(f *Faker) any { return f.Phrase() + "；" + f.Phrase() + "。" },
	"date":            func(f *Faker) any { return f.Date() },
	"time":            func(f *Faker) any { return pad2(7+f.intn(12)) + ":" + pad2(f.intn(60)) },
	"customer_name":   func(f *Faker) any { return f.Name() },
	"customer_mobile": func(f *Faker) any { return f.Mobile() },
	"customer_number": func(f *Faker) any { return "KH" + f.digits(8) },
	"carnumber":       func(f *Faker) any { return f.Plate() },
}

// Date returns a date "YYYY-MM-DD" inside the generation range.
func (f *Faker) Date() string { return iso(f.Time())[:10] }

func (f *Faker) option(fieldType string) any {
	if fieldType == "sex" {
		i := f.intn(2)
		return map[string]any{"option_text": []string{"男", "女"}[i], "option_id": float64(i + 1)}
	}
	i := f.intn(len(radioOptions) + 1)
	if i == len(radioOptions) { // "other" with a supplement
		return map[string]any{"option_text": "其他[" + f.Phrase() + "]", "option_id": float64(99)}
	}
	return map[string]any{"option_text": radioOptions[i], "option_id": float64(i + 1)}
}

func (f *Faker) number() any {
	unit := ""
	if f.intn(3) > 0 {
		unit = pick(f, units)
	}
	return map[string]any{
		"value":        float64(f.Between(0, 100000)) / 100,
		"unit":         unit,
		"unit_enabled": unit != "",
	}
}

func (f *Faker) checkboxValues() []any {
	start := f.intn(len(checkboxOptions))
	n := 1 + f.intn(3)
	out := make([]any, 0, n)
	for i := 0; i < n; i++ {
		j := (start + i) % len(checkboxOptions)
		out = append(out, map[string]any{"option_id": float64(j + 1), "option_text": checkboxOptions[j]})
	}
	return out
}

func (f *Faker) checklist() any {
	n := 2 + f.intn(2)
	out := make([]any, n)
	for i := range out {
		ok := f.intn(4) > 0
		text, id, desc, imgs := "合格", 1.0, "", []any{}
		if !ok {
			text, id, desc, imgs = "不合格", 2.0, f.Phrase(), f.images(1, 1)
		}
		out[i] = map[string]any{
			"item_id":    float64(i + 1),
			"item_title": pick(f, checkboxOptions) + "检查",
			"value": map[string]any{
				"option_id": id, "option_text": text, "description": desc, "images": imgs,
			},
		}
	}
	return out
}

func (f *Faker) matrixColumns() []any {
	out := make([]any, len(matrixColumns))
	for i, c := range matrixColumns {
		var text, uuid any
		switch c.typ {
		case "sex":
			text, uuid = []string{"男", "女"}[f.intn(2)], f.uuid()
		case "radio":
			text, uuid = pick(f, positions), f.uuid()
		case "identity":
			text = f.IdentityNumber()
		case "date":
			text = f.Date()
		case "owner_address":
			text = f.Address().Full()
		default:
			text = f.Name()
		}
		out[i] = map[string]any{
			"column_id": float64(i + 1), "column_title": c.title, "column_type": c.typ,
			"value": map[string]any{"text": text, "option_uuid": uuid},
		}
	}
	return out
}

func (f *Faker) dynamicMatrix() any {
	n := 1 + f.intn(3)
	rows := make([]any, n)
	for i := range rows {
		rows[i] = map[string]any{"columns": f.matrixColumns()}
	}
	return map[string]any{"rows": rows}
}

func (f *Faker) ownerAddress() any {
	a := f.Address()
	return map[string]any{
		"province": a.Province, "city": a.City, "district": a.District,
		"street": a.Street, "detail": a.Detail, "full_address": a.Full(),
	}
}

func (f *Faker) chainedSelects() any {
	p := places[f.intn(len(places))]
	base := f.intn(100) * 1000
	names := []string{p.province, p.city, p.district}
	out := make([]any, len(names))
	for i, n := range names {
		out[i] = map[string]any{"option_id": float64(base + i + 1), "option_text": n, "level": float64(i + 1)}
	}
	return map[string]any{"values": out}
}

func (f *Faker) editDiff() any {
	n := 1 + f.intn(2)
	out := make([]any, n)
	for i := range out {
		typ := pick(f, contract.EditDiffFieldTypes)
		out[i] = map[string]any{
			"field_id":     float64(100 + i),
			"field_title":  FieldTitle(typ),
			"field_type":   typ,
			"before_value": f.editValue(typ),
			"after_value":  f.editValue(typ),
		}
	}
	return out
}

func (f *Faker) editValue(typ string) any {
	switch typ {
	case "image", "signature", "audio", "video", "file":
		return map[string]any{"text_content": "", "media_items": []any{f.editMedia(typ)}}
	case "number":
		return map[string]any{"text_content": strconv.Itoa(f.intn(1000)), "media_items": []any{}}
	case "date":
		return map[string]any{"text_content": f.Date(), "media_items": []any{}}
	}
	return map[string]any{"text_content": f.Phrase(), "media_items": []any{}}
}
