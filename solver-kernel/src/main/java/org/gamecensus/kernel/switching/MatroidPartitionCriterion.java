package org.gamecensus.kernel.switching;

/**
 * Lehman's criterion for the Shannon switching game, decided by Edmonds' matroid partition
 * algorithm; the census's second computation, which never plays the game.
 *
 * <p>Short moving second wins on a subgraph G exactly when some vertex set W ∋ s, t carries two
 * edge-disjoint spanning trees of G[W] (Lehman 1964). Equivalently, in the union M ∨ M of the
 * graphic matroid with itself, a virtual s–t link f is spanned by G: the largest union of two
 * forests of G does not grow when f is added (Edmonds 1965, "Lehman's switching game and a
 * theorem of Tutte and Nash-Williams"). Short moving first wins exactly when the criterion holds
 * for G or for G/e, e some link of G.
 *
 * <p>Algorithm: grow two disjoint forests F0, F1 link by link, inserting each by a shortest
 * augmenting path in the exchange graph (a link y not in F_i either enters F_i freely, or may
 * displace any link on the cycle it closes in F_i). After the partition is maximum, the criterion
 * holds iff the search from f finds no augmenting path. Then the labelled links R are spanned in
 * both matroids by R ∩ F0 and by R ∩ F1, so the component of s in R ∩ F0 and the one in R ∩ F1
 * have one vertex set W ∋ s, t: these two trees are the certificate, and the strategy.
 *
 * <p>Complexity: O(m) insertions, each a breadth-first search over at most m links whose cycle
 * queries cost O(n + m): O(m²(n + m)) per subgraph; O(m³(n + m)) for the first-mover verdict.
 * Scratch space is allocated once per instance; an instance is not thread-safe.
 */
public final class MatroidPartitionCriterion {

    /** Bit of the virtual s–t link; hosts have at most 63 links, so it is always free. */
    private static final int VIRTUAL = 63;
    private static final long NO_PATH = -1L;

    private final SwitchingHost host;
    private final int n;
    private final int s;
    private final int t;
    private final int[] lu;
    private final int[] lv;

    // Scratch: endpoints after contraction, incidence, forests, exchange-graph labels.
    private final int[] eu = new int[64];
    private final int[] ev = new int[64];
    private final long[] incident;
    private final long[] forest = new long[2];
    private final int[] labelParent = new int[64];
    private final int[] labelVia = new int[64];
    private final int[] exchangeQueue = new int[64];
    private final int[] parentLink;
    private final int[] vertexQueue;
    private long labelled;

    private long treeA;
    private long treeB;

    public MatroidPartitionCriterion(SwitchingHost host) {
        this.host = host;
        this.n = host.vertexCount();
        this.s = host.s();
        this.t = host.t();
        this.lu = new int[host.linkCount()];
        this.lv = new int[host.linkCount()];
        for (int i = 0; i < lu.length; i++) {
            lu[i] = host.linkU(i);
            lv[i] = host.linkV(i);
        }
        this.incident = new long[n];
        this.parentLink = new int[n];
        this.vertexQueue = new int[n];
    }

    public SwitchingHost host() {
        return host;
    }

    /** Whether Short, moving second, wins on the subgraph {@code mask}. Sets the certificate. */
    public boolean shortWinsMovingSecond(long mask) {
        return holds(mask, -1);
    }

