package org.gamecensus.jobs.census;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.apache.spark.SparkContext;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.AccumulableInfo;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerExecutorMetricsUpdate;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;
import scala.Tuple4;
import scala.collection.JavaConverters;
import scala.collection.Seq;

/**
 * What a command is doing, in one line: the step it is on, the Spark job running as the census
 * named it, the rows that job has written of those expected, its tasks done of all, and the time
 * the step has taken (for example {@code [3/6] hex 4x4 down: 5.2 M positions, 37 of 64 tasks, 41
 * s}, or {@code … 1.2 M of 2.1 M subgraphs …} when the census knows its size beforehand).
 *
 * <p>On a terminal the line is rewritten in place twice a second and the command's own lines
 * (each step's summary) print above it: every write to the command's output first clears the
 * line, under the line's lock. Off a terminal (standard error a log or a pipe) nothing is drawn
 * in place: a job that runs for {@link #PLAIN_EVERY_SECONDS} seconds or more gets the same text
 * as a plain line that often, and the summaries are the rest of the progress, one line a step.
 *
 * <p>The rows come from the accumulator a census commit counts its writes in, named by the
 * commit's jobs ({@link #countRows}): a finished task's count arrives with its end, a running
 * task's with its executor's heartbeats ({@code spark.executor.heartbeatInterval}, 2 s in the
 * local profiles). One line per process ({@link #install}); the sessions a command opens report
 * to it ({@link #follow}). The job shown is the latest one started; its tasks are counted by
 * stage, so another job's tasks never count towards it.
 */
public final class StatusLine extends SparkListener {

    /** Off a terminal, a job's line is printed once it has run this long, and as often. */
    static final long PLAIN_EVERY_SECONDS = 30;

    /** The local properties a commit's jobs carry for the line (see {@link #countRows}). */
    static final String ROWS_ACCUMULATOR = "gamecensus.rows.accumulator";

    static final String ROWS_NOUN = "gamecensus.rows.noun";
    static final String ROWS_EXPECTED = "gamecensus.rows.expected";

    private static volatile StatusLine installed;

    private final PrintStream terminal;
    /** Rewritten in place (a terminal), or printed as plain lines every {@link #plainEveryNanos}. */
    private final boolean inPlace;

    private final long plainEveryNanos;
    /** Nanoseconds, as {@link System#nanoTime}; a test's own clock in tests. */
    private final LongSupplier clock;

    private final Object lock = new Object();
    /** The job shown, all guarded by {@link #lock}: its stages, tasks, rows and when it started. */
    private final Set<Integer> stages = new HashSet<>();

    private final Set<Long> finishedTasks = new HashSet<>();
    /** Rows written so far by each running task, as its executor's last heartbeat reported them. */
    private final Map<Long, Long> runningRows = new HashMap<>();

    private final List<SparkContext> followed = new ArrayList<>();
    private int done;
    private int total;
    private String job = "";
    private long accumulator = -1;
    private String noun = "";
    private long expected = -1;
    private long finishedRows;
    private long printed;
    private volatile String command = "";
    private volatile String step = "";
    private volatile long stepStart;
    private int drawn;
    private boolean stopped;
    private ScheduledExecutorService ticker;

    private StatusLine(PrintStream terminal, boolean inPlace, long plainEveryNanos, LongSupplier clock) {
        this.terminal = terminal;
        this.inPlace = inPlace;
        this.plainEveryNanos = plainEveryNanos;
        this.clock = clock;
    }

    /**
     * A status line on {@code terminal} (standard error), in place when it is a terminal, else as
     * plain lines; installed for the sessions of this process.
     */
    public static StatusLine install(PrintStream terminal) {
        return install(
                terminal,
                System.console() != null && standardErrorIsATerminal(),
                TimeUnit.SECONDS.toNanos(PLAIN_EVERY_SECONDS));
    }

    /**
     * A status line on {@code terminal}, in place when {@code inPlace} (tests draw on a buffer),
     * else as plain lines for jobs that run {@code plainEveryNanos} or longer.
     */
    static StatusLine install(PrintStream terminal, boolean inPlace, long plainEveryNanos) {
        return install(terminal, inPlace, plainEveryNanos, System::nanoTime);
    }

    /** As {@link #install(PrintStream, boolean, long)}, its times read from {@code clock} (nanoseconds). */
    static StatusLine install(PrintStream terminal, boolean inPlace, long plainEveryNanos, LongSupplier clock) {
        final StatusLine line = new StatusLine(terminal, inPlace, plainEveryNanos, clock);
        installed = line;
        return line;
    }

