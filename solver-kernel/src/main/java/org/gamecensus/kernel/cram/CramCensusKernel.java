package org.gamecensus.kernel.cram;

/**
 * The Cram pairing census, one slice of the catalogue at a time. The catalogue is every
 * polyomino of 1..n squares up to translation and the group {identity, half-turn, flip rows,
 * flip columns} (quarter turns and diagonal mirrors are not identifications): a fixed polyomino
 * from {@link RedelmeierEnumerator} is kept when it is the least of its four images.
 *
 * <p>Each shape is decided twice: by the game search ({@link CramGrundy}, and the win/loss
 * searches of {@link CramOutcomeSearch}) and by the pairing theorem (a strictly paired position
 * is a second-player win; a strict route is a winning move; a strict move two moves away, one
 * after which every reply leaves a strict pairing one move away, is a winning move). Their
 * disagreement, an odd shape with a route, or a shape strictly paired by a mirror is recorded as
 * a violation, which fails the census.
 *
 * <p>Cost per shape of n squares with d dominoes: the Grundy value (memoised by component class),
 * the two win/loss searches, d half-turn tests for the routes, and for two moves away at most
 * d³ half-turn tests on even shapes, each of the three loops stopping at its first failure.
 */
public final class CramCensusKernel {

    /** Receives each shape; the verdict object is reused for the next one. */
    @FunctionalInterface
    public interface Sink {
        void accept(CramShapeVerdict verdict);
    }

    /** The split depth of the enumeration tree: its nodes there are the slices' units. */
    static final int SPLIT_DEPTH = 7;

    private final int maxSquares;
    private final int sliceCount;
    private final RedelmeierEnumerator enumerator;
    private final CramGrundy grundy;
    private final CramOutcomeSearch plain = new CramOutcomeSearch(false, 16);
    private final CramOutcomeSearch hybrid = new CramOutcomeSearch(true, 16);
    private final CramShapeVerdict verdict = new CramShapeVerdict();
    private final StringBuilder problems = new StringBuilder();

    /**
     * @param maxSquares largest shape (1..{@value Region#MAX_SQUARES})
     * @param sliceCount number of slices the catalogue is cut into
     */
    public CramCensusKernel(int maxSquares, int sliceCount) {
        if (sliceCount < 1) {
            throw new IllegalArgumentException("sliceCount must be positive, got " + sliceCount);
        }
        this.maxSquares = maxSquares;
        this.sliceCount = sliceCount;
        this.enumerator = new RedelmeierEnumerator(maxSquares, SPLIT_DEPTH);
        this.grundy = new CramGrundy(grundyTableBits(maxSquares));
    }

    /**
     * log2 of the Grundy table's slots for shapes of up to {@code maxSquares} squares: twice the
     * component classes the census can reach, which are the free polyominoes of 2..maxSquares
     * squares (an eighth of the fixed ones; 23,545 to 11 squares, 325,736 to 13), so the table is
     * at most half full. A table sized for the largest census instead (2^21 slots, 18 MB) was
     * allocated by every partition of a small one: to 11 squares, G1 started a concurrent cycle
     * for nearly every census, and two tasks side by side then took 5–40 % longer.
     */
    static int grundyTableBits(int maxSquares) {
        double classes = 0;
        for (int n = 2; n <= maxSquares; n++) {
            classes += RedelmeierEnumerator.estimatedCount(n) / 8;
        }
        final long slots = (long) Math.ceil(2 * classes);
        final int bits = 64 - Long.numberOfLeadingZeros(Math.max(1, slots - 1));
        return Math.max(12, Math.min(22, bits));
    }

    public int maxSquares() {
        return maxSquares;
    }

    /** Decides every catalogue shape of slice {@code slice}. */
    public void decideSlice(int slice, Sink sink) {
        enumerator.enumerate(slice, sliceCount, fixed -> {
            if (isCatalogueRepresentative(fixed)) {
                decide(fixed);
                sink.accept(verdict);
            }
        });
    }

    /** Whether a fixed polyomino is the least of its images under the catalogue's group. */
    static boolean isCatalogueRepresentative(long packed) {
        return packed == Region.leastOfRectangleImages(packed);
    }

