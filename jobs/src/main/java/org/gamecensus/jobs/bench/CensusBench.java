package org.gamecensus.jobs.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.Censuses;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusDatasets;
import org.gamecensus.jobs.census.CensusSession;
import org.gamecensus.jobs.census.Warehouse;

/**
 * Runs each census at a benchmark size several times on each of a list of masters (by default
 * {@code local[1]} and {@code local[2]}) and reports items, median wall time and the part of it
 * in Spark jobs, items per second per core, the kernel time summed over tasks against the wall
 * time (the Spark overhead ratio: wall ÷ (kernel time ÷ cores)), the JIT's compile time, and each
 * master's speed-up over the first; every timed run is kept as a {@link BenchTiming}, for
 * {@code report.csv} and for comparing a later bench with this one ({@link BenchBaseline}).
 */
public final class CensusBench {

    /** The masters timed when none are named: one core, then two. */
    public static final List<String> DEFAULT_MASTERS = List.of("local[1]", "local[2]");

    /** The driver's processor, recorded with every run ({@link BenchBaseline} compares runs on one processor only). */
    private static final String PROCESSOR = BenchMachine.processor();

    /**
     * The untimed runs before each timed one, in its session: at least {@code runs} of them, and
     * more until they have taken {@code seconds} (wall time), but never more than
     * {@value #MAX_WARM_UPS}. Counting time as well as runs, as JMH warms up by time, gives a short
     * census as long to settle as a long one: the driver JVM goes on compiling Spark's own code for
     * tens of runs, and in local mode its compiler threads take the cores from the tasks (Cram to
     * 11 squares had seconds of compilation inside a timed run after one to three warm-ups, a
     * tenth of that after ten).
     */
    public record WarmUp(int runs, double seconds) {
        public WarmUp {
            if (runs < 0 || runs > MAX_WARM_UPS || !(seconds >= 0)) {
                throw new IllegalArgumentException("warm-up runs must be 0.." + MAX_WARM_UPS + " and seconds ≥ 0, got "
                        + runs + " and " + seconds);
            }
        }

        /** Exactly {@code n} untimed runs. */
        public static WarmUp runs(int n) {
            return new WarmUp(n, 0);
        }

        /** Whether another untimed run is due after {@code done} of them, which took {@code spent} seconds. */
        boolean due(int done, double spent) {
            return done < runs || (spent < seconds && done < MAX_WARM_UPS);
        }
    }

    /** The most untimed runs before a timed one, however short the census. */
    public static final int MAX_WARM_UPS = 100;

    /** What a bench run gives: every timed run (by census, then master, then round) and the report of their medians. */
    public record Result(List<BenchTiming> timings, String report) {}

    private CensusBench() {}

