package org.gamecensus.jobs.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.gamecensus.jobs.census.UsageException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A bench against an earlier one: slides, speed-ups, noise, changed censuses, and the CSV between them. */
class BenchBaselineTest {

    @TempDir
    Path tmp;

    private static final String XEON = "Intel(R) Xeon(R) Processor";

    /** Timed runs of one census on one master with the given wall times, on {@link #XEON}. */
    private static List<BenchTiming> runs(
            String census, String size, long items, String master, int cores, double... walls) {
        return runsOn(XEON, census, size, items, master, cores, walls);
    }

    /** Timed runs of one census on one master with the given wall times, on {@code processor}. */
    private static List<BenchTiming> runsOn(
            String processor, String census, String size, long items, String master, int cores, double... walls) {
        final List<BenchTiming> t = new ArrayList<>();
        for (int i = 0; i < walls.length; i++) {
            t.add(new BenchTiming(
                    census,
                    size,
                    items,
                    master,
                    cores,
                    i + 1,
                    walls[i],
                    walls[i] * 0.9,
                    walls[i] * 0.8 * cores,
                    i == 0 ? Double.NaN : 0.5,
                    Instant.parse("2026-12-01T20:00:00Z").plusSeconds(100 * i),
                    1,
                    processor,
                    walls[i] * 0.85 * cores));
        }
        return t;
    }

    private static List<BenchTiming> concat(List<BenchTiming> a, List<BenchTiming> b) {
        final List<BenchTiming> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    private static BenchBaseline.Verdict only(BenchBaseline.Comparison c) {
        assertEquals(1, c.lines().size(), c.markdown());
        return c.lines().get(0).verdict();
    }

    @Test
    void judgesTheMedianAgainstTheBaselinesSlowestAndFastestRuns() {
        final List<BenchTiming> before = runs("cram", "to 11 squares", 46924, "local[1]", 1, 2.0, 2.4, 2.2);
        // Slower means a median beyond the slowest run (2.4) by more than a quarter, i.e. over 3.0; one slow run is
        // not.
        assertEquals(
                BenchBaseline.Verdict.SAME,
                only(BenchBaseline.compare(
                        before, runs("cram", "to 11 squares", 46924, "local[1]", 1, 9.0, 2.95, 1.0), 0.25)));
        final BenchBaseline.Comparison slower = BenchBaseline.compare(
                before, runs("cram", "to 11 squares", 46924, "local[1]", 1, 3.01, 3.2, 2.0), 0.25);
        assertEquals(BenchBaseline.Verdict.SLOWER, only(slower));
        assertTrue(slower.failed());
        assertEquals(List.of("cram on local[1]: 3.010 s, the baseline's slowest 2.400 s"), slower.failures());
        assertEquals(3.01, slower.lines().get(0).medianNow(), 1e-12);
        assertEquals(2.2, slower.lines().get(0).medianBefore(), 1e-12);
        // The kernels' ratio beside it: here they slowed as much as the walls (the runs' kernels are 0.8 of their
        // walls).
        assertTrue(
                slower.markdown().contains("| cram | local[1] | 3.010 | 2.200 | 2.000–2.400 | 1.37 | 1.37 | SLOWER |"),
                slower.markdown());
        assertEquals(2.408 / 1.76, slower.lines().get(0).kernelRatio(), 1e-12);
        // Faster: below the fastest run (2.0) by more than a quarter, i.e. under 1.5.
        final BenchBaseline.Comparison faster =
                BenchBaseline.compare(before, runs("cram", "to 11 squares", 46924, "local[1]", 1, 1.4, 1.49), 0.25);
        assertEquals(BenchBaseline.Verdict.FASTER, only(faster));
        assertFalse(faster.failed(), "being faster is no failure");
        assertEquals(
                BenchBaseline.Verdict.SAME,
                only(BenchBaseline.compare(before, runs("cram", "to 11 squares", 46924, "local[1]", 1, 1.6), 0.25)));
        // With no tolerance, anything beyond the slowest run is a slide.
        assertEquals(
                BenchBaseline.Verdict.SLOWER,
                only(BenchBaseline.compare(before, runs("cram", "to 11 squares", 46924, "local[1]", 1, 2.41), 0)));
    }

    @Test
    void theKernelsRatioTellsASlideOfTheRestFromOneOfTheKernels() {
        final List<BenchTiming> before = new ArrayList<>();
        final List<BenchTiming> now = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            before.add(new BenchTiming(
                    "switching",
                    "host K7",
                    2097152,
                    "local[2]",
                    2,
                    i + 1,
                    3.5 + 0.1 * i,
                    3.4,
                    6.0,
                    0.1,
                    Instant.EPOCH,
                    4,
                    XEON,
                    6.5));
            // Walls 40 % longer with the kernels as before: Spark, the writer or the commit slid.
            now.add(new BenchTiming(
                    "switching",
                    "host K7",
                    2097152,
                    "local[2]",
                    2,
                    i + 1,
                    4.9 + 0.1 * i,
                    4.8,
                    6.0 + 0.06 * i,
                    0.1,
                    Instant.EPOCH,
                    4,
                    XEON,
                    9.4));
        }
        final BenchBaseline.Comparison c = BenchBaseline.compare(before, now, 0.25);
        assertEquals(BenchBaseline.Verdict.SLOWER, only(c));
        assertEquals(6.06 / 6.0, c.lines().get(0).kernelRatio(), 1e-12);
        assertTrue(
                c.markdown().contains("| switching | local[2] | 5.000 | 3.600 | 3.500–3.700 | 1.39 | 1.01 | SLOWER |"),
                c.markdown());
        // Not compared, no ratio.
        final BenchBaseline.Comparison missing =
                BenchBaseline.compare(before, runs("cram", "to 11 squares", 46924, "local[1]", 1, 0.5), 0.25);
        assertTrue(Double.isNaN(missing.lines().get(0).kernelRatio()));
        assertTrue(
                missing.markdown().contains("| cram | local[1] | 0.500 | – | – | – | – | not in the baseline |"),
                missing.markdown());
    }

