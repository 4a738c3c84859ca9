package bot

import (
	"fmt"
	"testing"
)

func TestShardOf(t *testing.T) {
	for k := uint64(0); k < 20; k++ {
		id := fmt.Sprint(k<<22 | 123456)
		if got := ShardOf(id, 4); got != int(k%4) {
			t.Errorf("ShardOf(%s, 4) = %d, want %d", id, got, k%4)
		}
	}
	if ShardOf("not-an-id", 3) != 0 {
		t.Error("an unreadable id is not sent to shard 0")
	}
}
