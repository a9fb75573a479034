package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/**
 * A commit's tasks counted from Spark's events: after {@link CommitTasks#cancelAndAwait} returns,
 * none of the tasks of the jobs the commit's thread started still runs, though Spark's
 * cancellation only marks them killed and they work on (here: until a second after their job
 * has ended).
 */
class CommitTasksTest extends SparkCensusTest {

    /** Tasks of the test job inside their work (local mode: this JVM's). */
    private static final AtomicInteger INSIDE = new AtomicInteger();

    /** Opened when the test's job has ended (its thread has seen it fail). */
    private static final CountDownLatch JOB_ENDED = new CountDownLatch(1);

    @Test
    void noTaskOfTheCommitRunsWhenTheWaitReturns() throws Exception {
        final SparkContext sc = spark().sparkContext();
        final AtomicReference<Throwable> ended = new AtomicReference<>();
        try (CommitTasks tasks = CommitTasks.open(sc)) {
            // A thread started now inherits the write's job tag, as a job started by the write's own thread has it.
            final Thread job = new Thread(() -> {
                try {
                    JavaSparkContext.fromSparkContext(sc)
                            .parallelize(List.of(1, 2), 2)
                            .foreach(i -> {
                                INSIDE.incrementAndGet();
                                try {
                                    JOB_ENDED.await(60, TimeUnit.SECONDS);
                                    Thread.sleep(1_000);
                                } finally {
                                    INSIDE.decrementAndGet();
                                }
                            });
                } catch (Throwable e) {
                    ended.set(e);
                    JOB_ENDED.countDown();
                }
            });
            job.start();
            // Both tasks inside their work, and their start events delivered: a task starts on its
            // executor before the scheduler's event of its start reaches the listeners.
            Await.until(() -> INSIDE.get() == 2 && tasks.running() == 2, 60, 5);
            assertEquals(2, INSIDE.get(), "both tasks started");
            assertEquals(2, tasks.running(), "both tasks counted");
            tasks.cancelAndAwait();
            assertEquals(0, INSIDE.get(), "no task inside its work when the wait returns");
            job.join(30_000);
        } finally {
            JOB_ENDED.countDown();
        }
        Assertions.assertNotNull(ended.get(), "the job was cancelled");
        Assertions.assertTrue(
                String.valueOf(ended.get().getMessage()).contains("cancel"),
                ended.get().toString());
        Assertions.assertTrue(sc.getJobTags().isEmpty(), "the tag taken off after the write: " + sc.getJobTags());
    }
}
