package org.gamecensus.jobs.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.Censuses;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusConfig;
import org.gamecensus.jobs.census.SparkSessions;
import org.gamecensus.jobs.census.Warehouse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The census bench at tiny sizes: its report's rows hang together, and it runs on the masters it names. */
@ExtendWith(SparkSessions.NoneRunning.class)
class CensusBenchTest {

    @TempDir
    Path tmp;

    private static double cell(String[] row, int i) {
        return Double.parseDouble(row[i].strip());
    }

    /** The censuses named, at these sizes, as the bench command takes them from the registry. */
    private static List<Census.Benched> sized(String host, int squares, String board, int edges, List<String> names) {
        final Map<String, String> sizes = Map.of(
                "switching", host, "cram", String.valueOf(squares), "hex", board, "lumberjack", String.valueOf(edges));
        return names.stream()
                .map(n -> Censuses.named(n, "bench").benched(CensusConfig.load("local"), sizes.get(n)))
                .toList();
    }

    @Test
    void everyCensusHasARowPerMasterWhoseRatiosFollowFromItsTimes() throws IOException {
        // Sizes whose kernels take milliseconds at least, so the three-decimal times are not zero.
        final CensusBench.Result result = CensusBench.run(
                sized("K4", 6, "3x3", 8, CensusBench.known()),
                CensusBench.DEFAULT_MASTERS,
                CensusBench.WarmUp.runs(0),
                1,
                tmp,
                null,
                Map.of());
        final String report = result.report();
        assertTrue(report.contains("after 0 untimed run(s)"), report);
        // The test JVM runs with -ea and -Xmx (surefire's argLine): the heap is named, the assertion switch is not.
        assertTrue(report.matches("(?s).*\nDriver: .*; JVM options (\\S+ )*-Xmx[0-9]+[gm]\\b.*"), report);
        // It names the processor the CSV records with each run.
        assertTrue(
                report.contains("\nDriver: " + BenchMachine.processor() + ", "
                        + Runtime.getRuntime().availableProcessors() + " cores, "),
                report);
        assertTrue(result.timings().stream().allMatch(t -> t.processor().equals(BenchMachine.processor())), report);
        assertTrue(!report.contains(" -ea"), report);
        assertTrue(
                report.contains(
                        "| census | local[1] (s) | local[2] (s) | speed-up, local[2] | kernels' speed-up, local[2] |"),
                report);
        final Map<String, List<String[]>> rows = new HashMap<>();
        final Map<String, String[]> speedUps = new HashMap<>();
        final Map<String, String[]> parts = new HashMap<>();
        for (String line : report.split("\n")) {
            final String[] c = line.split("\\|", -1);
            if (c.length == 10 && c[2].contains("local[")) {
                parts.put(c[1].strip() + " " + c[2].strip(), c);
            }
            // c[0] is the text before the first bar; a detail row has 14 cells, a speed-up row 4.
            if (c.length == 16 && c[4].contains("local[")) {
                rows.computeIfAbsent(c[1].strip(), k -> new ArrayList<>()).add(c);
            } else if (c.length == 7 && CensusBench.known().contains(c[1].strip())) {
                speedUps.put(c[1].strip(), c);
            }
        }
        assertEquals(CensusBench.known().size(), rows.size(), report);
        for (String census : CensusBench.known()) {
            final List<String[]> r = rows.get(census);
            assertEquals(2, r.size(), census + ": a row for local[1] and one for local[2]\n" + report);
            assertEquals(r.get(0)[3], r.get(1)[3], census + ": the same items on both masters");
            for (String[] c : r) {
                final int cores = c[4].contains("local[1]") ? 1 : 2;
                assertEquals(cores, cell(c, 5), census + ": cores of " + c[4]);
                final double wall = cell(c, 6);
                final double jobs = cell(c, 7);
                final double kernel = cell(c, 8);
                assertTrue(
                        jobs > 0 && jobs <= wall + 0.001,
                        census + ": Spark jobs ran within the census call: " + line(c));
                assertTrue(kernel > 0, census + ": kernel time measured: " + line(c));
                assertRatio(wall, kernel / cores, cell(c, 10), census + ": overhead " + line(c));
                assertRatio(jobs, kernel / cores, cell(c, 11), census + ": in jobs " + line(c));
                assertTrue(cell(c, 12) >= 0, census + ": JIT time " + line(c));
                assertEquals(
                        wall, cell(c, 13), 0.0005, census + ": one timed run, so its wall is the median " + line(c));
            }
            final String[] s = speedUps.get(census);
            assertRatio(cell(s, 2), cell(s, 3), cell(s, 4), census + ": speed-up " + line(s));
            // The kernels' speed-up: kernel per core on local[1] over kernel per core on local[2].
            assertRatio(
                    cell(r.get(0), 8), cell(r.get(1), 8) / 2, cell(s, 5), census + ": kernels' speed-up " + line(s));
            assertEquals(cell(r.get(0), 6), cell(s, 2), 0.0005, census + ": local[1] wall");
            assertEquals(cell(r.get(1), 6), cell(s, 3), 0.0005, census + ": local[2] wall");
        }
        // K4: 6 links, every subset a subgraph; trees to 8 edges: 1 + 1 + 2 + 4 + 9 + 20 + 48 + 115 + 286 rooted trees.
        assertEquals("64", rows.get("switching").get(0)[3].strip());
        assertEquals("486", rows.get("lumberjack").get(0)[3].strip());
        // The timings behind the report: one per census and master, in the order run, as the report gives them.
        assertEquals(2 * CensusBench.known().size(), result.timings().size());
        for (BenchTiming t : result.timings()) {
            final String[] c = rows.get(t.census()).get(t.master().equals("local[1]") ? 0 : 1);
            assertEquals(c[2].strip(), t.size(), t.toString());
            assertEquals(Long.parseLong(c[3].strip()), t.items(), t.toString());
            assertEquals(cell(c, 6), t.wallSeconds(), 0.0005, t.toString());
            assertEquals(cell(c, 8), t.kernelSeconds(), 0.0005, t.toString());
            assertEquals(1, t.run(), t.toString());
            // The tasks ran inside the jobs, on at most `cores` slots at once.
            assertTrue(t.taskSeconds() > 0 && t.taskSeconds() <= t.jobSeconds() * t.cores() + 0.001, t.toString());
            // The overhead's three parts: with one run each, 1 + the three is the overhead, up to rounding.
            final String[] p = parts.get(t.census() + " " + t.master());
            assertEquals(cell(c, 10), cell(p, 3), 0.006, "the same overhead in both tables: " + line(p));
            assertEquals(cell(p, 3), 1 + cell(p, 4) + cell(p, 5) + cell(p, 6), 0.02, "1 + the parts: " + line(p));
            assertEquals(
                    (t.jobSeconds() - t.taskSeconds() / t.cores()) / (t.kernelSeconds() / t.cores()),
                    cell(p, 5),
                    0.006,
                    "in jobs, beyond the tasks: " + line(p));
            // Per item, in microseconds of one core: the kernels', and the tasks' work around them.
            assertEquals(1e6 * t.kernelSeconds() / t.items(), cell(p, 7), 0.006 + 1e-3 * cell(p, 7), line(p));
            assertEquals(
                    1e6 * (t.taskSeconds() - t.kernelSeconds()) / t.items(),
                    cell(p, 8),
                    0.006 + 1e-3 * Math.abs(cell(p, 8)),
                    "in tasks, beyond the kernels, per item: " + line(p));
        }
        // report.csv reads back as the timings it was written from, to its six decimals.
        final List<BenchTiming> back = BenchTiming.read(write(BenchTiming.csv(result.timings())));
        assertEquals(result.timings().size(), back.size());
        for (int i = 0; i < back.size(); i++) {
            final BenchTiming t = result.timings().get(i);
            final BenchTiming b = back.get(i);
            assertEquals(
                    List.of(t.census(), t.size(), t.items(), t.master(), t.cores(), t.run()),
                    List.of(b.census(), b.size(), b.items(), b.master(), b.cores(), b.run()));
            assertEquals(t.wallSeconds(), b.wallSeconds(), 1e-6);
            assertEquals(t.jobSeconds(), b.jobSeconds(), 1e-6);
            assertEquals(t.kernelSeconds(), b.kernelSeconds(), 1e-6);
            assertEquals(t.jitSeconds(), b.jitSeconds(), 1e-6);
            assertEquals(t.taskSeconds(), b.taskSeconds(), 1e-6);
            assertEquals(t.started().truncatedTo(ChronoUnit.MILLIS), b.started());
        }
    }

