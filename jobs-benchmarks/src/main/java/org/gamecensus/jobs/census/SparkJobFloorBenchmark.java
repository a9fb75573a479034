package org.gamecensus.jobs.census;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The least a census job can cost on a local master: one operation is a job submitted as the
 * census's own jobs are ({@link CensusDatasets#runOnSlices}: 64 slice ids, four partitions, a
 * function of a named class), whose tasks only drain their slice ids — no kernel, no rows, no
 * files. What it measures is Spark's alone: the job's planning and scheduling, each task's
 * launch, deserialisation and result. Set beside a census's kernels, it is a floor under the
 * overhead ratio that no change to the census's own code can lower.
 */
@State(Scope.Benchmark)
public class SparkJobFloorBenchmark extends SparkForkedBenchmark {

    /** The masters of the census bench. */
    @Param({"local[1]", "local[2]"})
    public String master;

    /** Tasks a census of the bench's sizes runs on a 2-core machine ({@link CensusDatasets#defaultPartitions}). */
    @Param({"4"})
    public int partitions;

    private SparkSession spark;
    private List<Long> ids;

    @Setup(Level.Trial)
    public void start() {
        spark = CensusSession.create(master, "spark job floor benchmark", Map.of());
        ids = CensusDatasets.ids(64);
    }

    @TearDown(Level.Trial)
    public void stop() {
        spark.stop();
    }

    @Benchmark
    public long emptyCensusJob() {
        long drained = 0;
        for (Long n : CensusDatasets.runOnSlices(
                spark, ids, partitions, "empty census job", Long.class, SparkJobFloorBenchmark::drain)) {
            drained += n;
        }
        return drained;
    }

    /** A task that reads its slice ids and does nothing else. */
    private static Long drain(Iterator<Long> sliceIds) {
        long n = 0;
        while (sliceIds.hasNext()) {
            sliceIds.next();
            n++;
        }
        return n;
    }
}
