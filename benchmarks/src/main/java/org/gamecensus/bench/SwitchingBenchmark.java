package org.gamecensus.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.gamecensus.kernel.switching.MatroidPartitionCriterion;
import org.gamecensus.kernel.switching.SwitchingGameSolver;
import org.gamecensus.kernel.switching.SwitchingHost;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/** The switching kernels per subgraph of K7: the exhaustive solver (from scratch) and the matroid criterion. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class SwitchingBenchmark {

    private long[] masks;
    private int next;
    private SwitchingGameSolver solver;
    private MatroidPartitionCriterion criterion;

    @Setup
    public void setUp() {
        final SwitchingHost k7 = SwitchingHosts.complete(7);
        solver = new SwitchingGameSolver(k7);
        criterion = new MatroidPartitionCriterion(k7);
        final SplittableRandom random = new SplittableRandom(7);
        masks = new long[4096];
        for (int i = 0; i < masks.length; i++) {
            masks[i] = random.nextLong() & k7.allLinks();
        }
    }

    @Benchmark
    public boolean solverPerSubgraph() {
        final long mask = masks[next++ & 4095];
        solver.reset();
        return solver.shortWins(mask, true) ^ solver.shortWins(mask, false);
    }

    @Benchmark
    public long criterionPerSubgraph() {
        final long mask = masks[next++ & 4095];
        return criterion.shortWinsMovingSecond(mask) ? criterion.treeA() : criterion.winningOpenings(mask);
    }
}
