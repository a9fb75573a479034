package org.gamecensus.kernel.hackenbush;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every multigraph with n vertices and m edges standing on the ground (vertex 0), loops and
 * parallel edges allowed, every vertex joined to the ground, each once up to isomorphism fixing
 * the ground. Edges are multisets of vertex pairs (i ≤ j), generated as non-decreasing sequences
 * of pair indices; a sequence is kept when no relabelling of vertices 1..n−1 gives a smaller sorted
 * sequence. Cost: C(P + m − 1, m) sequences times (n − 1)! relabellings, P = n(n+1)/2.
 */
public final class GroundedGraphEnumerator {

    @FunctionalInterface
    public interface Sink {
        void accept(GroundedGraph graph);
    }

    private final int n;
    private final int m;
    private final int[] pairU;
    private final int[] pairV;
    private final int[][] pairIndex;
    private final List<int[]> relabellings = new ArrayList<>();
    private final int[] seq;
    private final int[] image;

    public GroundedGraphEnumerator(int vertices, int edges) {
        if (vertices < 1 || vertices > 6) {
            throw new IllegalArgumentException("vertices must be 1..6, got " + vertices);
        }
        if (edges < 0 || edges > GroundedGraph.MAX_EDGES) {
            throw new IllegalArgumentException("edges must be 0.." + GroundedGraph.MAX_EDGES + ", got " + edges);
        }
        this.n = vertices;
        this.m = edges;
        final int pairs = n * (n + 1) / 2;
        this.pairU = new int[pairs];
        this.pairV = new int[pairs];
        this.pairIndex = new int[n][n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                pairU[k] = i;
                pairV[k] = j;
                pairIndex[i][j] = k;
                pairIndex[j][i] = k;
                k++;
            }
        }
        final int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        permute(p, 1);
        this.seq = new int[m];
        this.image = new int[m];
    }

    private void permute(int[] p, int from) {
        if (from >= n - 1) {
            relabellings.add(p.clone());
            return;
        }
        for (int i = from; i < n; i++) {
            swap(p, from, i);
            permute(p, from + 1);
            swap(p, from, i);
        }
    }

    private static void swap(int[] p, int a, int b) {
        final int t = p[a];
        p[a] = p[b];
        p[b] = t;
    }

    /** Emits every graph, in increasing order of its pair sequence. */
    public void forEach(Sink sink) {
        extend(0, 0, sink);
    }

    private void extend(int at, int minPair, Sink sink) {
        if (at == m) {
            if (connected() && canonical()) {
                final int[] u = new int[m];
                final int[] v = new int[m];
                for (int i = 0; i < m; i++) {
                    u[i] = pairU[seq[i]];
                    v[i] = pairV[seq[i]];
                }
                sink.accept(new GroundedGraph(n, u, v));
            }
            return;
        }
        for (int p = minPair; p < pairU.length; p++) {
            seq[at] = p;
            extend(at + 1, p, sink);
        }
    }

    private boolean connected() {
        long reached = 1L;
        boolean grew = true;
        while (grew) {
            grew = false;
            for (int i = 0; i < m; i++) {
                final long a = 1L << pairU[seq[i]];
                final long b = 1L << pairV[seq[i]];
                if ((reached & (a | b)) != 0 && (reached | a | b) != reached) {
                    reached |= a | b;
                    grew = true;
                }
            }
        }
        return reached == (1L << n) - 1;
    }

    private boolean canonical() {
        for (int[] p : relabellings) {
            for (int i = 0; i < m; i++) {
                image[i] = pairIndex[p[pairU[seq[i]]]][p[pairV[seq[i]]]];
            }
            Arrays.sort(image);
            for (int i = 0; i < m; i++) {
                if (image[i] != seq[i]) {
                    if (image[i] < seq[i]) {
                        return false;
                    }
                    break;
                }
            }
        }
        return true;
    }
}
