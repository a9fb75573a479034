package org.gamecensus.kernel.cram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * The square-indexed shapes against the packed regions where both hold a shape (up to 14
 * squares), and against plain definitions over sets of cells beyond them (15 and 16 squares,
 * boxes of up to 8 × 9 cells).
 */
class CellShapeTest {

    /** Fixed polyominoes of 15 and 16 squares (OEIS A001168). */
    private static final long FIXED_15 = 27_394_666L;

    private static final long FIXED_16 = 104_592_937L;

    private static final int[] INVOLUTIONS = {
        Region.HALF_TURN, Region.FLIP_ROWS, Region.FLIP_COLUMNS, Region.TRANSPOSE, Region.ANTI_TRANSPOSE
    };

    /**
     * Wide shapes made to reach every branch: the 16-square staircase of an 8 × 9 box, paired by
     * its half-turn laxly (its central domino is its own image), whose central domino is a strict
     * route; its 15-square part in an 8 × 8 box; a staircase of 7 × 10 with steps of three at its
     * ends; and steps of three in 6 × 11. All but the second are paired laxly, not strictly.
     */
    private static final String[] MADE = {
        "##......./.##....../..##...../...##..../....##.../.....##../......##./.......##",
        "##....../.##...../..##..../...##.../....##../.....##./......##/.......#",
        "###......./..##....../...##...../....##..../.....##.../......##../.......###",
        "##........./.###......./...###...../.....###.../.......###./.........##",
    };

    @Test
    void squaresSymmetriesIdsAndPicturesAgreeWithPackedRegionsUpToTenSquares() {
        final CellShape shape = new CellShape();
        final int[] checked = {0};
        new RedelmeierEnumerator(10, 7).enumerate(0, 1, p -> {
            shape.loadPacked(p);
            assertEquals(p, shape.id());
            assertEquals(Region.picture(p), shape.picture());
            assertEquals(Region.height(p), shape.height());
            int symmetries = 0;
            for (int sym = 0; sym < 8; sym++) {
                symmetries |= Region.transform(sym, p) == p ? 1 << sym : 0;
            }
            assertEquals(symmetries, shape.symmetries(), Region.picture(p));
            checked[0]++;
        });
        assertEquals(1 + 2 + 6 + 19 + 63 + 216 + 760 + 2725 + 9910 + 36446, checked[0]);
    }

    /** Every fixed polyomino of up to ten squares: the catalogue's choice of representative is the packed regions'. */
    @Test
    void representativesAreThePackedRegionsLeastImagesUpToTenSquares() {
        final int[] representatives = {0};
        new RedelmeierEnumerator(10, 7).enumerateCells(0, 1, (size, rows, cols) -> {
            final long packed = CellShape.of(packedOf(size, rows, cols)).id();
            final boolean least = CellShape.isLeastOfRectangleImages(size, rows, cols);
            assertEquals(packed == Region.leastOfRectangleImages(packed), least, Region.picture(packed));
            representatives[0] += least ? 1 : 0;
        });
        assertEquals(1 + 2 + 3 + 9 + 21 + 68 + 208 + 730 + 2542 + 9287, representatives[0]);
    }

    /**
     * Checks every involution, lax and strict, on subset {@code set} of a shape whose squares lie
     * in a frame of width w (square k at frame bit {@code bits[k]}); counts the pairings that held.
     */
    private static void checkPairings(CellShape shape, int w, int[] bits, int set, long[] held) {
        long mask = 0L;
        for (int k = 0; k < shape.squares(); k++) {
            mask |= (set >>> k & 1L) << bits[k];
        }
        for (int i = 0; i < INVOLUTIONS.length; i++) {
            final int sym = INVOLUTIONS[i];
            for (boolean strict : new boolean[] {false, true}) {
                final boolean expected = SquareBySquareRegion.pairs(sym, w, mask, strict);
                final long m = mask;
                assertEquals(
                        expected,
                        shape.pairs(sym, set, strict),
                        () -> Region.SYMMETRY_NAMES[sym] + (strict ? " strict" : " lax") + " pairing of "
                                + Region.picture(Region.pack(w, m)) + " in width " + w);
                if (sym == Region.HALF_TURN) {
                    assertEquals(expected, shape.pairedByHalfTurn(set, strict), () -> "half-turn test, set " + m);
                }
                held[2 * i + (strict ? 1 : 0)] += expected ? 1 : 0;
            }
        }
    }

