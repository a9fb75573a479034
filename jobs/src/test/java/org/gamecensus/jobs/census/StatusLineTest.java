package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.apache.spark.Success$;
import org.apache.spark.TaskResultLost$;
import org.apache.spark.TaskState;
import org.apache.spark.scheduler.AccumulableInfo;
import org.apache.spark.scheduler.JobSucceeded$;
import org.apache.spark.scheduler.SparkListenerExecutorMetricsUpdate;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.scheduler.TaskInfo;
import org.apache.spark.scheduler.TaskLocality;
import org.apache.spark.scheduler.TaskLocation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.RDDInfo;
import org.apache.spark.util.LongAccumulator;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.gamecensus.schemas.DatasetSchema;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.Option;
import scala.Tuple4;
import scala.collection.JavaConverters;
import scala.collection.Seq;
import scala.collection.immutable.HashMap;

/** The status line: what it shows, in place and in plain lines, and Spark's stage bars off by default. */
class StatusLineTest extends SparkCensusTest {

    /** Never a plain line: for the tests that draw in place. */
    private static final long NEVER = Long.MAX_VALUE;

    private static final DatasetSchema THINGS = new DatasetSchema(
                    "things",
                    1,
                    new StructType().add("x", DataTypes.LongType, false).add("k", DataTypes.IntegerType, false),
                    List.of("k"),
                    "ten things a slice")
            .withRowNoun("things");

    /**
     * Spark's stage bars write carriage returns into a log when standard error is not a terminal:
     * off in the defaults and in every shipped profile.
     */
    @Test
    void sparksStageBarsAreOffByDefaultAndInEveryProfile() throws Exception {
        assertEquals("false", CensusSession.configuration(Map.of()).get("spark.ui.showConsoleProgress"));
        try (var confs = Files.list(Path.of("..", "conf"))) {
            for (Path conf : confs.filter(p -> p.getFileName().toString().startsWith("spark-"))
                    .toList()) {
                Assertions.assertFalse(
                        Files.readString(conf).matches("(?s).*spark\\.ui\\.showConsoleProgress\\s+true.*"),
                        conf + " turns Spark's stage bars on");
            }
        }
    }

    /**
     * On a terminal the line names the step and the running job by the description the census
     * gave it, with its tasks and the step's time; the command's own output clears it first.
     */
    @Test
    void theLineNamesTheStepAndTheJobAndClearsBeforeTheCommandPrints() throws Exception {
        final ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        final PrintStream drawn = new PrintStream(terminal, true, StandardCharsets.UTF_8);
        StatusLine.install(drawn, true, NEVER);
        try {
            StatusLine.follow(spark(), "census run test");
            StatusLine.step("[2/5] cram");
            spark().sparkContext().setJobDescription("cram 5");
            // The tasks wait at the gate until the line has been drawn (every 0.5 s) while they run.
            final String seen =
                    whileHeld(4, () -> awaitDrawn(terminal, "(?s).*\r\\[2/5\\] cram 5: [0-4] of 4 tasks, [0-9]+ s.*"));
            spark().sparkContext().setJobDescription(null);
            Assertions.assertFalse(seen.contains("census run test"), "the step stands for the command: " + seen);
            // What the terminal shows at the moment the command writes: the line cleared.
            final String[] atWrite = {null};
            final OutputStream command = new OutputStream() {
                @Override
                public void write(int b) {
                    atWrite[0] = terminal.toString(StandardCharsets.UTF_8);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    atWrite[0] = terminal.toString(StandardCharsets.UTF_8);
                }
            };
            StatusLine.above(command).write("a summary\n".getBytes(StandardCharsets.UTF_8));
            Assertions.assertTrue(atWrite[0].endsWith("\r"), "cleared before the command printed: " + atWrite[0]);
        } finally {
            StatusLine.uninstall();
        }
        // Uninstalled: nothing more is drawn.
        final int length = terminal.size();
        spark().range(0, 2, 1, 2).toJavaRDD().foreach(i -> Thread.sleep(700));
        assertEquals(length, terminal.size(), "no line after uninstall");
    }