    @Test
    void theMastersTakeTurnsRoundByRound() {
        // So a drift in the machine's speed touches every master alike: local[1], local[2], local[1], local[2].
        final CensusBench.Result result = CensusBench.run(
                sized("K4", 3, "2x2", 3, List.of("switching")),
                CensusBench.DEFAULT_MASTERS,
                CensusBench.WarmUp.runs(0),
                2,
                tmp,
                null,
                Map.of());
        final List<BenchTiming> byStart = result.timings().stream()
                .sorted(Comparator.comparing(BenchTiming::started))
                .toList();
        assertEquals(
                List.of("local[1] 1", "local[2] 1", "local[1] 2", "local[2] 2"),
                byStart.stream().map(t -> t.master() + " " + t.run()).toList(),
                result.timings().toString());
        for (int i = 1; i < byStart.size(); i++) {
            assertTrue(
                    byStart.get(i)
                            .started()
                            .isAfter(byStart.get(i - 1)
                                    .started()
                                    .plusMillis(
                                            (long) (1000 * byStart.get(i - 1).wallSeconds()) - 1)),
                    "one run after another ended: " + byStart);
        }
        assertTrue(result.report().contains("| switching | host K4 | 64 | local[2] | 2 | "), result.report());
    }

    @Test
    void aCensusOfOneItemReportsItsRateAndSizeReadably() {
        // One tree: 0.49 items a second per core is not "0"; "to 1 edge", not "to 1 edges".
        assertEquals(
                List.of("0.490", "12.3", "100", "290495"),
                List.of(
                        CensusBench.rate(0.49),
                        CensusBench.rate(12.34),
                        CensusBench.rate(99.96),
                        CensusBench.rate(290_495.4)));
        final CensusBench.Result result = CensusBench.run(
                sized("K4", 1, "2x2", 1, List.of("cram", "lumberjack")),
                List.of("local[1]"),
                CensusBench.WarmUp.runs(0),
                1,
                tmp,
                null,
                Map.of());
        assertTrue(
                result.report().contains("| cram | to 1 square | 1 | local[1] | 1 | ")
                        && result.report().contains("| lumberjack | to 1 edge | 2 | local[1] | 1 | "),
                result.report());
    }