    /**
     * Every set of every frame of up to 16 squares, as subsets of the frame's full rectangle, against the square-by-square definition;
     * every pairing both holds and fails somewhere, so each branch met the definition.
     */
    @Test
    void pairingsOfEverySetOfEveryFrameUpToSixteenSquaresMatchTheDefinition() {
        final CellShape shape = new CellShape();
        final long[] held = new long[2 * INVOLUTIONS.length];
        long sets = 0;
        for (int w = 1; w <= 16; w++) {
            for (int h = 1; w * h <= 16; h++) {
                final int n = w * h;
                final int[] rows = new int[n];
                final int[] cols = new int[n];
                final int[] bits = new int[n];
                for (int k = 0; k < n; k++) {
                    rows[k] = k / w;
                    cols[k] = k % w;
                    bits[k] = k;
                }
                shape.load(n, rows, cols);
                for (int set = 1; set <= shape.all(); set++) {
                    checkPairings(shape, w, bits, set, held);
                    sets++;
                }
            }
        }
        assertEquals(576_600, sets, "2^(w·h) − 1 sets in each frame of at most 16 squares");
        for (int k = 0; k < held.length; k++) {
            final String which = Region.SYMMETRY_NAMES[INVOLUTIONS[k / 2]] + (k % 2 == 1 ? " strict" : " lax");
            assertTrue(held[k] > 0 && held[k] < sets, which + " held on " + held[k] + " of " + sets + " sets");
        }
    }

    /**
     * Random shapes of up to 16 squares scattered over frames of up to 64 cells (boxes past a
     * frame of 16 squares, as those of 15 and 16 squares are), half of them made half-turn
     * symmetric, and random subsets of each, against the square-by-square definition.
     */
    @Test
    void pairingsOfRandomSetsOfLargeFramesMatchTheDefinition() {
        final SplittableRandom random = new SplittableRandom(20261205L);
        final CellShape shape = new CellShape();
        final long[] held = new long[2 * INVOLUTIONS.length];
        for (int trial = 0; trial < 20_000; trial++) {
            final int w = 1 + random.nextInt(16);
            final int h = 1 + random.nextInt(Math.min(16, 64 / w));
            long mask = 0L;
            while (Long.bitCount(mask) < Math.min(16, w * h) && random.nextInt(20) != 0) {
                mask |= 1L << random.nextInt(w * h);
                if (trial % 2 == 0 && Long.bitCount(mask) < 16) {
                    mask |= Long.reverse(mask) >>> (64 - w * h); // the half-turn partner about the frame
                }
            }
            while (Long.bitCount(mask) > 16) {
                mask &= mask - 1;
            }
            if (mask == 0) {
                continue;
            }
            final int n = Long.bitCount(mask);
            final int[] rows = new int[n];
            final int[] cols = new int[n];
            int k = 0;
            for (long rest = mask; rest != 0; rest &= rest - 1) {
                final int bit = Long.numberOfTrailingZeros(rest);
                rows[k] = bit / w;
                cols[k] = bit % w;
                k++;
            }
            shape.load(n, rows, cols);
            final int[] bits = new int[n];
            for (int s = 0; s < n; s++) {
                bits[s] = shape.row(s) * shape.width() + shape.column(s);
            }
            checkPairings(shape, shape.width(), bits, shape.all(), held);
            for (int i = 0; i < 8; i++) {
                final int set = random.nextInt(shape.all()) + 1;
                checkPairings(shape, shape.width(), bits, set, held);
            }
        }
        assertTrue(held[0] > 100 && held[1] > 100, "half-turn pairings reached: " + held[0] + ", " + held[1]);
    }

    /**
     * Every fixed polyomino of 15 and of 16 squares is enumerated (the known counts), and those
     * whose box exceeds 56 cells — a set the catalogue's group keeps, since it keeps the box —
     * are each stood for by one representative (Σ of the representatives' images under the group
     * is their number); the representatives' ids are distinct, negative and carry the width.
     */
    @Test
    void shapesOfFifteenAndSixteenSquaresBeyondPackedRegionsAreEachRepresentedOnce() {
        final Set<Long> wideIds = new HashSet<>();
        for (int n : new int[] {15, 16}) {
            final CellShape shape = new CellShape();
            final long[] counts = {0, 0, 0}; // fixed polyominoes of n squares; those with wide boxes; images
            final int size = n;
            new RedelmeierEnumerator(n, 7).enumerateCells(0, 1, (squares, rows, cols) -> {
                if (squares != size) {
                    return;
                }
                counts[0]++;
                int rmin = 99;
                int rmax = -99;
                int cmin = 99;
                int cmax = -99;
                for (int i = 0; i < squares; i++) {
                    rmin = Math.min(rmin, rows[i]);
                    rmax = Math.max(rmax, rows[i]);
                    cmin = Math.min(cmin, cols[i]);
                    cmax = Math.max(cmax, cols[i]);
                }
                if ((rmax - rmin + 1) * (cmax - cmin + 1) <= 56) {
                    return;
                }
                counts[1]++;
                if (!CellShape.isLeastOfRectangleImages(squares, rows, cols)) {
                    return;
                }
                shape.load(squares, rows, cols);
                final int stabiliser = Integer.bitCount(shape.symmetries()
                        & (1 << Region.IDENTITY
                                | 1 << Region.HALF_TURN
                                | 1 << Region.FLIP_ROWS
                                | 1 << Region.FLIP_COLUMNS));
                counts[2] += 4 / stabiliser;
                final long id = shape.id();
                assertTrue(id < 0 && (int) (id >>> 56 & 0x7f) == shape.width(), shape.picture());
                assertEquals(squares - 1, (int) (id >>> 52 & 0xf), "the squares less one: " + shape.picture());
                assertTrue(wideIds.add(id), "distinct ids, over both sizes: " + shape.picture());
            });
            assertEquals(n == 15 ? FIXED_15 : FIXED_16, counts[0], "fixed polyominoes of " + n);
            assertEquals(counts[1], counts[2], "the representatives of " + n + " squares stand for each once");
            assertTrue(counts[1] > 1000, "fixed polyominoes of " + n + " with boxes over 56 cells: " + counts[1]);
        }
    }

