package org.gamecensus.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gamecensus.kernel.cram.CramGrundy;
import org.gamecensus.kernel.cram.RedelmeierEnumerator;
import org.gamecensus.kernel.cram.Region;
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
 * The Cram Grundy search per shape of 10 and 12 squares, from a table cleared every iteration
 * (so each shape is searched as the census's first partition would search it).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CramBenchmark {

    @Param({"10", "12"})
    public int squares;

    private long[] shapes;
    private int next;
    private CramGrundy grundy;

    @Setup(Level.Trial)
    public void shapes() {
        final List<Long> all = new ArrayList<>();
        new RedelmeierEnumerator(squares, 7).enumerate(0, 1, p -> {
            if (Region.squares(p) == squares && all.size() < 20_000) {
                all.add(p);
            }
        });
        shapes = all.stream().mapToLong(Long::longValue).toArray();
    }

    @Setup(Level.Iteration)
    public void freshTable() {
        grundy = new CramGrundy(22);
    }

    @Benchmark
    public int grundyPerShape() {
        return grundy.grundy(shapes[next++ % shapes.length]);
    }
}
