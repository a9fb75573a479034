package org.gamecensus.kernel.cram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Region}'s bit-parallel geometry against the square-by-square definition
 * ({@link SquareBySquareRegion}): every set of every frame up to 16 squares, and random sets of
 * frames up to the encoding's 56 squares. (Pairings are {@link CellShape}'s, tested in
 * {@link CellShapeTest}.)
 */
class RegionTest {

    /** Checks every map on one non-empty set of a frame of width w; counts in {@code held} the sets a half-turn keeps. */
    private static void check(int w, long mask, long[] held) {
        final long packed = Region.normalize(w, mask);
        assertEquals(SquareBySquareRegion.normalize(w, mask), packed, () -> "normalize w=" + w + " " + mask);
        for (int sym = 0; sym < 8; sym++) {
            final int s = sym;
            assertEquals(
                    SquareBySquareRegion.transform(sym, packed),
                    Region.transform(sym, packed),
                    () -> "transform " + Region.SYMMETRY_NAMES[s] + " of " + Region.picture(packed));
        }
        long least = packed;
        for (int sym = 1; sym < 8; sym++) {
            least = Math.min(least, SquareBySquareRegion.transform(sym, packed));
        }
        assertEquals(least, Region.congruenceKey(packed), () -> "congruence key of " + Region.picture(packed));
        held[0] += packed == SquareBySquareRegion.transform(Region.HALF_TURN, packed) ? 1 : 0;
    }

    @Test
    void everySetOfEveryFrameUpToSixteenSquaresMatchesTheDefinition() {
        long sets = 0;
        final long[] held = new long[1];
        for (int w = 1; w <= 16; w++) {
            for (int h = 1; w * h <= 16; h++) {
                for (long mask = 1; mask < 1L << (w * h); mask++) {
                    check(w, mask, held);
                    sets++;
                }
            }
        }
        assertEquals(576_600, sets, "2^(w·h) − 1 sets in each frame of at most 16 squares");
        assertTrue(held[0] > 0 && held[0] < sets, "the half-turn keeps " + held[0] + " of " + sets + " sets");
    }

    @Test
    void randomSetsOfLargeFramesMatchTheDefinition() {
        final SplittableRandom random = new SplittableRandom(20261201L);
        final long[] held = new long[1];
        for (int n = 0; n < 200_000; n++) {
            final int w = 1 + random.nextInt(Region.MAX_AREA);
            final int h = 1 + random.nextInt(Region.MAX_AREA / w);
            final long frame = w * h == 64 ? -1L : (1L << (w * h)) - 1;
            long mask = random.nextLong() & random.nextLong() & frame;
            if (n % 2 == 0) {
                mask |= symmetricPartner(w, h, mask);
            }
            if (mask != 0) {
                check(w, mask, held);
            }
        }
        assertTrue(held[0] > 1000, "symmetric sets reached: " + held[0]);
    }

    /** The half-turn image of a set about its frame: sets that are often paired, to reach those branches. */
    private static long symmetricPartner(int w, int h, long mask) {
        return Long.reverse(mask) >>> (64 - w * h);
    }
}