    @Test
    void otherItemsAtTheSameSizeFailWhateverTheTimes() {
        final BenchBaseline.Comparison c = BenchBaseline.compare(
                runs("lumberjack", "to 15 edges", 376464, "local[2]", 2, 3.0),
                runs("lumberjack", "to 15 edges", 376463, "local[2]", 2, 1.0),
                0.25);
        assertEquals(BenchBaseline.Verdict.ITEMS_DIFFER, only(c));
        assertEquals(List.of("lumberjack on local[2]: ITEMS DIFFER: 376463 now, 376464 in the baseline"), c.failures());
        assertTrue(c.markdown().contains("ITEMS DIFFER: 376463 now, 376464 in the baseline"), c.markdown());
    }

    @Test
    void otherSizesCoresAndMissingCensusesAreNotJudged() {
        final List<BenchTiming> before = concat(
                runs("switching", "host K7", 2097152, "local[1]", 1, 20.0),
                runs("hex", "4x4, Down first", 8188705, "spark://m:7077", 4, 60.0));
        final List<BenchTiming> now = concat(
                concat(
                        runs("switching", "host K5", 1024, "local[1]", 1, 99.0),
                        runs("hex", "4x4, Down first", 8188705, "spark://m:7077", 8, 99.0)),
                runs("cram", "to 11 squares", 46924, "local[1]", 1, 99.0));
        final BenchBaseline.Comparison c = BenchBaseline.compare(before, now, 0.25);
        assertEquals(
                List.of(
                        BenchBaseline.Verdict.NOT_COMPARABLE,
                        BenchBaseline.Verdict.NOT_COMPARABLE,
                        BenchBaseline.Verdict.NO_BASELINE),
                c.lines().stream().map(BenchBaseline.Line::verdict).toList(),
                c.markdown());
        assertFalse(c.failed(), c.markdown());
        assertEquals(List.of(), c.failures());
        assertTrue(
                c.markdown().contains("not comparable: host K5 on 1 core(s) now, host K7 on 1 in the baseline"),
                c.markdown());
        assertTrue(
                c.markdown().contains("not comparable: 4x4, Down first on 8 core(s) now, 4x4, Down first on 4"),
                c.markdown());
    }

