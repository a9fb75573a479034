package org.gamecensus.jobs.census;

import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import scala.collection.JavaConverters;

/**
 * The Spark tasks of one commit that are still running, counted from Spark's listener events for
 * the jobs its thread starts while it is open (a local property marks them). Spark fails a job
 * when one task has failed its last attempt and only marks the job's other tasks killed; after
 * such a failure {@link #cancelAndAwait} cancels the commit's jobs (for a driver thread stopped
 * mid-job, whose job runs on) and waits until none of their tasks runs, so the commit removes its
 * staging directory after their last write, not before.
 */
final class CommitTasks extends SparkListener implements AutoCloseable {

    /** The local property that marks a commit's jobs. */
    static final String PROPERTY = "spark.gamecensus.commit";

    private final SparkContext sc;
    private final String id = UUID.randomUUID().toString();
    private final String previous;
    private final Set<Integer> jobs = ConcurrentHashMap.newKeySet();
    private final Set<Integer> stages = ConcurrentHashMap.newKeySet();
    private final AtomicInteger running = new AtomicInteger();

    private CommitTasks(SparkContext sc) {
        this.sc = sc;
        this.previous = sc.getLocalProperty(PROPERTY);
    }

    /** Starts counting the tasks of the jobs this thread starts from now until {@link #close}. */
    static CommitTasks open(SparkContext sc) {
        final CommitTasks tasks = new CommitTasks(sc);
        sc.addSparkListener(tasks);
        sc.setLocalProperty(PROPERTY, tasks.id);
        return tasks;
    }

    @Override
    public void onJobStart(SparkListenerJobStart start) {
        final Properties p = start.properties();
        if (p != null && id.equals(p.getProperty(PROPERTY))) {
            jobs.add(start.jobId());
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

    /**
     * Cancels the commit's jobs (a job already ended is left as it is) and waits, at most {@code
     * millis}, until Spark has reported every task of theirs that started as ended.
     */
    void cancelAndAwait(long millis) {
        final long end = System.nanoTime() + millis * 1_000_000L;
        for (int job : jobs) {
            sc.cancelJob(job);
        }
        try {
            // Every event posted so far delivered: each task that started is counted.
            sc.listenerBus().waitUntilEmpty(millis);
        } catch (TimeoutException e) {
            return;
        }
        while (running.get() > 0 && System.nanoTime() < end) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Stops counting; the thread's jobs are no longer marked. */
    @Override
    public void close() {
        sc.setLocalProperty(PROPERTY, previous);
        sc.removeSparkListener(this);
    }
}
