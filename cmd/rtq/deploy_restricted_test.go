package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// The deployment examples are what a security review signs, so a test
// holds them to it: every pod of deploy/kubernetes to the restricted Pod
// Security Standard (https://kubernetes.io/docs/concepts/security/pod-security-standards/)
// and to what kube-score asks beyond it; Redis behind a password from a
// Secret and a NetworkPolicy; compose hardened the same way. Before, Redis
// had no password and no NetworkPolicy (any pod of the cluster could
// rewrite the scenario every replica serves), no pod set a seccomp
// profile, both mounted a service-account token, and compose ran Redis
// and nginx as root with an admin token that defaulted to empty.
func TestDeployManifestsAreRestricted(t *testing.T) {
	docs := yamlDocs(t, "../../deploy/kubernetes/rtq-mock.yaml")
	var pods []podOf
	var policies []map[string]any
	for _, d := range docs {
		switch yStr(d, "kind") {
		case "Deployment", "StatefulSet", "DaemonSet", "Job":
			pods = append(pods, podOf{name: yStr(d, "metadata", "name"), spec: yObj(d, "spec", "template", "spec"), labels: yObj(d, "spec", "template", "metadata", "labels")})
		case "NetworkPolicy":
			policies = append(policies, d)
		}
	}
	if len(pods) != 2 {
		t.Fatalf("%d workloads found in the manifest, want the mock and Redis: the test would prove nothing", len(pods))
	}
	for _, p := range pods {
		for _, problem := range restrictedProblems(p.spec) {
			t.Errorf("deployment %s: %s", p.name, problem)
		}
		if !selectedByBothWays(policies, p.labels) {
			t.Errorf("deployment %s: no NetworkPolicy selects its pods for both ingress and egress", p.name)
		}
	}
	redis := podNamed(t, pods, "rtq-redis")
	if c := containers(redis.spec)[0]; !slices.Contains(yStrs(c, "args"), "--requirepass") || !envFromSecret(c, "REDIS_PASSWORD") {
		t.Errorf("rtq-redis: no --requirepass with its password from a Secret: %v", yStrs(c, "args"))
	}
	mock := podNamed(t, pods, "rtq-mock")
	if c := containers(mock.spec)[0]; !envFromSecret(c, "REDIS_PASSWORD") || !strings.Contains(envValue(c, "RTQ_STORE"), "$(REDIS_PASSWORD)@") || slices.Contains(yStrs(c, "args"), "--store") {
		t.Errorf("rtq-mock: its store must be RTQ_STORE holding the Secret's password, never --store on the command line")
	}
	redisPolicy := policyFor(policies, redis.labels)
	from := fmt.Sprint(yGet(redisPolicy, "spec", "ingress"))
	if redisPolicy == nil || !strings.Contains(from, "rtq-mock") || strings.Count(from, "podSelector") != 1 || strings.Contains(from, "namespaceSelector") || strings.Contains(from, "ipBlock") {
		t.Errorf("the NetworkPolicy of rtq-redis must let in the mock's pods alone: %s", from)
	}
}

// podOf is a workload's pod template.
type podOf struct {
	name   string
	spec   map[string]any
	labels map[string]any
}