    @Test
    void eachCensusAndMasterIsJudgedOnItsOwn() {
        final List<BenchTiming> before = concat(
                runs("cram", "to 11 squares", 46924, "local[1]", 1, 2.0, 2.1, 2.2),
                runs("cram", "to 11 squares", 46924, "local[2]", 2, 1.2, 1.3, 1.4));
        // local[1]'s times now would be fine for local[1] but are a slide for local[2], and the other way round.
        final BenchBaseline.Comparison c = BenchBaseline.compare(
                before,
                concat(
                        runs("cram", "to 11 squares", 46924, "local[1]", 1, 1.3, 1.3, 1.3),
                        runs("cram", "to 11 squares", 46924, "local[2]", 2, 2.1, 2.1, 2.1)),
                0.25);
        assertEquals(
                List.of(BenchBaseline.Verdict.FASTER, BenchBaseline.Verdict.SLOWER),
                c.lines().stream().map(BenchBaseline.Line::verdict).toList(),
                c.markdown());
    }

    @Test
    void runsOnAnotherProcessorAreNotJudgedButOtherItemsStillFail() {
        final String epyc = "AMD EPYC 7B13 64-Core Processor";
        final List<BenchTiming> before =
                runsOn(epyc, "cram", "to 11 squares", 46924, "local[2]", 2, 0.233, 0.240, 0.243);
        // Three times slower on another processor: not a slide of the code.
        final BenchBaseline.Comparison other =
                BenchBaseline.compare(before, runs("cram", "to 11 squares", 46924, "local[2]", 2, 0.7, 0.8, 0.9), 0.25);
        assertEquals(BenchBaseline.Verdict.NOT_COMPARABLE, only(other));
        assertFalse(other.failed(), other.markdown());
        assertTrue(
                other.markdown()
                        .contains("not comparable: another processor (" + XEON + " now, " + epyc + " in the baseline)"),
                other.markdown());
        // The same slowdown on the same processor is one.
        assertEquals(
                BenchBaseline.Verdict.SLOWER,
                only(BenchBaseline.compare(
                        runs("cram", "to 11 squares", 46924, "local[2]", 2, 0.233, 0.240, 0.243),
                        runs("cram", "to 11 squares", 46924, "local[2]", 2, 0.7, 0.8, 0.9),
                        0.25)));
        // Other items are a changed census wherever it ran.
        final BenchBaseline.Comparison items =
                BenchBaseline.compare(before, runs("cram", "to 11 squares", 46925, "local[2]", 2, 0.24), 0.25);
        assertEquals(BenchBaseline.Verdict.ITEMS_DIFFER, only(items));
        assertTrue(items.failed());
    }

    @Test
    void aBaselineWithoutItsProcessorIsJudgedAndSaysSo() {
        final List<BenchTiming> before =
                runsOn("", "lumberjack", "to 15 edges", 376464, "local[1]", 1, 2.27, 2.29, 2.34);
        final BenchBaseline.Comparison slower =
                BenchBaseline.compare(before, runs("lumberjack", "to 15 edges", 376464, "local[1]", 1, 3.0, 3.1), 0.25);
        assertEquals(BenchBaseline.Verdict.SLOWER, only(slower));
        assertTrue(slower.failed());
        assertTrue(slower.markdown().contains("| SLOWER (the baseline's processor not recorded) |"), slower.markdown());
        final BenchBaseline.Comparison same =
                BenchBaseline.compare(before, runs("lumberjack", "to 15 edges", 376464, "local[1]", 1, 2.3), 0.25);
        assertEquals(BenchBaseline.Verdict.SAME, only(same));
        assertTrue(
                same.markdown().contains("| within noise (the baseline's processor not recorded) |"), same.markdown());
    }

    @Test
    void theProcessorIsTheCpuinfoModelName() {
        assertEquals(
                "Intel(R) Xeon(R) Processor",
                BenchMachine.processor(List.of(
                        "processor\t: 0",
                        "vendor_id\t: GenuineIntel",
                        "cpu family\t: 6",
                        "model\t\t: 85",
                        "model name\t: Intel(R) Xeon(R)   Processor",
                        "processor\t: 1",
                        "model name\t: Intel(R) Xeon(R) Processor")));
        // ARM boards name the board on a line of its own; a bare model number is no name.
        assertEquals(
                "Raspberry Pi 4 Model B Rev 1.4",
                BenchMachine.processor(List.of(
                        "processor\t: 0",
                        "CPU part\t: 0xd08",
                        "model\t: 3",
                        "",
                        "Model\t\t: Raspberry Pi 4 Model B Rev 1.4")));
        assertEquals("", BenchMachine.processor(List.of("processor\t: 0", "model\t: 85")));
        assertFalse(BenchMachine.processor().isBlank());
    }

