package org.gamecensus.kernel.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

/** The census kernel: every subgraph once, the essay's K5 tally, and its examples. */
class SwitchingCensusKernelTest {

    private static int[] tally(SwitchingHost host, int slices) {
        final SwitchingCensusKernel kernel = new SwitchingCensusKernel(host);
        final int[] counts = new int[5]; // L R N P disagreements
        final BitSet seen = new BitSet();
        final long size = host.allLinks() + 1;
        final long step = Math.max(1, size / slices);
        for (long first = 0; first < size; first += step) {
            kernel.decideSlice(first, Math.min(size, first + step), v -> {
                assertFalse(seen.get((int) v.mask()), "mask " + v.mask() + " decided twice");
                seen.set((int) v.mask());
                counts["LRNP".indexOf(v.outcome())]++;
                if (!v.agrees()) {
                    counts[4]++;
                }
                if (v.criterionShortSecond()) {
                    assertTrue(TreePairCertificate.isValid(host, v.mask(), v.treeA(), v.treeB()));
                }
            });
        }
        assertEquals(size, seen.cardinality(), "every subgraph decided once");
        return counts;
    }

    @Test
    void k5CensusReproducesTheEssay() {
        final int[] counts = tally(SwitchingHosts.complete(5), 7);
        assertEquals(71, counts[0], "L");
        assertEquals(451, counts[1], "R");
        assertEquals(502, counts[2], "N");
        assertEquals(0, counts[3], "P");
        assertEquals(0, counts[4], "disagreements");
    }

    @Test
    void tallyDoesNotDependOnSlicing() {
        final SwitchingHost k5 = SwitchingHosts.complete(5);
        assertEquals(Arrays.toString(tally(k5, 1)), Arrays.toString(tally(k5, 64)));
    }

    @Test
    void k6CensusAgreesEverywhereWithNoPPositions() {
        final int[] counts = tally(SwitchingHosts.complete(6), 16);
        assertEquals(0, counts[3], "P");
        assertEquals(0, counts[4], "disagreements");
        assertEquals(32768, counts[0] + counts[1] + counts[2]);
    }

    @Test
    void essayExamplesHaveTheirVerdicts() {
        assertEquals('L', wholeGraphOutcome(SwitchingHosts.complete(4)), "K4 meets the criterion");
        assertEquals('R', wholeGraphOutcome(SwitchingHosts.theta()), "theta fails");
        final MatroidPartitionCriterion grid = new MatroidPartitionCriterion(SwitchingHosts.grid2x3());
        assertFalse(grid.shortWinsMovingSecond(SwitchingHosts.grid2x3().allLinks()), "grid fails the criterion");
        final int[] path = tally(SwitchingHosts.path4(), 1);
        assertEquals(8, path[1], "Cut wins all eight subgraphs of the path");
    }

    private static char wholeGraphOutcome(SwitchingHost host) {
        final SwitchingGameSolver solver = new SwitchingGameSolver(host);
        return SwitchingVerdict.outcome(
                solver.shortWins(host.allLinks(), true), solver.shortWins(host.allLinks(), false));
    }

    @Test
    void bridgitBoardsAreFirstPlayerWinsWithEveryOpeningWinning() {
        for (int n = 2; n <= 5; n++) {
            final SwitchingHost board = SwitchingHosts.bridgit(n);
            final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(board);
            assertFalse(criterion.shortWinsMovingSecond(board.allLinks()), "bridgit:" + n + " second player");
            assertEquals(board.allLinks(), criterion.winningOpenings(board.allLinks()), "bridgit:" + n + " openings");
        }
    }
}
