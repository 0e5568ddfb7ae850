package fake

import (
	"time"

	"github.com/rtq-kit/rtq/contract"
)

// MediaHost serves every generated media URL. It is a reserved example
// domain: nothing real is ever fetched.
const MediaHost = "https://cdn.rtq.example"

func (f *Faker) mediaURL(kind, ext string) string {
	y, m, _ := time.Unix(f.Time(), 0).In(contract.Zone).Date()
	b := make([]byte, 0, len(MediaHost)+len(kind)+len(ext)+28)
	b = append(append(append(b, MediaHost...), '/'), kind...)
	b = append2(append4(append(b, '/'), y), int(m)) // /YYYYMM
	b = append(append(append(append(b, '/'), f.Hex(16)...), '.'), ext...)
	return string(b)
}

func (f *Faker) uploadISO() string { return iso(f.Time()) }

// ImageItem returns an ImageItem (docs/contract.md §2.1): url, size in bytes, width and
// height in pixels, upload time and, on about a third of the images, an
// ai_audit_result.
func (f *Faker) ImageItem() map[string]any {
	w, h := any(1080.0), any(1440.0) // constants: boxing them costs nothing
	if f.intn(2) == 0 {
		w, h = any(1920.0), any(1080.0)
	}
	item := map[string]any{
		"url":             f.mediaURL("img", "jpg"),
		"size":            float64(f.Between(80_000, 3_500_000)),
		"width":           w,
		"height":          h,
		"upload_time_iso": f.uploadISO(),
	}
	if f.intn(3) == 0 {
		st := f.intn(len(aiAuditTexts))
		item["ai_audit_result"] = map[string]any{
			"audit_status":      float64(st),
			"audit_status_text": aiAuditTexts[st],
			"reason":            auditReasons[st],
		}
	}
	return item
}

// AudioItem returns an audio item with a duration in seconds and, when the
// recording was transcribed, its text and abstract.
func (f *Faker) AudioItem() map[string]any {
	text := f.Phrase() + "，" + f.Phrase()
	return map[string]any{
		"url":             f.mediaURL("audio", "mp3"),
		"size":            float64(f.Between(20_000, 2_000_000)),
		"duration":        float64(f.Between(30, 1800)) / 10,
		"translated_text": text,
		"abstract_text":   f.Phrase(),
		"upload_time_iso": f.uploadISO(),
	}
}

// VideoItem returns a video item with a plausible size and duration.
func (f *Faker) VideoItem() map[string]any {
	return map[string]any{
		"url":             f.mediaURL("video", "mp4"),
		"size":            float64(f.Between(500_000, 80_000_000)),
		"duration":        float64(f.Between(50, 3000)) / 10,
		"upload_time_iso": f.uploadISO(),
	}
}

// FileItem returns a file item whose file_name has an extension.
func (f *Faker) FileItem() map[string]any {
	name := pick(f, fileNames)
	ext := name[len(name)-3:]
	if ext == "ocx" || ext == "lsx" {
		ext = name[len(name)-4:]
	}
	return map[string]any{
		"url":             f.mediaURL("file", ext),
		"size":            float64(f.Between(10_000, 20_000_000)),
		"file_name":       name,
		"upload_time_iso": f.uploadISO(),
	}
}

func (f *Faker) images(min, max int) []any {
	n := min + f.intn(max-min+1)
	out := make([]any, n)
	for i := range out {
		out[i] = f.ImageItem()
	}
	return out
}

// editMedia is a media item of a SubQrcodeEditChangeItem: the members the
// spec allows for the edited field's type.
func (f *Faker) editMedia(typ string) map[string]any {
	switch typ {
	case "image", "signature":
		m := f.ImageItem()
		delete(m, "upload_time_iso")
		return m
	case "audio":
		m := f.AudioItem()
		delete(m, "upload_time_iso")
		return m
	case "video":
		m := f.VideoItem()
		delete(m, "upload_time_iso")
		return m
	default:
		m := f.FileItem()
		delete(m, "upload_time_iso")
		return m
	}
}

// iso is contract.ISO without time.Format's layout parsing: generation
// formats hundreds of thousands of these, and the output is identical (a
// test compares them).
func iso(sec int64) string {
	t := time.Unix(sec, 0).In(contract.Zone)
	y, mo, d := t.Date()
	h, mi, s := t.Clock()
	b := make([]byte, 0, len(contract.ISOLayout))
	b = append4(b, y)
	b = append(b, '-')
	b = append2(b, int(mo))
	b = append(b, '-')
	b = append2(b, d)
	b = append(b, ' ')
	b = append2(b, h)
	b = append(b, ':')
	b = append2(b, mi)
	b = append(b, ':')
	b = append2(b, s)
	return string(append(b, "(UTC+08:00)"...))
}

func append2(b []byte, n int) []byte { return append(b, byte('0'+n/10), byte('0'+n%10)) }
func append4(b []byte, n int) []byte { return append2(append2(b, n/100), n%100) }
