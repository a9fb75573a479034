package org.gamecensus.jobs.census;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.sql.SparkSession;
import scala.collection.JavaConverters;

/**
 * One line on a terminal that says what a command is doing, rewritten in place twice a second:
 * the command, the step it is on, the time since it started, and the Spark job running, as the
 * census named it, with its tasks done of all (for example {@code census publish [3/5] hex: 41 s;
 * hex 4x4 down: 37 of 64 tasks}). The command's own lines (each census step's summary) print
 * above it: every write to the command's output first clears the line, under the line's lock.
 * Off a terminal (standard error a log or a pipe) nothing is drawn and the summaries are the
 * progress, one line a step.
 *
 * <p>One per process ({@link #install}); the sessions a command opens report to it
 * ({@link #follow}). The job shown is the latest one started; its tasks are counted by stage, so
 * another job's tasks never count towards it.
 */
public final class StatusLine extends SparkListener {

    private static volatile StatusLine installed;

    private final PrintStream terminal;
    private final Object lock = new Object();
    /** The stages of the job shown, and its tasks done and in all; guarded by {@link #lock}. */
    private final Set<Integer> stages = new HashSet<>();

    private final List<SparkContext> followed = new ArrayList<>();
    private int done;
    private int total;
    private String job = "";
    private volatile String command = "";
    private volatile String step = "";
    private volatile long start;
    private int drawn;
    private boolean stopped;
    private ScheduledExecutorService ticker;

    private StatusLine(PrintStream terminal) {
        this.terminal = terminal;
    }

    /**
     * A status line on {@code terminal} (standard error) when it is a terminal, else none,
     * installed for the sessions of this process.
     */
    public static StatusLine install(PrintStream terminal) {
        return install(terminal, System.console() != null && standardErrorIsATerminal());
    }

    /** A status line on {@code terminal} when {@code drawn} (tests draw on a buffer), else none. */
    static StatusLine install(PrintStream terminal, boolean drawn) {
        final StatusLine line = drawn ? new StatusLine(terminal) : null;
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
            line.command = command;
            line.start = System.nanoTime();
            spark.sparkContext().addSparkListener(line);
            synchronized (line.lock) {
                line.followed.add(spark.sparkContext());
            }
            line.startTicking();
        }
    }

    /** Names the step the command is on ("[2/5] cram"), shown after the command; "" for none. */
    public static void step(String step) {
        final StatusLine line = installed;
        if (line != null) {
            line.step = step;
        }
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

    private void draw() {
        synchronized (lock) {
            if (stopped) {
                return;
            }
            final long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            final String text = command + (step.isEmpty() ? "" : " " + step) + ": " + seconds + " s"
                    + (total > 0 ? "; " + (job.isEmpty() ? "" : job + ": ") + done + " of " + total + " tasks" : "");
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
        final String description =
                e.properties() == null ? null : e.properties().getProperty("spark.job.description");
        synchronized (lock) {
            stages.clear();
            for (StageInfo s : JavaConverters.seqAsJavaList(e.stageInfos())) {
                stages.add(s.stageId());
            }
            job = description == null ? "" : description;
            done = 0;
            total = 0;
        }
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

    @Override
    public void onTaskEnd(SparkListenerTaskEnd e) {
        synchronized (lock) {
            if (stages.contains(e.stageId())) {
                done = Math.min(total, done + 1);
            }
        }
    }

    @Override
    public void onJobEnd(SparkListenerJobEnd e) {
        synchronized (lock) {
            total = 0;
            stages.clear();
        }
    }
}
