package org.gamecensus.kernel.cram;

/**
 * Moves of one shape, each a domino with whether it also counts under the strict test and the
 * Grundy value of what it leaves: a shape's routes to a pairing, or its moves two moves away.
 * A reused holder (arrays sized for the largest shape, no allocation per shape); squares are
 * (row, column) in the shape's box.
 */
public final class DominoMoves {

    /** At most this many dominoes fit a shape of {@value CellShape#MAX_SQUARES} squares. */
    static final int MAX_MOVES = CellShape.MAX_DOMINOES;

    private final int[] r1 = new int[MAX_MOVES];
    private final int[] c1 = new int[MAX_MOVES];
    private final int[] r2 = new int[MAX_MOVES];
    private final int[] c2 = new int[MAX_MOVES];
    private final boolean[] strict = new boolean[MAX_MOVES];
    private final int[] remainderGrundy = new int[MAX_MOVES];
    private int count;

    void clear() {
        count = 0;
    }

    /** Adds the domino of squares (ra, ca) and (rb, cb). */
    void add(int ra, int ca, int rb, int cb, boolean isStrict, int grundy) {
        assert count < MAX_MOVES : "a shape has fewer dominoes than MAX_MOVES";
        r1[count] = ra;
        c1[count] = ca;
        r2[count] = rb;
        c2[count] = cb;
        strict[count] = isStrict;
        remainderGrundy[count] = grundy;
        count++;
    }

    public int count() {
        return count;
    }

    public int r1(int i) {
        return r1[i];
    }

    public int c1(int i) {
        return c1[i];
    }

    public int r2(int i) {
        return r2[i];
    }

    public int c2(int i) {
        return c2[i];
    }

    /** Whether move i also counts under the strict test. */
    public boolean strict(int i) {
        return strict[i];
    }

    public int remainderGrundy(int i) {
        return remainderGrundy[i];
    }

    /** Move i loses: what it leaves is not a second-player win. */
    public boolean loses(int i) {
        return remainderGrundy[i] != 0;
    }

    /** Moves that count under the strict test. */
    public int strictCount() {
        int k = 0;
        for (int i = 0; i < count; i++) {
            k += strict[i] ? 1 : 0;
        }
        return k;
    }

    /** Moves that lose; with {@code laxOnly}, only those that do not count strictly. */
    public int losing(boolean laxOnly) {
        int k = 0;
        for (int i = 0; i < count; i++) {
            k += loses(i) && !(laxOnly && strict[i]) ? 1 : 0;
        }
        return k;
    }
}
