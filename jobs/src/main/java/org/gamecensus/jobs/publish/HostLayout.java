package org.gamecensus.jobs.publish;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where a host graph's vertices go, chosen by the graph's structure so that a reader recognises
 * it. The cases, tried in order:
 * <ul>
 *   <li>a path (connected, n − 1 links, no degree above 2): one straight row, in path order;</li>
 *   <li>a grid, numbered row-major (vertex r·cols + c): its rows and columns;</li>
 *   <li>s–t routes that meet only at s and t (every other vertex of degree 2: theta graphs,
 *       cycles): s on the left, t on the right, the routes as rows above and below, symmetric;</li>
 *   <li>anything else, multigraphs included: a circle, s on the left and t on the right.</li>
 * </ul>
 * Positions are scaled into a box of the given size, centred across and from its top down.
 */
final class HostLayout {

    private HostLayout() {}

    /** Positions of vertices 0..n−1 for links "a-b" in a width × height box (its top at {@code top}). */
    static double[][] of(int n, int s, int t, String[] links, double width, double top, double height) {
        final List<Set<Integer>> adj = new ArrayList<>();
        for (int v = 0; v < n; v++) {
            adj.add(new HashSet<>());
        }
        final Set<Long> edges = new HashSet<>();
        for (String l : links) {
            final String[] ends = l.split("-");
            final int a = Integer.parseInt(ends[0]);
            final int b = Integer.parseInt(ends[1]);
            adj.get(a).add(b);
            adj.get(b).add(a);
            edges.add(key(a, b));
        }
        // A multigraph (a link given twice) goes on the circle: the other layouts would draw its
        // parallel links on top of each other.
        final boolean simple = edges.size() == links.length;
        double[][] p = simple ? path(n, s, adj, edges.size()) : null;
        if (p == null && simple) {
            p = grid(n, edges);
        }
        if (p == null && simple) {
            p = routes(n, s, t, adj);
        }
        if (p == null) {
            p = HostGraphDrawing.circle(n, s, t, 0, 0, 1);
        }
        return fit(p, width, top, height);
    }

    private static long key(int a, int b) {
        return (long) Math.min(a, b) << 32 | Math.max(a, b);
    }

    private static double[][] path(int n, int s, List<Set<Integer>> adj, int links) {
        if (links != n - 1 || n < 2) {
            return null;
        }
        int start = -1;
        for (int v = 0; v < n; v++) {
            if (adj.get(v).size() > 2) {
                return null;
            }
            if (adj.get(v).size() == 1 && (start < 0 || v == s)) {
                start = v;
            }
        }
        if (start < 0) {
            return null;
        }
        final double[][] p = new double[n][];
        int prev = -1;
        int v = start;
        for (int i = 0; i < n; i++) {
            if (v < 0 || p[v] != null) {
                return null; // not connected
            }
            p[v] = new double[] {i, 0};
            final int next = onward(adj, v, prev);
            prev = v;
            v = next;
        }
        return p;
    }

    private static double[][] grid(int n, Set<Long> edges) {
        for (int rows = 2; rows <= n / 2; rows++) {
            if (n % rows != 0) {
                continue;
            }
            final int cols = n / rows;
            final Set<Long> expected = new HashSet<>();
            for (int v = 0; v < n; v++) {
                if (v % cols + 1 < cols) {
                    expected.add(key(v, v + 1));
                }
                if (v + cols < n) {
                    expected.add(key(v, v + cols));
                }
            }
            if (expected.equals(edges)) {
                final double[][] p = new double[n][];
                for (int v = 0; v < n; v++) {
                    p[v] = new double[] {v % cols, v / cols};
                }
                return p;
            }
        }
        return null;
    }

    private static double[][] routes(int n, int s, int t, List<Set<Integer>> adj) {
        for (int v = 0; v < n; v++) {
            if (v != s && v != t && adj.get(v).size() != 2) {
                return null;
            }
        }
        final List<List<Integer>> routes = new ArrayList<>();
        final boolean[] seen = new boolean[n];
        seen[s] = true;
        seen[t] = true;
        for (int first : adj.get(s).stream().sorted().toList()) {
            final List<Integer> route = new ArrayList<>();
            int prev = s;
            int v = first;
            while (v != t) {
                if (seen[v]) {
                    return null;
                }
                seen[v] = true;
                route.add(v);
                final int next = onward(adj, v, prev);
                prev = v;
                v = next;
            }
            routes.add(route);
        }
        for (boolean b : seen) {
            if (!b) {
                return null; // a vertex on no route
            }
        }
        final double[][] p = new double[n][];
        p[s] = new double[] {0, 0};
        p[t] = new double[] {1, 0};
        final int k = routes.size();
        for (int j = 0; j < k; j++) {
            final List<Integer> route = routes.get(j);
            final double y = (j - (k - 1) / 2.0) * 0.45;
            for (int i = 0; i < route.size(); i++) {
                p[route.get(i)] = new double[] {(i + 1.0) / (route.size() + 1.0), y};
            }
        }
        return p;
    }

    /** The neighbour of {@code v} (of degree at most 2) that is not {@code prev}, or -1: one step along a path. */
    private static int onward(List<Set<Integer>> adj, int v, int prev) {
        int next = -1;
        for (int w : adj.get(v)) {
            if (w != prev) {
                next = w;
            }
        }
        return next;
    }

    /** Scales positions into the box, keeping their aspect ratio, with a margin: centred across, from the top. */
    private static double[][] fit(double[][] p, double width, double top, double height) {
        double minX = Double.MAX_VALUE;
        double maxX = -Double.MAX_VALUE;
        double minY = Double.MAX_VALUE;
        double maxY = -Double.MAX_VALUE;
        for (double[] q : p) {
            minX = Math.min(minX, q[0]);
            maxX = Math.max(maxX, q[0]);
            minY = Math.min(minY, q[1]);
            maxY = Math.max(maxY, q[1]);
        }
        final double margin = 30;
        final double spanX = Math.max(maxX - minX, 1e-9);
        final double spanY = Math.max(maxY - minY, 1e-9);
        final double scale = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
        final double offX = (width - scale * (maxX - minX)) / 2;
        final double offY = top + margin; // from the top: the picture is cropped below the drawing
        final double[][] out = new double[p.length][];
        for (int v = 0; v < p.length; v++) {
            out[v] = new double[] {offX + scale * (p[v][0] - minX), offY + scale * (p[v][1] - minY)};
        }
        return out;
    }
}