    /** Fills the verdict for one shape (packed, normalised). */
    public CramShapeVerdict decide(long shape) {
        final CramShapeVerdict v = verdict;
        final int w = Region.width(shape);
        final long m = Region.mask(shape);
        problems.setLength(0);
        v.shape = shape;
        v.grundy = grundy.grundy(w, m);
        v.symmetries = 0;
        for (int sym = 0; sym < 8; sym++) {
            if (Region.transform(sym, shape) == shape) {
                v.symmetries |= 1 << sym;
            }
        }
        // Images under {identity, half-turn, flip rows, flip columns}: 4 / |stabiliser|.
        final int stabiliser = Integer.bitCount(v.symmetries
                & (1 << Region.IDENTITY | 1 << Region.HALF_TURN | 1 << Region.FLIP_ROWS | 1 << Region.FLIP_COLUMNS));
        v.fixedCount = 4 / stabiliser;
        v.pairedLax = Region.pairs(Region.HALF_TURN, w, m, false);
        v.pairedStrict = Region.pairs(Region.HALF_TURN, w, m, true);
        if (v.pairedStrict && v.grundy != 0) {
            problems.append("strictly paired but Grundy ").append(v.grundy).append("; ");
        }
        for (int mirror : Region.MIRRORS) {
            if (Region.pairs(mirror, w, m, true)) {
                problems.append("strictly paired by ")
                        .append(Region.SYMMETRY_NAMES[mirror])
                        .append("; ");
            }
        }
        v.routes.clear();
        for (long d = Region.horizontalDominoes(w, m); d != 0; d &= d - 1) {
            final int i = Long.numberOfTrailingZeros(d);
            route(v, w, m, i, i + 1);
        }
        for (long d = Region.verticalDominoes(w, m); d != 0; d &= d - 1) {
            final int i = Long.numberOfTrailingZeros(d);
            route(v, w, m, i, i + w);
        }
        if (v.routes.count() > 0 && Long.bitCount(m) % 2 == 1) {
            problems.append("odd shape with ").append(v.routes.count()).append(" route(s); ");
        }
        v.twoMoves.clear();
        // A paired set has an even number of squares (the half-turn fixes none), so an odd shape,
        // three dominoes smaller, is never paired: no move of an odd shape counts.
        if (Long.bitCount(m) % 2 == 0) {
            for (long d = Region.horizontalDominoes(w, m); d != 0; d &= d - 1) {
                final int i = Long.numberOfTrailingZeros(d);
                twoMovesAway(v, w, m, i, i + 1);
            }
            for (long d = Region.verticalDominoes(w, m); d != 0; d &= d - 1) {
                final int i = Long.numberOfTrailingZeros(d);
                twoMovesAway(v, w, m, i, i + w);
            }
        }
        v.plainMoverWins = plain.moverWins(shape);
        v.nodesPlain = plain.nodes();
        v.hybridMoverWins = hybrid.moverWins(shape);
        v.nodesHybrid = hybrid.nodes();
        if (v.plainMoverWins != (v.grundy != 0)) {
            problems.append("win/loss search says ")
                    .append(v.plainMoverWins ? "N" : "P")
                    .append(", Grundy ")
                    .append(v.grundy)
                    .append("; ");
        }
        if (v.hybridMoverWins != v.plainMoverWins) {
            problems.append("hybrid search disagrees with plain search; ");
        }
        v.violations = problems.length() == 0 ? null : problems.substring(0, problems.length() - 2);
        return v;
    }

    /**
     * Records domino (a, b) when it counts as two moves away: the remainder has a move, and every
     * reply leaves a set one move from a pairing. Strict counting implies lax counting (a strictly
     * paired set is laxly paired), so the strict test runs only on moves that count laxly.
     */
    private void twoMovesAway(CramShapeVerdict v, int w, long m, int a, int b) {
        final long rest = m & ~(1L << a | 1L << b);
        if (!everyReplyOneMoveAway(w, rest, false)) {
            return;
        }
        final boolean strict = everyReplyOneMoveAway(w, rest, true);
        final int g = grundy.grundy(w, rest);
        v.twoMoves.add(w, a, b, strict, g);
        if (strict && g != 0) {
            losingStrictMove("strict two-moves-away move", w, a, b, g);
        }
    }

    /** Whether {@code rest} has a move and every move r leaves a set one move from a pairing. */
    private static boolean everyReplyOneMoveAway(int w, long rest, boolean strict) {
        final long horizontal = Region.horizontalDominoes(w, rest);
        final long vertical = Region.verticalDominoes(w, rest);
        if ((horizontal | vertical) == 0) {
            return false;
        }
        for (long d = horizontal; d != 0; d &= d - 1) {
            if (!oneMoveAway(w, rest & ~(3L << Long.numberOfTrailingZeros(d)), strict)) {
                return false;
            }
        }
        for (long d = vertical; d != 0; d &= d - 1) {
            final int i = Long.numberOfTrailingZeros(d);
            if (!oneMoveAway(w, rest & ~(1L << i | 1L << (i + w)), strict)) {
                return false;
            }
        }
        return true;
    }

    /** Whether some domino of {@code x} leaves a non-empty set its own half-turn pairs. */
    private static boolean oneMoveAway(int w, long x, boolean strict) {
        for (long d = Region.horizontalDominoes(w, x); d != 0; d &= d - 1) {
            final long y = x & ~(3L << Long.numberOfTrailingZeros(d));
            if (y != 0 && Region.pairs(Region.HALF_TURN, w, y, strict)) {
                return true;
            }
        }
        for (long d = Region.verticalDominoes(w, x); d != 0; d &= d - 1) {
            final int i = Long.numberOfTrailingZeros(d);
            final long y = x & ~(1L << i | 1L << (i + w));
            if (y != 0 && Region.pairs(Region.HALF_TURN, w, y, strict)) {
                return true;
            }
        }
        return false;
    }

    private void route(CramShapeVerdict v, int w, long m, int a, int b) {
        final long rest = m & ~(1L << a | 1L << b);
        if (rest == 0 || !Region.pairs(Region.HALF_TURN, w, rest, false)) {
            return;
        }
        final boolean strict = Region.pairs(Region.HALF_TURN, w, rest, true);
        final int g = grundy.grundy(w, rest);
        v.routes.add(w, a, b, strict, g);
        if (strict && g != 0) {
            losingStrictMove("strict route", w, a, b, g);
        }
    }

    /** Records the violation of a strict move (domino a–b) whose remainder has Grundy value {@code g} ≠ 0. */
    private void losingStrictMove(String what, int w, int a, int b, int g) {
        problems.append(what)
                .append(" (")
                .append(a / w)
                .append(',')
                .append(a % w)
                .append(")-(")
                .append(b / w)
                .append(',')
                .append(b % w)
                .append(") leaves Grundy ")
                .append(g)
                .append("; ");
    }
}