    @Test
    void aWarmUpBySecondsRunsUntilTheTimeIsSpentAndRecordsHowManyRan() {
        final CensusBench.WarmUp byTime = new CensusBench.WarmUp(1, 5);
        assertTrue(
                byTime.due(0, 9) && byTime.due(1, 4.9) && !byTime.due(1, 5) && !byTime.due(CensusBench.MAX_WARM_UPS, 0),
                "at least one run, then until 5 s are spent, at most " + CensusBench.MAX_WARM_UPS);
        assertTrue(
                !CensusBench.WarmUp.runs(2).due(2, 0)
                        && CensusBench.WarmUp.runs(2).due(1, 1e9),
                "by count alone");
        // A census of a fraction of a second warmed up for 1.5 s runs untimed more than once once the JVM is warm
        // (the first round's first run, in a JVM that has not run Spark yet, may take the whole 1.5 s alone).
        final CensusBench.Result result = CensusBench.run(
                sized("K4", 3, "2x2", 3, List.of("switching")),
                List.of("local[1]"),
                new CensusBench.WarmUp(1, 1.5),
                2,
                tmp,
                null,
                Map.of());
        for (BenchTiming t : result.timings()) {
            assertTrue(t.warmUps() >= 1 && t.warmUps() <= CensusBench.MAX_WARM_UPS, "untimed runs before " + t);
        }
        assertTrue(result.timings().get(1).warmUps() > 1, "untimed runs in the second round: " + result.timings());
        final String warmUps = result.timings().get(0).warmUps() + " "
                + result.timings().get(1).warmUps();
        assertTrue(
                result.report().contains("| " + warmUps + " |")
                        && result.report().contains("until they had taken 1.5 s (at most 100;"),
                result.report());
    }

