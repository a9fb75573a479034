package org.gamecensus.kernel.switching;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The automorphisms of a host graph that keep the marks {s, t} (possibly swapping them), as
 * permutations of its links, and the orbits of link subsets under them. Subgraphs in one orbit
 * are isomorphic with the marks kept, so the game has the same outcome on all of them: the
 * census solves one representative per orbit and carries its verdict to the others (the
 * criterion is still evaluated on every subgraph, so a wrong orbit shows up as a disagreement).
 *
 * <p>Automorphisms are enumerated by backtracking over vertex images with adjacency-multiplicity
 * checks; parallel links are matched in index order, so the link permutations form a group
 * isomorphic to the automorphism group. When the group would need more than
 * {@value #MAX_TABLE_CHUNKS} image tables (its order times ⌈m/8⌉), only the identity is used:
 * the census stays correct and solves every subgraph.
 *
 * <p>The representative of an orbit is the member whose bijective 64-bit mix is least, so that
 * representatives spread evenly over the mask range and mask-range slices get even work.
 * Cost per mask: at most |G|·⌈m/8⌉ table look-ups, usually a few (a non-representative is
 * rejected at its first smaller image).
 */
public final class HostSymmetry {

    /** Largest number of 256-entry image tables kept (16 MiB). */
    public static final int MAX_TABLE_CHUNKS = 8192;

    private final int order;
    private final int chunks;
    /** images[g][chunk * 256 + byte]: the image under element g of the links of that byte. */
    private final long[][] images;

    private final long[] orbitBuffer;

    public HostSymmetry(SwitchingHost host) {
        final List<int[]> linkPerms = linkPermutations(host);
        final int m = host.linkCount();
        final int c = Math.max(1, (m + 7) / 8);
        final List<int[]> used = linkPerms.size() * c <= MAX_TABLE_CHUNKS ? linkPerms : List.of(identity(m));
        this.order = used.size();
        this.chunks = c;
        this.images = new long[order][c * 256];
        for (int g = 0; g < order; g++) {
            final int[] p = used.get(g);
            for (int ch = 0; ch < c; ch++) {
                for (int b = 0; b < 256; b++) {
                    long img = 0L;
                    for (int bit = 0; bit < 8; bit++) {
                        final int link = ch * 8 + bit;
                        if ((b & (1 << bit)) != 0 && link < m) {
                            img |= 1L << p[link];
                        }
                    }
                    images[g][ch * 256 + b] = img;
                }
            }
        }
        this.orbitBuffer = new long[order];
    }

    /** The order of the group in use (1 when only the identity is used). */
    public int order() {
        return order;
    }

    /** The image of a link set under group element {@code g}. */
    public long image(int g, long mask) {
        final long[] table = images[g];
        long img = 0L;
        for (int ch = 0; ch < chunks; ch++) {
            img |= table[(ch << 8) | (int) ((mask >>> (ch << 3)) & 0xFF)];
        }
        return img;
    }

    /** Whether {@code mask} is the representative of its orbit. */
    public boolean isRepresentative(long mask) {
        final long key = mix(mask);
        for (int g = 0; g < order; g++) {
            final long img = image(g, mask);
            if (img != mask && mix(img) < key) {
                return false;
            }
        }
        return true;
    }

    /** The representative of the orbit of {@code mask}. */
    public long representative(long mask) {
        long best = mask;
        long bestKey = mix(mask);
        for (int g = 0; g < order; g++) {
            final long img = image(g, mask);
            final long key = mix(img);
            if (key < bestKey) {
                best = img;
                bestKey = key;
            }
        }
        return best;
    }

    /**
     * Writes the distinct members of the orbit of {@code mask}, ascending, into {@code out} and
     * returns how many there are. {@code out} needs room for {@link #order()} masks.
     */
    public int orbit(long mask, long[] out) {
        for (int g = 0; g < order; g++) {
            orbitBuffer[g] = image(g, mask);
        }
        Arrays.sort(orbitBuffer, 0, order);
        int k = 0;
        for (int g = 0; g < order; g++) {
            if (k == 0 || out[k - 1] != orbitBuffer[g]) {
                out[k++] = orbitBuffer[g];
            }
        }
        return k;
    }

    /** The splitmix64 finaliser: a bijection of 64-bit words that scatters masks. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static int[] identity(int m) {
        final int[] p = new int[m];
        for (int i = 0; i < m; i++) {
            p[i] = i;
        }
        return p;
    }

    /** Link permutations of the automorphisms keeping {s, t}, identity first. */
    static List<int[]> linkPermutations(SwitchingHost host) {
        final int n = host.vertexCount();
        final int m = host.linkCount();
        final int[][] mult = new int[n][n];
        final int[] degree = new int[n];
        for (int e = 0; e < m; e++) {
            mult[host.linkU(e)][host.linkV(e)]++;
            mult[host.linkV(e)][host.linkU(e)]++;
            degree[host.linkU(e)]++;
            degree[host.linkV(e)]++;
        }
        final List<int[]> vertexPerms = new ArrayList<>();
        final int limit = MAX_TABLE_CHUNKS + 1; // one past what could be used: then give up
        extend(new int[n], new boolean[n], 0, mult, degree, host.s(), host.t(), vertexPerms, limit);
        final List<int[]> result = new ArrayList<>();
        if (vertexPerms.size() >= limit) {
            result.add(identity(m));
            return result;
        }
        // Links of each unordered endpoint pair, in index order, for matching parallel links.
        final List<List<Integer>> byPair = new ArrayList<>(n * n);
        for (int i = 0; i < n * n; i++) {
            byPair.add(new ArrayList<>());
        }
        for (int e = 0; e < m; e++) {
            byPair.get(pairIndex(n, host.linkU(e), host.linkV(e))).add(e);
        }
        for (int[] pi : vertexPerms) {
            final int[] p = new int[m];
            for (int e = 0; e < m; e++) {
                final List<Integer> from = byPair.get(pairIndex(n, host.linkU(e), host.linkV(e)));
                final List<Integer> to = byPair.get(pairIndex(n, pi[host.linkU(e)], pi[host.linkV(e)]));
                p[e] = to.get(from.indexOf(e));
            }
            result.add(p);
        }
        return result;
    }

    private static int pairIndex(int n, int a, int b) {
        return Math.min(a, b) * n + Math.max(a, b);
    }

    private static void extend(
            int[] pi, boolean[] used, int v, int[][] mult, int[] degree, int s, int t, List<int[]> out, int limit) {
        if (out.size() >= limit) {
            return;
        }
        final int n = pi.length;
        if (v == n) {
            out.add(pi.clone());
            return;
        }
        for (int w = 0; w < n; w++) {
            if (used[w] || degree[w] != degree[v]) {
                continue;
            }
            final boolean vMarked = v == s || v == t;
            final boolean wMarked = w == s || w == t;
            if (vMarked != wMarked) {
                continue;
            }
            boolean ok = mult[v][v] == mult[w][w];
            for (int u = 0; u < v && ok; u++) {
                ok = mult[u][v] == mult[pi[u]][w];
            }
            if (!ok) {
                continue;
            }
            pi[v] = w;
            used[w] = true;
            extend(pi, used, v + 1, mult, degree, s, t, out, limit);
            used[w] = false;
        }
    }
}
