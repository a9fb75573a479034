package org.gamecensus.kernel.cram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link Region}'s bit-parallel geometry against the square-by-square definition
 * ({@link SquareBySquareRegion}): every set of every frame up to 16 squares, and random sets of
 * frames up to the encoding's 56 squares.
 */
class RegionTest {

    private static final int[] INVOLUTIONS = {
        Region.HALF_TURN, Region.FLIP_ROWS, Region.FLIP_COLUMNS, Region.TRANSPOSE, Region.ANTI_TRANSPOSE
    };

    /** Checks every map on one non-empty set of a frame of width w; counts the pairings that held in {@code held}. */
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
        for (int k = 0; k < INVOLUTIONS.length; k++) {
            final int sym = INVOLUTIONS[k];
            for (boolean strict : new boolean[] {false, true}) {
                final boolean expected = SquareBySquareRegion.pairs(sym, w, mask, strict);
                assertEquals(
                        expected,
                        Region.pairs(sym, w, mask, strict),
                        () -> Region.SYMMETRY_NAMES[sym] + (strict ? " strict" : " lax") + " pairing of "
                                + Region.picture(packed) + " in width " + w);
                held[2 * k + (strict ? 1 : 0)] += expected ? 1 : 0;
            }
        }
    }

    @Test
    void everySetOfEveryFrameUpToSixteenSquaresMatchesTheDefinition() {
        long sets = 0;
        final long[] held = new long[2 * INVOLUTIONS.length];
        for (int w = 1; w <= 16; w++) {
            for (int h = 1; w * h <= 16; h++) {
                for (long mask = 1; mask < 1L << (w * h); mask++) {
                    check(w, mask, held);
                    sets++;
                }
            }
        }
        assertEquals(576_600, sets, "2^(w·h) − 1 sets in each frame of at most 16 squares");
        // Every pairing both holds and fails somewhere, so each branch of each met the definition.
        for (int k = 0; k < held.length; k++) {
            final String which = Region.SYMMETRY_NAMES[INVOLUTIONS[k / 2]] + (k % 2 == 1 ? " strict" : " lax");
            assertTrue(held[k] > 0 && held[k] < sets, which + " held on " + held[k] + " of " + sets + " sets");
        }
    }

    @Test
    void randomSetsOfLargeFramesMatchTheDefinition() {
        final SplittableRandom random = new SplittableRandom(20261201L);
        final long[] held = new long[2 * INVOLUTIONS.length];
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
    }

    /** The half-turn image of a set about its frame: sets that are often paired, to reach those branches. */
    private static long symmetricPartner(int w, int h, long mask) {
        return Long.reverse(mask) >>> (64 - w * h);
    }
}
