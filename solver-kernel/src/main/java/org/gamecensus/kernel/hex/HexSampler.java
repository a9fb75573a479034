package org.gamecensus.kernel.hex;

import java.util.SplittableRandom;
import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * The sampling scheme for boards too large to census whole: sample i is drawn from its own
 * generator, seeded by (seed, i) alone, so the sample is the same whatever the partitioning.
 * It plays a random game from the empty board (each move uniform over the empty cells) until a
 * chain is completed, which gives live positions P_0 … P_{L−1} (P_k after k moves), and returns
 * P_m for m uniform in 0 … L−1: a position at a uniformly random move number of a random game.
 */
public final class HexSampler {

    private final HexBoard board;
    private final Side first;
    private final long seed;

    public HexSampler(HexBoard board, Side first, long seed) {
        this.board = board;
        this.first = first;
        this.seed = seed;
    }

    /** Sample {@code i}: {Down's stones, Across's stones}. */
    public int[] sample(long i) {
        final SplittableRandom random = new SplittableRandom(mix(seed ^ mix(i + 0x632BE59BD9B4E019L)));
        final int[] moves = new int[board.cells()];
        int down = 0;
        int across = 0;
        Side mover = first;
        int length = 0;
        while (true) {
            final int empty = board.all() & ~(down | across);
            int k = random.nextInt(Integer.bitCount(empty));
            int rest = empty;
            while (k-- > 0) {
                rest &= rest - 1;
            }
            final int x = Integer.numberOfTrailingZeros(rest);
            moves[length++] = x;
            if (mover == Side.DOWN) {
                down |= 1 << x;
            } else {
                across |= 1 << x;
            }
            if (board.connects(mover, mover == Side.DOWN ? down : across)) {
                break;
            }
            mover = mover.other();
        }
        final int m = random.nextInt(length); // positions P_0 … P_{length-1} are live
        int d = 0;
        int a = 0;
        Side s = first;
        for (int j = 0; j < m; j++) {
            if (s == Side.DOWN) {
                d |= 1 << moves[j];
            } else {
                a |= 1 << moves[j];
            }
            s = s.other();
        }
        return new int[] {d, a};
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
