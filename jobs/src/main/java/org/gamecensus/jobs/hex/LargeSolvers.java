package org.gamecensus.jobs.hex;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.spark.TaskContext;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexExactSolver;

/**
 * Bounds the exact solvers of boards over {@link HexExactSolver#TABLE_CELLS} cells that a JVM's
 * tasks hold at once: each takes a 512 MB cache, so an executor running a task on each of 16
 * cores would want 8 GB for the empty boards of up to 20 cells alone. A task takes one permit for
 * as long as it uses its solver, one GiB of the heap's maximum each (at least one permit), and
 * never a second, so tasks wait for each other but cannot deadlock. Smaller boards' solvers are
 * tables shared per JVM and need no permit.
 */
final class LargeSolvers {

    /** Heap a permit stands for: the solver's cache and room for the rest of its task. */
    static final long BYTES_A_PERMIT = 1L << 30;

    private static final Semaphore PERMITS =
            new Semaphore(permits(Runtime.getRuntime().maxMemory()));

    private LargeSolvers() {}

    /** Permits for a heap of at most {@code maxMemory} bytes. */
    static int permits(long maxMemory) {
        if (maxMemory <= 0) {
            throw new IllegalArgumentException("a heap of " + maxMemory + " bytes");
        }
        return (int) Math.min(Integer.MAX_VALUE, Math.max(1, maxMemory / BYTES_A_PERMIT));
    }

    /**
     * {@code use} applied to a solver of {@code board} with {@code first} moving first ({@link
     * HexExactSolver#of}): the shared table, or a search made and used while holding a permit.
     */
    static <T> T with(HexBoard board, Side first, Function<HexExactSolver, T> use) {
        return call(board, () -> use.apply(HexExactSolver.of(board, first)));
    }

    /**
     * {@code work}'s result; for a board over {@link HexExactSolver#TABLE_CELLS} cells computed
     * while holding one of the JVM's permits, so {@code work} may make and use one large solver.
     */
    static <T> T call(HexBoard board, Supplier<T> work) {
        return board.cells() <= HexExactSolver.TABLE_CELLS ? work.get() : call(PERMITS, work);
    }

    /**
     * {@code work}'s result, computed holding one of {@code permits}. A task waiting for one stops
     * when Spark kills it (a failed stage, a cancelled job), interrupted or not.
     */
    static <T> T call(Semaphore permits, Supplier<T> work) {
        try {
            while (!permits.tryAcquire(200, TimeUnit.MILLISECONDS)) {
                final TaskContext task = TaskContext.get();
                if (task != null) {
                    task.killTaskIfInterrupted();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for room for a large solver", e);
        }
        try {
            return work.get();
        } finally {
            permits.release();
        }
    }
}
