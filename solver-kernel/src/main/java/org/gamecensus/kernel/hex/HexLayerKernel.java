package org.gamecensus.kernel.hex;

import java.util.Arrays;
import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * The executor side of the layered retrograde solve of Hex (Spark moves the layers between
 * executors): the live positions of one layer settled and graded group by group, from the
 * positions of the next layer alone, with no table of the board.
 *
 * <p>Layer k holds the live positions with k stones: the first player has ⌈k/2⌉, the other
 * ⌊k/2⌋, and no side has a chain. In layer k the mover has {@link #moverStones} stones and the
 * side waiting has {@link #waitingStones}. A <em>group</em> is one stone set W of the waiting
 * side; it holds every live position (M, W) of the layer. Every child (M ∪ {c}, W) of the group
 * either completes the mover's chain or is a live position of layer k + 1 whose mover has the
 * stones W — one group of layer k + 1 keyed by its mover's stones. So the group W of layer k is
 * settled and graded from those positions alone ({@link #addChild}: the opponent's stones X,
 * whether (W to move, X) is lost, and both sides' circuit resistances there):
 * <ul>
 *   <li>a cell c wins for the mover of (M, W) when M ∪ {c} completes the mover's chain, or when
 *       the child is lost for its mover;</li>
 *   <li>the ratio rule's score of c is the child's R_opponent / R_mover (+∞ when c completes the
 *       chain): the two circuits it solves after the move are the child's own, solved once when
 *       the child was settled, not once per parent;</li>
 *   <li>the current rule solves the position's own two circuits, and these resistances are what
 *       the position hands to its parents in layer k − 1.</li>
 * </ul>
 * So a position costs two circuit solves (and the currents, when winnable) instead of two per
 * empty cell. A group and its half-turn are settled together ({@link #settles}): the group's
 * positions are solved, their half-turns' rows carried over, so about half of the positions cost
 * no solve and their group no children. The table solve reads the same resistances from a table
 * of the whole board ({@link HexResistanceTable}) and grades half of the positions through their
 * half-turns ({@link HexCensusKernel}) likewise; the two censuses must agree row for row.
 *
 * <p>Groups are numbered by the colex rank of W (the numeric order of the masks). Time per
 * position: two flood fills for the completing cells (see {@link #settleGroup}), a probe per
 * other empty cell, two circuit solves. Memory: one open-addressing table of children sized up
 * front for the largest group of the board, cleared per group in O(1) by a stamp. Not
 * thread-safe: one kernel per task.
 */
public final class HexLayerKernel {

    /**
     * Receives one settled position: its stones, the mover's winning cells (0 when lost), both
     * circuits' resistances and, when winnable, both rules' picks and ranks (a holder refilled
     * per position).
     */
    @FunctionalInterface
    public interface SettledSink {
        void accept(HexPositionVerdict verdict);
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
    private final Children children;
    private final CircuitRules rules;
    private final HexPositionVerdict verdict = new HexPositionVerdict();
    private final double[] ratio = new double[HexBoard.MAX_CELLS];
    private final double[] current = new double[HexBoard.MAX_CELLS];
    private final PotentialRule potential;
    private final long[] potentials = new long[HexBoard.MAX_CELLS];
    /** The scores of the position last graded, carried to its half-turn (ratio, current, potential). */
    private final double[] turnedRatio = new double[HexBoard.MAX_CELLS];

    private final double[] turnedCurrent = new double[HexBoard.MAX_CELLS];
    private final long[] turnedPotentials = new long[HexBoard.MAX_CELLS];

    public HexLayerKernel(HexBoard board, Side first) {
        if (board.cells() > 30) {
            throw new IllegalArgumentException("a layer key holds at most 30 cells per side, not " + board.cells());
        }
        this.board = board;
        this.first = first;
        this.cells = board.cells();
        // The largest group of children: layer k + 1's stone sets of the k-layer mover, plus one.
        long largest = 1;
        for (int k = 0; k < cells; k++) {
            largest = Math.max(largest, BINOMIAL[cells - waitingStones(k)][moverStones(k) + 1]);
        }
        this.children = new Children((int) largest);
        this.rules = new CircuitRules(board);
        this.potential = new PotentialRule(board);
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
            throw new IllegalArgumentException(
                    "layers run 0.." + (cells - 1) + " stones on " + board.name() + ", not " + stones);
        }
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

    /** Starts a group: forgets the children of the previous one. */
    public void beginGroup() {
        children.clear();
    }

    /**
     * Records a child of this group: the position of layer k + 1 whose mover has the group's
     * stones W and whose opponent has {@code opponent} — whether it is lost for its mover, and
     * Down's and Across's circuit resistances there.
     */
    public void addChild(int opponent, boolean lost, double downResistance, double acrossResistance) {
        children.add(opponent, lost, downResistance, acrossResistance);
    }

    /**
     * Whether group {@code waiting} is settled by its own call of {@link #settleGroup}: when its
     * half-turn is no smaller. The half-turn (cell x to cells − 1 − x) keeps each side's edges, so
     * the half-turn of group W is the group of the turned stones, and {@code settleGroup(W)} emits
     * that group's positions too.
     */
    public boolean settles(int waiting) {
        return settles(board, waiting);
    }

    /** {@link #settles(int)} on {@code board}, without a kernel (for the job that picks the groups). */
    public static boolean settles(HexBoard board, int waiting) {
        return board.turn(waiting) >= waiting;
    }

    /**
     * Settles and grades every live position (M, {@code waiting}) of layer {@code stones} from the
     * children added since {@link #beginGroup}, and when the group's half-turn T(W) is another
     * group, every position of that group too: (T(M), T(W)) takes the verdict of (M, W) carried by
     * the half-turn, as the table solve does ({@link HexCensusKernel}): the exact value is the
     * game's, the circuits are solved in one orientation for both ({@link HexCircuit}, so the same
     * bits), the potentials are integers, and its picks and ranks are graded from the carried
     * scores under its own cell numbers. So the group T(W) needs no call, no children and no
     * circuit solve. Emits nothing when the waiting side's stones hold a chain (no position of
     * the group, or of its half-turn, is live).
     *
     * <p>For the mover's stones M without a chain, let T be the cells of M joined to its first
     * edge through M and B those joined to its second. A cell c completes a chain with M exactly
     * when it touches T or lies on the first edge, and touches B or lies on the second: every
     * new chain runs through c. So one mask gives all completing cells, and every other empty
     * cell's child is looked up.
     *
     * @throws IllegalArgumentException when the group is the half-turn of a smaller one ({@link #settles})
     * @throws IllegalStateException when a child that does not complete the chain was not added
     */
    public void settleGroup(int stones, int waiting, SettledSink sink) {
        checkLayer(stones);
        assert Integer.bitCount(waiting) == waitingStones(stones) : "a group of the layer";
        if (!settles(waiting)) {
            throw new IllegalArgumentException(
                    "group " + waiting + " is settled with its half-turn " + board.turn(waiting) + ", not on its own");
        }
        final boolean withTurn = board.turn(waiting) != waiting;
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
        final HexPositionVerdict v = verdict;
        for (int compact = (1 << a) - 1; ; compact = nextSameSize(compact)) {
            final int mine = expand(compact, free);
            final int fromFirst = board.reach(mine & firstEdge, mine);
            if ((fromFirst & secondEdge) == 0) {
                final int empty = free & ~mine;
                final int fromSecond = board.reach(mine & secondEdge, mine);
                final int completing =
                        empty & (firstEdge | board.spread(fromFirst)) & (secondEdge | board.spread(fromSecond));
                int wins = completing;
                // The ratio rule's scores and the winning cells, from the children.
                for (int rest = empty; rest != 0; rest &= rest - 1) {
                    final int bit = rest & -rest;
                    final int x = Integer.numberOfTrailingZeros(rest);
                    if ((completing & bit) != 0) {
                        ratio[x] = Double.POSITIVE_INFINITY;
                        continue;
                    }
                    final int slot = children.find(mine | bit);
                    if (slot < 0) {
                        throw new IllegalStateException("layer " + (stones + 1) + " lacks the child of "
                                + board.draw(down ? mine : waiting, down ? waiting : mine) + "at cell " + x);
                    }
                    if (children.lost(slot)) {
                        wins |= bit;
                    }
                    final double rDown = children.downResistance(slot);
                    final double rAcross = children.acrossResistance(slot);
                    ratio[x] = down ? rAcross / rDown : rDown / rAcross;
                }
                v.set(down ? mine : waiting, down ? waiting : mine, mover, wins);
                int tied = 0;
                if (v.winnable) {
                    rules.score(CircuitRules.Rule.CURRENT, mover, v.down, v.across, current);
                    v.grade(ratio, current, empty);
                    tied = potential.score(mover, v.down, v.across, potentials);
                    v.gradePotential(potentials, tied, empty);
                } else {
                    rules.solveBoth(v.down, v.across);
                }
                final double rDown = rules.downResistance();
                final double rAcross = rules.acrossResistance();
                v.downResistance = rDown;
                v.acrossResistance = rAcross;
                sink.accept(v);
                if (withTurn) {
                    emitTurned(v, mover, empty, tied, rDown, rAcross, sink);
                }
            }
            if (compact == last) {
                break;
            }
        }
    }

    /**
     * The half-turn of the position {@code v} holds (just emitted, its scores still in the arrays):
     * its stones, winning cells and scores carried cell x to cells − 1 − x, its resistances the
     * same, its picks and ranks graded under its own cell numbers.
     */
    private void emitTurned(
            HexPositionVerdict v, Side mover, int empty, int tied, double rDown, double rAcross, SettledSink sink) {
        v.set(board.turn(v.down), board.turn(v.across), mover, board.turn(v.winningMask));
        if (v.winnable) {
            final int last = cells - 1;
            for (int rest = empty; rest != 0; rest &= rest - 1) {
                final int x = Integer.numberOfTrailingZeros(rest);
                turnedRatio[last - x] = ratio[x];
                turnedCurrent[last - x] = current[x];
                turnedPotentials[last - x] = potentials[x];
            }
            final int turnedEmpty = board.turn(empty);
            v.grade(turnedRatio, turnedCurrent, turnedEmpty);
            v.gradePotential(turnedPotentials, board.turn(tied), turnedEmpty);
        }
        v.downResistance = rDown;
        v.acrossResistance = rAcross;
        sink.accept(v);
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
     * The children of one group, keyed by the opponent's (non-zero) stone mask, by open addressing
     * (linear probing), its capacity fixed at construction (a power of two, at least twice the most
     * it will hold); a slot is full when its stamp is the current one, so clearing is one increment.
     */
    static final class Children {
        private final int[] keys;
        private final int[] stamps;
        private final boolean[] lost;
        private final double[] downResistance;
        private final double[] acrossResistance;
        private final int mask;
        private final int shift;
        private final int limit;
        private int stamp = 1;
        private int size;

        Children(int most) {
            final int capacity = Integer.highestOneBit(Math.max(2, most) * 2 - 1) << 1;
            this.keys = new int[capacity];
            this.stamps = new int[capacity];
            this.lost = new boolean[capacity];
            this.downResistance = new double[capacity];
            this.acrossResistance = new double[capacity];
            this.mask = capacity - 1;
            this.shift = 32 - Integer.numberOfTrailingZeros(capacity);
            this.limit = most;
        }

        void clear() {
            stamp++;
            size = 0;
            if (stamp == 0) { // wrapped after 2^32 groups: start the stamps again
                Arrays.fill(stamps, 0);
                stamp = 1;
            }
        }

        void add(int key, boolean isLost, double rDown, double rAcross) {
            assert key != 0 : "a child's opponent has a stone";
            int slot = (key * 0x9E3779B9) >>> shift; // Fibonacci hashing: the product's top bits
            while (stamps[slot] == stamp) {
                if (keys[slot] == key) {
                    throw new IllegalStateException("the child with opponent's stones " + key + " came twice");
                }
                slot = (slot + 1) & mask;
            }
            if (size == limit) {
                throw new IllegalStateException("more children in one group than it can have: " + limit);
            }
            stamps[slot] = stamp;
            keys[slot] = key;
            lost[slot] = isLost;
            downResistance[slot] = rDown;
            acrossResistance[slot] = rAcross;
            size++;
        }

        /** The slot of {@code key}, or −1. */
        int find(int key) {
            int slot = (key * 0x9E3779B9) >>> shift;
            while (stamps[slot] == stamp) {
                if (keys[slot] == key) {
                    return slot;
                }
                slot = (slot + 1) & mask;
            }
            return -1;
        }

        boolean lost(int slot) {
            return lost[slot];
        }

        double downResistance(int slot) {
            return downResistance[slot];
        }

        double acrossResistance(int slot) {
            return acrossResistance[slot];
        }
    }
}
