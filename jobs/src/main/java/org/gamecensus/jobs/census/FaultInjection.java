package org.gamecensus.jobs.census;

import java.io.Serializable;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.TaskContext;
import org.apache.spark.sql.SparkSession;

/**
 * Deliberate task failures, for testing that Spark's retries leave a census unchanged. Read from
 * the session's configuration when a census dataset is built, so a test (or an operator trying a
 * cluster) turns it on with one setting and production runs never see it:
 *
 * <ul>
 *   <li>{@value #FAIL_PARTITIONS} = {@code 0,3}: the first attempt of each listed partition of
 *       the kernel stage throws; Spark retries it (local masters need {@code local[N,F]} with
 *       F ≥ 2, clusters retry up to {@code spark.task.maxFailures}).</li>
 *   <li>{@value #HALT_WRITING} = {@code 2}: the JVM that writes partition 2 of a census's commit
 *       halts on the spot, mid-write (no shutdown hook runs) — in local mode the driver itself, as
 *       if killed. For testing that a killed run leaves the previous results intact.</li>
 * </ul>
 */
public final class FaultInjection implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Session setting: partitions whose first attempt throws. */
    public static final String FAIL_PARTITIONS = "spark.gamecensus.fault.fail-partitions";

    /** Session setting: the partition of a commit's write whose JVM halts. */
    public static final String HALT_WRITING = "spark.gamecensus.fault.halt-writing-partition";

    private final Set<Integer> failFirstAttempt;
    /** The partition whose writer halts its JVM, or −1. */
    private final int haltWriting;

    private FaultInjection(Set<Integer> failFirstAttempt, int haltWriting) {
        this.failFirstAttempt = failFirstAttempt;
        this.haltWriting = haltWriting;
    }

    /** The faults the session asks for (none unless {@value #FAIL_PARTITIONS} or {@value #HALT_WRITING} is set). */
    static FaultInjection of(SparkSession spark) {
        final String spec = spark.conf().get(FAIL_PARTITIONS, "").strip();
        final String halt = spark.conf().get(HALT_WRITING, "").strip();
        final int haltWriting;
        try {
            haltWriting = halt.isEmpty() ? -1 : Integer.parseInt(halt);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(HALT_WRITING + " is a partition number, got '" + halt + "'");
        }
        if (spec.isEmpty()) {
            return new FaultInjection(Set.of(), haltWriting);
        }
        try {
            return new FaultInjection(
                    Arrays.stream(spec.split(","))
                            .map(String::strip)
                            .map(Integer::valueOf)
                            .collect(Collectors.toUnmodifiableSet()),
                    haltWriting);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(FAIL_PARTITIONS + " is a list of partition numbers, got '" + spec + "'");
        }
    }

    /** Called by a task that writes a commit's rows, before it writes: halts the JVM if it writes {@value #HALT_WRITING}. */
    void haltIfWriting() {
        final TaskContext task = TaskContext.get();
        if (task != null && task.partitionId() == haltWriting) {
            // Let the other tasks of the write get going first, so the write is truly midway.
            try {
                Thread.sleep(2_000);
            } catch (InterruptedException e) {
                // Halted all the same, only sooner.
                Thread.currentThread().interrupt();
            }
            Runtime.getRuntime().halt(137);
        }
    }

    boolean any() {
        return !failFirstAttempt.isEmpty();
    }

    /** Called by a kernel task before it computes anything. */
    void beforePartition() {
        final TaskContext task = TaskContext.get();
        if (task != null && task.attemptNumber() == 0 && failFirstAttempt.contains(task.partitionId())) {
            throw new InjectedFault("injected failure: first attempt of partition " + task.partitionId() + " ("
                    + FAIL_PARTITIONS + ")");
        }
    }

    /** The exception of an injected failure, named so that logs tell it from a real one. */
    public static final class InjectedFault extends RuntimeException {
        private static final long serialVersionUID = 1L;

        InjectedFault(String message) {
            super(message);
        }
    }
}
