package org.gamecensus.jobs.census;

import java.util.Arrays;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.SparkContext$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import scala.collection.JavaConverters;

/**
 * The Spark tasks of one write that are still running, counted from Spark's listener events for
 * the jobs its thread starts while it is open (tagged with a job tag of its own). Spark fails a
 * job when one task has failed its last attempt and only marks the job's other tasks killed;
 * after such a failure {@link #cancelAndAwait} cancels the tagged jobs (for a driver thread
 * stopped mid-job, whose job runs on) and waits until none of their tasks runs, so the write's
 * staging directory is removed after their last write, not before.
 */
final class CommitTasks extends SparkListener implements AutoCloseable {

    /** The longest {@link #cancelAndAwait} waits. */
    static final long WAIT_MILLIS = 30_000;

    private final SparkContext sc;
    private final String tag = "gamecensus-write-" + UUID.randomUUID();
    private final Set<Integer> stages = ConcurrentHashMap.newKeySet();
    private final AtomicInteger running = new AtomicInteger();

    private CommitTasks(SparkContext sc) {
        this.sc = sc;
    }

    /** Starts counting the tasks of the jobs this thread starts from now until {@link #close}. */
    static CommitTasks open(SparkContext sc) {
        final CommitTasks tasks = new CommitTasks(sc);
        sc.addSparkListener(tasks);
        sc.addJobTag(tasks.tag);
        return tasks;
    }

    @Override
    public void onJobStart(SparkListenerJobStart start) {
        final Properties p = start.properties();
        final String tags = p == null ? null : p.getProperty(SparkContext$.MODULE$.SPARK_JOB_TAGS());
        if (tags != null
                && Arrays.asList(tags.split(SparkContext$.MODULE$.SPARK_JOB_TAGS_SEP()))
                        .contains(tag)) {
            for (Object stage : JavaConverters.seqAsJavaList(start.stageIds())) {
                stages.add((Integer) stage);
            }
        }
    }

    @Override
    public void onTaskStart(SparkListenerTaskStart start) {
        if (stages.contains(start.stageId())) {
            running.incrementAndGet();
        }
    }

    @Override
    public void onTaskEnd(SparkListenerTaskEnd end) {
        if (stages.contains(end.stageId())) {
            running.decrementAndGet();
        }
    }

    /** The tagged jobs' tasks Spark has reported started and not yet ended. */
    int running() {
        return running.get();
    }

    /**
     * Cancels the tagged jobs (one already ended is left as it is) and waits, at most {@link
     * #WAIT_MILLIS}, until Spark has reported every task of theirs that started as ended. Never
     * throws: it runs on the way out of a failure, which is the one to report.
     */
    void cancelAndAwait() {
        final long end = System.nanoTime() + WAIT_MILLIS * 1_000_000L;
        try {
            sc.cancelJobsWithTag(tag);
            // Every event posted so far delivered. The scheduler handles a task's start before the
            // failure that ends its job, so each such task is counted, except one launched while
            // that failure waited in the scheduler's queue (it stops at its next row: a killed task).
            sc.listenerBus().waitUntilEmpty(WAIT_MILLIS);
            while (running.get() > 0 && System.nanoTime() < end) {
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            // A stopped context, or a listener bus that did not drain in time: nothing more to wait for.
        }
    }

    /** Stops counting; the thread's later jobs are not tagged. */
    @Override
    public void close() {
        sc.removeJobTag(tag);
        sc.removeSparkListener(this);
    }
}
