package org.gamecensus.jobs.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.gamecensus.jobs.census.SparkSessions;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code census bench} end to end: its report.csv, and its exit code against a baseline. Not a
 * shared-session test: the bench starts sessions of its own and refuses to time one it did not start.
 */
@ExtendWith(SparkSessions.NoneRunning.class)
class BenchCommandTest {

    @TempDir
    Path tmp;

    @Test
    void aBenchAgainstABaselineExitsOneWhenACensusSlidAndZeroWhenItDidNot() throws Exception {
        withProfile(
                "tinybench",
                "bench.lumberjack.max-edges = 6\nbench.target.overhead = 1\nbench.target.speed-up = 1.8\n",
                () -> {
                    final Path first = tmp.resolve("first");
                    final String[] bench = {
                        "bench",
                        "--profile",
                        "tinybench",
                        "--censuses",
                        "lumberjack",
                        "--masters",
                        "local[1]",
                        "--warm-up",
                        "0",
                        "--warm-up-seconds",
                        "0",
                        "--repeat",
                        "1"
                    };
                    final CliRun r = CliRun.census(concat(bench, "--out", first.toString()));
                    assertEquals(0, r.code(), r.err());
                    // An overhead of at most 1 is never met (the kernel runs within the wall time); no speed-up with
                    // one master.
                    final String firstReport = Files.readString(first.resolve("bench/report.md"));
                    Assertions.assertTrue(
                            firstReport.contains("## Against the targets")
                                    && firstReport.matches(
                                            "(?s).*\\| lumberjack \\| local\\[1\\] \\| overhead \\| ≤ 1\\.00 \\| [0-9.]+ \\| [0-9.]+ \\| missed \\|.*")
                                    && !firstReport.contains("speed-up |"),
                            firstReport);
                    final List<String> csv = Files.readAllLines(first.resolve("bench/report.csv"));
                    assertEquals(2, csv.size(), "a header and the one timed run: " + csv);
                    // Rooted trees of 0..6 edges (1..7 vertices): 1 + 1 + 2 + 4 + 9 + 20 + 48.
                    Assertions.assertTrue(csv.get(1).startsWith("lumberjack,to 6 edges,85,local[1],1,1,"), csv.get(1));
                    // The same run as a baseline a thousand times faster, then a thousand times slower.
                    final String[] f = csv.get(1).split(",");
                    final double wall = Double.parseDouble(f[6]);
                    for (Object[] c : new Object[][] {{wall / 1000, 1, "SLOWER"}, {wall * 1000, 0, "faster"}}) {
                        f[6] = String.valueOf(c[0]);
                        final Path baseline = Files.writeString(
                                tmp.resolve("baseline.csv"), csv.get(0) + "\n" + String.join(",", f) + "\n");
                        final Path out = tmp.resolve("against-" + c[1]);
                        final CliRun again = CliRun.census(
                                concat(bench, "--out", out.toString(), "--baseline", baseline.toString()));
                        assertEquals(c[1], again.code(), again.err());
                        final String report = Files.readString(out.resolve("bench/report.md"));
                        Assertions.assertTrue(
                                report.contains("## Against the baseline") && report.contains("| " + c[2] + " |"),
                                report);
                        Assertions.assertTrue(
                                Files.isRegularFile(out.resolve("bench/report.csv")), "the runs are kept either way");
                        if ((int) c[1] == 1) {
                            Assertions.assertTrue(
                                    again.err().startsWith("census: FAILED: bench slower than the baseline")
                                            && again.err().contains("lumberjack on local[1]: "),
                                    again.err());
                        }
                    }
                });
    }

    @Test
    void aSizeOnTheCommandLineReplacesTheProfilesBenchSize() throws Exception {
        withProfile("tinybench", "bench.lumberjack.max-edges = 6\n", () -> {
            final Path out = tmp.resolve("sized");
            final CliRun r = CliRun.census(
                    "bench",
                    "--profile",
                    "tinybench",
                    "--censuses",
                    "lumberjack",
                    "--max-edges",
                    "4",
                    "--masters",
                    "local[1]",
                    "--warm-up",
                    "0",
                    "--warm-up-seconds",
                    "0",
                    "--repeat",
                    "1",
                    "--out",
                    out.toString());
            assertEquals(0, r.code(), r.err());
            final List<String> csv = Files.readAllLines(out.resolve("bench/report.csv"));
            // Rooted trees of 0..4 edges: 1 + 1 + 2 + 4 + 9, not the profile's 85 to 6 edges.
            Assertions.assertTrue(csv.get(1).startsWith("lumberjack,to 4 edges,17,local[1],1,1,"), csv.get(1));
            // Without --warehouse the scratch tables stay under the out directory.
            Assertions.assertTrue(
                    Files.isRegularFile(out.resolve("bench/warehouse-0/warehouse/lumberjack/_schema.json")));
        });
    }

    @Test
    void aWarehouseOnTheCommandLineHoldsTheScratchTablesOneDirectoryPerMaster() throws Exception {
        withProfile("tinybench", "bench.lumberjack.max-edges = 4\n", () -> {
            final Path out = tmp.resolve("out");
            final Path shared = tmp.resolve("shared");
            final CliRun r = CliRun.census(
                    "bench",
                    "--profile",
                    "tinybench",
                    "--censuses",
                    "lumberjack",
                    "--masters",
                    "local[1],local[2]",
                    "--warm-up",
                    "0",
                    "--warm-up-seconds",
                    "0",
                    "--repeat",
                    "1",
                    "--out",
                    out.toString(),
                    "--warehouse",
                    shared.toUri().toString());
            assertEquals(0, r.code(), r.err());
            for (int master = 0; master < 2; master++) {
                final Path table = shared.resolve("bench-" + master + "/lumberjack");
                Assertions.assertTrue(Files.isRegularFile(table.resolve("_schema.json")), table + " committed");
            }
            Assertions.assertFalse(
                    Files.exists(out.resolve("bench/warehouse-0/warehouse")), "no scratch tables in --out");
            assertEquals(3, Files.readAllLines(out.resolve("bench/report.csv")).size(), "a header and a run a master");
        });
    }

    private interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body} with a profile {@code name} of {@code settings} in a configuration directory of its own. */
    private void withProfile(String name, String settings, Body body) throws Exception {
        final Path conf = Files.createDirectories(tmp.resolve("bench-conf"));
        Files.writeString(conf.resolve("census-" + name + ".properties"), settings);
        System.setProperty("census.conf.dir", conf.toString());
        try {
            body.run();
        } finally {
            System.clearProperty("census.conf.dir");
        }
    }

    private static String[] concat(String[] a, String... b) {
        final String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
