package org.gamecensus.kernel.table;

import java.util.Arrays;

/**
 * A transposition table from {@code long} keys to small non-negative values (0..254), open
 * addressed with linear probing over {@value #PROBES} slots, sized up front. When every probed
 * slot is taken it overwrites the home slot: it is a cache, so a value may be forgotten and
 * recomputed, never returned wrong. Shared by the kernels whose positions pack into a long.
 */
public final class LongByteCache {

    /** Value returned by {@link #get} for an absent key. */
    public static final int ABSENT = -1;

    private static final int PROBES = 8;

    private final long[] keys;
    private final byte[] values; // value + 1; 0 marks an empty slot
    private final int mask;

    /** @param log2Capacity log2 of the number of slots (10..26) */
    public LongByteCache(int log2Capacity) {
        if (log2Capacity < 10 || log2Capacity > 26) {
            throw new IllegalArgumentException("log2Capacity must be 10..26, got " + log2Capacity);
        }
        keys = new long[1 << log2Capacity];
        values = new byte[1 << log2Capacity];
        mask = (1 << log2Capacity) - 1;
    }

    /** The value stored for {@code key}, or {@link #ABSENT}. */
    public int get(long key) {
        final int h = hash(key);
        for (int i = 0; i < PROBES; i++) {
            final int slot = (h + i) & mask;
            if (values[slot] != 0 && keys[slot] == key) {
                return (values[slot] & 0xFF) - 1; // unsigned: values 127..254 are stored as negative bytes
            }
        }
        return ABSENT;
    }

    /** Stores a value (0..254) for {@code key}. */
    public void put(long key, int value) {
        assert value >= 0 && value < 255 : "values fit a byte";
        final int h = hash(key);
        int at = h & mask;
        for (int i = 0; i < PROBES; i++) {
            final int slot = (h + i) & mask;
            if (values[slot] == 0 || keys[slot] == key) {
                at = slot;
                break;
            }
        }
        keys[at] = key;
        values[at] = (byte) (value + 1);
    }

    /**
     * Forgets every value, keeping the slots: a benchmark or a long-lived kernel starts afresh
     * without allocating the table again. Only the values are cleared, since a value of 0 marks a
     * slot empty whatever its key.
     */
    public void clear() {
        Arrays.fill(values, (byte) 0);
    }

    private static int hash(long key) {
        long z = key * 0x9E3779B97F4A7C15L;
        z ^= z >>> 31;
        return (int) z;
    }
}
