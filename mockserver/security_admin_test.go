package mockserver_test

// The admin side of security: an admin token protects every /__admin
// call and nothing else, and secrets are compared in constant time
// (checked in the source: timing tests are flaky by nature, the code that
// compares is not). That the CLI warns when it listens beyond loopback
// without a token is tested in cmd/rtq (mock_warn_test.go).

import (
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/mockserver"
	"github.com/rtq-kit/rtq/testkit/mocktest"
)

func TestSecurityAdminToken(t *testing.T) {
	const token = "adm-7c1e-not-a-real-token"
	m := mocktest.Start(t, mocktest.Default(t), mockserver.Options{AdminToken: token})
	calls := []struct{ method, path string }{
		{http.MethodGet, "/__admin/health"}, {http.MethodGet, "/__admin/profile"},
		{http.MethodPost, "/__admin/reset"}, {http.MethodGet, "/__admin/requests"},
		{http.MethodDelete, "/__admin/requests"}, {http.MethodPost, "/__admin/scenario"},
		{http.MethodGet, "/__admin/nope"},
	}
	for _, c := range calls {
		for _, auth := range []string{"", "Bearer wrong", "Bearer " + token + "x", "Basic " + token, token} {
			a := mocktest.Do(t, c.method, m.URL+c.path, map[string]string{"Authorization": auth}, strings.NewReader("name: ["))
			if a.Status != http.StatusUnauthorized {
				t.Errorf("%s %s with Authorization %q: HTTP %d, want 401", c.method, c.path, auth, a.Status)
			}
		}
	}
	ok := mocktest.Do(t, http.MethodGet, m.URL+"/__admin/health", map[string]string{"Authorization": "Bearer " + token}, nil)
	if ok.Status != 200 {
		t.Errorf("health with the right token: HTTP %d %s", ok.Status, ok.Body)
	}
	reset := mocktest.Do(t, http.MethodPost, m.URL+"/__admin/reset", map[string]string{"Authorization": "bearer " + token}, nil)
	if reset.Status != 200 {
		t.Errorf("reset with the right token: HTTP %d %s", reset.Status, reset.Body)
	}
	if strings.Contains(m.Log.String(), token) {
		t.Errorf("the admin token appears in the log")
	}
	if a := mocktest.Post(t, m.URL, contract.GetFormList.Path(), mocktest.Key(t, m.Server.Scenario(), "demo-read").Secret, `{}`); a.Status != 200 {
		t.Errorf("the admin token closed the API too: HTTP %d %s", a.Status, a.Body)
	}
}

// TestSecurityConstantTimeCompare reads the mock's source: no secret
// (Key.Secret, AdminToken, a bearer token) is compared with == or !=,
// the admin token goes through crypto/subtle, and API keys are looked up
// by SHA-256 digest.
func TestSecurityConstantTimeCompare(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	more, _ := filepath.Glob("internal/*/*.go")
	files = append(files, more...)
	fset := token.NewFileSet()
	var sawSubtle, sawDigest bool
	secretName := regexp.MustCompile(`(?i)(secret|admintoken|token|bearer)$`)
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatalf("parse %s: %v", file, err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "subtle" && n.Sel.Name == "ConstantTimeCompare" {
					sawSubtle = true
				}
				if x, ok := n.X.(*ast.Ident); ok && x.Name == "sha256" && n.Sel.Name == "Sum256" {
					sawDigest = true
				}
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					for _, side := range []ast.Expr{n.X, n.Y} {
						if name := exprName(side); secretName.MatchString(name) && !isEmptyString(n.X) && !isEmptyString(n.Y) {
							t.Errorf("%s: %s compared with %s", fset.Position(n.Pos()), name, n.Op)
						}
					}
				}
			}
			return true
		})
	}
	if !sawSubtle {
		t.Error("no crypto/subtle.ConstantTimeCompare in the mock: how is the admin token compared?")
	}
	if !sawDigest {
		t.Error("no sha256.Sum256 in the mock: API keys are not looked up by digest")
	}
}

func exprName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel.Name
	}
	return ""
}

func isEmptyString(e ast.Expr) bool {
	lit, ok := e.(*ast.BasicLit)
	return ok && lit.Value == `""`
}
