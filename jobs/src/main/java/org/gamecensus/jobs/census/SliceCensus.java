package org.gamecensus.jobs.census;

import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.schemas.DatasetSchema;

/**
 * A census cut into slices: the slice ids, how many Spark partitions share them, the kernel that
 * turns a partition's slices into rows, and the schema of those rows. A census job builds one
 * and either commits it ({@link CensusCommit#commit(SparkSession, Warehouse, SliceCensus, List,
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

    /**
     * The slices {@code ids} dealt out: Spark cuts a list into even runs, one a partition, so the
     * ids are reordered for each run to hold a mixture of the whole census. For censuses whose
     * work drifts along their slices (K7's four tasks on contiguous runs of masks differed by a
     * factor of two). The i-th id goes to run (sum of the base-p digits of i) mod p (p partitions),
     * the next run with room when that one is full. Dealing every p-th id to a run instead fixes
     * the low digits of a run's ids: K7's slice ids are link masks, so partition 0 would have links
     * 9 and 10 in none of its subgraphs and partition 3 in all, whose task would take a fifth
     * longer. With the digit sum every partition holds every value of every digit equally often
     * (when the count is a power of p), and the tasks are level within 5 % (bench/FINDINGS.md,
     * "Spark settings and the tasks").
     */
    public static SliceCensus dealt(List<Long> ids, int partitions, SliceKernel kernel, DatasetSchema schema) {
        final int n = ids.size();
        final int p = Math.max(1, Math.min(partitions, Math.max(1, n)));
        // Spark's runs: [i·n/p, (i+1)·n/p) (ParallelCollectionRDD); deal the ids into them in turn, skipping full runs.
        final int[] end = new int[p];
        final int[] next = new int[p];
        for (int i = 0; i < p; i++) {
            next[i] = (int) ((long) i * n / p);
            end[i] = (int) ((long) (i + 1) * n / p);
        }
        final Long[] dealt = new Long[n];
        int i = 0;
        for (Long id : ids) {
            int run = p == 1 ? 0 : digitSum(i, p) % p;
            while (next[run] == end[run]) {
                run = (run + 1) % p;
            }
            dealt[next[run]++] = id;
            i++;
        }
        return new SliceCensus(List.of(dealt), p, kernel, schema);
    }

    /** The sum of the base-{@code p} digits of {@code i} (p ≥ 2). */
    static int digitSum(int i, int p) {
        assert p >= 2 && i >= 0;
        int sum = 0;
        for (int r = i; r > 0; r /= p) {
            sum += r % p;
        }
        return sum;
    }

    /** The rows the census will give, when its kernel knows that beforehand; else −1. */
    public long expectedRows() {
        return kernel.rows(ids);
    }

    /** The rows as a dataset, computed on the executors whenever it is evaluated. */
    public Dataset<Row> rows(SparkSession spark) {
        return CensusDatasets.fromSliceIds(spark, ids, partitions, kernel, schema);
    }
}
