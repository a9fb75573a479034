package org.gamecensus.jobs.census;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.spark.SparkContext;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.LongAccumulator;
import org.gamecensus.schemas.DatasetSchema;
import scala.collection.JavaConverters;
import scala.collection.Seq;
import scala.runtime.AbstractFunction2;

/**
 * Turns a census space, cut into slices, into a dataset of rows computed on the executors, or runs
 * a job of one task a partition of the slices.
 */
public final class CensusDatasets {

    /** The local properties Spark takes a job's call site from before it walks the stack (Spark's {@code CallSite}). */
    private static final String CALL_SITE_SHORT = "callSite.short";

    private static final String CALL_SITE_LONG = "callSite.long";

    /** Kernel clocks of the datasets made since the last {@link #resetKernelClock()}, on the driver. */
    private static final List<LongAccumulator> KERNEL_CLOCKS = new CopyOnWriteArrayList<>();

    private static final int MIN_PARTITIONS = 4;

    private CensusDatasets() {}

    /**
     * Parallelises the slice ids {@code ids} over {@code partitions} partitions and runs the
     * kernel on each partition ({@link SliceCensus#rows}). The rows do not depend on the
     * partition count.
     */
    static Dataset<Row> fromSliceIds(
            SparkSession spark, List<Long> ids, int partitions, SliceKernel kernel, DatasetSchema schema) {
        final LongAccumulator clock = kernelClock(spark, schema);
        final FaultInjection faults = FaultInjection.of(spark);
        final JavaRDD<Row> rows = sliceIds(spark, ids, partitions)
                .mapPartitions(
                        faults.any()
                                ? it -> {
                                    faults.beforePartition();
                                    return timed(kernel, it, clock);
                                }
                                : it -> timed(kernel, it, clock));
        return spark.createDataFrame(rows, schema.struct());
    }

    /** The slice ids in {@code partitions} Spark partitions (at least one, at most one per id). */
    static JavaRDD<Long> sliceIds(SparkSession spark, List<Long> ids, int partitions) {
        final int p = Math.max(1, Math.min(partitions, Math.max(1, ids.size())));
        return JavaSparkContext.fromSparkContext(spark.sparkContext()).parallelize(ids, p);
    }

    /** What a job does with the slice ids of one Spark partition, on the executor: one result a partition. */
    @FunctionalInterface
    interface PartitionTask<U> extends Serializable {
        U run(Iterator<Long> sliceIds);
    }

    /**
     * Runs {@code task} on each partition of the slice ids {@code ids} (cut as {@link #sliceIds}
     * cuts them) as one Spark job named {@code name}, and returns the results in partition order.
     *
     * <p>The job is submitted as {@code SparkContext.runJob} with a function of a named class,
     * not as {@code mapPartitions(...).collect()}. Spark's closure cleaner takes each Scala lambda
     * it is given (the Java API's wrapper around a {@code mapPartitions} function, {@code
     * collect}'s {@code iter.toArray}) apart with ASM, reading and parsing the class file that
     * defines it — {@code JavaRDDLike}, {@code RDD}, two of Spark's largest — anew at every job;
     * a function that is not a closure it leaves alone. The call site is given as the job's name,
     * so Spark does not walk the stack for it, and the web UI lists the job by what it does. That
     * takes the time from a census call to its job's start from about 13 ms to 4 ms.
     */
    static <U> List<U> runOnSlices(
            SparkSession spark, List<Long> ids, int partitions, String name, Class<U> type, PartitionTask<U> task) {
        final SparkContext sc = spark.sparkContext();
        final RDD<Long> rdd = sliceIds(spark, ids, partitions).rdd();
        final String shortForm = sc.getLocalProperty(CALL_SITE_SHORT);
        final String longForm = sc.getLocalProperty(CALL_SITE_LONG);
        sc.setLocalProperty(CALL_SITE_SHORT, name);
        sc.setLocalProperty(CALL_SITE_LONG, name);
        try {
            final Object results = sc.runJob(
                    rdd,
                    new OnePartition<>(task),
                    partitionIndices(rdd.getNumPartitions()),
                    scala.reflect.ClassTag$.MODULE$.apply(type));
            @SuppressWarnings("unchecked")
            final U[] array = (U[]) results;
            return Arrays.asList(array);
        } finally {
            sc.setLocalProperty(CALL_SITE_SHORT, shortForm);
            sc.setLocalProperty(CALL_SITE_LONG, longForm);
        }
    }

