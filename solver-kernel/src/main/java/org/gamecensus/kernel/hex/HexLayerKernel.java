package org.gamecensus.kernel.hex;

import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * The executor side of the layered retrograde solve of Hex (Spark moves the layers between
 * executors): the live positions of one layer settled group by group, from the lost positions of
 * the next layer alone, with no table of the board.
 *
 * <p>Layer k holds the live positions with k stones: the first player has ⌈k/2⌉, the other
 * ⌊k/2⌋, and no side has a chain. In layer k the mover has {@link #moverStones} stones and the
 * side waiting has {@link #waitingStones}. A <em>group</em> is one stone set W of the waiting
 * side; it holds every live position (M, W) of the layer. Every child (M ∪ {c}, W) of the group
 * is a position of layer k + 1 whose mover has the stones W — one group of layer k + 1 keyed by
 * its mover's stones. So the group W of layer k is settled from the set of stone sets X of layer
 * k + 1 such that (mover W, opponent X) is live and lost for its mover ({@link #addLost}):
 * a cell c wins for the mover of (M, W) when M ∪ {c} completes the mover's chain, or when
 * (W, M ∪ {c}) is in that set. Groups are numbered by the colex rank of W (the numeric order of
 * the masks), so a partition of consecutive ranks receives the lost positions of exactly its
 * groups and meets them in the same order.
 *
 * <p>Time per position: two bit-parallel flood fills (the mover's stones reached from each of
 * its edges give every completing cell at once, see {@link #settleGroup}) and one hash probe per
 * other empty cell. Memory: one open-addressing set sized up front for the largest group of the
 * board, cleared per group in O(1) by a stamp. Not thread-safe: one kernel per task.
 */
public final class HexLayerKernel {

    /** Receives one settled position: its stones and the mover's winning cells (0 when lost). */
    @FunctionalInterface
    public interface SettledSink {
        void accept(int down, int across, int winningMask);
    }

    /** C(n, k) for n, k ≤ 32; zero for k > n. */
    private static final long[][] BINOMIAL = new long[33][33];

    static {
        for (int n = 0; n <= 32; n++) {
            BINOMIAL[n][0] = 1;
            for (int k = 1; k <= n; k++) {
                BINOMIAL[n][k] = BINOMIAL[n - 1][k - 1] + BINOMIAL[n - 1][k];
            }
        }
    }

    private final HexBoard board;
    private final Side first;
    private final int cells;
    private final LostSet lost;

    public HexLayerKernel(HexBoard board, Side first) {
        if (board.cells() > 30) {
            throw new IllegalArgumentException("a layer key holds at most 30 cells per side, not " + board.cells());
        }
        this.board = board;
        this.first = first;
        this.cells = board.cells();
        // The largest group of lost positions: layer k + 1's stone sets of the k-layer mover, plus one.
        long largest = 1;
        for (int k = 0; k < cells; k++) {
            largest = Math.max(largest, BINOMIAL[cells - waitingStones(k)][moverStones(k) + 1]);
        }
        this.lost = new LostSet((int) largest);
    }

    public static long key(int down, int across) {
        return (down & 0xffffffffL) | ((long) across << 32);
    }

    public static int down(long key) {
        return (int) key;
    }

    public static int across(long key) {
        return (int) (key >>> 32);
    }

    public HexBoard board() {
        return board;
    }

    /** Who moves when {@code stones} stones are on the board. */
    public Side moverAt(int stones) {
        return stones % 2 == 0 ? first : first.other();
    }

    /** Stones of the side to move in layer {@code stones}: ⌊k/2⌋. */
    public static int moverStones(int stones) {
        return stones / 2;
    }

    /** Stones of the side waiting in layer {@code stones}: ⌈k/2⌉. */
    public static int waitingStones(int stones) {
        return stones - stones / 2;
    }

    /** Groups of layer {@code stones}: the waiting side's stone sets, C(cells, ⌈k/2⌉). */
    public long groupCount(int stones) {
        checkLayer(stones);
        return BINOMIAL[cells][waitingStones(stones)];
    }

    /** Stone placements of layer {@code stones} (both sides' sets, chains or not): an upper bound on its positions. */
    public long placements(int stones) {
        checkLayer(stones);
        return BINOMIAL[cells][waitingStones(stones)] * BINOMIAL[cells - waitingStones(stones)][moverStones(stones)];
    }

    private void checkLayer(int stones) {
        if (stones < 0 || stones >= cells) {
            throw new IllegalArgumentException("layers run 0.." + (cells - 1) + " stones on " + board.name() + ", not "
                    + stones);
        }
    }

    /**
     * The part of {@code parts} that settles the group of colex rank {@code rank} among
     * {@code groups}: part p takes the ranks r with ⌊r·parts / groups⌋ = p, consecutive ranks.
     */
    public static int partOf(long rank, long groups, int parts) {
        assert rank >= 0 && rank < groups;
        return (int) (rank * parts / groups);
    }

    /** The first rank of part {@code part}: ⌈part·groups / parts⌉. */
    public static long firstRankOf(int part, long groups, int parts) {
        return (part * groups + parts - 1) / parts;
    }

    /** The colex rank of {@code mask} among the masks with as many cells (combinatorial number system). */
    public static long rank(int mask) {
        long r = 0;
        int i = 1;
        for (int rest = mask; rest != 0; rest &= rest - 1, i++) {
            r += BINOMIAL[Integer.numberOfTrailingZeros(rest)][i];
        }
        return r;
    }

    /** The set of {@code k} cells (of at most 31) with colex rank {@code rank}. */
    public static int unrank(long rank, int k) {
        if (k < 0 || k > 30 || rank < 0 || rank >= BINOMIAL[31][k]) {
            throw new IllegalArgumentException("no set of " + k + " cells has colex rank " + rank);
        }
        int mask = 0;
        long r = rank;
        int c = 30;
        for (int i = k; i >= 1; i--) {
            while (BINOMIAL[c][i] > r) {
                c--;
            }
            mask |= 1 << c;
            r -= BINOMIAL[c][i];
            c--;
        }
        assert r == 0 : "rank out of range";
        return mask;
    }

    /** Gosper's hack: the next larger integer with as many one bits. */
    public static int nextSameSize(int x) {
        final int c = x & -x;
        final int r = x + c;
        return (((r ^ x) >>> 2) / c) | r;
    }

    /** Starts a group: forgets the lost positions of the previous one. */
    public void beginGroup() {
        lost.clear();
    }

    /**
     * Records that in layer k + 1 the position whose mover has this group's stones W and whose
     * opponent has {@code opponent} is live and lost for its mover.
     */
    public void addLost(int opponent) {
        lost.add(opponent);
    }

    /**
     * Settles every live position (M, {@code waiting}) of layer {@code stones} from the lost
     * positions added since {@link #beginGroup}. Emits nothing when the waiting side's stones
     * hold a chain (no position of the group is live).
     *
     * <p>For the mover's stones M without a chain, let T be the cells of M joined to its first
     * edge through M and B those joined to its second. A cell c completes a chain with M exactly
     * when it touches T or lies on the first edge, and touches B or lies on the second: every
     * new chain runs through c. So one mask gives all completing cells, and only the other empty
     * cells need a lookup.
     */
    public void settleGroup(int stones, int waiting, SettledSink sink) {
        checkLayer(stones);
        assert Integer.bitCount(waiting) == waitingStones(stones) : "a group of the layer";
        final Side mover = moverAt(stones);
        if (board.connects(mover.other(), waiting)) {
            return;
        }
        final int free = board.all() & ~waiting;
        final int a = moverStones(stones);
        final int n = Integer.bitCount(free);
        if (a > n) {
            return;
        }
        final int firstEdge = board.firstEdge(mover);
        final int secondEdge = board.secondEdge(mover);
        final boolean down = mover == Side.DOWN;
        final int last = a == 0 ? 0 : ((1 << a) - 1) << (n - a);
        for (int compact = (1 << a) - 1; ; compact = nextSameSize(compact)) {
            final int mine = expand(compact, free);
            final int fromFirst = reach(mine & firstEdge, mine);
            if ((fromFirst & secondEdge) == 0) {
                final int empty = free & ~mine;
                final int fromSecond = reach(mine & secondEdge, mine);
                final int completing = empty & (firstEdge | board.spread(fromFirst))
                        & (secondEdge | board.spread(fromSecond));
                int wins = completing;
                for (int rest = empty & ~completing; rest != 0; rest &= rest - 1) {
                    final int bit = rest & -rest;
                    if (lost.contains(mine | bit)) {
                        wins |= bit;
                    }
                }
                if (down) {
                    sink.accept(mine, waiting, wins);
                } else {
                    sink.accept(waiting, mine, wins);
                }
            }
            if (compact == last) {
                break;
            }
        }
    }

    /** The cells of {@code within} joined to {@code from} through {@code within}. */
    private int reach(int from, int within) {
        int reached = from;
        while (true) {
            final int grown = board.spread(reached) & within;
            if (grown == reached) {
                return reached;
            }
            reached = grown;
        }
    }

    /** Spreads the low bits of {@code compact} onto the one bits of {@code mask}, in order. */
    static int expand(int compact, int mask) {
        int out = 0;
        int m = mask;
        for (int b = compact; b != 0 && m != 0; b >>>= 1) {
            final int low = m & -m;
            if ((b & 1) != 0) {
                out |= low;
            }
            m &= m - 1;
        }
        return out;
    }

    /**
     * A set of non-zero stone masks by open addressing (linear probing), its capacity fixed at
     * construction (a power of two, at least twice the most it will hold); a slot is full when its
     * stamp is the current one, so clearing is one increment.
     */
    static final class LostSet {
        private final int[] keys;
        private final int[] stamps;
        private final int mask;
        private final int shift;
        private final int limit;
        private int stamp = 1;
        private int size;

        LostSet(int most) {
            final int capacity = Integer.highestOneBit(Math.max(2, most) * 2 - 1) << 1;
            this.keys = new int[capacity];
            this.stamps = new int[capacity];
            this.mask = capacity - 1;
            this.shift = 32 - Integer.numberOfTrailingZeros(capacity);
            this.limit = most;
        }

        void clear() {
            stamp++;
            size = 0;
            if (stamp == 0) { // wrapped after 2^32 groups: start the stamps again
                java.util.Arrays.fill(stamps, 0);
                stamp = 1;
            }
        }

        void add(int key) {
            int slot = (key * 0x9E3779B9) >>> shift; // Fibonacci hashing: the product's top bits
            while (stamps[slot] == stamp) {
                if (keys[slot] == key) {
                    return;
                }
                slot = (slot + 1) & mask;
            }
            if (size == limit) {
                throw new IllegalStateException("more lost positions in one group than it has positions: " + limit);
            }
            stamps[slot] = stamp;
            keys[slot] = key;
            size++;
        }

        boolean contains(int key) {
            int slot = (key * 0x9E3779B9) >>> shift; // Fibonacci hashing: the product's top bits
            while (stamps[slot] == stamp) {
                if (keys[slot] == key) {
                    return true;
                }
                slot = (slot + 1) & mask;
            }
            return false;
        }
    }
}
