package org.gamecensus.bench;

import java.util.concurrent.TimeUnit;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexCensusKernel;
import org.gamecensus.kernel.hex.HexExactSolver;
import org.gamecensus.kernel.hex.HexResistanceTable;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The whole table census of a board on one thread, as the executors run it: every slice from the
 * highest down, each live position's verdict and both rules graded, from a fresh settled-position
 * table and resistance table (allocated at set-up, outside the measurement). Returns the number
 * of rule picks that win, so no work is dead.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class HexCensusBenchmark {

    @Param({"3x4", "3x5"})
    public String board;

    private HexCensusKernel kernel;

    @Setup(Level.Invocation)
    public void freshTables() {
        final HexBoard b = HexBoard.parse(board);
        kernel = new HexCensusKernel(new HexExactSolver(b, Side.DOWN), new HexResistanceTable(b, Side.DOWN));
    }

    @Benchmark
    public long wholeCensus() {
        final long[] wins = {0};
        for (int s = kernel.sliceCount() - 1; s >= 0; s--) {
            kernel.decideSlice(s, v -> {
                if (v.winnable()) {
                    wins[0] += (v.ratioWins() ? 1 : 0) + (v.currentWins() ? 1 : 0);
                }
            });
        }
        return wins[0];
    }
}
