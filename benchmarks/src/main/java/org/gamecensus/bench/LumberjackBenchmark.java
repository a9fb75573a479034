package org.gamecensus.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gamecensus.kernel.lumberjack.LumberjackBruteForce;
import org.gamecensus.kernel.lumberjack.RootedTree;
import org.gamecensus.kernel.lumberjack.RootedTreeGenerator;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The brute-force Grundy search per tree of 14 edges, its table cleared every iteration:
 * {@code grundyPerTree} the value alone, {@code decidePerTree} the value and the winning hacks,
 * as the census asks for them. The trees cycle, so after the first pass every position a hack
 * leaves is in the table, as in a census partition once its smaller trees are settled.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class LumberjackBenchmark {

    private RootedTree[] trees;
    private int next;
    private LumberjackBruteForce brute;

    @Setup(Level.Trial)
    public void trees() {
        final List<RootedTree> all = new ArrayList<>();
        RootedTreeGenerator.generate(15, 0, 1, l -> {
            if (all.size() < 20_000) {
                all.add(RootedTree.fromLevels(l, l.length));
            }
        });
        trees = all.toArray(new RootedTree[0]);
        brute = new LumberjackBruteForce(19);
    }

    /** The table is allocated once, with the trees, and cleared each iteration, so bytes per operation are the search's own. */
    @Setup(Level.Iteration)
    public void clearTable() {
        brute.clear();
    }

    @Benchmark
    public int grundyPerTree() {
        brute.load(trees[next++ % trees.length]);
        return brute.grundy();
    }

    @Benchmark
    public int decidePerTree() {
        brute.load(trees[next++ % trees.length]);
        brute.decide();
        return brute.grundy() + 31 * brute.winningHacks();
    }
}