    /**
     * A census commit's line counts the rows its finished tasks wrote, by the schema's noun, of
     * the rows the census expects: four slices of ten rows, a task each, the last two held at a
     * gate until the line shows 20 of 40, on any number of cores. A census that cannot say its
     * size shows its rows alone.
     */
    @Test
    void aCommitShowsTheRowsWrittenOfThoseExpected(@TempDir Path tmp) throws Exception {
        final ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        StatusLine.install(new PrintStream(terminal, true, StandardCharsets.UTF_8), true, NEVER);
        try {
            StatusLine.follow(spark(), "census run test");
            StatusLine.step("[1/2] things");
            assertEquals(
                    40,
                    commitShows(terminal, tmp.resolve("w"), true, "[1/2] things 0: 20 of 40 things, 2 of 4 tasks, "));
            terminal.reset();
            StatusLine.step("[2/2] things");
            assertEquals(
                    40, commitShows(terminal, tmp.resolve("v"), false, "[2/2] things 0: 20 things, 2 of 4 tasks, "));
        } finally {
            StatusLine.uninstall();
        }
    }

    /**
     * Commits four slices of ten rows into {@code warehouse}, the last two held at gate 1 until
     * {@code terminal} shows {@code line} drawn; the rows committed.
     */
    private long commitShows(ByteArrayOutputStream terminal, Path warehouse, boolean known, String line)
            throws Exception {
        final Gate gate = Gate.shut(1);
        try (Background<CensusCommit.Committed> commit = Background.start(() -> CensusCommit.commit(
                spark(),
                new Warehouse(warehouse),
                SliceCensus.of(4, 4, new TenRowsASlice(known, 2), THINGS),
                TablePartition.of(0),
                CensusCommit.Check.none()))) {
            awaitDrawn(terminal, "(?s).*\r" + Pattern.quote(line) + ".*");
            gate.open();
            return commit.get().rows();
        }
    }

    /** A chunked commit names each chunk's job by the partition and the chunk ("things 0, chunk 2 of 2"). */
    @Test
    void aChunkedCommitNamesItsChunks(@TempDir Path tmp) throws Exception {
        final ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        StatusLine.install(new PrintStream(terminal, true, StandardCharsets.UTF_8), true, NEVER);
        try {
            StatusLine.follow(spark(), "census run test");
            StatusLine.step("[1/2] things");
            // Each chunk's two slices held at a gate of their own until the line names the chunk.
            final Gate first = Gate.shut(0);
            final Gate second = Gate.shut(1);
            try (Background<ChunkedCommit.Result> commit = Background.start(() -> ChunkedCommit.commitSlices(
                    spark(),
                    new Warehouse(tmp.resolve("w")),
                    THINGS,
                    TablePartition.of(0),
                    "things-2",
                    2,
                    CensusDatasets.ids(4),
                    new TenRowsASlice(false, 0),
                    2,
                    CensusCommit.Check.none()))) {
                awaitDrawn(terminal, "(?s).*\r\\[1/2\\] things 0, chunk 1 of 2: .*");
                first.open();
                awaitDrawn(terminal, "(?s).*\r\\[1/2\\] things 0, chunk 2 of 2: .*");
                second.open();
                assertEquals(40, commit.get().committed().rows());
            }
        } finally {
            StatusLine.uninstall();
        }
    }

