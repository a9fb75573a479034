package org.gamecensus.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gamecensus.kernel.cram.CramCensusKernel;
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
 * The Cram kernel per shape of 10 and 12 squares, from tables cleared every iteration (so each
 * shape is searched as the census's first partition would search it): {@code grundyPerShape} the
 * Grundy search alone, {@code decidePerShape} all the census asks of a shape (Grundy value,
 * symmetries, pairings, routes and their remainders' values, the plain and hybrid win/loss
 * searches). Each benchmark allocates only its own tables, so its bytes per operation are its own;
 * the Grundy search's table is allocated once and cleared, so its bytes are the search's alone.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CramBenchmark {

    private static final int SLICES = 64;

    /** The first 20,000 fixed polyominoes of the size, taken in turn. */
    @State(Scope.Thread)
    public static class Shapes {
        @Param({"10", "12"})
        public int squares;

        private long[] shapes;
        private int next;

        @Setup(Level.Trial)
        public void enumerate() {
            final List<Long> all = new ArrayList<>();
            new RedelmeierEnumerator(squares, 7).enumerate(0, 1, p -> {
                if (Region.squares(p) == squares && all.size() < 20_000) {
                    all.add(p);
                }
            });
            shapes = all.stream().mapToLong(Long::longValue).toArray();
        }

        long next() {
            return shapes[next++ % shapes.length];
        }
    }

    /**
     * A Grundy table of 2^22 slots, allocated once and cleared each iteration, so that the
     * profiler's bytes per operation are the search's own (allocated afresh each iteration, the
     * table's 37.7 MB showed as 2.2 B/op).
     */
    @State(Scope.Thread)
    public static class GrundyTable {
        private CramGrundy grundy;

        @Setup(Level.Trial)
        public void allocate() {
            grundy = new CramGrundy(22);
        }

        @Setup(Level.Iteration)
        public void clear() {
            grundy.clear();
        }
    }

    /** A census kernel for the size, fresh each iteration. */
    @State(Scope.Thread)
    public static class Kernel {
        private CramCensusKernel kernel;

        @Setup(Level.Iteration)
        public void fresh(Shapes shapes) {
            kernel = new CramCensusKernel(shapes.squares, 1);
        }
    }

    @Benchmark
    public int grundyPerShape(Shapes shapes, GrundyTable table) {
        return table.grundy.grundy(shapes.next());
    }

    @Benchmark
    public int decidePerShape(Shapes shapes, Kernel kernel) {
        return kernel.kernel.decide(shapes.next()).grundy();
    }

    /** A partition's share of the census to 11 squares: one of four, as the bench's census deals them. */
    @State(Scope.Thread)
    public static class Partition {
        @Param({"11"})
        public int maxSquares;
    }

    /**
     * What one task of the census to {@code maxSquares} squares asks of its kernel: build it (its
     * tables allocated) and decide every 4th of the 64 slices. Run with {@code -t 2} to see two
     * partitions side by side, as on {@code local[2]}.
     */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public long censusPartition(Partition p) {
        final CramCensusKernel kernel = new CramCensusKernel(p.maxSquares, SLICES);
        final long[] sum = new long[1];
        for (int slice = 0; slice < SLICES; slice += 4) {
            kernel.decideSlice(slice, v -> sum[0] += v.grundy());
        }
        return sum[0];
    }
}
