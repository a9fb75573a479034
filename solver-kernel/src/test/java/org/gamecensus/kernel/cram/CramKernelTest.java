package org.gamecensus.kernel.cram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CramKernelTest {

    /** Fixed polyominoes by size (OEIS A001168). */
    private static final long[] FIXED = {0, 1, 2, 6, 19, 63, 216, 760, 2725, 9910, 36446, 135268};

    @Test
    void redelmeierCountsFixedPolyominoes() {
        final long[] counts = new long[12];
        new RedelmeierEnumerator(11, 7).enumerate(0, 1, p -> counts[Region.squares(p)]++);
        assertArrayEquals(FIXED, counts);
    }

    @Test
    void slicesPartitionTheEnumeration() {
        final TreeSet<Long> whole = new TreeSet<>();
        new RedelmeierEnumerator(9, 7).enumerate(0, 1, p -> assertTrue(whole.add(p), "emitted once"));
        final TreeSet<Long> union = new TreeSet<>();
        for (int s = 0; s < 13; s++) {
            new RedelmeierEnumerator(9, 7).enumerate(s, 13, p -> assertTrue(union.add(p), "one slice each"));
        }
        assertEquals(whole, union);
        assertEquals(
                FIXED[1] + FIXED[2] + FIXED[3] + FIXED[4] + FIXED[5] + FIXED[6] + FIXED[7] + FIXED[8] + FIXED[9],
                union.size());
    }

    @Test
    void catalogueHasTheSpecsCountsPerSize() {
        final int[] shapes = new int[9];
        final long[] fixed = new long[9];
        final CramCensusKernel kernel = new CramCensusKernel(8, 3);
        for (int s = 0; s < 3; s++) {
            kernel.decideSlice(s, v -> {
                shapes[v.squares()]++;
                fixed[v.squares()] += v.fixedCount();
            });
        }
        assertArrayEquals(new int[] {0, 1, 2, 3, 9, 21, 68, 208, 730}, shapes);
        for (int n = 1; n <= 8; n++) {
            assertEquals(FIXED[n], fixed[n], "fixed polyominoes the shapes of size " + n + " stand for");
        }
    }

    @Test
    void estimatedCountStaysWithinTenPercentOfTheFixedPolyominoesFromEightSquares() {
        for (int n = 8; n <= 11; n++) {
            final double ratio = RedelmeierEnumerator.estimatedCount(n) / FIXED[n];
            assertTrue(ratio > 1.0 && ratio < 1.1, n + " squares: estimate / count = " + ratio);
        }
    }

    @Test
    void grundyTableHoldsEveryComponentClassAtMostHalfFull() {
        // The classes a census reaches: those the Grundy search evaluates with a table too large to forget any.
        for (int n = 2; n <= 10; n++) {
            final CramGrundy grundy = new CramGrundy(20);
            new RedelmeierEnumerator(n, 7).enumerate(0, 1, grundy::grundy);
            final long slots = 1L << CramCensusKernel.grundyTableBits(n);
            assertTrue(
                    2 * grundy.evaluations() <= slots,
                    n + " squares: " + grundy.evaluations() + " classes, " + slots + " slots");
            assertTrue(
                    slots == 1 << 12 || 8 * grundy.evaluations() > slots,
                    n + " squares: " + slots + " slots for " + grundy.evaluations() + " classes, oversized");
        }
        assertEquals(16, CramCensusKernel.grundyTableBits(11), "23,545 classes to 11 squares");
        assertEquals(22, CramCensusKernel.grundyTableBits(Region.MAX_SQUARES), "the classes of up to 14 squares");
        assertEquals(
                22,
                CramCensusKernel.grundyTableBits(CellShape.MAX_SQUARES),
                "no more at 16 squares: a set of 15 or 16 is a whole shape, not in the table");
    }

    @Test
    void grundyMatchesThePlainRecursionOnShapesAndTheirSubsets() {
        final CramGrundy grundy = new CramGrundy(12);
        final Random random = new Random(7);
        final int[] checked = {0};
        new RedelmeierEnumerator(9, 7).enumerate(0, 1, p -> {
            final int w = Region.width(p);
            final long m = Region.mask(p);
            final PlainCramGrundy plain = new PlainCramGrundy(w, Region.height(p));
            assertEquals(plain.grundy(m), grundy.grundy(w, m), Region.picture(p));
            // A random subset: often disconnected, which the splitter must handle.
            final long subset = m & random.nextLong();
            assertEquals(plain.grundy(subset), grundy.grundy(w, subset), Region.picture(p) + " subset");
            checked[0]++;
        });
        assertEquals(13_702, checked[0]);
    }

    @Test
    void aClearedGrundyTableEvaluatesEveryClassAgainToTheSameValues() {
        final List<Long> shapes = new ArrayList<>();
        new RedelmeierEnumerator(8, 7).enumerate(0, 1, shapes::add);
        final CramGrundy grundy = new CramGrundy(16);
        final int[] first = shapes.stream().mapToInt(grundy::grundy).toArray();
        final long classes = grundy.evaluations();
        assertTrue(classes > 0);
        assertArrayEquals(first, shapes.stream().mapToInt(grundy::grundy).toArray());
        assertEquals(classes, grundy.evaluations(), "every class remembered");
        grundy.clear();
        assertEquals(0, grundy.evaluations());
        assertArrayEquals(first, shapes.stream().mapToInt(grundy::grundy).toArray());
        assertEquals(classes, grundy.evaluations(), "every class evaluated again, once");
    }

    @Test
    void stripsFollowDawsonsKayles() {
        // Cram on a 1 × n strip is the octal game 0.07.
        final int[] expected = {0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4};
        final CramGrundy grundy = new CramGrundy(12);
        for (int n = 1; n < expected.length; n++) {
            assertEquals(expected[n], grundy.grundy(Region.pack(n, (1L << n) - 1)), "1 × " + n);
            assertEquals(expected[n], grundy.grundy(Region.pack(1, (1L << n) - 1)), n + " × 1");
        }
    }

    @ParameterizedTest
    @CsvSource({
        "##, true, false", // a lone domino is its own image
        "###/###, true, false", // the 2 × 3 rectangle: the central domino maps onto itself
        "##/##, true, true",
        "###/.#., false, false", // the T
        "##./.##, true, false", // the S: its central domino is its own image
        "##../..##, true, true", // no square and no domino fixed
        "#.#, true, true", // disconnected is fine
        "###, false, false"
    }) // a fixed centre square
    void halfTurnPairing(String picture, boolean lax, boolean strict) {
        final CellShape shape = CellShape.ofPicture(picture);
        assertEquals(lax, shape.pairedByHalfTurn(shape.all(), false), picture + " lax");
        assertEquals(strict, shape.pairedByHalfTurn(shape.all(), true), picture + " strict");
        assertEquals(lax, shape.pairs(Region.HALF_TURN, shape.all(), false), picture + " lax");
        assertEquals(strict, shape.pairs(Region.HALF_TURN, shape.all(), true), picture + " strict");
    }

    @Test
    void symmetriesActAsTheDihedralGroup() {
        final long l = Region.fromPicture("#./#./##");
        // Four quarter turns are the identity; a half-turn is two quarter turns.
        long x = l;
        for (int i = 0; i < 4; i++) {
            x = Region.transform(Region.QUARTER_TURN, x);
        }
        assertEquals(l, x);
        assertEquals(
                Region.transform(Region.HALF_TURN, l),
                Region.transform(Region.QUARTER_TURN, Region.transform(Region.QUARTER_TURN, l)));
        assertEquals("##/#./#.", Region.picture(Region.transform(Region.FLIP_ROWS, l)));
        assertEquals("###/..#", Region.picture(Region.transform(Region.TRANSPOSE, l)));
        assertEquals("#./#./##", Region.picture(Region.fromPicture("..#./..#./..##")));
    }

    @Test
    void outcomeSearchesAgreeWithGrundyAndTheHybridSearchesLess() {
        final CramGrundy grundy = new CramGrundy(14);
        final CramOutcomeSearch plain = new CramOutcomeSearch(false);
        final CramOutcomeSearch hybrid = new CramOutcomeSearch(true);
        final long[] nodes = new long[2];
        new RedelmeierEnumerator(10, 7).enumerate(0, 1, p -> {
            if (Region.squares(p) % 2 == 1) {
                return;
            }
            final boolean n = grundy.grundy(p) != 0;
            assertEquals(n, plain.moverWins(p), Region.picture(p));
            assertEquals(n, hybrid.moverWins(p), Region.picture(p));
            nodes[0] += plain.nodes();
            nodes[1] += hybrid.nodes();
        });
        assertTrue(nodes[1] < nodes[0], "the pairing check saves nodes: " + nodes[1] + " < " + nodes[0]);
    }

    @Test
    void kernelFindsNoViolationsUpToTenSquares() {
        final CramCensusKernel kernel = new CramCensusKernel(10, 4);
        final List<String> bad = new ArrayList<>();
        final int[] shapes = {0};
        for (int s = 0; s < 4; s++) {
            kernel.decideSlice(s, v -> {
                shapes[0]++;
                if (v.violations() != null) {
                    bad.add(v.picture() + ": " + v.violations());
                }
            });
        }
        assertEquals(List.of(), bad);
        assertEquals(1042 + 2542 + 9287, shapes[0]);
    }

    /**
     * Every shape of up to ten squares, odd ones included: the kernel's two-moves-away moves, lax
     * and strict, and their remainders' Grundy values equal the plain definition's (sets of cells,
     * Grundy by {@link PlainCramGrundy}). The totals show that each kind occurs, so a kernel that
     * found none would fail.
     */
    @Test
    void twoMovesAwayMatchesThePlainDefinitionUpToTenSquares() {
        final CramCensusKernel kernel = new CramCensusKernel(10, 4);
        final List<String> bad = new ArrayList<>();
        final long[] totals = new long[4]; // lax moves, strict moves, lax moves that lose, P shapes with a lax move
        for (int s = 0; s < 4; s++) {
            kernel.decideSlice(s, v -> {
                final int w = v.width();
                final long mask = Region.mask(v.shape());
                final Set<Integer> cells = PlainTwoMovesAway.cells(w, mask);
                final PlainCramGrundy plainGrundy = new PlainCramGrundy(w, v.height());
                final List<String> expected = new ArrayList<>();
                final List<PlainTwoMovesAway.Domino> strict = PlainTwoMovesAway.countingMoves(cells, true);
                for (PlainTwoMovesAway.Domino m : PlainTwoMovesAway.countingMoves(cells, false)) {
                    final long rest = PlainTwoMovesAway.mask(w, PlainTwoMovesAway.without(cells, m));
                    expected.add(m + " strict=" + strict.contains(m) + " grundy=" + plainGrundy.grundy(rest));
                }
                final List<String> actual = new ArrayList<>();
                final DominoMoves moves = v.twoMoves();
                for (int i = 0; i < moves.count(); i++) {
                    actual.add("(" + moves.r1(i) + "," + moves.c1(i) + ")-(" + moves.r2(i) + "," + moves.c2(i)
                            + ") strict=" + moves.strict(i) + " grundy=" + moves.remainderGrundy(i));
                }
                expected.sort(null);
                actual.sort(null);
                if (!expected.equals(actual)) {
                    bad.add(v.picture() + ": kernel " + actual + ", plain " + expected);
                }
                totals[0] += v.twoMovesLax();
                totals[1] += v.twoMovesStrict();
                totals[2] += v.twoMovesLaxLosing();
                totals[3] += v.grundy() == 0 && v.twoMovesLax() > 0 ? 1 : 0;
            });
        }
        assertEquals(List.of(), bad);
        assertTrue(
                totals[1] > 0 && totals[0] > totals[1],
                "lax moves outnumber strict ones: " + totals[0] + ", " + totals[1]);
        assertTrue(totals[2] > 0, "some lax moves lose");
        assertTrue(totals[3] > 0, "some second-player wins have a lax move, which loses");
    }

    @Test
    void theTwoByThreeRectangleHasAStrictRouteAndTheSquareTetrominoIsPaired() {
        final CramCensusKernel kernel = new CramCensusKernel(8, 1);
        final CramShapeVerdict rect = kernel.decide(Region.fromPicture("###/###"));
        assertEquals("N", rect.outcome());
        assertTrue(rect.pairedLax());
        assertFalse(rect.pairedStrict());
        assertTrue(rect.routesStrict() >= 1, "taking the central column pairs the rest");
        assertNull(rect.violations());
        final CramShapeVerdict square = kernel.decide(Region.fromPicture("##/##"));
        assertEquals("P", square.outcome());
        assertTrue(square.pairedStrict());
        assertEquals(0, square.routesStrict());
        assertEquals(4, square.routesLax(), "each domino leaves a lone domino, laxly paired");
        assertEquals(4, square.laxLosingRoutes());
    }
}
