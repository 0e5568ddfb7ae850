package fake

import "strconv"

// place is one district with the numbers that make generated data coherent:
// the identity-number area code and a point near its centre.
type place struct {
	province, city, district string
	areaCode                 string // first six digits of an identity number
	lat, lng                 float64
}

var places = []place{
	{"北京市", "北京市", "朝阳区", "110105", 39.921, 116.443},
	{"北京市", "北京市", "海淀区", "110108", 39.959, 116.298},
	{"上海市", "上海市", "浦东新区", "310115", 31.221, 121.544},
	{"上海市", "上海市", "徐汇区", "310104", 31.188, 121.437},
	{"广东省", "广州市", "天河区", "440106", 23.125, 113.361},
	{"广东省", "深圳市", "南山区", "440305", 22.533, 113.930},
	{"浙江省", "杭州市", "西湖区", "330106", 30.259, 120.130},
	{"江苏省", "南京市", "鼓楼区", "320106", 32.066, 118.770},
	{"四川省", "成都市", "武侯区", "510107", 30.642, 104.043},
	{"湖北省", "武汉市", "洪山区", "420111", 30.500, 114.343},
	{"陕西省", "西安市", "雁塔区", "610113", 34.213, 108.948},
	{"山东省", "青岛市", "市南区", "370202", 36.066, 120.383},
	{"天津市", "天津市", "和平区", "120101", 39.117, 117.195},
	{"福建省", "厦门市", "思明区", "350203", 24.445, 118.082},
}

var streets = []string{
	"人民路", "建设路", "中山路", "解放路", "长江路", "学院路", "科技园路", "滨江大道",
	"和平街", "文化路", "光明街道", "新华路", "东风路", "青年路",
}

var buildings = []string{"号", "号院", "号楼", "号大厦"}

// Address is a Chinese postal address with a point inside China: province →
// city → district → street, then the house detail.
type Address struct {
	Province, City, District, Street, Detail string
	Lat, Lng                                 float64
}

// Full is the address written out as one line, the way forms show it.
func (a Address) Full() string {
	city := a.City
	if city == a.Province { // municipalities: 北京市北京市 reads wrong
		city = ""
	}
	return a.Province + city + a.District + a.Street + a.Detail
}

// Address returns a random address; lat/lng stay within about 0.05° of the
// district centre, so always inside China.
func (f *Faker) Address() Address {
	p := places[f.intn(len(places))]
	return Address{
		Province: p.province,
		City:     p.city,
		District: p.district,
		Street:   pick(f, streets),
		Detail:   strconv.Itoa(1+f.intn(399)) + pick(f, buildings),
		Lat:      round6(p.lat + f.signedUnit()*0.05),
		Lng:      round6(p.lng + f.signedUnit()*0.05),
	}
}

// signedUnit is uniform in [-1, 1).
func (f *Faker) signedUnit() float64 { return f.g.Float64()*2 - 1 }

func round6(x float64) float64 { return float64(int64(x*1e6)) / 1e6 }
