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
 * <p>A shape is a {@link CellShape} (up to 16 squares, a set of them an int), so the win/loss
 * searches index their tables by position and the loops below run over a set's dominoes as a
 * mask of domino indices; components of at most 14 squares go to {@link CramGrundy} as packed
 * regions.
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
    private final CramOutcomeSearch plain = new CramOutcomeSearch(false);
    private final CramOutcomeSearch hybrid = new CramOutcomeSearch(true);
    private final CellShape cells = new CellShape();
    private final CramShapeVerdict verdict = new CramShapeVerdict();
    private final StringBuilder problems = new StringBuilder();

    /**
     * @param maxSquares largest shape (1..{@value CellShape#MAX_SQUARES})
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
     * component classes the census can reach, which are the free polyominoes of 2..min(maxSquares,
     * 14) squares (an eighth of the fixed ones; 23,545 to 11 squares, 325,736 to 13; a set of 15
     * or 16 squares is a whole shape, valued without the table), so the table is at most half full. A table sized for the largest census instead (2^21 slots, 18 MB) was
     * allocated by every partition of a small one: to 11 squares, G1 started a concurrent cycle
     * for nearly every census, and two tasks side by side then took 5–40 % longer.
     */
    static int grundyTableBits(int maxSquares) {
        double classes = 0;
        for (int n = 2; n <= Math.min(maxSquares, Region.MAX_SQUARES); n++) {
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
        enumerator.enumerateCells(slice, sliceCount, (size, rows, cols) -> {
            if (CellShape.isLeastOfRectangleImages(size, rows, cols)) {
                cells.load(size, rows, cols);
                decide(cells);
                sink.accept(verdict);
            }
        });
    }

    /** Fills the verdict for one shape (packed, normalised; a connected set of up to 14 squares). */
    public CramShapeVerdict decide(long shape) {
        cells.loadPacked(shape);
        return decide(cells);
    }

    /** Fills the verdict for one shape of up to {@value CellShape#MAX_SQUARES} squares. */
    public CramShapeVerdict decide(CellShape s) {
        final CramShapeVerdict v = verdict;
        final int all = s.all();
        problems.setLength(0);
        v.shape = s.id();
        v.cells = s;
        v.grundy = grundy.grundy(s, all);
        v.symmetries = s.symmetries();
        // Images under {identity, half-turn, flip rows, flip columns}: 4 / |stabiliser|.
        final int stabiliser = Integer.bitCount(v.symmetries
                & (1 << Region.IDENTITY | 1 << Region.HALF_TURN | 1 << Region.FLIP_ROWS | 1 << Region.FLIP_COLUMNS));
        v.fixedCount = 4 / stabiliser;
        v.pairedLax = s.pairedByHalfTurn(all, false);
        v.pairedStrict = s.pairedByHalfTurn(all, true);
        if (v.pairedStrict && v.grundy != 0) {
            problems.append("strictly paired but Grundy ").append(v.grundy).append("; ");
        }
        for (int mirror : Region.MIRRORS) {
            if (s.pairs(mirror, all, true)) {
                problems.append("strictly paired by ")
                        .append(Region.SYMMETRY_NAMES[mirror])
                        .append("; ");
            }
        }
        v.routes.clear();
        for (int k = 0; k < s.dominoCount(); k++) {
            route(v, s, k);
        }
        if (v.routes.count() > 0 && s.squares() % 2 == 1) {
            problems.append("odd shape with ").append(v.routes.count()).append(" route(s); ");
        }
        v.twoMoves.clear();
        // A paired set has an even number of squares (the half-turn fixes none), so an odd shape,
        // three dominoes smaller, is never paired: no move of an odd shape counts.
        if (s.squares() % 2 == 0) {
            for (int k = 0; k < s.dominoCount(); k++) {
                twoMovesAway(v, s, k);
            }
        }
        v.plainMoverWins = plain.moverWins(s);
        v.nodesPlain = plain.nodes();
        v.hybridMoverWins = hybrid.moverWins(s);
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
     * Records domino k when it counts as two moves away: the remainder has a move, and every
     * reply leaves a set one move from a pairing. Strict counting implies lax counting (a strictly
     * paired set is laxly paired), so the strict test runs only on moves that count laxly.
     */
    private void twoMovesAway(CramShapeVerdict v, CellShape s, int k) {
        final int rest = s.all() & ~s.domino(k);
        final int restMoves = s.allDominoes() & ~s.conflicts(k);
        if (!everyReplyOneMoveAway(s, rest, restMoves, false)) {
            return;
        }
        final boolean strict = everyReplyOneMoveAway(s, rest, restMoves, true);
        final int g = grundy.grundy(s, rest);
        addMove(v.twoMoves, s, k, strict, g);
        if (strict && g != 0) {
            losingStrictMove("strict two-moves-away move", s, k, g);
        }
    }

    /** Whether {@code rest} (dominoes {@code moves}) has a move and every move leaves a set one move from a pairing. */
    private static boolean everyReplyOneMoveAway(CellShape s, int rest, int moves, boolean strict) {
        for (int m = moves; m != 0; m &= m - 1) {
            final int j = Integer.numberOfTrailingZeros(m);
            if (!oneMoveAway(s, rest & ~s.domino(j), moves & ~s.conflicts(j), strict)) {
                return false;
            }
        }
        return moves != 0;
    }

    /** Whether some domino of {@code x} (dominoes {@code moves}) leaves a non-empty set its own half-turn pairs. */
    private static boolean oneMoveAway(CellShape s, int x, int moves, boolean strict) {
        for (int m = moves; m != 0; m &= m - 1) {
            final int y = x & ~s.domino(Integer.numberOfTrailingZeros(m));
            if (y != 0 && s.pairedByHalfTurn(y, strict)) {
                return true;
            }
        }
        return false;
    }

    /** Records domino k when what it leaves is non-empty and paired by its own half-turn. */
    private void route(CramShapeVerdict v, CellShape s, int k) {
        final int rest = s.all() & ~s.domino(k);
        if (rest == 0 || !s.pairedByHalfTurn(rest, false)) {
            return;
        }
        final boolean strict = s.pairedByHalfTurn(rest, true);
        final int g = grundy.grundy(s, rest);
        addMove(v.routes, s, k, strict, g);
        if (strict && g != 0) {
            losingStrictMove("strict route", s, k, g);
        }
    }

    private static void addMove(DominoMoves moves, CellShape s, int k, boolean strict, int g) {
        final int a = s.dominoFirst(k);
        final int b = s.dominoSecond(k);
        moves.add(s.row(a), s.column(a), s.row(b), s.column(b), strict, g);
    }

    /** Records the violation of a strict move (domino k) whose remainder has Grundy value {@code g} ≠ 0. */
    private void losingStrictMove(String what, CellShape s, int k, int g) {
        final int a = s.dominoFirst(k);
        final int b = s.dominoSecond(k);
        problems.append(what)
                .append(" (")
                .append(s.row(a))
                .append(',')
                .append(s.column(a))
                .append(")-(")
                .append(s.row(b))
                .append(',')
                .append(s.column(b))
                .append(") leaves Grundy ")
                .append(g)
                .append("; ");
    }
}
