package org.gamecensus.bench;

import java.util.concurrent.TimeUnit;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexExactSolver;
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
 * Hex's exact search itself: who wins the empty board, from a fresh solver (its table or cache
 * allocated at set-up, outside the measurement). On 4×4 and 3×5 the solver's full table; on 4×5
 * its cache. Across first on 4×5 is the losing side, whose every line must be refuted.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class HexSearchBenchmark {

    @Param({"4x4/down", "3x5/across", "4x5/down", "4x5/across"})
    public String boardAndFirst;

    private HexExactSolver solver;

    @Setup(Level.Invocation)
    public void freshSolver() {
        final String[] p = boardAndFirst.split("/");
        solver = new HexExactSolver(HexBoard.parse(p[0]), Side.parse(p[1]));
    }

    @Benchmark
    public boolean emptyBoardSearch() {
        return solver.winnable(0, 0);
    }
}