    /**
     * Shapes of 15 and 16 squares, most with boxes over 56 cells (up to 8 × 9): every field of the
     * census row against plain definitions over sets of (row, column) cells — the Grundy value by
     * the bare recursion, the pairings, the routes and the two-moves-away moves — and the half-turn
     * test on random subsets of each. The made shapes and the totals make sure pairings and routes
     * of wide boxes are met, not only their absence.
     */
    @Test
    void largeShapesAgreeWithThePlainDefinitions() {
        final CramCensusKernel kernel = new CramCensusKernel(16, 64);
        final List<String> bad = new ArrayList<>();
        final SplittableRandom random = new SplittableRandom(16L);
        final int[] taken = {0, 0}; // shapes checked: boxes of up to 56 cells, boxes over 56
        final long[] met = {0, 0, 0, 0}; // wide shapes paired laxly, with a route, with a strict route; subsets paired
        final Consumer<CellShape> check = shape -> {
            final boolean wide = shape.height() * shape.width() > 56;
            taken[wide ? 1 : 0]++;
            final CramShapeVerdict v = kernel.decide(shape);
            final Map<Set<Integer>, Integer> memo = new HashMap<>();
            final Set<Integer> cells = cellsOf(shape, shape.all());
            final String got = v.grundy() + " " + v.pairedLax() + " " + v.pairedStrict() + " routes "
                    + moves(v.routes()) + " two " + moves(v.twoMoves());
            final String want = plainGrundy(cells, memo) + " " + PlainTwoMovesAway.paired(cells, false) + " "
                    + PlainTwoMovesAway.paired(cells, true) + " routes " + plainRoutes(cells, memo) + " two "
                    + plainTwoMoves(cells, memo);
            if (!got.equals(want)) {
                bad.add(v.picture() + ": kernel " + got + ", plain " + want);
            }
            assertNull(v.violations(), v.picture());
            assertEquals(v.grundy() != 0 ? "N" : "P", v.outcome());
            if (wide) {
                met[0] += v.pairedLax() ? 1 : 0;
                met[1] += v.routesLax() > 0 ? 1 : 0;
                met[2] += v.routesStrict() > 0 ? 1 : 0;
            }
            final int[] partner = halfTurnPartners(shape);
            for (int i = 0; i < 64; i++) {
                // Half of the subsets closed under the shape's half-turn (when it keeps the shape), so some are paired.
                int set = random.nextInt(shape.all()) + 1;
                if (partner != null && i % 2 == 0) {
                    for (int rest = set; rest != 0; rest &= rest - 1) {
                        set |= 1 << partner[Integer.numberOfTrailingZeros(rest)];
                    }
                }
                for (boolean strict : new boolean[] {false, true}) {
                    final boolean expected = PlainTwoMovesAway.paired(cellsOf(shape, set), strict);
                    assertEquals(expected, shape.pairedByHalfTurn(set, strict), v.picture() + " subset " + set);
                    assertEquals(expected, shape.pairs(Region.HALF_TURN, set, strict), v.picture() + " subset " + set);
                    met[3] += expected ? 1 : 0;
                }
            }
        };
        for (String picture : MADE) {
            check.accept(CellShape.ofPicture(picture));
        }
        for (int n : new int[] {15, 16}) {
            final CellShape shape = new CellShape();
            final int size = n;
            final int[] kinds = {0, 0}; // shapes taken: boxes of up to 56 cells, boxes over 56
            new RedelmeierEnumerator(n, 7).enumerateCells(5, 64, (squares, rows, cols) -> {
                if (squares != size || !CellShape.isLeastOfRectangleImages(squares, rows, cols)) {
                    return;
                }
                shape.load(squares, rows, cols);
                final int kind = shape.height() * shape.width() > 56 ? 1 : 0;
                if (kinds[kind] < (kind == 1 ? 12 : 4)) {
                    kinds[kind]++;
                    check.accept(shape);
                }
            });
        }
        assertEquals(List.of(), bad);
        assertEquals(8, taken[0], "shapes with boxes of up to 56 cells checked");
        assertEquals(24 + MADE.length, taken[1], "shapes with boxes over 56 cells checked");
        assertTrue(
                met[0] >= 2 && met[1] >= 2 && met[2] >= 2,
                "wide pairings and routes met: " + met[0] + " " + met[1] + " " + met[2]);
        assertTrue(met[3] > 0, "paired subsets met");
    }

