package org.gamecensus.jobs.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.CensusDatasets;
import org.gamecensus.jobs.census.CensusSession;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.switching.SwitchingHosts;

/**
 * Runs each census at a benchmark size several times on {@code local[1]} and {@code local[2]}
 * and reports items, median wall time, items per second per core, the kernel time summed over
 * tasks against the job's wall time (the Spark overhead ratio: wall ÷ (kernel time ÷ cores)),
 * and the local[2] / local[1] speed-up.
 */
public final class CensusBench {

    /** What to run: census name → its size, as the profile's bench.* settings give it. */
    public record Sizes(String switchingHost, int cramSquares, String hexBoard, int lumberjackEdges) {
    }

    private record Run(long items, double wallSeconds, double kernelSeconds) {
    }

    private CensusBench() {
    }

    public static String run(Sizes sizes, List<String> censuses, int repeat, Path dir, Map<String, String> settings) {
        final Map<String, Map<Integer, List<Run>>> runs = new LinkedHashMap<>();
        for (int cores : new int[] {1, 2}) {
            final SparkSession spark = CensusSession.create("local[" + cores + "]", "census bench local[" + cores + "]",
                    settings);
            try {
                final Warehouse scratch = new Warehouse(dir.resolve("warehouse-local" + cores));
                // A small census first, untimed: Spark's first jobs pay for class loading and code generation.
                CramJob.census(spark, new Warehouse(dir.resolve("warm-up")), 6, 0);
                for (String census : censuses) {
                    for (int i = 0; i < repeat; i++) {
                        runs.computeIfAbsent(census, k -> new LinkedHashMap<>())
                                .computeIfAbsent(cores, k -> new ArrayList<>())
                                .add(time(() -> items(census, sizes, spark, scratch)));
                    }
                }
            } finally {
                spark.stop();
                SparkSession.clearActiveSession();
                SparkSession.clearDefaultSession();
            }
        }
        return report(sizes, runs, repeat);
    }

    private static long items(String census, Sizes s, SparkSession spark, Warehouse w) {
        switch (census) {
            case "switching":
                return SwitchingJob.census(spark, w, SwitchingHosts.resolve(s.switchingHost()), 0).subgraphs();
            case "cram":
                return CramJob.census(spark, w, s.cramSquares(), 0).shapes();
            case "hex":
                return HexJob.census(spark, w, HexBoard.parse(s.hexBoard()), HexBoard.Side.DOWN, 0).positions();
            default:
                return LumberjackJob.census(spark, w, s.lumberjackEdges(), 0).trees();
        }
    }

    private static Run time(Supplier<Long> census) {
        CensusDatasets.resetKernelClock();
        final long start = System.nanoTime();
        final long items = census.get();
        final double wall = (System.nanoTime() - start) / 1e9;
        return new Run(items, wall, CensusDatasets.kernelNanos() / 1e9);
    }

    private static String size(String census, Sizes s) {
        switch (census) {
            case "switching": return "host " + s.switchingHost();
            case "cram": return "to " + s.cramSquares() + " squares";
            case "hex": return s.hexBoard() + ", Down first";
            default: return "to " + s.lumberjackEdges() + " edges";
        }
    }

    private static double median(List<Run> runs, java.util.function.ToDoubleFunction<Run> f) {
        final double[] v = runs.stream().mapToDouble(f).sorted().toArray();
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static String report(Sizes sizes, Map<String, Map<Integer, List<Run>>> runs, int repeat) {
        final StringBuilder b = new StringBuilder();
        b.append("# Census benchmark\n\n").append(repeat).append(" runs of each census on each master; medians. ")
                .append("Wall time is the census call (rows computed, checked and committed), after an untimed warm-up ")
                .append("census, without Spark's start-up. ")
                .append("Kernel time is summed over tasks; the overhead ratio is wall ÷ (kernel ÷ cores).\n\n");
        b.append("| census | size | items | master | median wall (s) | kernel, summed (s) | items/s/core | overhead |\n")
                .append("|---|---|---|---|---|---|---|---|\n");
        for (var e : runs.entrySet()) {
            for (var m : e.getValue().entrySet()) {
                final int cores = m.getKey();
                final double wall = median(m.getValue(), Run::wallSeconds);
                final double kernel = median(m.getValue(), Run::kernelSeconds);
                final long items = m.getValue().get(0).items();
                b.append(String.format(Locale.ROOT, "| %s | %s | %d | local[%d] | %.2f | %.2f | %.0f | %.2f |%n",
                        e.getKey(), size(e.getKey(), sizes), items, cores, wall, kernel, items / wall / cores,
                        wall / (kernel / cores)));
            }
        }
        b.append("\n| census | local[1] (s) | local[2] (s) | speed-up |\n|---|---|---|---|\n");
        for (var e : runs.entrySet()) {
            final double one = median(e.getValue().get(1), Run::wallSeconds);
            final double two = median(e.getValue().get(2), Run::wallSeconds);
            b.append(String.format(Locale.ROOT, "| %s | %.2f | %.2f | %.2f |%n", e.getKey(), one, two, one / two));
        }
        b.append("\nMachine: ").append(Runtime.getRuntime().availableProcessors()).append(" cores, ")
                .append(Runtime.getRuntime().maxMemory() / (1 << 20)).append(" MiB heap; Java ")
                .append(System.getProperty("java.version")).append(".\n");
        return b.toString();
    }

    public static List<String> known() {
        return Arrays.asList("switching", "cram", "hex", "lumberjack");
    }
}
