package org.gamecensus.kernel.hackenbush;

/**
 * A Green Hackenbush position: a multigraph whose vertex 0 is the ground (every vertex standing
 * on the ground is this one vertex), with loops and parallel edges allowed. Edge i is bit i of
 * an edge mask; at most {@value #MAX_EDGES} edges.
 */
public final class GroundedGraph {

    public static final int MAX_EDGES = 20;
    public static final int MAX_VERTICES = 16;

    private final int vertices;
    private final int[] u;
    private final int[] v;

    public GroundedGraph(int vertices, int[] u, int[] v) {
        if (vertices < 1 || vertices > MAX_VERTICES) {
            throw new IllegalArgumentException("a graph has 1.." + MAX_VERTICES + " vertices, got " + vertices);
        }
        if (u.length != v.length || u.length > MAX_EDGES) {
            throw new IllegalArgumentException("at most " + MAX_EDGES + " edges, with two endpoints each");
        }
        for (int i = 0; i < u.length; i++) {
            if (u[i] < 0 || u[i] >= vertices || v[i] < 0 || v[i] >= vertices) {
                throw new IllegalArgumentException("edge " + i + " leaves the vertices 0.." + (vertices - 1));
            }
        }
        this.vertices = vertices;
        this.u = u.clone();
        this.v = v.clone();
    }

    /** Parses "0-1 1-1 1-2" (vertex 0 the ground). */
    public static GroundedGraph parse(int vertices, String edges) {
        final String[] parts = edges.isBlank() ? new String[0] : edges.trim().split("\\s+");
        final int[] a = new int[parts.length];
        final int[] b = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            final String[] p = parts[i].split("-");
            if (p.length != 2) {
                throw new IllegalArgumentException("an edge is u-v, got '" + parts[i] + "'");
            }
            a[i] = Integer.parseInt(p[0]);
            b[i] = Integer.parseInt(p[1]);
        }
        return new GroundedGraph(vertices, a, b);
    }

    public int vertices() {
        return vertices;
    }

    public int edges() {
        return u.length;
    }

    public int u(int edge) {
        return u[edge];
    }

    public int v(int edge) {
        return v[edge];
    }

    public String edgesText() {
        final StringBuilder b = new StringBuilder();
        for (int i = 0; i < u.length; i++) {
            b.append(i == 0 ? "" : " ").append(u[i]).append('-').append(v[i]);
        }
        return b.toString();
    }

    public int loops() {
        int k = 0;
        for (int i = 0; i < u.length; i++) {
            k += u[i] == v[i] ? 1 : 0;
        }
        return k;
    }
}