    /**
     * The rows of a running task come with its executor's heartbeats and are replaced by the
     * task's final count when it ends; a failed task's rows do not count, nor a late heartbeat of
     * a finished task, nor another job's stages.
     */
    @Test
    void runningTasksCountByTheirHeartbeatsAndFinishedOnesByTheirEnd() {
        final StatusLine line = StatusLine.install(new PrintStream(new ByteArrayOutputStream()), true, NEVER);
        try {
            StatusLine.step("[4/9] hex");
            final LongAccumulator rows = spark().sparkContext().longAccumulator("rows written: test");
            final Properties p = new Properties();
            p.setProperty("spark.job.description", "hex 4x4 down");
            p.setProperty(StatusLine.ROWS_ACCUMULATOR, String.valueOf(rows.id()));
            p.setProperty(StatusLine.ROWS_NOUN, "positions");
            p.setProperty(StatusLine.ROWS_EXPECTED, "8200000");
            final StageInfo stage = stage(7, 64);
            line.onJobStart(new SparkListenerJobStart(1, 0L, seq(stage), p));
            line.onStageSubmitted(new SparkListenerStageSubmitted(stage, p));
            line.onExecutorMetricsUpdate(heartbeat(7, rows, Map.of(100L, 2_000_000L, 101L, 1_000_000L)));
            line.onExecutorMetricsUpdate(heartbeat(8, rows, Map.of(102L, 9_000_000L))); // not this job's stage
            Assertions.assertTrue(
                    line.text().startsWith("[4/9] hex 4x4 down: 3.0 M of 8.2 M positions, 0 of 64 tasks, "),
                    line.text());
            line.onTaskEnd(taskEnd(7, 100L, rows, 2_600_000L, true));
            line.onTaskEnd(taskEnd(7, 101L, rows, 1_500_000L, false)); // failed: its retry will count
            line.onExecutorMetricsUpdate(heartbeat(7, rows, Map.of(100L, 2_000_000L))); // late
            Assertions.assertTrue(
                    line.text().startsWith("[4/9] hex 4x4 down: 2.6 M of 8.2 M positions, 1 of 64 tasks, "),
                    line.text());
            line.onJobEnd(new SparkListenerJobEnd(1, 0L, JobSucceeded$.MODULE$));
            Assertions.assertTrue(line.text().matches("\\[4/9\\] hex: [0-9]+ s"), "no job: " + line.text());
        } finally {
            StatusLine.uninstall();
        }
    }

