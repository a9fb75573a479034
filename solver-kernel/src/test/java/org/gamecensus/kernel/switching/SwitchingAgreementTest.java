package org.gamecensus.kernel.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Solver, plain minimax, matroid criterion and brute-force criterion on every subgraph of small hosts. */
class SwitchingAgreementTest {

    /** Two s–t routes of length two, every link doubled: a multigraph that meets the criterion. */
    static SwitchingHost doubledTheta() {
        return SwitchingHosts.parse(
                "doubled", List.of("s s", "t t", "s a", "s a", "a t", "a t", "s b", "b t", "b t"), "test");
    }

    @ParameterizedTest
    @ValueSource(strings = {"K4", "K5", "theta", "grid2x3", "path4", "bridgit:2", "doubled"})
    void allFourMethodsAgreeOnEverySubgraph(String name) {
        final SwitchingHost host = name.equals("doubled") ? doubledTheta() : SwitchingHosts.resolve(name);
        final SwitchingGameSolver solver = new SwitchingGameSolver(host);
        final PlainMinimax plain = new PlainMinimax(host);
        final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(host);
        final BruteForceTreePairCriterion brute = new BruteForceTreePairCriterion(host);
        int shortSecondWins = 0;
        int shortFirstWins = 0;
        for (long mask = 0; mask <= host.allLinks(); mask++) {
            solver.reset();
            final boolean first = solver.shortWins(mask, true);
            final boolean second = solver.shortWins(mask, false);
            assertEquals(plain.shortWins(mask, true), first, () -> name + " plain/solver, Short first");
            assertEquals(plain.shortWins(mask, false), second, () -> name + " plain/solver, Short second");
            final long m = mask;
            assertEquals(
                    brute.shortWinsMovingSecond(mask),
                    criterion.shortWinsMovingSecond(mask),
                    () -> name + " brute/matroid, Short second, mask " + m);
            assertEquals(
                    brute.shortWinsMovingFirst(mask),
                    criterion.shortWinsMovingFirst(mask),
                    () -> name + " brute/matroid, Short first, mask " + m);
            assertEquals(second, criterion.shortWinsMovingSecond(mask), () -> name + " solver/criterion second " + m);
            assertEquals(first, criterion.shortWinsMovingFirst(mask), () -> name + " solver/criterion first " + m);
            shortSecondWins += second ? 1 : 0;
            shortFirstWins += first ? 1 : 0;
        }
        // Guard against a vacuous run: which verdicts occur is part of what is checked.
        final boolean dense = name.startsWith("K") || name.equals("doubled");
        assertEquals(dense, shortSecondWins > 0, name + ": Short wins moving second on some subgraph");
        assertEquals(
                dense || name.equals("bridgit:2"),
                shortFirstWins > 0,
                name + ": Short wins moving first on some subgraph");
    }

    @Test
    void matroidCriterionMatchesBruteForceOnSampledK6AndBridgit3Subgraphs() {
        for (String name : new String[] {"K6", "bridgit:3"}) {
            final boolean dense = name.equals("K6");
            final SwitchingHost host = SwitchingHosts.resolve(name);
            final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(host);
            final BruteForceTreePairCriterion brute = new BruteForceTreePairCriterion(host);
            final Random random = new Random(20261129L);
            int holds = 0;
            for (int i = 0; i < 400; i++) {
                final long mask = random.nextLong() & host.allLinks();
                final boolean second = criterion.shortWinsMovingSecond(mask);
                assertEquals(brute.shortWinsMovingSecond(mask), second, name + " mask " + mask);
                if (second) {
                    holds++;
                    assertTrue(TreePairCertificate.isValid(host, mask, criterion.treeA(), criterion.treeB()));
                }
            }
            // The planar Bridg-It graph never has 2(|W| - 1) links on any W; K6 often does.
            assertEquals(dense, holds > 0, name + ": the sample reaches subgraphs where the criterion holds");
        }
    }

