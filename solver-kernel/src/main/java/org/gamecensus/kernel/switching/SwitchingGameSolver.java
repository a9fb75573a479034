package org.gamecensus.kernel.switching;

import java.util.Arrays;

/**
 * Exhaustive solver of the Shannon switching game: plays every line of a position out, with a
 * transposition table. It knows nothing of trees or matroids; it is the census's first
 * computation, checked against {@link MatroidPartitionCriterion}.
 *
 * <p>A position is the set C of links Short has secured and the set U of undecided links; links
 * outside both are deleted. Only the partition of the vertices that C induces matters, so a
 * position is keyed by U and by the <em>closure</em> of C (every host link inside one class of
 * that partition), which is a function of the partition alone. Before a position is looked up
 * it is reduced by five game-level facts that need no theory of the criterion:
 * <ol>
 *   <li>an undecided link inside one class is a loop and can never matter;</li>
 *   <li>a link into a class (other than s's or t's) that has no other undecided link lies on no
 *       s–t route; removed repeatedly, this strips every dangling tree;</li>
 *   <li>two undecided links that are a class's only ones (other than s's or t's), in series, are
 *       as good as deleted: a route through the class needs both, and Cut answers Short's
 *       securing of either by deleting the other, and otherwise plays as if both were deleted;
 *       conversely deleting can only help Cut. So both are removed (the dual of case 5);</li>
 *   <li>links outside the component of s among C ∪ U lie on no s–t route;</li>
 *   <li>two undecided links joining the same two classes are as good as a secured one: Short
 *       answers Cut's deletion of either by securing the other, and otherwise plays as if it
 *       were secured; conversely securing can only help Short. So one of them is secured.</li>
 * </ol>
 * A link removed by cases 1, 2 and 4 is a move for either side that changes nothing; in this
 * game, which is monotone (securing never hurts Short, deleting never hurts Cut), such a pass is
 * never better than a real move, so removing it keeps the outcome; cases 3 and 5 rest on a
 * pairing answer instead (the other link of the pair, deleted or secured at once).
 *
 * <p>Complexity: exponential in the number of undecided links (at most 3^m positions); the table
 * and the reductions make the hosts of the census (m ≤ 21) fast. The table is sized up front and
 * cleared in O(1) by an epoch stamp; one solver serves every subgraph of a partition.
 */
public final class SwitchingGameSolver {