    /**
     * Off a terminal a job that runs longer than the interval is reported in plain lines (no
     * carriage return, a line each, no more often than the interval), and a shorter one not at
     * all. The line's clock is the test's, and the jobs wait at a gate while it moves.
     */
    @Test
    void offATerminalALongJobIsReportedInPlainLines() throws Exception {
        final ByteArrayOutputStream log = new ByteArrayOutputStream();
        final long every = TimeUnit.SECONDS.toNanos(30);
        final AtomicLong now = new AtomicLong();
        final StatusLine line =
                StatusLine.install(new PrintStream(log, true, StandardCharsets.UTF_8), false, every, now::get);
        try {
            StatusLine.follow(spark(), "census run test");
            StatusLine.step("[1/1] cram");
            whileHeld(1, () -> {
                awaitText(line, "[1/1] cram: 0 of 1 tasks, 0 s");
                now.addAndGet(every - 1);
                line.draw();
                return null;
            });
            assertEquals("", log.toString(StandardCharsets.UTF_8), "a job shorter than the interval prints nothing");

            spark().sparkContext().setJobDescription("cram 9");
            whileHeld(1, () -> {
                awaitText(line, "[1/1] cram 9: 0 of 1 tasks, 29 s");
                now.addAndGet(every);
                line.draw();
                now.addAndGet(every / 2);
                line.draw();
                now.addAndGet(every / 2);
                line.draw();
                return null;
            });
            spark().sparkContext().setJobDescription(null);
            // The job's end delivered to the line (no job shown), then a long time without a job.
            awaitText(line, "[1/1] cram: 89 s");
            now.addAndGet(every);
            line.draw();
        } finally {
            StatusLine.uninstall();
        }
        assertEquals(
                "[1/1] cram 9: 0 of 1 tasks, 59 s\n[1/1] cram 9: 0 of 1 tasks, 89 s\n",
                log.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
    }

    /**
     * A switching census knows its size when it holds every slice (a row for each subgraph), and
     * not for a chunk of them (the orbits whose representative lies in the chunk).
     */
    @Test
    void aSwitchingCensusKnowsItsSizeOnlyWhole() {
        final SliceCensus whole = SwitchingJob.slices(SwitchingHosts.complete(5), 4);
        assertEquals(1024, whole.expectedRows());
        assertEquals(whole.expectedRows(), whole.rows(spark()).count());
        final SliceCensus part =
                new SliceCensus(whole.ids().subList(0, whole.ids().size() / 2), 2, whole.kernel(), whole.schema());
        assertEquals(-1, part.expectedRows(), "a chunk's rows are counted by deciding it");
    }

    @Test
    void countsReadAsAPersonWouldSayThem() {
        assertEquals("0", StatusLine.count(0));
        assertEquals("999", StatusLine.count(999));
        assertEquals("1.0 k", StatusLine.count(1_000));
        assertEquals("12.3 k", StatusLine.count(12_345));
        assertEquals("1.0 M", StatusLine.count(999_960));
        assertEquals("5.2 M", StatusLine.count(5_234_567));
        assertEquals("268.4 M", StatusLine.count(268_435_456));
        assertEquals("1.5 G", StatusLine.count(1_500_000_000L));
        assertEquals("1500.0 G", StatusLine.count(1_500_000_000_000L));
    }

    @Test
    void aJobOfTheStepsCensusFollowsTheStepsNumberAndACommandIsNamedByItsWords() {
        assertEquals("[3/5] hex 4x4 down", StatusLine.joined("[3/5] hex", "hex 4x4 down"));
        assertEquals("[2/5] cram, 13 partitions", StatusLine.joined("[2/5] cram", "cram, 13 partitions"));
        assertEquals("[3/5] hex, hex_adversarial 4x4", StatusLine.joined("[3/5] hex", "hex_adversarial 4x4"));
        assertEquals("[1/5] switching, cram 4", StatusLine.joined("[1/5] switching", "cram 4"));
        assertEquals("run hex 4x4 down", StatusLine.joined("run hex", "hex 4x4 down"));
        assertEquals("run hex", StatusLine.shortName("census run hex --board 4x4 --first down"));
        assertEquals("publish", StatusLine.shortName("census publish"));
        assertEquals("[3/5] hex", StatusLine.joined("[3/5] hex", ""));
    }

    /** Under the test runner standard error is a pipe or a file, not a terminal: no line is drawn. */
    @Test
    void aPipeOrAFileIsNotATerminal() {
        Assertions.assertFalse(StatusLine.standardErrorIsATerminal());
    }

    /**
     * A gate the tasks of a test's job wait at (local mode: they run in this JVM) until the test
     * has seen what it looks for; a task passes a gate not shut at once. Closing one opens it, so
     * a failed test leaves no task waiting.
     */
    private static final class Gate implements AutoCloseable {
        /** The gates shut now, by number. */
        private static final Map<Integer, CountDownLatch> SHUT = new ConcurrentHashMap<>();

        private final int number;
        private final CountDownLatch latch = new CountDownLatch(1);

        private Gate(int number) {
            this.number = number;
        }

        static Gate shut(int number) {
            final Gate gate = new Gate(number);
            SHUT.put(number, gate.latch);
            return gate;
        }

        /** Waits, in a task, until gate {@code number} opens (a minute at most). */
        static void pass(int number) throws InterruptedException {
            final CountDownLatch latch = SHUT.get(number);
            Assertions.assertTrue(
                    latch == null || latch.await(60, TimeUnit.SECONDS), "gate " + number + " never opened");
        }

        /** Opens every gate shut now. */
        static void openAll() {
            SHUT.values().forEach(CountDownLatch::countDown);
            SHUT.clear();
        }

        void open() {
            latch.countDown();
            SHUT.remove(number, latch);
        }

        @Override
        public void close() {
            open();
        }
    }

    /** Work on a thread of its own; closing it opens every gate and waits for the work to end. */
    private static final class Background<T> implements AutoCloseable {
        private final FutureTask<T> task;

        private Background(FutureTask<T> task) {
            this.task = task;
        }

        static <T> Background<T> start(Callable<T> work) {
            final Background<T> b = new Background<>(new FutureTask<>(work));
            final Thread thread = new Thread(b.task, "status-line-test-work");
            thread.setDaemon(true);
            thread.start();
            return b;
        }

        /** The work's result, waited for a minute at most. */
        T get() throws Exception {
            return task.get(60, TimeUnit.SECONDS);
        }

        @Override
        public void close() {
            Gate.openAll();
            try {
                task.get(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                task.cancel(true);
                Thread.currentThread().interrupt();
            } catch (TimeoutException e) {
                task.cancel(true);
            } catch (ExecutionException | CancellationException e) {
                // The test has failed already, or get() has reported this failure.
            }
        }
    }

    /**
     * Runs a job of {@code tasks} tasks held at gate 0 while {@code look} runs, then lets them
     * end; what {@code look} returned.
     */
    private <T> T whileHeld(int tasks, Callable<T> look) throws Exception {
        try (Gate gate = Gate.shut(0)) {
            final var job = spark().range(0, tasks, 1, tasks).toJavaRDD().foreachAsync(i -> Gate.pass(0));
            final T seen = look.call();
            gate.open();
            job.get(60, TimeUnit.SECONDS);
            return seen;
        }
    }

    /** What {@code terminal} shows once it matches {@code regex}, waited for a minute at most. */
    private static String awaitDrawn(ByteArrayOutputStream terminal, String regex) throws Exception {
        Await.until(() -> terminal.toString(StandardCharsets.UTF_8).matches(regex), 60);
        final String seen = terminal.toString(StandardCharsets.UTF_8);
        Assertions.assertTrue(seen.matches(regex), seen);
        return seen;
    }

    /** Waits, a minute at most, until the line's text is {@code expected}. */
    private static void awaitText(StatusLine line, String expected) throws Exception {
        Await.until(() -> line.text().equals(expected), 60);
        assertEquals(expected, line.text());
    }

    /**
     * Ten rows a slice, the slices from {@code quickBelow} on held at a gate, slices 2k and 2k + 1
     * at gate k; says its size or not.
     */
    private static final class TenRowsASlice implements SliceKernel {
        private static final long serialVersionUID = 1L;
        private final boolean known;
        /** Slices below this one pass at once. */
        private final long quickBelow;

        TenRowsASlice(boolean known, long quickBelow) {
            this.known = known;
            this.quickBelow = quickBelow;
        }

        @Override
        public Iterator<Row> decide(Iterator<Long> ids) {
            final List<Row> rows = new ArrayList<>();
            ids.forEachRemaining(id -> {
                for (int i = 0; i < 10; i++) {
                    rows.add(RowFactory.create(id * 10 + i, 0));
                }
                if (id >= quickBelow) {
                    try {
                        Gate.pass((int) (id / 2));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            });
            return rows.iterator();
        }

        @Override
        public long rows(List<Long> sliceIds) {
            return known ? 10L * sliceIds.size() : -1;
        }
    }

    private static <T> Seq<T> seq(T one) {
        return JavaConverters.asScalaBuffer(List.of(one)).toList();
    }

    private static StageInfo stage(int id, int tasks) {
        return new StageInfo(
                id,
                0,
                "stage " + id,
                tasks,
                JavaConverters.asScalaBuffer(List.<RDDInfo>of()).toList(),
                JavaConverters.asScalaBuffer(List.<Object>of()).toList(),
                "",
                null,
                JavaConverters.asScalaBuffer(List.<Seq<TaskLocation>>of()).toList(),
                Option.empty(),
                0,
                false,
                0);
    }

    /** A heartbeat reporting, for each running task of {@code stage}, the rows {@code rows} has counted. */
    private static SparkListenerExecutorMetricsUpdate heartbeat(
            int stage, LongAccumulator rows, Map<Long, Long> tasks) {
        final List<Tuple4<Object, Object, Object, Seq<AccumulableInfo>>> updates = new ArrayList<>();
        tasks.forEach((task, n) ->
                updates.add(new Tuple4<>(task, stage, 0, seq(rows.toInfo(Option.apply(n), Option.empty())))));
        return new SparkListenerExecutorMetricsUpdate(
                "0", JavaConverters.asScalaBuffer(updates).toList(), new HashMap<>());
    }

    private static SparkListenerTaskEnd taskEnd(int stage, long task, LongAccumulator rows, long n, boolean succeeded) {
        final TaskInfo info = new TaskInfo(task, 0, 0, 0, 0L, "0", "localhost", TaskLocality.PROCESS_LOCAL(), false);
        info.setAccumulables(seq(rows.toInfo(Option.apply(n), Option.empty())));
        info.markFinished(succeeded ? TaskState.FINISHED() : TaskState.FAILED(), 1L);
        return new SparkListenerTaskEnd(
                stage, 0, "ResultTask", succeeded ? Success$.MODULE$ : TaskResultLost$.MODULE$, info, null, null);
    }
}