    /** Each square's image under the half-turn of the shape's box, or null when that does not keep the shape. */
    private static int[] halfTurnPartners(CellShape shape) {
        final Map<Integer, Integer> squareAt = new HashMap<>();
        for (int s = 0; s < shape.squares(); s++) {
            squareAt.put(shape.row(s) * 64 + shape.column(s), s);
        }
        final int[] partner = new int[shape.squares()];
        for (int s = 0; s < shape.squares(); s++) {
            final Integer p =
                    squareAt.get((shape.height() - 1 - shape.row(s)) * 64 + shape.width() - 1 - shape.column(s));
            if (p == null) {
                return null;
            }
            partner[s] = p;
        }
        return partner;
    }

    /** The cells of a set of a shape's squares, each row · 64 + column ({@link PlainTwoMovesAway}'s form). */
    private static Set<Integer> cellsOf(CellShape shape, int set) {
        final Set<Integer> cells = new TreeSet<>();
        for (int s = 0; s < shape.squares(); s++) {
            if ((set >>> s & 1) != 0) {
                cells.add(shape.row(s) * 64 + shape.column(s));
            }
        }
        return cells;
    }

    private static long packedOf(int size, int[] rows, int[] cols) {
        final CellShape s = new CellShape();
        s.load(size, rows, cols);
        return s.id();
    }

    private static String moves(DominoMoves m) {
        final List<String> out = new ArrayList<>();
        for (int i = 0; i < m.count(); i++) {
            out.add("(" + m.r1(i) + "," + m.c1(i) + ")-(" + m.r2(i) + "," + m.c2(i) + ") " + m.strict(i) + " "
                    + m.remainderGrundy(i));
        }
        out.sort(null);
        return out.toString();
    }

    private static int plainGrundy(Set<Integer> cells, Map<Set<Integer>, Integer> memo) {
        final Integer known = memo.get(cells);
        if (known != null) {
            return known;
        }
        final Set<Integer> seen = new HashSet<>();
        for (PlainTwoMovesAway.Domino d : PlainTwoMovesAway.dominoes(cells)) {
            seen.add(plainGrundy(PlainTwoMovesAway.without(cells, d), memo));
        }
        int mex = 0;
        while (seen.contains(mex)) {
            mex++;
        }
        memo.put(cells, mex);
        return mex;
    }

    private static String plainRoutes(Set<Integer> cells, Map<Set<Integer>, Integer> memo) {
        final List<String> out = new ArrayList<>();
        for (PlainTwoMovesAway.Domino d : PlainTwoMovesAway.dominoes(cells)) {
            final Set<Integer> rest = PlainTwoMovesAway.without(cells, d);
            if (PlainTwoMovesAway.paired(rest, false)) {
                out.add(plain(d) + " " + PlainTwoMovesAway.paired(rest, true) + " " + plainGrundy(rest, memo));
            }
        }
        out.sort(null);
        return out.toString();
    }

    private static String plainTwoMoves(Set<Integer> cells, Map<Set<Integer>, Integer> memo) {
        final List<PlainTwoMovesAway.Domino> strict = PlainTwoMovesAway.countingMoves(cells, true);
        final List<String> out = new ArrayList<>();
        for (PlainTwoMovesAway.Domino d : PlainTwoMovesAway.countingMoves(cells, false)) {
            out.add(plain(d) + " " + strict.contains(d) + " " + plainGrundy(PlainTwoMovesAway.without(cells, d), memo));
        }
        out.sort(null);
        return out.toString();
    }

    private static String plain(PlainTwoMovesAway.Domino d) {
        return "(" + d.a() / 64 + "," + d.a() % 64 + ")-(" + d.b() / 64 + "," + d.b() % 64 + ")";
    }
}