    @Test
    void theCsvReadsBackWithQuotedFieldsAndMissingJitAndTaskTimes() throws IOException {
        // Times with at most six decimals, as the CSV keeps them.
        final List<BenchTiming> t = List.of(
                new BenchTiming(
                        "hex",
                        "4x4, Down first",
                        8188705,
                        "local[2]",
                        2,
                        1,
                        63.5,
                        63.25,
                        99.557,
                        Double.NaN,
                        Instant.parse("2026-12-01T20:14:39.123Z"),
                        1,
                        XEON,
                        101.25),
                new BenchTiming(
                        "hex",
                        "4x4, Down first",
                        8188705,
                        "local[2]",
                        2,
                        2,
                        64.25,
                        64.0,
                        100.125,
                        1.086,
                        Instant.parse("2026-12-01T20:15:42Z"),
                        12,
                        "AMD EPYC 7B13, \"64\"-Core Processor",
                        Double.NaN),
                new BenchTiming(
                        "switching",
                        "host \"my,host\"",
                        7,
                        "spark://h:7077",
                        3,
                        1,
                        0.000001,
                        0,
                        0.000002,
                        0,
                        Instant.parse("2027-01-01T00:00:00.001Z"),
                        0,
                        "",
                        0.000003));
        final Path f = Files.writeString(tmp.resolve("report.csv"), BenchTiming.csv(t));
        assertEquals(t, BenchTiming.read(f));
        assertTrue(Files.readString(f).contains("\"4x4, Down first\""), Files.readString(f));
    }

    @Test
    void aReportOfABenchBeforeWarmUpsWereRecordedReadsWithWarmUpsUnknown() throws IOException {
        // The first lines of a report written before the warm-ups column existed.
        final Path f = Files.writeString(
                tmp.resolve("late.csv"),
                BenchTiming.CSV_HEADER_WITHOUT_WARM_UPS + "\n"
                        + "switching,host K7,2097152,local[1],1,1,20.811000,20.394000,14.212000,1.449000,2026-12-01T20:40:03.215Z\n");
        assertEquals(
                List.of(new BenchTiming(
                        "switching",
                        "host K7",
                        2097152,
                        "local[1]",
                        1,
                        1,
                        20.811,
                        20.394,
                        14.212,
                        1.449,
                        Instant.parse("2026-12-01T20:40:03.215Z"),
                        -1,
                        "",
                        Double.NaN)),
                BenchTiming.read(f));
        // A file with the column must give a count for it.
        final Path negative = Files.writeString(
                tmp.resolve("negative.csv"),
                BenchTiming.CSV_HEADER + "\n"
                        + "cram,to 11 squares,46924,local[1],1,1,2.0,1.9,1.5,,2026-12-01T20:00:00Z,-1,Intel(R) Xeon(R) Processor,1.7\n");
        final UsageException e = assertThrows(UsageException.class, () -> BenchTiming.read(negative));
        assertTrue(e.getMessage().contains("line 2: negative or missing"), e.getMessage());
    }

    @Test
    void aReportOfABenchBeforeTheProcessorWasRecordedReadsWithItUnknown() throws IOException {
        // The first line of a report written before the processor column existed.
        final Path f = Files.writeString(
                tmp.resolve("second.csv"),
                BenchTiming.CSV_HEADER_WITHOUT_PROCESSOR + "\n"
                        + "switching,host K7,2097152,local[1],1,1,6.914967,6.863000,6.228186,0.397000,2026-12-03T10:48:31.864Z,3\n");
        assertEquals(
                List.of(new BenchTiming(
                        "switching",
                        "host K7",
                        2097152,
                        "local[1]",
                        1,
                        1,
                        6.914967,
                        6.863,
                        6.228186,
                        0.397,
                        Instant.parse("2026-12-03T10:48:31.864Z"),
                        3,
                        "",
                        Double.NaN)),
                BenchTiming.read(f));
        // Its lines must not carry a processor its header does not name.
        final Path longer = Files.writeString(
                tmp.resolve("longer.csv"),
                BenchTiming.CSV_HEADER_WITHOUT_PROCESSOR + "\n"
                        + "switching,host K7,2097152,local[1],1,1,6.8,6.7,6.1,0.08,2026-12-03T10:36:55.120Z,2,Xeon\n");
        final UsageException e = assertThrows(UsageException.class, () -> BenchTiming.read(longer));
        assertTrue(e.getMessage().contains("line 2: 13 fields, expected 12"), e.getMessage());
    }