    /**
     * Runs {@code repeat} rounds; in each round, each of {@code masters} in turn gets a session
     * (started and stopped here) in which each census runs untimed as {@code warmUp} asks, then
     * once timed. Taking the masters in turn round by round, rather than all of one master's runs
     * before the next, lets a drift in the machine's speed (K7's summed kernel time once fell by a
     * fifth from one master's runs to the next's) touch every master alike,
     * so it does not pass for a speed-up; the warm-ups are per session because on a cluster each
     * session brings fresh executors. Returns every timed run and the report. The censuses are
     * written to scratch warehouses, one per master: under {@code scratch} ({@code bench-0},
     * {@code bench-1}, …), or in {@code dir} when it is null. On a cluster of several machines the
     * executors write the census's files and the driver moves them in, so the scratch warehouse
     * must be one every executor and the driver see (HDFS, S3).
     */
    public static Result run(
            List<Census.Benched> censuses,
            List<String> masters,
            WarmUp warmUp,
            int repeat,
            Path dir,
            Warehouse scratch,
            Map<String, String> settings) {
        if (repeat < 1) {
            throw new IllegalArgumentException("timed runs must be ≥ 1, got " + repeat);
        }
        if (masters.isEmpty() || masters.size() != new HashSet<>(masters).size()) {
            throw new IllegalArgumentException("at least one master, each once, got " + masters);
        }
        // A running session would be reused whatever master is asked for, and the timings would be of it.
        if (SparkSession.getActiveSession().isDefined()
                || SparkSession.getDefaultSession().isDefined()) {
            throw new IllegalStateException(
                    "the bench starts a session of its own on each master; stop the running one first");
        }
        final Map<String, Map<String, List<BenchTiming>>> runs = new LinkedHashMap<>();
        for (Census.Benched census : censuses) {
            for (String master : masters) {
                runs.computeIfAbsent(census.census(), k -> new LinkedHashMap<>())
                        .put(master, new ArrayList<>());
            }
        }
        for (int round = 1; round <= repeat; round++) {
            for (int at = 0; at < masters.size(); at++) {
                final String master = masters.get(at);
                final SparkSession spark =
                        CensusSession.create(master, "census bench " + master + ", round " + round, settings);
                final JobClock jobs = new JobClock();
                spark.sparkContext().addSparkListener(jobs);
                try {
                    final Warehouse scratchWarehouse = scratchWarehouse(dir, scratch, at);
                    if (round == 1) {
                        // What an earlier bench left goes first (a census of an older schema version would
                        // be refused rather than replaced), in the session, whose file system settings
                        // (spark.hadoop.*) reach a remote scratch warehouse.
                        scratchWarehouse.deleteScratch();
                    }
                    for (Census.Benched census : censuses) {
                        // Untimed runs at the benchmark size first: Spark's first jobs pay for class loading
                        // and code generation, and the kernel's code is compiled while it runs.
                        int done = 0;
                        final long warmStart = System.nanoTime();
                        while (warmUp.due(done, (System.nanoTime() - warmStart) / 1e9)) {
                            census.run().items(spark, scratchWarehouse);
                            done++;
                        }
                        runs.get(census.census())
                                .get(master)
                                .add(time(
                                        spark,
                                        census.census(),
                                        census.size(),
                                        master,
                                        round,
                                        jobs,
                                        done,
                                        () -> census.run().items(spark, scratchWarehouse)));
                    }
                } finally {
                    spark.sparkContext().removeSparkListener(jobs);
                    spark.stop();
                    SparkSession.clearActiveSession();
                    SparkSession.clearDefaultSession();
                }
            }
        }
        final List<BenchTiming> timings = new ArrayList<>();
        runs.values().forEach(m -> m.values().forEach(timings::addAll));
        return new Result(List.copyOf(timings), report(runs, masters, warmUp, repeat));
    }

    /**
     * The cores a census runs on: a local master's threads ({@link CensusSession#localThreads});
     * on a cluster, Spark's default parallelism (the task slots of the executors registered,
     * asked at each timed run).
     */
    static int cores(String master, SparkSession spark) {
        return CensusSession.localThreads(master)
                .orElseGet(() -> spark.sparkContext().defaultParallelism());
    }

    /**
     * Sums the wall time of Spark jobs, from each job's start event to its end event (driver clock),
     * and the run time of their successful tasks (Spark's executor run time: from the task's code
     * deserialised to its result made, so without the launch, the deserialisation and the result's
     * way back).
     */
    private static final class JobClock extends SparkListener {
        private final Map<Integer, Long> started = new ConcurrentHashMap<>();
        private final AtomicLong millis = new AtomicLong();
        private final AtomicLong taskMillis = new AtomicLong();

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            if (end.taskMetrics() != null && end.reason() == Success$.MODULE$) {
                taskMillis.addAndGet(end.taskMetrics().executorRunTime());
            }
        }

        @Override
        public void onJobStart(SparkListenerJobStart start) {
            started.put(start.jobId(), start.time());
        }

        @Override
        public void onJobEnd(SparkListenerJobEnd end) {
            final Long start = started.remove(end.jobId());
            if (start != null) {
                millis.addAndGet(end.time() - start);
            }
        }

        /** Milliseconds the successful tasks ran so far; read after {@link #millis}, which drains the bus. */
        long taskMillis() {
            return taskMillis.get();
        }

