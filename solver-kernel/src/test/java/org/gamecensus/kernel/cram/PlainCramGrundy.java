package org.gamecensus.kernel.cram;

import java.util.HashMap;
import java.util.Map;

/**
 * The test oracle for Grundy values: the bare recursion over bitmasks of one fixed frame, with
 * no splitting into components and no symmetry, memoised in a hash map. Shares no code with
 * {@link CramGrundy} (its own domino generation, no {@link Region} helpers).
 */
final class PlainCramGrundy {

    private final int w;
    private final int h;
    private final Map<Long, Integer> memo = new HashMap<>();

    PlainCramGrundy(int w, int h) {
        this.w = w;
        this.h = h;
    }

    int grundy(long mask) {
        final Integer known = memo.get(mask);
        if (known != null) {
            return known;
        }
        long seen = 0L;
        for (int r = 0; r < h; r++) {
            for (int c = 0; c < w; c++) {
                final long a = 1L << (r * w + c);
                if ((mask & a) == 0) {
                    continue;
                }
                if (c + 1 < w && (mask & (a << 1)) != 0) {
                    seen |= 1L << grundy(mask & ~a & ~(a << 1));
                }
                if (r + 1 < h && (mask & (a << w)) != 0) {
                    seen |= 1L << grundy(mask & ~a & ~(a << w));
                }
            }
        }
        int mex = 0;
        while ((seen & (1L << mex)) != 0) {
            mex++;
        }
        memo.put(mask, mex);
        return mex;
    }
}
