package org.gamecensus.kernel.lumberjack;

import org.gamecensus.kernel.table.LongByteCache;

/**
 * Grundy values of Lumberjack (Green Hackenbush on a rooted tree standing on the ground) by brute
 * force over hack positions: a position is the set of vertices still joined to the ground; a hack
 * of edge v removes v and everything above it; the value is the mex of the values after every
 * hack. It knows nothing of the Tuft principle. Positions are memoised by their canonical
 * parenthesis code (isomorphic positions have the same game tree), in an open-addressed table
 * sized up front that behaves as a cache when full.
 *
 * <p>Complexity: one mex per distinct position class, each over at most n hacks, each hack
 * canonicalised in O(n log n) (children are reached by jumping over subtrees, so a vertex costs its
 * children, not its subtree). The loaded tree's own hacks are searched once for both its value and
 * its winning hacks. Trees of up to {@value #MAX_EDGES} edges (the code holds 2 bits per vertex).
 * Not thread-safe.
 */
public final class LumberjackBruteForce {

    /** Largest tree: its code of 2(edges + 1) bits must fit a {@code long}. */
    public static final int MAX_EDGES = 30;

    private final LongByteCache table;

    // Scratch for one tree, sized to the largest.
    private final int[] parent = new int[MAX_EDGES + 1];
    private final int[] end = new int[MAX_EDGES + 1];
    private final long[] code = new long[MAX_EDGES + 1];
    private final int[] length = new int[MAX_EDGES + 1];
    private final long[] kids = new long[MAX_EDGES + 1];
    private final int[] kidLength = new int[MAX_EDGES + 1];
    private int n;
    // The loaded tree's value and winning hacks, once searched (−1 before).
    private int value;
    private int wins;

    public LumberjackBruteForce(int log2Capacity) {
        table = new LongByteCache(log2Capacity);
    }

    public LumberjackBruteForce() {
        this(21);
    }

    /** Forgets every memoised value, keeping the table (no allocation); the loaded tree is searched again when asked. */
    public void clear() {
        table.clear();
        value = -1;
        wins = -1;
    }

    /** Loads a tree (parent array in preorder). */
    public void load(RootedTree tree) {
        if (tree.edges() > MAX_EDGES) {
            throw new IllegalArgumentException("at most " + MAX_EDGES + " edges, got " + tree.edges());
        }
        n = tree.vertices();
        for (int v = 0; v < n; v++) {
            parent[v] = tree.parent(v);
            end[v] = v + 1;
        }
        for (int v = n - 1; v > 0; v--) { // preorder: a subtree is the range v .. end[v]-1
            end[parent[v]] = Math.max(end[parent[v]], end[v]);
        }
        value = -1;
        wins = -1;
    }

    private long all() {
        return n == 64 ? -1L : (1L << n) - 1;
    }

    /** The Grundy value of the loaded tree. */
    public int grundy() {
        if (value < 0) {
            final int known = table.get(canonical(all()));
            if (known != LongByteCache.ABSENT) {
                value = known; // the winning hacks, if asked for, are searched then
            } else {
                searchLoaded();
            }
        }
        return value;
    }

    /** Hacks of the loaded tree that leave value 0 (winning hacks when its value is not 0). */
    public int winningHacks() {
        decide();
        return wins;
    }

    /**
     * Searches every hack of the loaded tree once, for both its value and its winning hacks (what
     * a census asks for; {@link #grundy} alone would first try the table).
     */
    public void decide() {
        if (wins < 0) {
            searchLoaded();
        }
    }

    /** The loaded tree's hacks, each searched once: the mex of their values, and how many leave 0. */
    private void searchLoaded() {
        final long all = all();
        long seen = 0L;
        int zeros = 0;
        for (int v = 1; v < n; v++) {
            final int g = grundy(all & ~range(v));
            seen |= 1L << g;
            if (g == 0) {
                zeros++;
            }
        }
        value = Long.numberOfTrailingZeros(~seen);
        wins = zeros;
        table.put(canonical(all), value);
    }

    private long range(int v) {
        final int e = end[v];
        final long upTo = e == 64 ? -1L : (1L << e) - 1;
        return upTo & ~((1L << v) - 1);
    }

    private int grundy(long present) {
        final long key = canonical(present);
        final int known = table.get(key);
        if (known != LongByteCache.ABSENT) {
            return known;
        }
        long seen = 0L;
        for (long rest = present & ~1L; rest != 0; rest &= rest - 1) {
            final int v = Long.numberOfTrailingZeros(rest);
            seen |= 1L << grundy(present & ~range(v));
        }
        final int mex = Long.numberOfTrailingZeros(~seen);
        table.put(key, mex);
        return mex;
    }

    /** The canonical code of the present vertices: '1', the children's codes in order, '0'. */
    private long canonical(long present) {
        for (int v = n - 1; v >= 0; v--) {
            if ((present & (1L << v)) == 0) {
                continue;
            }
            int k = 0;
            for (int c = v + 1; c < end[v]; c = end[c]) { // v's children, each subtree jumped over
                assert parent[c] == v : "preorder: the vertex after a subtree is a sibling";
                if ((present & (1L << c)) != 0) {
                    kids[k] = code[c];
                    kidLength[k] = length[c];
                    k++;
                }
            }
            // Insertion sort by (length, code): a total order, so the result is canonical.
            for (int i = 1; i < k; i++) {
                final long cc = kids[i];
                final int cl = kidLength[i];
                int j = i - 1;
                while (j >= 0 && (kidLength[j] > cl || (kidLength[j] == cl && kids[j] > cc))) {
                    kids[j + 1] = kids[j];
                    kidLength[j + 1] = kidLength[j];
                    j--;
                }
                kids[j + 1] = cc;
                kidLength[j + 1] = cl;
            }
            long c = 1L;
            int len = 1;
            for (int i = 0; i < k; i++) {
                c = (c << kidLength[i]) | kids[i];
                len += kidLength[i];
            }
            code[v] = c << 1;
            length[v] = len + 1;
        }
        return code[0];
    }
}
