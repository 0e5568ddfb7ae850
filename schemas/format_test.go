package schemas

import "testing"

func TestURIFormatFollowsRFC3986(t *testing.T) {
	s := compiled(t)
	cases := map[string]bool{
		"https://demo.rtq.dev/r/rc8Xk2":     true,
		"https://demo.rtq.dev/r/%E4%B8%AD":  true,
		"HTTPS://A.COM/":                    true,
		"https://[::1]:8080/x?a=1&b=2#frag": true,
		"urn:isbn:123":                      true,
		"https://demo.rtq.dev/r/中文":         false,
		"https://a.com/x y":                 false,
		"https://a b.com/x":                 false,
		"https://a.com/x|y":                 false,
		`https://a.com/x\y`:                 false,
		"https://a.com/%zz":                 false,
		"https://a.com/%4":                  false,
		"//a.com/x":                         false,
		"img/1.jpg":                         false,
		"":                                  false,
	}
	for uri, want := range cases {
		err := s.ValidateFieldValue("image", []any{map[string]any{"url": uri, "size": nil, "width": 1, "height": 1}})
		if got := err == nil; got != want {
			t.Errorf("url %q: valid = %v, want %v (%v)", uri, got, want, err)
		}
	}
}