    /**
     * Whether standard error is a terminal: on Linux, whether its descriptor links to a tty;
     * elsewhere, {@link System#console()} (standard input and output) stands for it.
     */
    static boolean standardErrorIsATerminal() {
        final Path fd = Path.of("/proc/self/fd/2");
        if (!Files.exists(Path.of("/proc/self/fd"))) {
            return true;
        }
        try {
            final String target = Files.readSymbolicLink(fd).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /** Reports {@code spark}'s jobs on the installed status line, if any, as parts of {@code command}. */
    public static void follow(SparkSession spark, String command) {
        final StatusLine line = installed;
        if (line != null) {
            line.command = shortName(command);
            line.stepStart = line.clock.getAsLong();
            spark.sparkContext().addSparkListener(line);
            synchronized (line.lock) {
                line.followed.add(spark.sparkContext());
            }
            line.startTicking();
        }
    }

    /**
     * A command line as the status line names it: its words before the first option, without
     * the program's name ("census run hex --board 4x4" gives "run hex").
     */
    static String shortName(String command) {
        final String words = command.split(" --", 2)[0].strip();
        return words.startsWith("census ") ? words.substring("census ".length()) : words;
    }

    /** Names the step the command is on ("[2/5] cram"), shown instead of the command; "" for none. */
    public static void step(String step) {
        final StatusLine line = installed;
        if (line != null) {
            line.step = step;
            line.stepStart = line.clock.getAsLong();
        }
    }

    /**
     * Names, for the jobs {@code context} starts from this thread until {@link #stopCounting},
     * the accumulator that counts the rows they write, what a row is ("positions"), and how
     * many are expected ({@code expected} &lt; 0: not known beforehand).
     */
    static void countRows(SparkContext context, LongAccumulator rows, String noun, long expected) {
        context.setLocalProperty(ROWS_ACCUMULATOR, String.valueOf(rows.id()));
        context.setLocalProperty(ROWS_NOUN, noun);
        context.setLocalProperty(ROWS_EXPECTED, expected < 0 ? null : String.valueOf(expected));
    }

    /** Ends {@link #countRows}: later jobs of this thread name no rows. */
    static void stopCounting(SparkContext context) {
        context.setLocalProperty(ROWS_ACCUMULATOR, null);
        context.setLocalProperty(ROWS_NOUN, null);
        context.setLocalProperty(ROWS_EXPECTED, null);
    }

    /** {@code out}, clearing the installed status line (if any) before each write, under its lock. */
    public static OutputStream above(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                final StatusLine line = installed;
                if (line == null) {
                    out.write(b, off, len);
                    return;
                }
                synchronized (line.lock) {
                    line.clear();
                    out.write(b, off, len);
                    out.flush();
                }
            }
        };
    }

    /** Stops drawing, clears the line and stops listening. */
    public static void uninstall() {
        final StatusLine line = installed;
        installed = null;
        if (line != null) {
            synchronized (line.lock) {
                line.stopped = true;
                if (line.ticker != null) {
                    line.ticker.shutdownNow();
                }
                line.clear();
                for (SparkContext sc : line.followed) {
                    sc.removeSparkListener(line);
                }
                line.followed.clear();
            }
        }
    }