// restrictedProblems lists what a pod spec breaks of the restricted Pod
// Security Standard, and of the rules kube-score adds (resource limits,
// a tag that is not latest, liveness apart from readiness, a read-only
// root filesystem, no service-account token).
func restrictedProblems(spec map[string]any) []string {
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	for _, host := range []string{"hostNetwork", "hostPID", "hostIPC"} {
		if yGet(spec, host) == true {
			bad("%s is set", host)
		}
	}
	if yGet(spec, "automountServiceAccountToken") != false {
		bad("automountServiceAccountToken is not false: the pod mounts a token it never uses")
	}
	allowedVolumes := []string{"configMap", "csi", "downwardAPI", "emptyDir", "ephemeral", "persistentVolumeClaim", "projected", "secret", "name"}
	for _, v := range yList(spec, "volumes") {
		for k := range v.(map[string]any) {
			if !slices.Contains(allowedVolumes, k) {
				bad("volume %v of type %s, which the restricted profile forbids", yGet(v, "name"), k)
			}
		}
	}
	podSC := yObj(spec, "securityContext")
	for _, c := range containers(spec) {
		name := yStr(c, "name")
		sc := yObj(c, "securityContext")
		either := func(path ...string) any {
			if v := yGet(sc, path...); v != nil {
				return v
			}
			return yGet(podSC, path...)
		}
		if yGet(sc, "privileged") == true {
			bad("container %s is privileged", name)
		}
		if yGet(sc, "allowPrivilegeEscalation") != false {
			bad("container %s: allowPrivilegeEscalation is not false", name)
		}
		if drop := yStrs(sc, "capabilities", "drop"); !slices.Contains(drop, "ALL") {
			bad("container %s does not drop ALL capabilities: %v", name, drop)
		}
		if add := yStrs(sc, "capabilities", "add"); len(add) > 0 && !slices.Equal(add, []string{"NET_BIND_SERVICE"}) {
			bad("container %s adds capabilities %v", name, add)
		}
		if either("runAsNonRoot") != true {
			bad("container %s: runAsNonRoot is not true", name)
		}
		if u := either("runAsUser"); u == nil || fmt.Sprint(u) == "0" {
			bad("container %s: runAsUser is not set to a user that is not root", name)
		}
		if p := either("seccompProfile", "type"); p != "RuntimeDefault" && p != "Localhost" {
			bad("container %s: seccompProfile is %v, not RuntimeDefault", name, p)
		}
		if yGet(sc, "readOnlyRootFilesystem") != true {
			bad("container %s: the root filesystem is writable", name)
		}
		for _, port := range yList(c, "ports") {
			if yGet(port, "hostPort") != nil {
				bad("container %s binds a host port", name)
			}
		}
		for _, r := range []string{"cpu", "memory", "ephemeral-storage"} {
			if yGet(c, "resources", "limits", r) == nil {
				bad("container %s has no %s limit", name, r)
			}
		}
		image := yStr(c, "image")
		if _, tag, ok := strings.Cut(image[strings.LastIndex(image, "/")+1:], ":"); !ok || tag == "latest" {
			bad("container %s: image %q has no tag or the latest one", name, image)
		}
		live, ready := yGet(c, "livenessProbe"), yGet(c, "readinessProbe")
		if live == nil || ready == nil || fmt.Sprint(live) == fmt.Sprint(ready) {
			bad("container %s: liveness and readiness probes must both be there, and differ", name)
		}
	}
	return out
}

// The restricted check itself fails on what the manifests had before:
// a pod without seccomp, a token mounted, a writable root, no limits.
func TestRestrictedProblemsSeeThem(t *testing.T) {
	spec := map[string]any{"containers": []any{map[string]any{
		"name": "redis", "image": "redis:latest",
		"readinessProbe": map[string]any{"exec": "ping"}, "livenessProbe": map[string]any{"exec": "ping"},
		"resources": map[string]any{"limits": map[string]any{"memory": "256Mi"}},
	}}, "volumes": []any{map[string]any{"name": "h", "hostPath": map[string]any{"path": "/"}}}}
	got := strings.Join(restrictedProblems(spec), "\n")
	for _, want := range []string{"automountServiceAccountToken", "hostPath", "allowPrivilegeEscalation", "ALL capabilities", "runAsNonRoot", "runAsUser", "seccompProfile", "root filesystem", "no cpu limit", "no ephemeral-storage limit", "latest", "must both be there, and differ"} {
		if !strings.Contains(got, want) {
			t.Errorf("a bare pod: no problem saying %q in\n%s", want, got)
		}
	}
}