    /** Whether Short, moving first, wins on the subgraph {@code mask}. */
    public boolean shortWinsMovingFirst(long mask) {
        if (holds(mask, -1)) {
            return true;
        }
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            if (holds(mask, Long.numberOfTrailingZeros(rest))) {
                return true;
            }
        }
        return false;
    }

    /** The links of {@code mask} whose securing, as Short's opening, leaves the criterion holding. */
    public long winningOpenings(long mask) {
        long wins = 0L;
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            if (holds(mask, e)) {
                wins |= 1L << e;
            }
        }
        return wins;
    }

    /** First tree of the last holding criterion (links of the host; empty when s = t after contraction). */
    public long treeA() {
        return treeA;
    }

    /** Second tree of the last holding criterion. */
    public long treeB() {
        return treeB;
    }

    /**
     * Lehman's criterion on {@code mask}, after securing (contracting) link {@code secured} when
     * it is not -1. On success the two trees are left in {@link #treeA()} / {@link #treeB()}.
     */
    public boolean holds(long mask, int secured) {
        treeA = 0L;
        treeB = 0L;
        final int merged = secured < 0 ? -1 : lv[secured];
        final int into = secured < 0 ? -1 : lu[secured];
        final int ms = s == merged ? into : s;
        final int mt = t == merged ? into : t;
        if (ms == mt) {
            return true; // the opening itself joins s and t
        }
        long links = 0L;
        for (int v = 0; v < n; v++) {
            incident[v] = 0L;
        }
        for (long rest = secured < 0 ? mask : mask & ~(1L << secured); rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            final int a = lu[e] == merged ? into : lu[e];
            final int b = lv[e] == merged ? into : lv[e];
            if (a != b) {
                eu[e] = a;
                ev[e] = b;
                incident[a] |= 1L << e;
                incident[b] |= 1L << e;
                links |= 1L << e;
            }
        }
        eu[VIRTUAL] = ms;
        ev[VIRTUAL] = mt;
        forest[0] = 0L;
        forest[1] = 0L;
        for (long rest = links; rest != 0; rest &= rest - 1) {
            insert(Long.numberOfTrailingZeros(rest));
        }
        if (insert(VIRTUAL)) {
            return false; // the union of two forests grows with f: f is not spanned
        }
        treeA = component(labelled & forest[0], ms);
        treeB = component(labelled & forest[1], ms);
        assert (treeA & treeB) == 0 : "the forests are disjoint";
        return true;
    }

    /** Inserts link x into F0 ∪ F1 along a shortest augmenting path; false when none exists. */
    private boolean insert(int x) {
        labelled = 1L << x;
        int head = 0;
        int tail = 0;
        exchangeQueue[tail++] = x;
        while (head < tail) {
            final int y = exchangeQueue[head++];
            for (int i = 0; i < 2; i++) {
                if ((forest[i] & (1L << y)) != 0) {
                    continue;
                }
                final long cycle = forestPath(forest[i], eu[y], ev[y]);
                if (cycle == NO_PATH) {
                    augment(x, y, i);
                    return true;
                }
                for (long rest = cycle & ~labelled; rest != 0; rest &= rest - 1) {
                    final int z = Long.numberOfTrailingZeros(rest);
                    labelled |= 1L << z;
                    labelParent[z] = y;
                    labelVia[z] = i;
                    exchangeQueue[tail++] = z;
                }
            }
        }
        return false;
    }

    /** y enters forest i; each displaced link moves into the forest of its parent's cycle. */
    private void augment(int x, int y, int i) {
        forest[i] |= 1L << y;
        int w = y;
        while (w != x) {
            final int via = labelVia[w];
            final int p = labelParent[w];
            assert (forest[via] & (1L << w)) != 0 : "a labelled link lies in the forest of its cycle";
            forest[via] = (forest[via] & ~(1L << w)) | (1L << p);
            w = p;
        }
    }

    /** The links of the path from a to b in forest f, or NO_PATH when they are not connected. */
    private long forestPath(long f, int a, int b) {
        if (a == b) {
            return 0L;
        }
        long reached = 1L << a; // vertices seen by the search, as bits (hosts have at most 64 vertices)
        int head = 0;
        int tail = 0;
        vertexQueue[tail++] = a;
        while (head < tail) {
            final int v = vertexQueue[head++];
            for (long rest = f & incident[v]; rest != 0; rest &= rest - 1) {
                final int e = Long.numberOfTrailingZeros(rest);
                final int w = eu[e] ^ ev[e] ^ v; // the other end of e
                if ((reached & (1L << w)) != 0) {
                    continue;
                }
                parentLink[w] = e;
                if (w == b) {
                    long path = 0L;
                    for (int u = b; u != a; ) {
                        final int l = parentLink[u];
                        path |= 1L << l;
                        u = eu[l] ^ ev[l] ^ u;
                    }
                    return path;
                }
                reached |= 1L << w;
                vertexQueue[tail++] = w;
            }
        }
        return NO_PATH;
    }

    /** The links of f reachable from vertex a. */
    private long component(long f, int a) {
        long reached = 1L << a;
        long links = 0L;
        int head = 0;
        int tail = 0;
        vertexQueue[tail++] = a;
        while (head < tail) {
            final int v = vertexQueue[head++];
            for (long rest = f & incident[v]; rest != 0; rest &= rest - 1) {
                final int e = Long.numberOfTrailingZeros(rest);
                links |= 1L << e;
                final int w = eu[e] ^ ev[e] ^ v;
                if ((reached & (1L << w)) == 0) {
                    reached |= 1L << w;
                    vertexQueue[tail++] = w;
                }
            }
        }
        return links;
    }
}
