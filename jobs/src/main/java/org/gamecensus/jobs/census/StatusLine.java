package org.gamecensus.jobs.census;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobEnd;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.StageInfo;
import org.apache.spark.sql.SparkSession;
import scala.collection.JavaConverters;

/**
 * One line on a terminal that says what a command is doing, rewritten in place twice a second:
 * the command, the step it is on, the time since it started, and the Spark job running, as the
 * census named it, with its tasks done of all (for example {@code census publish [3/5] hex: 41 s;
 * hex 4x4 down: 37 of 64 tasks}). The command's own lines (each census step's summary) print above it: every
 * write to the command's output first clears the line. Off a terminal (a log, a pipe) nothing is
 * drawn and the summaries are the progress, one line a step.
 *
 * <p>One per process ({@link #install}); the sessions a command opens report to it
 * ({@link #follow}).
 */
public final class StatusLine extends SparkListener {

    private static volatile StatusLine installed;

    private final PrintStream terminal;
    private final Object lock = new Object();
    private final AtomicInteger done = new AtomicInteger();
    private volatile int total;
    private volatile String job = "";
    private volatile String command = "";
    private volatile String step = "";
    private volatile long start;
    private int drawn;
    private ScheduledExecutorService ticker;

    private StatusLine(PrintStream terminal) {
        this.terminal = terminal;
    }

    /**
     * A status line on {@code terminal} when the process has a console (else none), installed for
     * the sessions of this process.
     */
    public static StatusLine install(PrintStream terminal) {
        return install(terminal, System.console() != null);
    }

    /** A status line on {@code terminal} when {@code drawn} (tests draw on a buffer), else none. */
    static StatusLine install(PrintStream terminal, boolean drawn) {
        final StatusLine line = drawn ? new StatusLine(terminal) : null;
        installed = line;
        return line;
    }

    /** Reports {@code spark}'s jobs on the installed status line, if any, as parts of {@code command}. */
    public static void follow(SparkSession spark, String command) {
        final StatusLine line = installed;
        if (line != null) {
            line.command = command;
            line.start = System.nanoTime();
            spark.sparkContext().addSparkListener(line);
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

    /** {@code out}, clearing the installed status line (if any) before each write. */
    public static OutputStream above(OutputStream out) {
        return new FilterOutputStream(out) {
            @Override
            public void write(int b) throws IOException {
                clearInstalled();
                out.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                clearInstalled();
                out.write(b, off, len);
            }
        };
    }

    private static void clearInstalled() {
        final StatusLine line = installed;
        if (line != null) {
            line.clear();
        }
    }

    /** Stops drawing and clears the line. */
    public static void uninstall() {
        final StatusLine line = installed;
        installed = null;
        if (line != null) {
            synchronized (line.lock) {
                if (line.ticker != null) {
                    line.ticker.shutdownNow();
                }
            }
            line.clear();
        }
    }

    private void startTicking() {
        synchronized (lock) {
            if (ticker == null) {
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
        final long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        final String text = command + (step.isEmpty() ? "" : " " + step) + ": " + seconds + " s"
                + (total > 0 ? "; " + (job.isEmpty() ? "" : job + ": ") + done.get() + " of " + total + " tasks" : "");
        synchronized (lock) {
            final String shown = text.length() > 150 ? text.substring(0, 149) + "…" : text;
            terminal.print("\r" + shown + " ".repeat(Math.max(0, drawn - shown.length())) + "\r" + shown);
            terminal.flush();
            drawn = shown.length();
        }
    }

    private void clear() {
        synchronized (lock) {
            if (drawn > 0) {
                terminal.print("\r" + " ".repeat(drawn) + "\r");
                terminal.flush();
                drawn = 0;
            }
        }
    }

    @Override
    public void onJobStart(SparkListenerJobStart e) {
        int tasks = 0;
        for (StageInfo s : JavaConverters.seqAsJavaList(e.stageInfos())) {
            tasks += s.numTasks();
        }
        final String description =
                e.properties() == null ? null : e.properties().getProperty("spark.job.description");
        job = description == null ? "" : description;
        done.set(0);
        total = tasks;
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd e) {
        done.incrementAndGet();
    }

    @Override
    public void onJobEnd(SparkListenerJobEnd e) {
        total = 0;
    }
}
