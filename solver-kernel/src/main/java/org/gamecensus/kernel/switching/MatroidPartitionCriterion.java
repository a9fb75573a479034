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
 * queries cost O(n + m): O(m²(n + m)) per subgraph; O(m³(n + m)) for the first-mover verdict,
 * each opening partitioned from scratch. {@link #winningOpenings} reuses one partition of G for
 * every opening: O(m(m − ρ + 2)·m(n + m)), ρ the size of a maximum partition.
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
    /** Per opening e: what of F0 and F1 stays a forest once e is contracted ({@link #winningOpenings}). */
    private final long[] keep0 = new long[64];

    private final long[] keep1 = new long[64];
    /** The last subgraph partitioned whole (−1: none yet; no subgraph has bit 63) and its maximum partition. */
    private long partitioned = -1L;

    private long partition0;
    private long partition1;
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

    /**
     * The links of {@code mask} whose securing, as Short's opening, leaves the criterion holding:
     * the links e for which {@link #holds holds(mask, e)}, found without partitioning each G/e
     * from scratch.
     *
     * <p>One maximum partition F0, F1 of G serves every opening. Contracting e keeps F_i − e a
     * forest of G/e, except that a path of F_i between e's ends (e not in F_i) closes a cycle:
     * one link of that path is dropped (a link parallel to e, a loop of G/e, is always such a
     * path). Independence in the union of G/e's graphic matroid with itself implies it in G's, so
     * these forests of G/e lie at most two links short of a maximum partition; only the links of
     * G/e outside them are inserted — the union's span only grows, so greedy insertion still ends
     * maximum — before the virtual s–t link is tried. Per opening: two cycle queries and |G| − ρ + 2
     * insertions at most (ρ the size of F0 ∪ F1), against |G| insertions from scratch.
     * {@link #treeA()} and {@link #treeB()} are left empty.
     */
    public long winningOpenings(long mask) {
        // The maximum partition of G (kept from holds(mask, −1) when that was the last subgraph
        // partitioned whole), and each opening's cycle links, in G's own geometry.
        final long all = graph(mask, -1, -1);
        if (partitioned != mask) {
            partitionFromScratch(all);
            keepPartition(mask);
        }
        final long f0 = partition0;
        final long f1 = partition1;
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            keep0[e] = f0 & ~(1L << e) & ~cycleLink(f0, e);
            keep1[e] = f1 & ~(1L << e) & ~cycleLink(f1, e);
        }
        long wins = 0L;
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            final int merged = lv[e];
            final int into = lu[e];
            final int ms = s == merged ? into : s;
            final int mt = t == merged ? into : t;
            if (ms == mt) {
                wins |= 1L << e; // the opening itself joins s and t
                continue;
            }
            final long links = graph(mask & ~(1L << e), merged, into);
            forest[0] = keep0[e];
            forest[1] = keep1[e];
            assert ((forest[0] | forest[1]) & ~links) == 0 : "the kept forests hold links of G/e only";
            for (long out = links & ~(forest[0] | forest[1]); out != 0; out &= out - 1) {
                insert(Long.numberOfTrailingZeros(out));
            }
            eu[VIRTUAL] = ms;
            ev[VIRTUAL] = mt;
            if (!insert(VIRTUAL)) {
                wins |= 1L << e;
            }
        }
        treeA = 0L;
        treeB = 0L;
        return wins;
    }

    /** A link of the path of forest f (of G) between the ends of link e, or 0 when there is none or e lies in f. */
    private long cycleLink(long f, int e) {
        if ((f & (1L << e)) != 0) {
            return 0L;
        }
        final long path = forestPath(f, lu[e], lv[e]);
        return path == NO_PATH ? 0L : Long.lowestOneBit(path);
    }

    /**
     * Sets the endpoints and incidences of the links of {@code mask} with vertex {@code merged}
     * moved onto {@code into} (−1, −1: none), and returns those links that are not loops.
     */
    private long graph(long mask, int merged, int into) {
        long links = 0L;
        for (int v = 0; v < n; v++) {
            incident[v] = 0L;
        }
        for (long rest = mask; rest != 0; rest &= rest - 1) {
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
        return links;
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
        final long links = graph(secured < 0 ? mask : mask & ~(1L << secured), merged, into);
        eu[VIRTUAL] = ms;
        ev[VIRTUAL] = mt;
        partitionFromScratch(links);
        if (secured < 0) {
            keepPartition(mask);
        }
        if (insert(VIRTUAL)) {
            return false; // the union of two forests grows with f: f is not spanned
        }
        treeA = component(labelled & forest[0], ms);
        treeB = component(labelled & forest[1], ms);
        assert (treeA & treeB) == 0 : "the forests are disjoint";
        return true;
    }

    /** A maximum partition of {@code links} into two forests, grown from empty ones. */
    private void partitionFromScratch(long links) {
        forest[0] = 0L;
        forest[1] = 0L;
        for (long rest = links; rest != 0; rest &= rest - 1) {
            insert(Long.numberOfTrailingZeros(rest));
        }
    }

    /** Keeps the partition just made as that of subgraph {@code mask}, for {@link #winningOpenings}. */
    private void keepPartition(long mask) {
        partitioned = mask;
        partition0 = forest[0];
        partition1 = forest[1];
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
