package org.gamecensus.kernel.lumberjack;

/**
 * A rooted tree as a parent array in preorder (vertex 0 the root, standing on the ground; edge
 * v joins v to its parent), with its size, height and the parenthesis string that names it.
 */
public final class RootedTree {

    private final int[] parent;

    private RootedTree(int[] parent) {
        this.parent = parent;
    }

    /** The tree of a level sequence (preorder, root at level 0). */
    public static RootedTree fromLevels(int[] levels, int n) {
        if (n < 1 || levels[0] != 0) {
            throw new IllegalArgumentException("a level sequence starts with the root at level 0");
        }
        final int[] parent = new int[n];
        final int[] last = new int[n + 1]; // last vertex seen at each level
        parent[0] = -1;
        last[0] = 0;
        for (int v = 1; v < n; v++) {
            final int l = levels[v];
            if (l < 1 || l > levels[v - 1] + 1) {
                throw new IllegalArgumentException("not a level sequence at vertex " + v);
            }
            parent[v] = last[l - 1];
            last[l] = v;
        }
        return new RootedTree(parent);
    }

    /** Parses a parenthesis string such as {@code (()(()))}: each pair is a vertex, nested pairs its children. */
    public static RootedTree parse(String parens) {
        final int n = parens.length() / 2;
        if (n < 1 || parens.length() % 2 != 0) {
            throw new IllegalArgumentException("a tree is a balanced parenthesis string: " + parens);
        }
        final int[] parent = new int[n];
        final int[] stack = new int[n];
        int depth = 0;
        int next = 0;
        for (int i = 0; i < parens.length(); i++) {
            final char ch = parens.charAt(i);
            if (ch == '(') {
                if (next == n || (next > 0 && depth == 0)) {
                    throw new IllegalArgumentException("not one tree: " + parens);
                }
                parent[next] = depth == 0 ? -1 : stack[depth - 1];
                stack[depth++] = next++;
            } else if (ch == ')' && depth > 0) {
                depth--;
            } else {
                throw new IllegalArgumentException("unbalanced or foreign character in " + parens);
            }
        }
        if (depth != 0 || next != n) {
            throw new IllegalArgumentException("unbalanced: " + parens);
        }
        return new RootedTree(parent);
    }

    public int vertices() {
        return parent.length;
    }

    public int edges() {
        return parent.length - 1;
    }

    /** Parent of vertex v (−1 for the root). */
    public int parent(int v) {
        return parent[v];
    }

    public int height() {
        int h = 0;
        final int[] depth = new int[parent.length];
        for (int v = 1; v < parent.length; v++) {
            depth[v] = depth[parent[v]] + 1;
            h = Math.max(h, depth[v]);
        }
        return h;
    }

    /** Number of children of each vertex. */
    public int[] childCounts() {
        final int[] k = new int[parent.length];
        for (int v = 1; v < parent.length; v++) {
            k[parent[v]]++;
        }
        return k;
    }

    /** Vertices of degree ≥ 3 (a non-root vertex's degree counts the edge to its parent). */
    public int branchVertices() {
        final int[] k = childCounts();
        int count = 0;
        for (int v = 0; v < k.length; v++) {
            if (k[v] + (v == 0 ? 0 : 1) >= 3) {
                count++;
            }
        }
        return count;
    }

    /** The parenthesis string, children in preorder: {@code (()(()))}. */
    public String parens() {
        final StringBuilder b = new StringBuilder(2 * parent.length);
        int depth = 0;
        final int[] depthOf = new int[parent.length];
        for (int v = 0; v < parent.length; v++) {
            depthOf[v] = v == 0 ? 0 : depthOf[parent[v]] + 1;
            while (depth > depthOf[v]) {
                b.append(')');
                depth--;
            }
            b.append('(');
            depth++;
        }
        while (depth > 0) {
            b.append(')');
            depth--;
        }
        return b.toString();
    }
}