    /**
     * A bench run again over the scratch warehouse of an earlier one, whose census is of an older
     * schema version (as after an upgrade), starts from an empty scratch warehouse instead of
     * being refused.
     */
    @Test
    void aSecondBenchStartsFromEmptyScratchWarehouses() throws IOException {
        final List<Census.Benched> lumberjack = sized("K4", 3, "2x2", 4, List.of("lumberjack"));
        CensusBench.run(lumberjack, List.of("local[1]"), CensusBench.WarmUp.runs(0), 1, tmp, null, Map.of());
        final List<Path> manifests;
        try (var files = Files.walk(tmp.resolve("warehouse-0"))) {
            manifests = files.filter(f -> f.getParent().getFileName().toString().equals("_manifest")
                            && f.toString().endsWith(".properties"))
                    .toList();
        }
        assertFalse(manifests.isEmpty(), "the first bench committed its census");
        for (Path m : manifests) {
            final String text = Files.readString(m);
            assertTrue(text.contains("schema_version="), text);
            Files.writeString(m, text.replaceAll("schema_version=[0-9]+", "schema_version=0"));
        }
        // The warehouse's root: the table's parent (root/table/_manifest/partition.properties).
        final Path root = manifests.get(0).getParent().getParent().getParent();
        final Path leftover = Files.writeString(root.resolve("left-over"), "x");
        final CensusBench.Result again =
                CensusBench.run(lumberjack, List.of("local[1]"), CensusBench.WarmUp.runs(0), 1, tmp, null, Map.of());
        assertEquals(1, again.timings().size(), again.report());
        assertFalse(Files.exists(leftover), "the scratch warehouse was emptied first");
        for (Path m : manifests) {
            assertFalse(Files.readString(m).contains("schema_version=0"), "the census was written afresh: " + m);
        }
    }

    /** Under a warehouse given (--warehouse), the bench empties its own bench-N and nothing beside it. */
    @Test
    void underAGivenWarehouseOnlyItsOwnScratchIsEmptied() throws IOException {
        final Path given = tmp.resolve("given");
        final Path beside = Files.createDirectories(given.resolve("lumberjack")).resolve("kept");
        Files.writeString(beside, "a table of the warehouse itself");
        final Path leftover = Files.createDirectories(given.resolve("bench-0")).resolve("left-over");
        Files.writeString(leftover, "x");
        final CensusBench.Result result = CensusBench.run(
                sized("K4", 3, "2x2", 4, List.of("lumberjack")),
                List.of("local[1]"),
                CensusBench.WarmUp.runs(0),
                1,
                tmp.resolve("out"),
                new Warehouse(tmp.resolve("out"), given.toString()),
                Map.of());
        assertEquals(1, result.timings().size(), result.report());
        assertFalse(Files.exists(leftover), "bench-0 was emptied");
        assertTrue(Files.exists(beside), "what lies beside it in the warehouse was not touched");
        assertTrue(Files.isDirectory(given.resolve("bench-0").resolve("lumberjack")), "the census went to bench-0");
    }

    private Path write(String text) throws IOException {
        final Path f = tmp.resolve("report.csv");
        Files.writeString(f, text);
        return f;
    }

    /** The printed (two-decimal) ratio lies within what the printed (three-decimal) times allow. */
    private static void assertRatio(double numerator, double denominator, double printed, String what) {
        final double lo = (numerator - 0.0005) / (denominator + 0.0005);
        final double hi = (numerator + 0.0005) / Math.max(1e-9, denominator - 0.0005);
        assertTrue(printed >= lo - 0.005 && printed <= hi + 0.005, what + ": not within " + lo + ".." + hi);
    }

    @Test
    void coresAreReadFromALocalMasterUrl() {
        assertEquals(3, CensusBench.cores("local[3]", null));
        assertEquals(2, CensusBench.cores("local[2,4]", null));
        assertEquals(1, CensusBench.cores("local", null));
        assertEquals(Runtime.getRuntime().availableProcessors(), CensusBench.cores("local[*]", null));
    }

    private static String line(String[] cells) {
        return String.join("|", cells);
    }

    @Test
    void refusesToTimeASessionItDidNotStart() {
        final SparkSession running = SparkSession.builder()
                .master("local[1]")
                .appName("someone else's")
                .getOrCreate();
        try {
            final IllegalStateException e = assertThrows(
                    IllegalStateException.class,
                    () -> CensusBench.run(
                            sized("K4", 3, "2x2", 3, List.of("switching")),
                            List.of("local[2]"),
                            CensusBench.WarmUp.runs(0),
                            1,
                            tmp,
                            null,
                            Map.of()));
            assertTrue(e.getMessage().contains("stop the running one"), e.getMessage());
            assertTrue(!running.sparkContext().isStopped(), "the running session is left alone");
        } finally {
            SparkSessions.stopAll();
        }
    }
}