    @Test
    void everyCertificateOfK6IsAPairOfDisjointSpanningTrees() {
        final SwitchingHost host = SwitchingHosts.complete(6);
        final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(host);
        int certified = 0;
        for (long mask = 0; mask <= host.allLinks(); mask++) {
            if (criterion.shortWinsMovingSecond(mask)) {
                final long m = mask;
                assertTrue(
                        TreePairCertificate.isValid(host, mask, criterion.treeA(), criterion.treeB()),
                        () -> "certificate of mask " + m);
                certified++;
            }
        }
        assertTrue(certified > 1000, "K6 has many subgraphs meeting the criterion: " + certified);
    }

    @Test
    void certificateCheckerRejectsNonCertificates() {
        final SwitchingHost k4 = SwitchingHosts.complete(4);
        final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(k4);
        assertTrue(criterion.shortWinsMovingSecond(k4.allLinks()));
        final long a = criterion.treeA();
        final long b = criterion.treeB();
        assertTrue(TreePairCertificate.isValid(k4, k4.allLinks(), a, b));
        assertEquals(false, TreePairCertificate.isValid(k4, k4.allLinks(), a, a), "overlapping trees");
        assertEquals(false, TreePairCertificate.isValid(k4, k4.allLinks() & ~(a & -a), a, b), "tree outside subgraph");
        assertEquals(false, TreePairCertificate.isValid(k4, k4.allLinks(), a & (a - 1), b), "a forest, not a tree");
    }

    /** The link set of K5 joining the given vertex pairs. */
    private static long k5Links(SwitchingHost k5, int... ends) {
        long links = 0L;
        for (int i = 0; i < ends.length; i += 2) {
            for (int e = 0; e < k5.linkCount(); e++) {
                if (Math.min(k5.linkU(e), k5.linkV(e)) == Math.min(ends[i], ends[i + 1])
                        && Math.max(k5.linkU(e), k5.linkV(e)) == Math.max(ends[i], ends[i + 1])) {
                    links |= 1L << e;
                }
            }
        }
        assertEquals(ends.length / 2, Long.bitCount(links), "each pair is one link of K5");
        return links;
    }

    @Test
    void certificateCheckerRejectsACycleWithOneLinkFewerThanVertices() {
        final SwitchingHost k5 = SwitchingHosts.complete(5);
        final long tree = k5Links(k5, 0, 3, 1, 3, 0, 4, 2, 4);
        final long otherTree = k5Links(k5, 0, 1, 1, 2, 2, 3, 3, 4);
        final long cycleAndLink = k5Links(k5, 0, 1, 1, 2, 0, 2, 3, 4);
        assertTrue(TreePairCertificate.isValid(k5, k5.allLinks(), tree, otherTree), "two disjoint spanning trees");
        // Four links on five vertices, as a tree has, but a triangle and a separate link.
        assertEquals(false, TreePairCertificate.isValid(k5, k5.allLinks(), cycleAndLink, tree), "a cycle, not a tree");
    }

