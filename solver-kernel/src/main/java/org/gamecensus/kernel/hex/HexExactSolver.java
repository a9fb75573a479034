package org.gamecensus.kernel.hex;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.Comparator;
import java.util.concurrent.ConcurrentHashMap;
import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * Exact Hex: whether the player to move can win, and which cells win, by exhaustive search over
 * a table of settled positions. A cell wins when it completes the mover's chain or leaves the
 * opponent, to move, without a winning cell. The mover follows from the stone counts and the
 * first player (equal counts: the first player moves).
 *
 * <p>Positions are indexed in base 3 (0 empty, 1 Down, 2 Across). Up to {@value #TABLE_CELLS}
 * cells the table is a byte per position (3^16 = 43 M entries); larger boards use a
 * direct-mapped cache of 2^{@value #CACHE_LOG2} entries, each a long holding a position's index
 * and its value (one memory access a probe), which may forget and recompute but is never wrong.
 * Table bytes and cache entries are each written whole, with a final value, so threads may share a
 * solver: a race can only repeat work (and mix the threads' killer moves). The search
 * tries first the cell that last won at the same number of stones (a killer move: a winning reply
 * tends to win again in the sibling lines), then cells nearest the centre, and cuts the moves whose value
 * is known without search: a cell that completes the mover's chain wins, two cells that would
 * complete the opponent's lose, one must be blocked (see {@link #winnable(int, int, long, long)}).
 * A position and its half-turn (cell x to cells − 1 − x: each side's edges swap, the counts stay)
 * have one value and share one entry. Complexity: each position is settled once (while the cache
 * holds it), at the cost of four flood fills. The cuts, the shared entry and the killer move
 * together make the empty 4×5 board's search some 28 times faster than the plain search, and
 * bring 5×5 within reach (bench/FINDINGS.md, "Kernel benchmarks, before and after").
 */
public final class HexExactSolver {

    /** Boards up to this many cells get a full table. */
    public static final int TABLE_CELLS = 16;
    /**
     * Boards up to this many cells have every winning first move listed unless asked otherwise:
     * each is proven on its own: about a second for 4×5's 20, but some 24 times the verdict's own
     * time for 5×5's 13.
     */
    public static final int LISTED_OPENINGS_CELLS = 20;

    static final int CACHE_LOG2 = 26;
    private static final byte UNKNOWN = 0;
    private static final byte LOSES = 1;
    private static final byte WINS = 2;
    /** A cache entry: the position's index above these bits, its value (never UNKNOWN) in them. */
    private static final int VALUE_BITS = 2;

    private static final VarHandle ENTRY = MethodHandles.arrayElementVarHandle(long[].class);

    private static final ConcurrentHashMap<String, HexExactSolver> SHARED = new ConcurrentHashMap<>();

    private final HexBoard board;
    private final Side first;
    private final long[] pow3;
    private final byte[] table;
    private final long[] cache;
    private final int cacheMask;
    /** Cells by distance from the board's centre: the search order. */
    private final int[] order;
    /**
     * By stone count, the cell that last won there, or −1. Only an ordering hint: threads sharing
     * a solver may overwrite each other's, which changes the work, never a verdict.
     */
    private final int[] killers;

    public HexExactSolver(HexBoard board, Side first) {
        this(board, first, CACHE_LOG2);
    }

    /**
     * As {@link #HexExactSolver(HexBoard, Side)}, with a cache of 2^{@code cacheLog2} entries on a
     * board over {@value #TABLE_CELLS} cells ({@code cacheLog2} is checked, then unused, on smaller
     * boards, which get the full table).
     */
    HexExactSolver(HexBoard board, Side first, int cacheLog2) {
        if (cacheLog2 < 1 || cacheLog2 > CACHE_LOG2) {
            throw new IllegalArgumentException("a cache has 2^1 to 2^" + CACHE_LOG2 + " entries, not 2^" + cacheLog2);
        }
        this.board = board;
        this.first = first;
        this.pow3 = new long[board.cells() + 1];
        pow3[0] = 1;
        for (int i = 1; i <= board.cells(); i++) {
            pow3[i] = pow3[i - 1] * 3;
        }
        final Integer[] cells = new Integer[board.cells()];
        for (int x = 0; x < cells.length; x++) {
            cells[x] = x;
        }
        final double ci = (board.rows() - 1) / 2.0;
        final double cj = (board.cols() - 1) / 2.0;
        Arrays.sort(cells, Comparator.comparingDouble(x -> {
            final double di = x / board.cols() - ci;
            final double dj = x % board.cols() - cj;
            return di * di + dj * dj + di * dj; // hex distance², rhombus coordinates
        }));
        this.killers = new int[cells.length + 1];
        Arrays.fill(killers, -1);
        this.order = new int[cells.length];
        for (int x = 0; x < cells.length; x++) {
            order[x] = cells[x];
        }
        if (board.cells() <= TABLE_CELLS) {
            this.table = new byte[(int) pow3[board.cells()]];
            this.cache = null;
            this.cacheMask = 0;
        } else {
            assert pow3[board.cells()] <= Long.MAX_VALUE >>> VALUE_BITS : "an index fits above the value";
            this.table = null;
            this.cache = new long[1 << cacheLog2];
            this.cacheMask = (1 << cacheLog2) - 1;
        }
    }

    /**
     * One solver per board and first player per JVM, shared by the checks that ask for one (the
     * theorems on the empty board, the adversarial checks, samples); a census settles its
     * positions in a table of its own ({@link HexCensusTables}).
     */
    public static HexExactSolver shared(HexBoard board, Side first) {
        if (board.cells() > TABLE_CELLS) {
            throw new IllegalArgumentException("only table solvers (at most " + TABLE_CELLS + " cells) are shared");
        }
        return SHARED.computeIfAbsent(board.name() + "/" + first, k -> new HexExactSolver(board, first));
    }

    /**
     * A solver of {@code board} with {@code first} moving first: the JVM's shared table up to
     * {@link #TABLE_CELLS} cells ({@link #shared}), else a fresh memoising search with a cache of
     * its own (512 MB), which the caller holds only as long as it needs it.
     */
    public static HexExactSolver of(HexBoard board, Side first) {
        return board.cells() <= TABLE_CELLS ? shared(board, first) : new HexExactSolver(board, first);
    }

    public HexBoard board() {
        return board;
    }

    public Side first() {
        return first;
    }

    /** The side to move, from the counts; null when the counts cannot arise from alternate play. */
    public Side mover(int down, int across) {
        final int d = Integer.bitCount(down);
        final int a = Integer.bitCount(across);
        final Side second = first.other();
        final int f = first == Side.DOWN ? d : a;
        final int s = first == Side.DOWN ? a : d;
        if (f == s) {
            return first;
        }
        if (f == s + 1) {
            return second;
        }
        return null;
    }

    /** Base-3 index of a position. */
    public long index(int down, int across) {
        long idx = 0;
        for (int rest = down | across; rest != 0; rest &= rest - 1) {
            final int x = Integer.numberOfTrailingZeros(rest);
            idx += pow3[x] * ((down & (1 << x)) != 0 ? 1 : 2);
        }
        return idx;
    }

    /**
     * Base-3 index of the position turned half a turn: cell x goes to cells − 1 − x, which maps
     * each side's edges onto each other and keeps the stone counts, so the value is the same.
     */
    long turnedIndex(int down, int across) {
        return index(board.turn(down), board.turn(across));
    }

    /** Whether the player to move wins a live position (no completed chain). */
    public boolean winnable(int down, int across) {
        return winnable(down, across, index(down, across), turnedIndex(down, across));
    }

    /** The empty cells that win for the player to move (0 when none does). */
    public int winningCells(int down, int across) {
        final Side mover = mover(down, across);
        final long idx = index(down, across);
        final long turned = turnedIndex(down, across);
        final int empty = board.all() & ~(down | across);
        int wins = 0;
        for (int rest = empty; rest != 0; rest &= rest - 1) {
            final int x = Integer.numberOfTrailingZeros(rest);
            if (cellWins(mover, down, across, idx, turned, x)) {
                wins |= 1 << x;
            }
        }
        return wins;
    }

    private boolean cellWins(Side mover, int down, int across, long idx, long turned, int x) {
        final boolean downMoves = mover == Side.DOWN;
        return board.connects(mover, (downMoves ? down : across) | 1 << x)
                || !childWinnable(downMoves, down, across, idx, turned, x);
    }

    /**
     * The search. Cases, in order, for the mover M and the opponent O of a live position:
     * <ol>
     *   <li>some empty cell completes M's chain: M wins;</li>
     *   <li>O has two or more such cells: M blocks one at most, O wins;</li>
     *   <li>O has one: M must take it, any other move loses at once; the value is that move's;</li>
     *   <li>otherwise every empty cell in search order, until one leaves O without a win.</li>
     * </ol>
     * Cases 1–3 only cut moves whose value is already known, so the verdict is the plain
     * minimax's; they settle lines near their end in two flood fills a side instead of a chain
     * test a cell.
     */
    private boolean winnable(int down, int across, long idx, long turned) {
        assert turned == turnedIndex(down, across) : "the turned index follows the position";
        // A position and its half-turn share one entry: the smaller index names both.
        final long key = Math.min(idx, turned);
        final byte known = lookup(key);
        if (known != UNKNOWN) {
            return known == WINS;
        }
        final Side mover = mover(down, across);
        assert mover != null : "counts fit alternate play";
        assert !board.connects(Side.DOWN, down) && !board.connects(Side.ACROSS, across) : "a live position";
        final boolean downMoves = mover == Side.DOWN;
        final int empty = board.all() & ~(down | across);
        final int threats;
        final boolean wins;
        if (board.completions(mover, downMoves ? down : across, empty) != 0) {
            wins = true;
        } else if ((threats = board.completions(mover.other(), downMoves ? across : down, empty)) != 0) {
            wins = (threats & (threats - 1)) == 0
                    && !childWinnable(downMoves, down, across, idx, turned, Integer.numberOfTrailingZeros(threats));
        } else {
            final int depth = Integer.bitCount(down | across);
            final int killer = killers[depth];
            boolean found = killer >= 0
                    && (empty & (1 << killer)) != 0
                    && !childWinnable(downMoves, down, across, idx, turned, killer);
            for (int k = 0; k < order.length && !found; k++) {
                final int x = order[k];
                if (x != killer && (empty & (1 << x)) != 0 && !childWinnable(downMoves, down, across, idx, turned, x)) {
                    found = true;
                    killers[depth] = x;
                }
            }
            wins = found;
        }
        store(key, wins ? WINS : LOSES);
        return wins;
    }

    /** Whether the opponent wins after the mover takes {@code x}, a cell that completes no chain. */
    private boolean childWinnable(boolean downMoves, int down, int across, long idx, long turned, int x) {
        final int bit = 1 << x;
        final long at = pow3[x];
        final long turnedAt = pow3[board.cells() - 1 - x];
        return downMoves
                ? winnable(down | bit, across, idx + at, turned + turnedAt)
                : winnable(down, across | bit, idx + 2 * at, turned + 2 * turnedAt);
    }

    private byte lookup(long idx) {
        if (cache == null) {
            return table[(int) idx];
        }
        // An empty entry (0) holds value UNKNOWN, so it answers for index 0 too.
        final long entry = (long) ENTRY.getOpaque(cache, slot(idx));
        return entry >>> VALUE_BITS == idx ? (byte) (entry & ((1 << VALUE_BITS) - 1)) : UNKNOWN;
    }

    private void store(long idx, byte value) {
        assert value == WINS || value == LOSES : "a settled value";
        if (cache == null) {
            table[(int) idx] = value;
            return;
        }
        ENTRY.setOpaque(cache, slot(idx), idx << VALUE_BITS | value);
    }

    private int slot(long idx) {
        long z = idx * 0x9E3779B97F4A7C15L;
        z ^= z >>> 31;
        return (int) z & cacheMask;
    }
}