    /** 0..n−1 as the Scala sequence {@code runJob} takes. */
    private static Seq<Object> partitionIndices(int n) {
        final List<Object> indices = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            indices.add(i);
        }
        return JavaConverters.asScalaBuffer(indices);
    }

    /** A {@link PartitionTask} as the function {@code runJob} takes: a class of its own, which the closure cleaner passes over. */
    private static final class OnePartition<U>
            extends AbstractFunction2<
                    TaskContext, scala.collection.Iterator<Long>, U> // clashes with java.util.Iterator
            implements Serializable {
        private static final long serialVersionUID = 1L;
        private final PartitionTask<U> task;

        OnePartition(PartitionTask<U> task) {
            this.task = task;
        }

        @Override
        public U apply(TaskContext context, scala.collection.Iterator<Long> ids) { // clashes with java.util.Iterator
            return task.run(JavaConverters.asJavaIterator(ids));
        }
    }

    /** A new clock of the kernels of {@code schema}'s census, summed into {@link #kernelNanos()}. */
    static LongAccumulator kernelClock(SparkSession spark, DatasetSchema schema) {
        final LongAccumulator clock = spark.sparkContext().longAccumulator("kernel nanos: " + schema.table());
        KERNEL_CLOCKS.add(clock);
        return clock;
    }

    /** Forgets the kernel clocks read so far. */
    public static void resetKernelClock() {
        KERNEL_CLOCKS.clear();
    }

    /**
     * Nanoseconds the executors spent inside census kernels (building them and drawing rows from
     * them, summed over tasks) for the datasets made since {@link #resetKernelClock()}.
     */
    public static long kernelNanos() {
        long sum = 0;
        for (LongAccumulator a : KERNEL_CLOCKS) {
            sum += a.value();
        }
        return sum;
    }

    /**
     * The kernel's rows, with the time spent producing them added to {@code clock}. A kernel
     * computes in {@code hasNext} (deciding the next slice or orbit when its buffer is empty) and
     * {@code next} hands out a row already made, so only {@code hasNext} is timed, and of it only
     * the calls that may compute when the kernel says which those are ({@link SliceRows.Buffered}):
     * a clock read costs about as much as handing out a row. Timing every {@code hasNext}, K7's
     * tasks spent 1.1 % of their CPU samples reading the clock (4.2 million reads a census).
     */
    static Iterator<Row> timed(SliceKernel kernel, Iterator<Long> ids, LongAccumulator clock) {
        final long start = System.nanoTime();
        final Iterator<Row> rows = kernel.decide(ids);
        clock.add(System.nanoTime() - start);
        final SliceRows.Buffered buffered = rows instanceof SliceRows.Buffered b ? b : null;
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                if (buffered != null && buffered.rowReady()) {
                    return true;
                }
                final long t = System.nanoTime();
                final boolean more = rows.hasNext();
                clock.add(System.nanoTime() - t);
                return more;
            }

            @Override
            public Row next() {
                return rows.next();
            }
        };
    }

    /** Chunk {@code i} of {@code chunks} of the slice ids {@code ids}: a run of consecutive ids, the chunks even in size. */
    public static List<Long> chunk(List<Long> ids, int i, int chunks) {
        return new ArrayList<>(
                ids.subList((int) ((long) ids.size() * i / chunks), (int) ((long) ids.size() * (i + 1) / chunks)));
    }

    /** The slice ids 0..count−1. */
    public static List<Long> ids(long count) {
        final List<Long> ids = new ArrayList<>((int) count);
        for (long i = 0; i < count; i++) {
            ids.add(i);
        }
        return ids;
    }

    /**
     * A partition count for a census of {@code slices} slices: two per core, and at least four, at
     * most one per slice. Each partition runs one kernel, whose memo serves all its slices, so more
     * partitions than that cost kernel work (to 15 edges, Lumberjack's kernels did 25–40 % more in
     * 8 partitions than in 4), and a floor of four keeps small masters from differing in work.
     */
    public static int defaultPartitions(SparkSession spark, long slices) {
        final long wanted = Math.max(MIN_PARTITIONS, 2L * spark.sparkContext().defaultParallelism());
        return (int) Math.max(1, Math.min(slices, wanted));
    }
}
