package schemas

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

func BenchmarkCompile(b *testing.B) {
	for b.Loop() {
		if _, err := Compile(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkValidateFullRecord measures the cost the mock or the runner pays
// per getRecord answer holding every field type.
func BenchmarkValidateFullRecord(b *testing.B) {
	s, err := Compile()
	if err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join("..", "fixtures", "messages", "record", "getRecord.response.valid-json.json"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if err := s.ValidateJSON("record/getRecord.response.json", data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSetIsSafeForConcurrentUse backs the Set's doc comment: one compiled
// Set shared by every request handler (run with -race).
func TestSetIsSafeForConcurrentUse(t *testing.T) {
	s := compiled(t)
	good := readFixture(t, "record/getFormList.response.valid.json")
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- s.Validate("record/getFormList.response.json", good)
			if s.ValidateJSON("templates/list.request.json", []byte(`{"page_size": 0}`)) == nil {
				t.Error("page_size 0 accepted")
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}
