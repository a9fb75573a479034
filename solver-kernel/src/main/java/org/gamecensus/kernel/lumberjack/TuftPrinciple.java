package org.gamecensus.kernel.lumberjack;

import java.util.ArrayList;
import java.util.List;

/**
 * The Tuft (colon) principle for Green Hackenbush on trees: paths meeting at a vertex can be
 * replaced by one path whose length is the nim-sum of theirs. Applied from the leaves up it gives
 * g(T) = ⊕ over the root's children c of (g(T_c) + 1). The census's second computation; it never
 * searches a game tree. O(n) per tree.
 */
public final class TuftPrinciple {

    private TuftPrinciple() {}

    /** The value of a tree by the principle. */
    public static int value(RootedTree tree) {
        final int n = tree.vertices();
        final int[] g = new int[n];
        for (int v = n - 1; v > 0; v--) { // preorder: children after parents
            g[tree.parent(v)] ^= g[v] + 1;
        }
        return g[0];
    }

    /**
     * The principle applied one tuft at a time, as the essay's figure draws it: each step takes a
     * deepest vertex with two or more children that are all paths, and replaces those paths by one
     * path of the nim-sum of their lengths. Returns the trees from the first to the last (a path),
     * as parenthesis strings, each with the vertex reduced and the lengths merged.
     */
    public static List<String[]> steps(RootedTree tree) {
        final List<String[]> out = new ArrayList<>();
        out.add(new String[] {tree.parens(), "the tree"});
        RootedTree t = tree;
        while (true) {
            final int n = t.vertices();
            final List<List<Integer>> children = new ArrayList<>();
            for (int v = 0; v < n; v++) {
                children.add(new ArrayList<>());
            }
            for (int v = 1; v < n; v++) {
                children.get(t.parent(v)).add(v);
            }
            final int[] depth = new int[n];
            final int[] pathLength = new int[n]; // edges from v up to its leaf if its subtree is a path, else -1
            for (int v = 1; v < n; v++) {
                depth[v] = depth[t.parent(v)] + 1;
            }
            for (int v = n - 1; v >= 0; v--) {
                final List<Integer> k = children.get(v);
                pathLength[v] =
                        k.isEmpty() ? 0 : k.size() == 1 && pathLength[k.get(0)] >= 0 ? pathLength[k.get(0)] + 1 : -1;
            }
            int tuft = -1;
            for (int v = 0; v < n; v++) {
                final List<Integer> k = children.get(v);
                if (k.size() >= 2
                        && k.stream().allMatch(c -> pathLength[c] >= 0)
                        && (tuft < 0 || depth[v] > depth[tuft])) {
                    tuft = v;
                }
            }
            if (tuft < 0) {
                return out;
            }
            int nim = 0;
            final StringBuilder lengths = new StringBuilder();
            for (int c : children.get(tuft)) {
                nim ^= pathLength[c] + 1;
                lengths.append(lengths.length() == 0 ? "" : " ⊕ ").append(pathLength[c] + 1);
            }
            t = replaceTuft(t, tuft, nim);
            out.add(new String[] {
                t.parens(), "paths " + lengths + " at a vertex of depth " + depth[tuft] + " become one path of " + nim
            });
        }
    }

    /** The tree with everything above {@code v} replaced by one path of {@code length} edges. */
    private static RootedTree replaceTuft(RootedTree t, int v, int length) {
        final StringBuilder b = new StringBuilder();
        build(t, 0, v, length, b);
        return RootedTree.parse(b.toString());
    }

    private static void build(RootedTree t, int u, int v, int length, StringBuilder b) {
        b.append('(');
        if (u == v) {
            b.append("(".repeat(length)).append(")".repeat(length));
        } else {
            for (int c = u + 1; c < t.vertices(); c++) {
                if (t.parent(c) == u) {
                    build(t, c, v, length, b);
                }
            }
        }
        b.append(')');
    }
}
