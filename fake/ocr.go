package fake

import "strconv"

// ocrSpec says what an OCR field recognises: its items and whether it keeps
// the source image (image is null for types without one, docs/contract.md §2.1).
type ocrSpec struct {
	items    []ocrItem
	hasImage bool
}

type ocrItem struct {
	title, unit string
	gen         func(f *Faker) string
}

func meter(unit string, lo, hi int64) []ocrItem {
	return []ocrItem{{"读数", unit, func(f *Faker) string { return decimal(f.Between(lo*10, hi*10)) }}}
}

func decimal(tenths int64) string {
	return strconv.FormatFloat(float64(tenths)/10, 'f', 1, 64)
}

func name(f *Faker) string              { return f.Name() }
func idNo(f *Faker) string              { return f.IdentityNumber() }
func plate(f *Faker) string             { return f.Plate() }
func company(f *Faker) string           { return f.Company() }
func date(f *Faker) string              { return f.Date() }
func addr(f *Faker) string              { return f.Address().Full() }
func digitsN(n int) func(*Faker) string { return func(f *Faker) string { return f.digits(n) } }
func pickOf(list ...string) func(*Faker) string {
	return func(f *Faker) string { return pick(f, list) }
}

// ocrSpecs has one entry per ocr_* field type of contract.FieldTypes (a
// test names a missing one; there is no fallback reading).
var ocrSpecs = map[string]ocrSpec{
	"ocr_id_card": {[]ocrItem{{"姓名", "", name}, {"公民身份号码", "", idNo}, {"住址", "", addr}}, true},
	"ocr_bank_card": {[]ocrItem{{"卡号", "", func(f *Faker) string { return "6222" + f.digits(15) }},
		{"银行名称", "", pickOf("中国工商银行", "中国建设银行", "招商银行", "中国银行")}}, true},
	"ocr_vehicle_license": {[]ocrItem{{"号牌号码", "", plate}, {"所有人", "", name}, {"注册日期", "", date}}, true},
	"ocr_driving_license": {[]ocrItem{{"姓名", "", name}, {"证号", "", idNo}, {"准驾车型", "", pickOf("A1", "B2", "C1", "C2")}}, true},
	"ocr_car_number":      {[]ocrItem{{"车牌号", "", plate}}, true},
	"ocr_car_vin":         {[]ocrItem{{"车架号", "", func(f *Faker) string { return "LSV" + f.vin(14) }}}, false},
	"ocr_business_license": {[]ocrItem{{"名称", "", company}, {"统一社会信用代码", "", func(f *Faker) string { return "91" + f.digits(6) + f.vin(10) }},
		{"法定代表人", "", name}}, true},
	"ocr_way_bill":        {[]ocrItem{{"运单号", "", func(f *Faker) string { return "SF" + f.digits(12) }}, {"收件人", "", name}}, true},
	"ocr_special_operate": {[]ocrItem{{"姓名", "", name}, {"作业类别", "", pickOf("电工作业", "焊接与热切割作业", "高处作业")}, {"有效期至", "", date}}, true},
	"ocr_general_cert":    {[]ocrItem{{"证书编号", "", digitsN(12)}, {"持证人", "", name}}, false},
	"ocr_degree_cert":     {[]ocrItem{{"姓名", "", name}, {"学位", "", pickOf("学士", "硕士", "博士")}, {"证书编号", "", digitsN(16)}}, true},
	"ocr_diploma_cert":    {[]ocrItem{{"姓名", "", name}, {"专业", "", pickOf("土木工程", "计算机科学与技术", "会计学")}, {"证书编号", "", digitsN(18)}}, true},
	"ocr_dashboard_mile":  {meter("km", 100, 300000), true},
	"ocr_electric_meter":  {meter("kWh", 10, 99999), true},
	"ocr_water_meter":     {meter("m³", 1, 9999), true},
	"ocr_hygrother_mograp": {[]ocrItem{{"温度", "℃", func(f *Faker) string { return decimal(f.Between(-100, 400)) }},
		{"湿度", "%", func(f *Faker) string { return decimal(f.Between(100, 950)) }}}, true},
	"ocr_gas_meter":           {meter("m³", 1, 9999), true},
	"ocr_pressure_meter":      {meter("MPa", 0, 25), true},
	"ocr_general_meter":       {meter("", 0, 9999), true},
	"ocr_digital_meter":       {meter("", 0, 99999), true},
	"ocr_roll_meter":          {meter("m³", 0, 99999), true},
	"ocr_pointer_meter":       {meter("MPa", 0, 16), true},
	"ocr_liquid_column_meter": {meter("mm", 0, 2000), true},
}

// vin returns n characters of a vehicle identification number (no I, O, Q).
func (f *Faker) vin(n int) string {
	const chars = "0123456789ABCDEFGHJKLMNPRSTUVWXYZ"
	b := make([]byte, n)
	for i := range b {
		b[i] = chars[f.intn(len(chars))]
	}
	return string(b)
}

func (f *Faker) ocr(typ string) any {
	spec := ocrSpecs[typ] // every OCR type has one: TestEveryFieldTypeHasItsGenerator
	items := make([]any, len(spec.items))
	for i, it := range spec.items {
		items[i] = map[string]any{
			"item_id":      float64(i + 1),
			"item_title":   it.title,
			"value":        it.gen(f),
			"unit":         it.unit,
			"unit_enabled": it.unit != "",
		}
	}
	var image any
	if spec.hasImage {
		image = f.ImageItem()
	}
	return map[string]any{"items": items, "image": image}
}
