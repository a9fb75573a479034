package org.gamecensus.kernel.lumberjack;

/**
 * Every unlabelled rooted tree with a given number of vertices, each once, as its canonical
 * level sequence, by the algorithm of Beyer and Hedetniemi ("Constant time generation of rooted
 * trees", SIAM J. Comput. 9, 1980): start from the path and step to the next sequence in reverse
 * lexicographic order by copying a block; constant amortised time per tree, O(n) memory.
 *
 * <p>Levels are 0 for the root; the sequence lists the vertices in depth-first (preorder) order,
 * children in decreasing canonical order.
 */
public final class RootedTreeGenerator {

    /** Receives each tree's level sequence (the array is reused: copy what you keep). */
    @FunctionalInterface
    public interface Sink {
        void accept(int[] levels);
    }

    private RootedTreeGenerator() {}

    /**
     * Emits every rooted tree with {@code vertices} vertices whose position k in the generation
     * order satisfies {@code k mod sliceCount == slice}. Returns the number of trees of that size.
     */
    public static long generate(int vertices, int slice, int sliceCount, Sink sink) {
        if (vertices < 1 || vertices > 64) {
            throw new IllegalArgumentException("vertices must be 1..64, got " + vertices);
        }
        if (sliceCount < 1 || slice < 0 || slice >= sliceCount) {
            throw new IllegalArgumentException("slice " + slice + " of " + sliceCount);
        }
        final int n = vertices;
        final int[] level = new int[n];
        for (int i = 0; i < n; i++) {
            level[i] = i; // the path
        }
        long k = 0;
        while (true) {
            if (k % sliceCount == slice) {
                sink.accept(level);
            }
            k++;
            // p: the last vertex of level > 1; q: the last vertex before p one level higher (its parent).
            int p = n - 1;
            while (p > 0 && level[p] <= 1) {
                p--;
            }
            if (p == 0) {
                return k; // every vertex at level ≤ 1: the star, the last tree
            }
            int q = p - 1;
            while (level[q] != level[p] - 1) {
                q--;
            }
            final int shift = p - q;
            for (int i = p; i < n; i++) {
                level[i] = level[i - shift];
            }
        }
    }
}
