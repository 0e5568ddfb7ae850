package state

import (
	"encoding/json"

	"github.com/rtq-kit/rtq/scenario"
)

// testRender stands for package wire, which the state's tests cannot
// import: a body made of what the tests read of a view (the record, the
// format, process_status and state_changes), so that two views differ
// exactly when their values do.
func testRender(format int, _ string, v RecordView) []byte {
	type option struct {
		Name string `json:"name"`
	}
	type change struct {
		State option `json:"state"`
		From  option `json:"from_state_option"`
		To    option `json:"to_state_option"`
	}
	var doc struct {
		Data struct {
			Format int `json:"format"`
			Data   struct {
				ID      int64    `json:"record_id"`
				Process option   `json:"process_status"`
				Changes []change `json:"state_changes"`
			} `json:"data"`
		} `json:"data"`
	}
	doc.Data.Format = format
	rec := &doc.Data.Data
	rec.ID = v.Rec.ID
	if v.Status != nil {
		rec.Process.Name = v.Status.Name
	}
	for _, c := range v.Changes {
		rec.Changes = append(rec.Changes, change{option{c.StateName}, option{c.From.Name}, option{c.To.Name}})
	}
	b, _ := json.Marshal(doc)
	return b
}

// getRecord is State.GetRecord's answer rendered by testRender.
func getRecord(st *State, key *scenario.Key, id int64, url, format string) ([]byte, error) {
	a, err := st.GetRecord(key, id, url, format, nil)
	if err != nil {
		return nil, err
	}
	return a.Body(testRender), nil
}