    /** The winning openings by definition: each link secured and the whole partition made again. */
    private static long openingsFromScratch(MatroidPartitionCriterion reference, long mask) {
        long wins = 0L;
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            if (reference.holds(mask, e)) {
                wins |= 1L << e;
            }
        }
        return wins;
    }

    /**
     * The openings found from one partition of the subgraph (its forests cut down for each
     * contraction) are those found by partitioning each contraction from scratch, on every
     * subgraph, whether or not the subgraph was just decided moving second (the kept partition).
     */
    @ParameterizedTest
    @ValueSource(strings = {"K4", "K5", "K6", "doubled"})
    void winningOpeningsFromOnePartitionAreThoseFromScratch(String name) {
        final SwitchingHost host = name.equals("doubled") ? doubledTheta() : SwitchingHosts.resolve(name);
        final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(host);
        final MatroidPartitionCriterion reference = new MatroidPartitionCriterion(host);
        int partly = 0;
        int some = 0;
        for (long mask = 0; mask <= host.allLinks(); mask++) {
            final long expected = openingsFromScratch(reference, mask);
            if ((mask & 1) == 0) {
                criterion.shortWinsMovingSecond(mask);
            }
            final long m = mask;
            assertEquals(expected, criterion.winningOpenings(mask), () -> name + " mask " + m);
            partly += expected != 0 && expected != mask ? 1 : 0;
            some += expected != 0 ? 1 : 0;
        }
        // Guard against a vacuous run: some subgraph has winning and losing openings both.
        assertTrue(partly > 0, name + ": some subgraph has both winning and losing openings");
        assertTrue(some > partly, name + ": on some subgraph every opening wins");
    }

    @Test
    void winningOpeningsFromOnePartitionAreThoseFromScratchOnSampledLargerHosts() {
        for (String name : new String[] {"K7", "K8", "bridgit:3", "bridgit:4"}) {
            final SwitchingHost host = SwitchingHosts.resolve(name);
            final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(host);
            final MatroidPartitionCriterion reference = new MatroidPartitionCriterion(host);
            final Random random = new Random(20261202L);
            int partly = 0;
            int some = 0;
            for (int i = 0; i < 3000; i++) {
                // Dense and sparse subgraphs alike: each link kept with a probability drawn per subgraph.
                final double keep = random.nextDouble();
                long mask = 0L;
                for (int e = 0; e < host.linkCount(); e++) {
                    mask |= random.nextDouble() < keep ? 1L << e : 0L;
                }
                final long expected = openingsFromScratch(reference, mask);
                if (random.nextBoolean()) {
                    criterion.shortWinsMovingSecond(mask);
                }
                assertEquals(expected, criterion.winningOpenings(mask), name + " mask " + mask);
                partly += expected != 0 && expected != mask ? 1 : 0;
                some += expected != 0 ? 1 : 0;
            }
            // Guard against a vacuous run (on Bridg-It boards the sample's winners are the whole board).
            assertTrue(some > 0, name + ": some sampled subgraph has a winning opening");
            assertTrue(partly > 0 || name.startsWith("bridgit"), name + ": some with winning and losing openings both");
        }
    }

    /**
     * The solver's winning openings for Short (each opening searched with Cut to move) are the
     * criterion's on every subgraph of small hosts.
     */
    @ParameterizedTest
    @ValueSource(strings = {"K4", "K5", "theta", "grid2x3", "bridgit:2", "doubled"})
    void solverWinningOpeningsAreTheCriterionsOnEverySubgraph(String name) {
        final SwitchingHost host = name.equals("doubled") ? doubledTheta() : SwitchingHosts.resolve(name);
        final SwitchingGameSolver solver = new SwitchingGameSolver(host);
        final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(host);
        int partly = 0;
        for (long mask = 0; mask <= host.allLinks(); mask++) {
            solver.reset();
            final long expected = criterion.winningOpenings(mask);
            final long m = mask;
            assertEquals(expected, solver.winningOpenings(mask), () -> name + " mask " + m);
            partly += expected != 0 && expected != mask ? 1 : 0;
        }
        // Guard against a vacuous run: on the dense hosts some subgraph has both kinds of opening.
        final boolean dense = name.startsWith("K") || name.equals("doubled");
        assertTrue(partly > 0 || !dense, name + ": some subgraph has winning and losing openings");
    }

    /**
     * Whole Bridg-It boards 2×3 … 5×6, as {@code publish} decides them: the solver finishes both
     * first players and every opening of Short within 20 million nodes (5×6 takes 11 million), and
     * agrees with the criterion — the first player wins, by every opening; the second loses.
     */
    @Test
    void theSolverDecidesBridgitBoardsToFiveBySixWithEveryOpening() {
        for (int n = 2; n <= 5; n++) {
            final SwitchingHost host = SwitchingHosts.bridgit(n);
            final SwitchingGameSolver solver = new SwitchingGameSolver(host, 22, 20_000_000L);
            final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(host);
            final long all = host.allLinks();
            assertTrue(solver.shortWins(all, true), host.name() + ": Short wins moving first");
            assertFalse(solver.shortWins(all, false), host.name() + ": Short loses moving second");
            assertTrue(criterion.shortWinsMovingFirst(all), host.name() + ": the criterion, Short first");
            assertFalse(criterion.shortWinsMovingSecond(all), host.name() + ": the criterion, Short second");
            assertEquals(criterion.winningOpenings(all), solver.winningOpenings(all), host.name() + " openings");
            assertEquals(all, solver.winningOpenings(all), host.name() + ": every opening wins");
        }
    }
}
