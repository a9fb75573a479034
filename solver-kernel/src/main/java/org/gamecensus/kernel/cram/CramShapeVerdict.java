package org.gamecensus.kernel.cram;

/**
 * One catalogue shape's census row: the shape, its Grundy value, symmetries, pairings, its
 * routes to a pairing one move away and its moves two moves away. A mutable holder refilled for every shape (no allocation
 * per shape in the kernel); copy what you keep.
 */
public final class CramShapeVerdict {

    long shape;
    CellShape cells;
    int grundy;
    int symmetries;
    int fixedCount;
    boolean pairedLax;
    boolean pairedStrict;
    final DominoMoves routes = new DominoMoves();
    final DominoMoves twoMoves = new DominoMoves();
    long nodesPlain;
    long nodesHybrid;
    boolean plainMoverWins;
    boolean hybridMoverWins;
    String violations;

    /** The shape's catalogue id ({@link CellShape#id}: the packed region when its box fits 56 cells). */
    public long shape() {
        return shape;
    }

    public int squares() {
        return cells.squares();
    }

    public int height() {
        return cells.height();
    }

    public int width() {
        return cells.width();
    }

    public String picture() {
        return cells.picture();
    }

    public int grundy() {
        return grundy;
    }

    /** "N" (first player wins, Grundy ≠ 0) or "P". */
    public String outcome() {
        return grundy != 0 ? "N" : "P";
    }

    /** Bit s set when symmetry s of {@link Region#SYMMETRY_NAMES} maps the shape to itself. */
    public int symmetries() {
        return symmetries;
    }

    /** Distinct fixed polyominoes this shape stands for (its images under the catalogue's group). */
    public int fixedCount() {
        return fixedCount;
    }

    public boolean pairedLax() {
        return pairedLax;
    }

    public boolean pairedStrict() {
        return pairedStrict;
    }

    /** Dominoes whose removal leaves a non-empty remainder that its half-turn pairs, laxly. */
    public DominoMoves routes() {
        return routes;
    }

    /**
     * Moves that count as two moves away, laxly: the remainder has a move and every reply leaves
     * a set with a domino whose removal leaves a non-empty set its half-turn pairs.
     */
    public DominoMoves twoMoves() {
        return twoMoves;
    }

    public int routesLax() {
        return routes.count();
    }

    public int routesStrict() {
        return routes.strictCount();
    }

    /** Lax-only routes that lose: the remainder is not a second-player win. */
    public int laxLosingRoutes() {
        return routes.losing(true);
    }

    public int twoMovesLax() {
        return twoMoves.count();
    }

    public int twoMovesStrict() {
        return twoMoves.strictCount();
    }

    /** Lax two-moves-away moves that lose (a strict one never does: the census asserts it). */
    public int twoMovesLaxLosing() {
        return twoMoves.losing(false);
    }

    public long nodesPlain() {
        return nodesPlain;
    }

    public long nodesHybrid() {
        return nodesHybrid;
    }

    /** Broken invariants, semicolon-separated, or null when there are none. */
    public String violations() {
        return violations;
    }
}