// compose.yaml: every service on a read-only root, no new privileges, no
// capability, a memory bound and a user that is not root; the admin token
// and Redis' password must be set (compose refuses to start otherwise),
// and the replicas' store is RTQ_STORE, never --store with a password.
func TestComposeIsHardened(t *testing.T) {
	doc := yamlDocs(t, "../../deploy/compose/compose.yaml")[0]
	services := yObj(doc, "services")
	if len(services) != 3 {
		t.Fatalf("%d services, want Redis, the replicas and nginx", len(services))
	}
	for name, s := range services {
		if yGet(s, "read_only") != true {
			t.Errorf("%s: read_only is not true", name)
		}
		if !slices.Contains(yStrs(s, "security_opt"), "no-new-privileges:true") {
			t.Errorf("%s: no-new-privileges is not set", name)
		}
		if !slices.Contains(yStrs(s, "cap_drop"), "ALL") {
			t.Errorf("%s: cap_drop is not ALL", name)
		}
		if yGet(s, "mem_limit") == nil {
			t.Errorf("%s: no mem_limit", name)
		}
		if u := yStr(s, "user"); u == "" || u == "root" || strings.HasPrefix(u, "0:") || u == "0" {
			t.Errorf("%s: user %q: not set to a user that is not root", name, u)
		}
	}
	replica := yObj(services, "rtq-replica")
	if tok := yStr(replica, "environment", "RTQ_ADMIN_TOKEN"); !strings.Contains(tok, ":?") {
		t.Errorf("rtq-replica: RTQ_ADMIN_TOKEN %q may be left empty; write ${RTQ_ADMIN_TOKEN:?...}", tok)
	}
	if store := yStr(replica, "environment", "RTQ_STORE"); !strings.Contains(store, "${RTQ_REDIS_PASSWORD:?") || slices.Contains(yStrs(replica, "command"), "--store") {
		t.Errorf("rtq-replica: the store must be RTQ_STORE with a password that must be set, never --store: %q", store)
	}
	if cmd := strings.Join(yStrs(yObj(services, "rtq-redis"), "command"), " "); !strings.Contains(cmd, "--requirepass ${RTQ_REDIS_PASSWORD:?") {
		t.Errorf("rtq-redis: no password that must be set: %s", cmd)
	}
}

// yamlDocs reads every document of a YAML file.
func yamlDocs(t *testing.T, path string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	dec := yaml.NewDecoder(bytes.NewReader(data))
	for {
		var d map[string]any
		err := dec.Decode(&d)
		if errors.Is(err, io.EOF) {
			return out
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if d != nil {
			out = append(out, d)
		}
	}
}

// get walks maps by keys; nil where a key is missing.
func yGet(v any, path ...string) any {
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func yObj(v any, path ...string) map[string]any { m, _ := yGet(v, path...).(map[string]any); return m }
func yStr(v any, path ...string) string         { s, _ := yGet(v, path...).(string); return s }
func yList(v any, path ...string) []any         { l, _ := yGet(v, path...).([]any); return l }

// strs is a list of strings (the words of a list of scalars).
func yStrs(v any, path ...string) []string {
	var out []string
	for _, x := range yList(v, path...) {
		out = append(out, fmt.Sprint(x))
	}
	return out
}

func containers(spec map[string]any) []map[string]any {
	var out []map[string]any
	for _, key := range []string{"initContainers", "containers"} {
		for _, c := range yList(spec, key) {
			out = append(out, c.(map[string]any))
		}
	}
	return out
}

func podNamed(t *testing.T, pods []podOf, name string) podOf {
	t.Helper()
	for _, p := range pods {
		if p.name == name {
			return p
		}
	}
	t.Fatalf("no workload %s", name)
	return podOf{}
}

// envFromSecret says whether container c takes env name from a Secret.
func envFromSecret(c map[string]any, name string) bool {
	for _, e := range yList(c, "env") {
		if yStr(e, "name") == name && yGet(e, "valueFrom", "secretKeyRef") != nil {
			return true
		}
	}
	return false
}

func envValue(c map[string]any, name string) string {
	for _, e := range yList(c, "env") {
		if yStr(e, "name") == name {
			return yStr(e, "value")
		}
	}
	return ""
}

// policyFor is the NetworkPolicy whose podSelector matches labels.
func policyFor(policies []map[string]any, labels map[string]any) map[string]any {
	for _, p := range policies {
		sel := yObj(p, "spec", "podSelector", "matchLabels")
		match := len(sel) > 0
		for k, v := range sel {
			if labels[k] != v {
				match = false
			}
		}
		if match {
			return p
		}
	}
	return nil
}

// selectedByBothWays: a NetworkPolicy selects the pods for ingress and
// egress both.
func selectedByBothWays(policies []map[string]any, labels map[string]any) bool {
	p := policyFor(policies, labels)
	types := yStrs(p, "spec", "policyTypes")
	return p != nil && slices.Contains(types, "Ingress") && slices.Contains(types, "Egress")
}
