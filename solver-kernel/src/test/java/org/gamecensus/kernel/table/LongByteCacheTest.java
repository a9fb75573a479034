package org.gamecensus.kernel.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

class LongByteCacheTest {

    @Test
    void holdsWhatFitsAndForgetsEverythingWhenCleared() {
        final LongByteCache cache = new LongByteCache(12);
        final long[] keys = new Random(5).longs(1_000).toArray();
        for (int i = 0; i < keys.length; i++) {
            cache.put(keys[i], i % 255);
        }
        // 1,000 keys in 4,096 slots, a quarter full: none finds its eight slots taken, so none is forgotten.
        for (int i = 0; i < keys.length; i++) {
            assertEquals(i % 255, cache.get(keys[i]), "the value stored, 0..254");
        }
        cache.clear();
        for (long key : keys) {
            assertEquals(LongByteCache.ABSENT, cache.get(key));
        }
        cache.put(keys[0], 0);
        assertEquals(0, cache.get(keys[0]), "value 0 is stored, not taken for an empty slot");
        assertEquals(LongByteCache.ABSENT, cache.get(keys[1]));
    }

    @Test
    void refusesSizesOutsideItsRange() {
        assertThrows(IllegalArgumentException.class, () -> new LongByteCache(9));
        assertThrows(IllegalArgumentException.class, () -> new LongByteCache(27));
    }
}
