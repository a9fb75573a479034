package org.gamecensus.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexExactSolver;
import org.gamecensus.kernel.hex.HexSampler;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Hex on 3×4 and 4×4: the exact verdict of a position (winning cells, from a settled table built
 * at set-up). The circuits are in {@link HexCircuitBenchmark}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HexBenchmark {

    @Param({"3x4", "4x4"})
    public String board;

    private int[] down;
    private int[] across;
    private int next;
    private HexExactSolver solver;

    @Setup
    public void setUp() {
        final HexBoard b = HexBoard.parse(board);
        solver = new HexExactSolver(b, Side.DOWN);
        final int[][] positions = positions(b);
        down = positions[0];
        across = positions[1];
        for (int i = 0; i < down.length; i++) {
            solver.winningCells(down[i], across[i]); // settle the table once
        }
    }

    /** 4096 positions along random games (seed 11), Down first: their Down masks, then their Across masks. */
    static int[][] positions(HexBoard b) {
        final HexSampler sampler = new HexSampler(b, Side.DOWN, 11);
        final List<int[]> positions = new ArrayList<>();
        for (long i = 0; positions.size() < 4096; i++) {
            positions.add(sampler.sample(i));
        }
        return new int[][] {
            positions.stream().mapToInt(p -> p[0]).toArray(),
            positions.stream().mapToInt(p -> p[1]).toArray()
        };
    }

    @Benchmark
    public int exactVerdictPerPosition() {
        final int i = next++ & 4095;
        return solver.winningCells(down[i], across[i]);
    }
}
