package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.schemas.DatasetSchema;

/** Turns a census space, cut into slices, into a dataset of rows computed on the executors. */
public final class CensusDatasets {

    private CensusDatasets() {
    }

    /**
     * Parallelises slice ids {@code 0..sliceCount-1} over {@code partitions} partitions and runs
     * the kernel on each partition. The rows do not depend on the partition count.
     */
    public static Dataset<Row> fromSlices(SparkSession spark, long sliceCount, int partitions, SliceKernel kernel,
                                          DatasetSchema schema) {
        if (sliceCount < 0 || sliceCount > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("slice count out of range: " + sliceCount);
        }
        final List<Long> ids = new ArrayList<>((int) sliceCount);
        for (long i = 0; i < sliceCount; i++) {
            ids.add(i);
        }
        return fromSliceIds(spark, ids, partitions, kernel, schema);
    }

    /** As {@link #fromSlices}, for a census whose slice ids are not simply 0..n−1. */
    public static Dataset<Row> fromSliceIds(SparkSession spark, List<Long> ids, int partitions, SliceKernel kernel,
                                            DatasetSchema schema) {
        final int p = Math.max(1, Math.min(partitions, Math.max(1, ids.size())));
        final JavaRDD<Row> rows = JavaSparkContext.fromSparkContext(spark.sparkContext())
                .parallelize(ids, p)
                .mapPartitions(kernel::decide);
        return spark.createDataFrame(rows, schema.struct());
    }

    /** A partition count for a census of {@code slices} slices: four per core, at most one per slice. */
    public static int defaultPartitions(SparkSession spark, long slices) {
        final long perCore = 4L * spark.sparkContext().defaultParallelism();
        return (int) Math.max(1, Math.min(slices, perCore));
    }
}