    /** Thrown when a search exceeds its node budget; carries no stack trace. */
    public static final class BudgetExceeded extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BudgetExceeded() {
            super("node budget exceeded", null, false, false);
        }
    }

    private static final BudgetExceeded BUDGET_EXCEEDED = new BudgetExceeded();

    // Memo value bits: per side to move, "known" and "Short wins".
    private static final int SHORT_TO_MOVE_KNOWN = 1;
    private static final int SHORT_TO_MOVE_WINS = 2;
    private static final int CUT_TO_MOVE_KNOWN = 4;
    private static final int CUT_TO_MOVE_WINS = 8;
    private static final int PROBES = 8;

    private final SwitchingHost host;
    private final int n;
    private final int s;
    private final int t;
    private final int m;
    private final int[] lu;
    private final int[] lv;
    private final long nodeBudget;

    private final long[] memoU;
    private final long[] memoC;
    private final byte[] memoVal;
    private final int[] memoEpoch;
    private final int memoMask;
    private int epoch;

    /** Class representative of each vertex, one row per search depth (no allocation in the search). */
    private final int[][] classOf;
    /** Undecided-link degree of each class, one row per search depth. */
    private final int[][] degree;
    /** Classes joined to each class by a live link, one row per search depth. */
    private final long[][] adjacent;

    private long nodes;

    /**
     * @param host        the host graph
     * @param log2Memo    log2 of the transposition-table capacity (10..26)
     * @param nodeBudget  the most nodes one {@link #solve} may visit before it gives up
     */
    public SwitchingGameSolver(SwitchingHost host, int log2Memo, long nodeBudget) {
        if (log2Memo < 10 || log2Memo > 26) {
            throw new IllegalArgumentException("log2Memo must be 10..26, got " + log2Memo);
        }
        if (nodeBudget < 1) {
            throw new IllegalArgumentException("nodeBudget must be positive, got " + nodeBudget);
        }
        this.host = host;
        this.n = host.vertexCount();
        this.s = host.s();
        this.t = host.t();
        this.m = host.linkCount();
        this.lu = new int[m];
        this.lv = new int[m];
        for (int i = 0; i < m; i++) {
            lu[i] = host.linkU(i);
            lv[i] = host.linkV(i);
        }
        this.nodeBudget = nodeBudget;
        final int capacity = 1 << log2Memo;
        this.memoU = new long[capacity];
        this.memoC = new long[capacity];
        this.memoVal = new byte[capacity];
        this.memoEpoch = new int[capacity];
        this.memoMask = capacity - 1;
        this.classOf = new int[m + 2][n];
        this.degree = new int[m + 2][n];
        this.adjacent = new long[m + 2][n];
    }

    /** A solver with a 2^20-entry table and no practical node budget. */
    public SwitchingGameSolver(SwitchingHost host) {
        this(host, 20, Long.MAX_VALUE);
    }

    public SwitchingHost host() {
        return host;
    }

    /** Starts a fresh search: forgets the table (O(1)) and zeroes the node count. */
    public void reset() {
        epoch++;
        if (epoch == 0) { // wrapped: clear for real
            Arrays.fill(memoEpoch, 0);
            epoch = 1;
        }
        nodes = 0;
    }

    /** Nodes visited since the last {@link #reset}. */
    public long nodes() {
        return nodes;
    }

    /**
     * Whether Short wins the subgraph {@code mask} (every other link deleted) with the given side
     * to move. The table is kept between calls until {@link #reset}.
     *
     * @throws BudgetExceeded when the search visits more nodes than the budget
     */
    public boolean shortWins(long mask, boolean shortToMove) {
        if ((mask & ~host.allLinks()) != 0) {
            throw new IllegalArgumentException("mask has links outside the host: " + Long.toBinaryString(mask));
        }
        return solve(0L, mask, shortToMove, 0);
    }

    /**
     * Whether Short, moving first on the subgraph {@code mask}, wins by opening with {@code link}:
     * the link secured, Cut to move. The table is kept between calls until {@link #reset}.
     *
     * @throws BudgetExceeded when the search visits more nodes than the budget
     */
    public boolean shortWinsOpeningWith(long mask, int link) {
        if ((mask & ~host.allLinks()) != 0) {
            throw new IllegalArgumentException("mask has links outside the host: " + Long.toBinaryString(mask));
        }
        if (link < 0 || link >= m || (mask & 1L << link) == 0) {
            throw new IllegalArgumentException("link " + link + " is not in the subgraph");
        }
        return solve(1L << link, mask & ~(1L << link), false, 0);
    }

    /**
     * Short's winning openings on the subgraph {@code mask} (Short moving first): the links whose
     * securing, Cut then to move, leaves Short a win.
     *
     * @throws BudgetExceeded when the search visits more nodes than the budget
     */
    public long winningOpenings(long mask) {
        long openings = 0L;
        for (long rest = mask & host.allLinks(); rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            if (shortWinsOpeningWith(mask, e)) {
                openings |= 1L << e;
            }
        }
        return openings;
    }

    private boolean solve(long securedBefore, long undecidedBefore, boolean shortToMove, int depth) {
        if (++nodes > nodeBudget) {
            throw BUDGET_EXCEEDED;
        }
        final int[] cls = classOf[depth];
        final int[] deg = degree[depth];
        long secured = securedBefore;
        long undecided = undecidedBefore;
        int cs;
        int ct;
        long live;
        while (true) {
            partition(secured, cls);
            cs = cls[s];
            ct = cls[t];
            if (cs == ct) {
                return true;
            }
            live = reduce(undecided, cls, deg, cs, ct);
            if (live == -1L) {
                return false; // no s–t route survives: Cut has won
            }
            final long twin = parallelLink(live, cls, adjacent[depth]);
            if (twin == 0L) {
                break;
            }
            secured |= twin; // case 5: a doubled link is as good as a secured one
            undecided = live & ~twin;
        }
        final long closure = closure(cls);
        final int slot = find(live, closure);
        if (slot >= 0) {
            final int v = memoVal[slot];
            if (shortToMove && (v & SHORT_TO_MOVE_KNOWN) != 0) {
                return (v & SHORT_TO_MOVE_WINS) != 0;
            }
            if (!shortToMove && (v & CUT_TO_MOVE_KNOWN) != 0) {
                return (v & CUT_TO_MOVE_WINS) != 0;
            }
        }
        // Links touching s's or t's class first: they decide most positions soonest.
        long terminal = 0L;
        for (long rest = live; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            final int a = cls[lu[e]];
            final int b = cls[lv[e]];
            if (a == cs || a == ct || b == cs || b == ct) {
                terminal |= 1L << e;
                if (shortToMove && ((a == cs && b == ct) || (a == ct && b == cs))) {
                    store(live, closure, true, true);
                    return true; // a direct s–t link: Short secures it and has won
                }
            }
        }
        boolean shortWins;
        if (shortToMove) {
            shortWins = false;
            for (int pass = 0; pass < 2 && !shortWins; pass++) {
                for (long rest = pass == 0 ? terminal : live & ~terminal; rest != 0; rest &= rest - 1) {
                    final long e = rest & -rest;
                    if (solve(secured | e, live & ~e, false, depth + 1)) {
                        shortWins = true;
                        break;
                    }
                }
            }
        } else {
            shortWins = true;
            for (int pass = 0; pass < 2 && shortWins; pass++) {
                for (long rest = pass == 0 ? terminal : live & ~terminal; rest != 0; rest &= rest - 1) {
                    final long e = rest & -rest;
                    if (!solve(secured, live & ~e, true, depth + 1)) {
                        shortWins = false;
                        break;
                    }
                }
            }
        }
        store(live, closure, shortToMove, shortWins);
        return shortWins;
    }

    /** Fills {@code cls} with the least vertex of each vertex's class under the secured links. */
    private void partition(long secured, int[] cls) {
        for (int v = 0; v < n; v++) {
            cls[v] = v;
        }
        for (long rest = secured; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            final int a = root(cls, lu[e]);
            final int b = root(cls, lv[e]);
            if (a < b) {
                cls[b] = a;
            } else if (b < a) {
                cls[a] = b;
            }
        }
        for (int v = 0; v < n; v++) {
            cls[v] = root(cls, v);
        }
    }

    private static int root(int[] cls, int v) {
        int r = v;
        while (cls[r] != r) {
            r = cls[r];
        }
        return r;
    }

    /**
     * Drops the undecided links that lie on no s–t route, and the series pairs that count as
     * deleted (cases 1–4 in the class comment).
     *
     * @return the live links, or -1 when t's class is not reachable from s's
     */
    private long reduce(long undecided, int[] cls, int[] deg, int cs, int ct) {
        // Case 1: loops.
        long live = 0L;
        for (int v = 0; v < n; v++) {
            deg[v] = 0;
        }
        for (long rest = undecided; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            final int a = cls[lu[e]];
            final int b = cls[lv[e]];
            if (a != b) {
                live |= 1L << e;
                deg[a]++;
                deg[b]++;
            }
        }
        // Cases 2 and 3: dangling links, and the two links of a class with no others, repeatedly
        // (removing one of a pair leaves the other dangling).
        boolean changed = true;
        while (changed) {
            changed = false;
            for (long rest = live; rest != 0; rest &= rest - 1) {
                final int e = Long.numberOfTrailingZeros(rest);
                final int a = cls[lu[e]];
                final int b = cls[lv[e]];
                if ((deg[a] <= 2 && a != cs && a != ct) || (deg[b] <= 2 && b != cs && b != ct)) {
                    live &= ~(1L << e);
                    deg[a]--;
                    deg[b]--;
                    changed = true;
                }
            }
        }
        // Case 4: the component of s's class.
        long reached = 1L << cs;
        long kept = 0L;
        changed = true;
        while (changed) {
            changed = false;
            for (long rest = live & ~kept; rest != 0; rest &= rest - 1) {
                final int e = Long.numberOfTrailingZeros(rest);
                final long a = 1L << cls[lu[e]];
                final long b = 1L << cls[lv[e]];
                if (((reached & a) | (reached & b)) != 0) {
                    reached |= a | b;
                    kept |= 1L << e;
                    changed = true;
                }
            }
        }
        if ((reached & (1L << ct)) == 0) {
            return -1L;
        }
        assert kept != -1L : "a host has at most 63 links, so -1 is never a link set";
        return kept;
    }

    /** A live link parallel to an earlier live link (same two classes), or 0 when there is none. */
    private long parallelLink(long live, int[] cls, long[] adj) {
        for (int v = 0; v < n; v++) {
            adj[v] = 0L;
        }
        for (long rest = live; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            final int a = cls[lu[e]];
            final int b = cls[lv[e]];
            if ((adj[a] & (1L << b)) != 0) {
                return 1L << e;
            }
            adj[a] |= 1L << b;
            adj[b] |= 1L << a;
        }
        return 0L;
    }

    /** Every host link inside one class: a canonical stand-in for the partition. */
    private long closure(int[] cls) {
        long c = 0L;
        for (int e = 0; e < m; e++) {
            if (cls[lu[e]] == cls[lv[e]]) {
                c |= 1L << e;
            }
        }
        return c;
    }

    private static int hash(long u, long c) {
        long h = u * 0x9E3779B97F4A7C15L ^ c * 0xC2B2AE3D27D4EB4FL;
        h ^= h >>> 31;
        h *= 0xBF58476D1CE4E5B9L;
        h ^= h >>> 29;
        return (int) h;
    }

    /** The slot holding (u, c) in this epoch, or -(slot + 1) of the slot to store into. */
    private int find(long u, long c) {
        final int h = hash(u, c);
        int firstFree = -1;
        for (int i = 0; i < PROBES; i++) {
            final int slot = (h + i) & memoMask;
            if (memoEpoch[slot] != epoch) {
                if (firstFree < 0) {
                    firstFree = slot;
                }
                continue;
            }
            if (memoU[slot] == u && memoC[slot] == c) {
                return slot;
            }
        }
        // Table full around h: overwrite the home slot (a cache, never a wrong answer).
        return -((firstFree >= 0 ? firstFree : (h & memoMask)) + 1);
    }

    /** Records a result; looks the slot up again, since the search below may have reused it. */
    private void store(long u, long c, boolean shortToMove, boolean shortWins) {
        final int slot = find(u, c);
        final int at;
        int v;
        if (slot >= 0) {
            at = slot;
            v = memoVal[at];
        } else {
            at = -slot - 1;
            memoEpoch[at] = epoch;
            memoU[at] = u;
            memoC[at] = c;
            v = 0;
        }
        if (shortToMove) {
            v |= SHORT_TO_MOVE_KNOWN | (shortWins ? SHORT_TO_MOVE_WINS : 0);
        } else {
            v |= CUT_TO_MOVE_KNOWN | (shortWins ? CUT_TO_MOVE_WINS : 0);
        }
        memoVal[at] = (byte) v;
    }
}
