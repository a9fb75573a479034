package org.gamecensus.kernel.cram;

/**
 * One catalogue shape's census row: the shape, its Grundy value, symmetries, pairings, its
 * routes to a pairing one move away and its moves two moves away. A mutable holder refilled for every shape (no allocation
 * per shape in the kernel); copy what you keep.
 */
public final class CramShapeVerdict {

    /** At most this many dominoes fit a shape of {@value Region#MAX_SQUARES} squares. */
    static final int MAX_ROUTES = 64;

    long shape;
    int grundy;
    int symmetries;
    int fixedCount;
    boolean pairedLax;
    boolean pairedStrict;
    int routeCount;
    final int[] routeR1 = new int[MAX_ROUTES];
    final int[] routeC1 = new int[MAX_ROUTES];
    final int[] routeR2 = new int[MAX_ROUTES];
    final int[] routeC2 = new int[MAX_ROUTES];
    final boolean[] routeStrict = new boolean[MAX_ROUTES];
    final int[] routeRemainderGrundy = new int[MAX_ROUTES];
    int twoMoveCount;
    final int[] twoR1 = new int[MAX_ROUTES];
    final int[] twoC1 = new int[MAX_ROUTES];
    final int[] twoR2 = new int[MAX_ROUTES];
    final int[] twoC2 = new int[MAX_ROUTES];
    final boolean[] twoStrict = new boolean[MAX_ROUTES];
    final int[] twoRemainderGrundy = new int[MAX_ROUTES];
    long nodesPlain;
    long nodesHybrid;
    boolean plainMoverWins;
    boolean hybridMoverWins;
    String violations;

    /** The shape, packed (see {@link Region}); also its catalogue id. */
    public long shape() {
        return shape;
    }

    public int squares() {
        return Region.squares(shape);
    }

    public int height() {
        return Region.height(shape);
    }

    public int width() {
        return Region.width(shape);
    }

    public String picture() {
        return Region.picture(shape);
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
    public int routeCount() {
        return routeCount;
    }

    public int routeR1(int i) {
        return routeR1[i];
    }

    public int routeC1(int i) {
        return routeC1[i];
    }

    public int routeR2(int i) {
        return routeR2[i];
    }

    public int routeC2(int i) {
        return routeC2[i];
    }

    /** Whether route i also pairs the remainder strictly (no self-mapped domino). */
    public boolean routeStrict(int i) {
        return routeStrict[i];
    }

    public int routeRemainderGrundy(int i) {
        return routeRemainderGrundy[i];
    }

    public int routesLax() {
        return routeCount;
    }

    public int routesStrict() {
        int k = 0;
        for (int i = 0; i < routeCount; i++) {
            k += routeStrict[i] ? 1 : 0;
        }
        return k;
    }

    /** Lax-only routes that lose: the remainder is not a second-player win. */
    public int laxLosingRoutes() {
        int k = 0;
        for (int i = 0; i < routeCount; i++) {
            k += !routeStrict[i] && routeRemainderGrundy[i] != 0 ? 1 : 0;
        }
        return k;
    }

    /**
     * Moves that count as two moves away, laxly: the remainder has a move and every reply leaves
     * a set with a domino whose removal leaves a non-empty set its half-turn pairs.
     */
    public int twoMoveCount() {
        return twoMoveCount;
    }

    public int twoMoveR1(int i) {
        return twoR1[i];
    }

    public int twoMoveC1(int i) {
        return twoC1[i];
    }

    public int twoMoveR2(int i) {
        return twoR2[i];
    }

    public int twoMoveC2(int i) {
        return twoC2[i];
    }

    /** Whether two-moves-away move i also counts under the strict test. */
    public boolean twoMoveStrict(int i) {
        return twoStrict[i];
    }

    public int twoMoveRemainderGrundy(int i) {
        return twoRemainderGrundy[i];
    }

    public int twoMovesStrict() {
        int k = 0;
        for (int i = 0; i < twoMoveCount; i++) {
            k += twoStrict[i] ? 1 : 0;
        }
        return k;
    }

    /** Lax two-moves-away moves that lose: the remainder is not a second-player win. */
    public int twoMovesLaxLosing() {
        int k = 0;
        for (int i = 0; i < twoMoveCount; i++) {
            k += twoRemainderGrundy[i] != 0 ? 1 : 0;
        }
        return k;
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
