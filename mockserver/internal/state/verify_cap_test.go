package state

import (
	"encoding/json"
	"testing"

	"github.com/rtq-kit/rtq/contract"
	"github.com/rtq-kit/rtq/scenario"
)

const cyclicScenario = `
orgs: [{id: 1, name: 示例, code: demo, host: demo.rtq.example}]
keys: [{name: w, secret: rtq-write-key, scopes: [read, write]}]
forms:
  - id: 1
    name: 往返证
    flow:
      id: 1
      statuses:
        - {id: 1, name: 甲, color: "#111111", next: [乙]}
        - {id: 2, name: 乙, color: "#222222", next: [甲]}
records:
  - id: 1
    form: 1
    code: loop
    audit: {status: 1}
    certificate: {status: 甲}
    state_changes:
      - {state: {id: 9, name: 既有, number: S9}, from: {name: 旧, color: "#000000"}, to: {name: 新, color: "#000000"}}
`

// A cyclic flow lets verify move a record for ever: the state changes it
// appends are bounded, the latest kept after the scenario's own.
func TestVerifyChangesAreBounded(t *testing.T) {
	sc, err := scenario.Parse("cyclic.yaml", []byte(cyclicScenario))
	if err != nil {
		t.Fatal(err)
	}
	st, err := New(sc, 0)
	if err != nil {
		t.Fatal(err)
	}
	key := st.KeyBySecret("rtq-write-key")
	const moves = MaxVerifyChanges + 25
	for i := range moves {
		if _, err := st.Verify(key, VerifyRequest{Code: "loop", HasCode: true, Action: contract.ActionNextStatus, HasAction: true}); err != nil {
			t.Fatalf("verify %d: %v", i, err)
		}
	}
	b, err := getRecord(st, key, 1, "", "json")
	if err != nil {
		t.Fatal(err)
	}
	var a struct {
		Data struct {
			Data struct {
				Changes []struct {
					State struct {
						Name string `json:"name"`
					} `json:"state"`
					To struct {
						Name string `json:"name"`
					} `json:"to_state_option"`
				} `json:"state_changes"`
			} `json:"data"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &a); err != nil {
		t.Fatal(err)
	}
	ch := a.Data.Data.Changes
	if len(ch) != 1+MaxVerifyChanges {
		t.Fatalf("%d state changes after %d verifies; want the scenario's 1 and the latest %d", len(ch), moves, MaxVerifyChanges)
	}
	if ch[0].State.Name != "既有" {
		t.Errorf("the scenario's own state change was dropped: first is %+v", ch[0])
	}
	// 75 moves from 甲: odd moves land on 乙, so the last (75th) is 乙.
	if last := ch[len(ch)-1].To.Name; last != "乙" {
		t.Errorf("last change goes to %q; want the latest move, to 乙", last)
	}
}
