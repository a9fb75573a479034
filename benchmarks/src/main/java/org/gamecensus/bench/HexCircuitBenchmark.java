package org.gamecensus.bench;

import java.util.concurrent.TimeUnit;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.hex.HexCensusKernel;
import org.gamecensus.kernel.hex.HexCircuit;
import org.gamecensus.kernel.hex.HexPositionVerdict;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The circuit side of the Hex census on 3×4, 4×4 and 4×5, on positions sampled along random
 * games: one circuit solve (resistance by Cholesky, then the current through every cell), and
 * the grading of one position — both rules' scores for every empty cell (two solves per cell for
 * the ratio rule, two for the current rule), picks and ranks — which is what the layered census
 * spends most of its time on. The winning cells given to the grading are an arbitrary non-empty
 * set (the grading's cost does not depend on them beyond the ranks).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class HexCircuitBenchmark {

    @Param({"3x4", "4x4", "4x5"})
    public String board;

    private int[] down;
    private int[] across;
    private int next;
    private HexCircuit circuit;
    private HexCensusKernel grader;
    private int all;
    private final double[] currents = new double[HexBoard.MAX_CELLS];

    @Setup
    public void setUp() {
        final HexBoard b = HexBoard.parse(board);
        circuit = new HexCircuit(b);
        grader = new HexCensusKernel(b);
        all = b.all();
        final int[][] positions = HexBenchmark.positions(b);
        down = positions[0];
        across = positions[1];
    }

    @Benchmark
    public double circuitSolve() {
        final int i = next++ & 4095;
        final double r = circuit.resistance(Side.DOWN, down[i], across[i]);
        circuit.addCurrents(Side.DOWN, currents);
        return r + currents[0];
    }

    @Benchmark
    public int gradePerPosition() {
        final int i = next++ & 4095;
        final int stones = Integer.bitCount(down[i]) + Integer.bitCount(across[i]);
        final Side mover = stones % 2 == 0 ? Side.DOWN : Side.ACROSS;
        final int empty = all & ~(down[i] | across[i]);
        final HexPositionVerdict v = grader.grade(down[i], across[i], mover, empty & -empty);
        return v.ratioPick() + v.currentPick();
    }
}