    @Test
    void aReportOfABenchBeforeTheTasksTimeWasRecordedReadsWithItUnknown() throws IOException {
        // The first line of a report written before the tasks' time column existed.
        final Path f = Files.writeString(
                tmp.resolve("runjob.csv"),
                BenchTiming.CSV_HEADER_WITHOUT_TASKS + "\n"
                        + "switching,host K7,2097152,local[1],1,1,7.358270,7.314000,6.573503,0.627000,2026-12-03T16:37:07.339Z,2,"
                        + "Intel(R) Xeon(R) Processor\n");
        assertEquals(
                List.of(new BenchTiming(
                        "switching",
                        "host K7",
                        2097152,
                        "local[1]",
                        1,
                        1,
                        7.35827,
                        7.314,
                        6.573503,
                        0.627,
                        Instant.parse("2026-12-03T16:37:07.339Z"),
                        2,
                        XEON,
                        Double.NaN)),
                BenchTiming.read(f));
        // A file with the column must not give a negative time in it.
        final Path negative = Files.writeString(
                tmp.resolve("negative.csv"),
                BenchTiming.CSV_HEADER + "\n"
                        + "cram,to 11 squares,46924,local[1],1,1,2.0,1.9,1.5,,2026-12-01T20:00:00Z,3,Intel(R) Xeon(R) Processor,-0.5\n");
        final UsageException e = assertThrows(UsageException.class, () -> BenchTiming.read(negative));
        assertTrue(e.getMessage().contains("line 2: negative or missing"), e.getMessage());
    }

    @Test
    void aFileThatIsNotABenchCsvIsRefusedInOneLineNamingIt() throws IOException {
        final Path missing = tmp.resolve("nothing.csv");
        final Path md = Files.writeString(tmp.resolve("report.md"), "# Census benchmark\n");
        final Path header = Files.writeString(tmp.resolve("empty.csv"), BenchTiming.CSV_HEADER + "\n");
        final Path shortLine = Files.writeString(tmp.resolve("short.csv"), BenchTiming.CSV_HEADER + "\ncram,to 11,1\n");
        // The lines below are of the older eleven columns, under its header.
        final String older = BenchTiming.CSV_HEADER_WITHOUT_WARM_UPS;
        final Path word = Files.writeString(
                tmp.resolve("word.csv"),
                older + "\ncram,to 11 squares,many,local[1],1,1,2.0,1.9,1.5,,2026-12-01T20:00:00Z\n");
        final Path open = Files.writeString(
                tmp.resolve("open.csv"),
                older + "\ncram,\"to 11 squares,46924,local[1],1,1,2.0,1.9,1.5,,2026-12-01T20:00:00Z\n");
        final Path noCores = Files.writeString(
                tmp.resolve("cores.csv"),
                older + "\ncram,to 11 squares,46924,local[1],0,1,2.0,1.9,1.5,,2026-12-01T20:00:00Z\n");
        final Path when = Files.writeString(
                tmp.resolve("when.csv"), older + "\ncram,to 11 squares,46924,local[1],1,1,2.0,1.9,1.5,,yesterday\n");
        for (Object[] c : new Object[][] {
            {missing, "cannot read it"},
            {md, "not a bench report.csv"},
            {when, "line 2: not an instant: 'yesterday'"},
            {header, "no timed runs"},
            {shortLine, "line 2: 3 fields, expected 14"},
            {word, "line 2: not a number"},
            {open, "line 2: a quoted field is not closed"},
            {noCores, "line 2: negative or missing"}
        }) {
            final UsageException e = assertThrows(UsageException.class, () -> BenchTiming.read((Path) c[0]));
            assertTrue(
                    e.getMessage().startsWith("--baseline " + c[0])
                            && e.getMessage().contains((String) c[1])
                            && !e.getMessage().contains("\n"),
                    e.getMessage());
        }
    }
}