    /**
     * {@code n} as a person reads a count: exact below a thousand, else to one decimal in
     * thousands (k), millions (M) or billions (G): 812, 12.3 k, 5.2 M.
     */
    static String count(long n) {
        if (n < 1_000) {
            return Long.toString(n);
        }
        final String[] units = {"k", "M", "G"};
        double v = n / 1_000.0;
        int u = 0;
        // 999,950 rounds to 1,000.0 k: shown as 1.0 M instead.
        while (u < units.length - 1 && v >= 999.95) {
            v /= 1_000.0;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }

    /**
     * The step's label and the job's description as one phrase: the job alone after the step's
     * number when it begins with the step's census ("[3/6] hex" and "hex 4x4 down" give "[3/6] hex
     * 4x4 down"), else both ("[3/6] hex, hex_adversarial 4x4").
     */
    static String joined(String label, String job) {
        if (job.isEmpty()) {
            return label;
        }
        final String last = label.substring(label.lastIndexOf(' ') + 1);
        final boolean sameCensus = !last.isEmpty()
                && job.startsWith(last)
                && (job.length() == last.length() || !isWordChar(job.charAt(last.length())));
        return sameCensus ? label.substring(0, label.length() - last.length()) + job : label + ", " + job;
    }

    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    /** The line's text now. */
    String text() {
        synchronized (lock) {
            return text(clock.getAsLong());
        }
    }

    /** The line's text at {@code now}; the caller holds {@link #lock}. */
    private String text(long now) {
        final StringBuilder b = new StringBuilder(joined(step.isEmpty() ? command : step, total > 0 ? job : ""));
        b.append(": ");
        if (total > 0) {
            if (accumulator >= 0) {
                long rows = finishedRows;
                for (long r : runningRows.values()) {
                    rows += r;
                }
                b.append(count(rows));
                if (expected >= 0) {
                    b.append(" of ").append(count(expected));
                }
                b.append(' ').append(noun).append(", ");
            }
            b.append(done).append(" of ").append(total).append(" tasks, ");
        }
        return b.append((now - stepStart) / 1_000_000_000L).append(" s").toString();
    }

    private void startTicking() {
        synchronized (lock) {
            if (ticker == null && !stopped) {
                ticker = Executors.newSingleThreadScheduledExecutor(r -> {
                    final Thread t = new Thread(r, "census-status-line");
                    t.setDaemon(true);
                    return t;
                });
                ticker.scheduleAtFixedRate(this::draw, 500, 500, TimeUnit.MILLISECONDS);
            }
        }
    }

    /*
     * Two ways to show the line:
     *   in place: rewrite it (\r, the text, blanks over what is left of the last one);
     *   plain:    print it as a line of its own, only while a job runs, once the job has run
     *             plainEveryNanos and no more often than that.
     */
    void draw() {
        synchronized (lock) {
            if (stopped) {
                return;
            }
            final long now = clock.getAsLong();
            if (!inPlace) {
                if (total > 0 && now - printed >= plainEveryNanos) {
                    terminal.println(text(now));
                    terminal.flush();
                    printed = now;
                }
                return;
            }
            final String text = text(now);
            // Short enough not to wrap on an 80-column terminal, where \r could not clear it.
            final String shown = text.length() > 79 ? text.substring(0, 78) + "…" : text;
            terminal.print("\r" + shown + " ".repeat(Math.max(0, drawn - shown.length())) + "\r" + shown);
            terminal.flush();
            drawn = shown.length();
        }
    }

    /** Clears the line; the caller holds {@link #lock}. */
    private void clear() {
        if (drawn > 0) {
            terminal.print("\r" + " ".repeat(drawn) + "\r");
            terminal.flush();
            drawn = 0;
        }
    }

    @Override
    public void onJobStart(SparkListenerJobStart e) {
        final Properties p = e.properties();
        synchronized (lock) {
            stages.clear();
            for (StageInfo s : JavaConverters.seqAsJavaList(e.stageInfos())) {
                stages.add(s.stageId());
            }
            job = property(p, "spark.job.description", "");
            accumulator = Long.parseLong(property(p, ROWS_ACCUMULATOR, "-1"));
            noun = property(p, ROWS_NOUN, "rows");
            expected = Long.parseLong(property(p, ROWS_EXPECTED, "-1"));
            finishedRows = 0;
            finishedTasks.clear();
            runningRows.clear();
            done = 0;
            total = 0;
            printed = clock.getAsLong();
        }
    }

    private static String property(Properties p, String key, String absent) {
        final String value = p == null ? null : p.getProperty(key);
        return value == null ? absent : value;
    }

    /** A stage's tasks count once it is submitted: a stage whose output is reused never is. */
    @Override
    public void onStageSubmitted(SparkListenerStageSubmitted e) {
        synchronized (lock) {
            if (stages.contains(e.stageInfo().stageId())) {
                total += e.stageInfo().numTasks();
            }
        }
    }

    /** A task that succeeded counts, with the rows it wrote; a failed or resubmitted one's retry will. */
    @Override
    public void onTaskEnd(SparkListenerTaskEnd e) {
        synchronized (lock) {
            if (!stages.contains(e.stageId())) {
                return;
            }
            final long task = e.taskInfo().taskId();
            finishedTasks.add(task);
            runningRows.remove(task);
            // A resubmitted map task ends twice with the same successful info; only a success counts.
            if (e.reason() instanceof Success$) {
                done = Math.min(total, done + 1);
                finishedRows += rows(e.taskInfo().accumulables());
            }
        }
    }

    /** The rows a running task has written so far, from its executor's heartbeat. */
    @Override
    public void onExecutorMetricsUpdate(SparkListenerExecutorMetricsUpdate e) {
        synchronized (lock) {
            if (accumulator < 0) {
                return;
            }
            for (Tuple4<Object, Object, Object, Seq<AccumulableInfo>> u :
                    JavaConverters.seqAsJavaList(e.accumUpdates())) {
                final long task = (Long) u._1();
                if (stages.contains((Integer) u._2()) && !finishedTasks.contains(task)) {
                    runningRows.put(task, rows(u._4()));
                }
            }
        }
    }

    /** The update of the job's row accumulator among {@code accumulables}, 0 when it has none. */
    private long rows(Seq<AccumulableInfo> accumulables) {
        for (AccumulableInfo a : JavaConverters.seqAsJavaList(accumulables)) {
            if (a.id() == accumulator && a.update().isDefined() && a.update().get() instanceof Long n) {
                return n;
            }
        }
        return 0;
    }

    @Override
    public void onJobEnd(SparkListenerJobEnd e) {
        synchronized (lock) {
            total = 0;
            stages.clear();
        }
    }
}