        /** Milliseconds of jobs ended so far, once the listener bus has delivered every event posted. */
        long millis(SparkSession spark) {
            try {
                // Listener events arrive asynchronously; the census's last job-end event is posted before it returns.
                spark.sparkContext().listenerBus().waitUntilEmpty(60_000L);
            } catch (TimeoutException e) {
                throw new IllegalStateException("Spark's listener bus did not drain within a minute", e);
            }
            return millis.get();
        }
    }

    private static BenchTiming time(
            SparkSession spark,
            String census,
            String size,
            String master,
            int run,
            JobClock jobs,
            int warmUps,
            Supplier<Long> items) {
        final CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        final boolean jitTimed = jit != null && jit.isCompilationTimeMonitoringSupported();
        final int cores = cores(master, spark);
        CensusDatasets.resetKernelClock();
        final long jobs0 = jobs.millis(spark);
        final long tasks0 = jobs.taskMillis();
        final long jit0 = jitTimed ? jit.getTotalCompilationTime() : 0;
        final Instant started = Instant.now();
        final long start = System.nanoTime();
        final long count = items.get();
        final double wall = (System.nanoTime() - start) / 1e9;
        final double jitSeconds = jitTimed ? (jit.getTotalCompilationTime() - jit0) / 1e3 : Double.NaN;
        final double jobSeconds = (jobs.millis(spark) - jobs0) / 1e3;
        return new BenchTiming(
                census,
                size,
                count,
                master,
                cores,
                run,
                wall,
                jobSeconds,
                CensusDatasets.kernelNanos() / 1e9,
                jitSeconds,
                started,
                warmUps,
                PROCESSOR,
                (jobs.taskMillis() - tasks0) / 1e3);
    }

    /**
     * The overhead of each census and master split in three, each as its share of the ratio (the
     * overhead is 1 plus the three): the tasks' own code beyond the kernels, Spark's time in the
     * jobs beyond the tasks', and the driver's outside the jobs; then the kernels' time and the
     * tasks' own work around them per item, in microseconds of one core. Medians of each run's parts.
     */
    static String overheadParts(Map<String, Map<String, List<BenchTiming>>> runs) {
        final StringBuilder b = new StringBuilder("\n| census | master | overhead | in tasks, beyond the kernels "
                + "| in jobs, beyond the tasks | on the driver, outside the jobs | kernel, µs an item "
                + "| in tasks, beyond the kernels, µs an item |\n|---|---|---|---|---|---|---|---|\n");
        for (var e : runs.entrySet()) {
            for (var m : e.getValue().entrySet()) {
                final List<BenchTiming> r = m.getValue();
                // Each part of a run over its kernel time per core, so that 1 + the three is its overhead.
                final double inTasks =
                        BenchTiming.median(r, t -> (t.taskSeconds() - t.kernelSeconds()) / t.kernelSeconds());
                final double inJobs =
                        BenchTiming.median(r, t -> (t.jobSeconds() - t.taskSeconds() / t.cores()) / t.kernelPerCore());
                final double onDriver =
                        BenchTiming.median(r, t -> (t.wallSeconds() - t.jobSeconds()) / t.kernelPerCore());
                final double kernelPerItem = BenchTiming.median(r, t -> 1e6 * t.kernelSeconds() / t.items());
                final double inTasksPerItem =
                        BenchTiming.median(r, t -> 1e6 * (t.taskSeconds() - t.kernelSeconds()) / t.items());
                b.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %.2f | %+.2f | %+.2f | %+.2f | %.2f | %.2f |%n",
                        e.getKey(),
                        m.getKey(),
                        BenchTiming.median(r, BenchTiming::overhead),
                        inTasks,
                        inJobs,
                        onDriver,
                        kernelPerItem,
                        inTasksPerItem));
            }
        }
        return b.append("\nThe overhead is 1 plus three parts, each a time over the kernel time per core (medians of ")
                .append("each run's parts, so they add up to the median overhead only roughly): in tasks, beyond the ")
                .append("kernels, the tasks' own work around their kernels (checking, hashing and writing the rows, ")
                .append("opening and closing the Parquet files; Spark's run time of the tasks less the kernels'); in ")
                .append(
                        "jobs, beyond the tasks, Spark launching the tasks, deserialising them and taking their results ")
                .append("back, and cores idle while the last tasks finish (the jobs' time less the tasks' per core); ")
                .append("on the driver, planning before the jobs and committing after them (the wall less the jobs). ")
                .append("The last two columns are the kernels' time and the tasks' own work around them per item ")
                .append("(microseconds of one core): an overhead grows as a kernel gets faster even where the work ")
                .append("around it costs the same a row, so the work per item is what compares across censuses and ")
                .append("builds.\n")
                .toString();
    }

    /** Items a second: whole numbers from 100 up, three significant digits below (a census of one tree). */
    static String rate(double perSecond) {
        return perSecond >= 100
                ? String.format(Locale.ROOT, "%.0f", perSecond)
                : String.format(Locale.ROOT, "%.3g", perSecond);
    }

    private static String report(
            Map<String, Map<String, List<BenchTiming>>> runs, List<String> masters, WarmUp warmUp, int repeat) {
        final StringBuilder b = new StringBuilder();
        b.append("# Census benchmark\n\n")
                .append(repeat)
                .append(" timed runs of each census on each master, in ")
                .append(repeat)
                .append(" round(s) taking the masters in turn (a session each), each timed run after ")
                .append(warmUp.runs())
                .append(" untimed run(s) of it at the same size in its session")
                .append(
                        warmUp.seconds() > 0
                                ? String.format(
                                        Locale.ROOT,
                                        " or more, until they had taken %s s (at most %d;"
                                                + " warm-ups gives each timed run's count)",
                                        BigDecimal.valueOf(warmUp.seconds())
                                                .stripTrailingZeros()
                                                .toPlainString(),
                                        MAX_WARM_UPS)
                                : "")
                .append("; medians. ")
                .append(
                        "Wall time is the census call (rows computed, checked and committed), without Spark's start-up; ")
                .append(
                        "of it, the Spark jobs ran from job start to job end, and the driver spent the rest planning and ")
                .append(
                        "committing. Kernel time is summed over tasks; the overhead ratio is wall ÷ (kernel ÷ cores), and ")
                .append(
                        "in jobs the same with the jobs' time. JIT is the driver JVM's compile time meanwhile (in local mode ")
                .append(
                        "the tasks run in it too), summed over the compiler threads, which share the cores with the tasks. ")
                .append(
                        "Timed walls lists every timed run's wall time, in order, and warm-ups the untimed runs before each; ")
                .append("report.csv holds every run's figures.\n\n");
        b.append("| census | size | items | master | cores | median wall (s) | in Spark jobs (s) | kernel, summed (s) ")
                .append("| items/s/core | overhead | overhead in jobs | JIT (s) | timed walls (s) | warm-ups |\n")
                .append("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        for (var e : runs.entrySet()) {
            for (var m : e.getValue().entrySet()) {
                final List<BenchTiming> r = m.getValue();
                final double cores = BenchTiming.median(r, BenchTiming::cores);
                final double wall = BenchTiming.median(r, BenchTiming::wallSeconds);
                final double jobs = BenchTiming.median(r, BenchTiming::jobSeconds);
                final double kernel = BenchTiming.median(r, BenchTiming::kernelSeconds);
                final long items = r.get(0).items();
                final StringBuilder walls = new StringBuilder();
                r.forEach(t -> walls.append(walls.length() == 0 ? "" : " ")
                        .append(String.format(Locale.ROOT, "%.3f", t.wallSeconds())));
                final String warmUps = String.join(
                        " ", r.stream().map(t -> String.valueOf(t.warmUps())).toList());
                b.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %d | %s | %s | %.3f | %.3f | %.3f | %s | %.2f | %.2f | %.3f | %s | %s |%n",
                        e.getKey(),
                        r.get(0).size(),
                        items,
                        m.getKey(),
                        cores == Math.rint(cores) ? String.valueOf((long) cores) : String.valueOf(cores),
                        wall,
                        jobs,
                        kernel,
                        rate(items / wall / cores),
                        wall / (kernel / cores),
                        jobs / (kernel / cores),
                        BenchTiming.median(r, BenchTiming::jitSeconds),
                        walls,
                        warmUps));
            }
        }
        b.append(overheadParts(runs));
        if (masters.size() > 1) {
            b.append("\n| census |");
            masters.forEach(m -> b.append(' ').append(m).append(" (s) |"));
            masters.subList(1, masters.size())
                    .forEach(m -> b.append(" speed-up, ").append(m).append(" |"));
            masters.subList(1, masters.size())
                    .forEach(m -> b.append(" kernels' speed-up, ").append(m).append(" |"));
            b.append("\n|---|").append("---|".repeat(3 * masters.size() - 2)).append('\n');
            for (var e : runs.entrySet()) {
                b.append("| ").append(e.getKey()).append(" |");
                final double[] walls = masters.stream()
                        .mapToDouble(m -> BenchTiming.median(e.getValue().get(m), BenchTiming::wallSeconds))
                        .toArray();
                // Kernel time per core: what the wall would be if nothing but the kernels ran, spread evenly.
                final double[] kernels = masters.stream()
                        .mapToDouble(m -> BenchTiming.median(e.getValue().get(m), BenchTiming::kernelSeconds)
                                / BenchTiming.median(e.getValue().get(m), BenchTiming::cores))
                        .toArray();
                for (double w : walls) {
                    b.append(String.format(Locale.ROOT, " %.3f |", w));
                }
                for (int m = 1; m < walls.length; m++) {
                    b.append(String.format(Locale.ROOT, " %.2f |", walls[0] / walls[m]));
                }
                for (int m = 1; m < walls.length; m++) {
                    b.append(String.format(Locale.ROOT, " %.2f |", kernels[0] / kernels[m]));
                }
                b.append('\n');
            }
            b.append("\nThe kernels' speed-up is the kernel time per core on the first master over the same on the")
                    .append(" other: the speed-up the kernels allow if nothing else ran. The speed-up is it times the")
                    .append(" first master's overhead over the other's, so a shortfall below it is the other costs'")
                    .append(" (Spark, the commit, the compiler and collector sharing the cores), and one within it the")
                    .append(
                            " kernels' own (tasks side by side running slower than one alone, or their cores taken mid-kernel).\n");
        }
        b.append("\nDriver: ")
                .append(PROCESSOR)
                .append(", ")
                .append(Runtime.getRuntime().availableProcessors())
                .append(" cores, ")
                .append(Runtime.getRuntime().maxMemory() / (1 << 20))
                .append(" MiB heap; Java ")
                .append(System.getProperty("java.version"))
                .append(jvmOptions())
                .append(".\n");
        return b.toString();
    }

    /**
     * The driver JVM's memory, collector and compiler options (those starting {@code -X}, but its
     * logging), as {@code "; JVM options -Xmx6g …"}, or nothing: the small censuses' times depend
     * on them (with a 6 GiB young generation, Cram to 11 squares took 0.39 s a census on
     * {@code local[2]} instead of 0.26 s), so a report compared with another must say what it ran with.
     */
    static String jvmOptions() {
        final List<String> options = new ArrayList<>();
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("-X") && !a.startsWith("-Xlog")) {
                options.add(a);
            }
        }
        return options.isEmpty() ? "" : "; JVM options " + String.join(" ", options);
    }

    /** The censuses the bench times, by name, in the registry's order. */
    public static List<String> known() {
        return Censuses.benched().stream().map(Census::name).toList();
    }

    /** Master {@code at}'s scratch warehouse: {@code bench-at} under {@code scratch}, or {@code dir/warehouse-at}. */
    private static Warehouse scratchWarehouse(Path dir, Warehouse scratch, int at) {
        final Path local = dir.resolve("warehouse-" + at);
        return scratch == null ? new Warehouse(local) : scratch.nested("bench-" + at, local);
    }
}
