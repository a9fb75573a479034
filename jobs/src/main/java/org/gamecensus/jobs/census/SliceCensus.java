package org.gamecensus.jobs.census;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.schemas.DatasetSchema;

/**
 * A census cut into slices: the slice ids, how many Spark partitions share them, the kernel that
 * turns a partition's slices into rows, and the schema of those rows. A census job builds one
 * and either commits it ({@link CensusCommit#commit(SparkSession, SliceCensus, Warehouse, List,
 * CensusCommit.Check, RowCondition...)}, the rows written where they are computed) or, for tests
 * and queries, looks at its rows as a dataset ({@link #rows}).
 */
public record SliceCensus(List<Long> ids, int partitions, SliceKernel kernel, DatasetSchema schema) {

    /** {@code partitions} below one count as one, above the slices as one per slice. */
    public SliceCensus {
        ids = List.copyOf(ids);
        partitions = Math.max(1, Math.min(partitions, Math.max(1, ids.size())));
    }

    /** Slices {@code 0..sliceCount−1}. */
    public static SliceCensus of(long sliceCount, int partitions, SliceKernel kernel, DatasetSchema schema) {
        if (sliceCount < 0 || sliceCount > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("slice count out of range: " + sliceCount);
        }
        return new SliceCensus(CensusDatasets.ids(sliceCount), partitions, kernel, schema);
    }

    /** The rows as a dataset, computed on the executors whenever it is evaluated. */
    public Dataset<Row> rows(SparkSession spark) {
        return CensusDatasets.fromSliceIds(spark, ids, partitions, kernel, schema);
    }
}
