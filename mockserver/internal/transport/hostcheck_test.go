package transport

import "testing"

func TestHostCheckAdmitsTheListenName(t *testing.T) {
	p, _ := newHostPolicy(nil)
	p.setListen("rtq-mock:8080")
	if !p.allows("rtq-mock:8080") || p.allows("other:8080") {
		t.Error("the listen name is not admitted alone")
	}
}

func TestHostPolicyIgnoresTheListedPort(t *testing.T) {
	p, err := newHostPolicy([]string{"rtq-mock:8080"})
	if err != nil || !p.allows("rtq-mock") {
		t.Errorf("a listed name with a port: %v", err)
	}
}
