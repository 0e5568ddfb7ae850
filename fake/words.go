package fake

// Small Chinese word tables. They are data, not behaviour: generation picks
// from them with the seeded engine, so the same seed gives the same words.

var surnames = []string{
	"王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱",
	"胡", "郭", "何", "高", "林", "罗", "郑", "梁", "谢", "宋", "唐", "许", "韩", "冯",
	"邓", "曹", "彭", "曾", "肖", "田", "董", "袁", "潘", "于", "蒋", "蔡", "欧阳", "司马",
}

var givenChars = []string{
	"伟", "芳", "娜", "秀", "敏", "静", "丽", "强", "磊", "军", "洋", "勇", "艳", "杰",
	"娟", "涛", "明", "超", "霞", "平", "刚", "桂", "英", "华", "玉", "萍", "红", "鹏",
	"辉", "建", "国", "文", "亮", "晨", "思", "雨", "欣", "宇", "浩", "然", "嘉", "怡",
	"子", "轩", "梓", "涵", "一", "诺", "博", "雅", "俊", "琳", "志", "海", "佳", "晓",
}

var mobilePrefixes = []string{
	"130", "131", "132", "133", "135", "136", "137", "138", "139", "147", "150", "151",
	"152", "153", "155", "156", "157", "158", "159", "166", "170", "173", "175", "176",
	"177", "178", "180", "181", "182", "183", "185", "186", "187", "188", "189", "191",
	"195", "198", "199",
}

// plateProvinces are the one-character province abbreviations of Chinese
// number plates.
var plateProvinces = []string{
	"京", "津", "沪", "渝", "冀", "豫", "云", "辽", "黑", "湘", "皖", "鲁", "新", "苏",
	"浙", "赣", "鄂", "桂", "甘", "晋", "蒙", "陕", "吉", "闽", "贵", "粤", "青", "藏",
	"川", "宁", "琼",
}

// plateChars excludes I and O, as Chinese plates do.
const plateChars = "0123456789ABCDEFGHJKLMNPQRSTUVWXYZ"
const plateLetters = "ABCDEFGHJKLMNPQRSTUVWXYZ"
const plateDigits = "0123456789"

var companyWords = []string{
	"示例", "华信", "启明", "瑞达", "恒通", "中科", "星河", "博远", "安泰", "远景",
	"同创", "宏图", "卓越", "天成", "金石", "云帆", "智联", "鼎盛", "正和", "新元",
}

var companyTrades = []string{
	"科技", "信息技术", "智能制造", "物业管理", "建设工程", "检测技术", "物流", "环保科技",
	"医疗器械", "电力工程", "食品", "安全技术",
}

var companySuffixes = []string{"有限公司", "股份有限公司", "集团有限公司"}

var formSubjects = []string{
	"设备", "消防", "电梯", "食品安全", "施工", "访客", "车辆", "危化品", "特种设备",
	"员工", "仓储", "配电房", "锅炉", "门店", "校园", "工地", "药品", "冷链",
}

var formActions = []string{
	"巡检记录表", "检查表", "登记表", "维保记录", "验收单", "隐患排查表", "出入登记",
	"培训签到表", "交接班记录", "整改通知单", "合格证", "检验报告",
}

var textPhrases = []string{
	"运行正常", "已按要求整改", "外观完好，无破损", "指示灯正常", "压力在正常范围内",
	"现场整洁，通道畅通", "标识清晰", "需要更换滤芯", "已通知维修人员", "设备已停用待修",
	"记录齐全", "复查合格", "未发现异常", "润滑良好", "接地可靠",
}

var radioOptions = []string{"合格", "不合格", "待复查", "不适用", "正常", "异常"}

var checkboxOptions = []string{"外观", "功能", "标识", "记录", "清洁", "安全防护", "紧固件", "电气线路"}

var units = []string{"kg", "m", "℃", "MPa", "kWh", "m³", "L", "个", "台", "次"}

var fileNames = []string{
	"检验报告.pdf", "整改照片.zip", "合同扫描件.pdf", "设备清单.xlsx", "操作规程.docx",
	"培训记录.pdf", "验收资料.rar", "巡检数据.csv",
}

var auditReasons = []string{"", "图片清晰", "图片模糊，请重新上传", "未识别到设备铭牌", "识别服务超时"}

// aiAuditTexts are the labels of ai_audit_result.audit_status 0..4 (docs/contract.md §3.4).
var aiAuditTexts = []string{"默认", "审核通过", "审核不通过", "审核异常", "待审核"}

var matrixColumns = []struct{ title, typ string }{
	{"姓名", "text"}, {"性别", "sex"}, {"身份证号", "identity"}, {"入职日期", "date"},
	{"住址", "owner_address"}, {"岗位", "radio"},
}

var positions = []string{"班组长", "操作工", "安全员", "电工", "质检员", "仓管员"}
