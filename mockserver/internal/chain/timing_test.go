package chain

import (
	"context"
	"testing"
	"time"
)

func TestTimingKeepsALiveCallsTimesAndGivesAReplayItsOwn(t *testing.T) {
	at, dur := time.Unix(100, 0), 3*time.Millisecond
	live := &Timing{}
	ctx := WithTiming(context.Background(), live)
	if TimingOf(ctx) != live || Replaying(ctx) {
		t.Fatal("a live call's timing is lost or counts as a replay")
	}
	if a, d := live.Journal(at, dur); !a.Equal(at) || d != dur || !live.At.Equal(at) || live.Dur != dur {
		t.Errorf("live: journaled %v %v, kept %v %v", a, d, live.At, live.Dur)
	}
	replay := &Timing{At: time.Unix(7, 0), Dur: time.Second, Replay: true}
	ctx = WithTiming(context.Background(), replay)
	if !Replaying(ctx) {
		t.Error("a replay is not Replaying")
	}
	if a, d := replay.Journal(at, dur); !a.Equal(time.Unix(7, 0)) || d != time.Second {
		t.Errorf("replay journaled at %v for %v, want its first times", a, d)
	}
	if TimingOf(context.Background()) != nil || Replaying(context.Background()) {
		t.Error("a native request has a timing")
	}
}
