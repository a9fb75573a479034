package org.gamecensus.jobs.census;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.AccumulatorV2;

/**
 * Each listed partition's row count and exact sum of row hashes, gathered while the rows are
 * written: each write task ({@link CensusWriteTask}) records every row's (partition index, 64-bit
 * hash) here as it writes it, so the manifests need no second pass over the rows. Like Spark's
 * observed metrics, it merges the updates of successful task attempts only. Sums are kept in 128
 * bits (high and low word), exact for any row count.
 *
 * <p>Layout: for partition p its count at 3p, the hash sum's high word at 3p + 1 and low word at
 * 3p + 2; then the count of rows outside every listed partition (index −1).
 */
final class PartitionChecksums extends AccumulatorV2<long[], long[]> {

    private static final long serialVersionUID = 1L;
    private final long[] sums;

    private PartitionChecksums(int partitions) {
        sums = new long[3 * partitions + 1];
    }

    /** A registered accumulator for {@code partitions} listed partitions. */
    static PartitionChecksums register(SparkSession spark, int partitions) {
        if (partitions < 1) {
            throw new IllegalArgumentException("at least one partition, got " + partitions);
        }
        final PartitionChecksums acc = new PartitionChecksums(partitions);
        spark.sparkContext().register(acc, "partition checksums");
        return acc;
    }

    private int partitions() {
        return (sums.length - 1) / 3;
    }

    void record(int p, long h) {
        if (p < 0) {
            sums[sums.length - 1]++;
            return;
        }
        sums[3 * p]++;
        add(3 * p + 1, h >> 63, h);
    }

    /** Adds the 128-bit value (hi, lo) to the one held at sums[at], sums[at + 1]. */
    private void add(int at, long hi, long lo) {
        final long sum = sums[at + 1] + lo;
        final long carry = Long.compareUnsigned(sum, lo) < 0 ? 1 : 0;
        sums[at] += hi + carry;
        sums[at + 1] = sum;
    }

    @Override
    public boolean isZero() {
        for (long s : sums) {
            if (s != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public AccumulatorV2<long[], long[]> copy() {
        final PartitionChecksums c = new PartitionChecksums(partitions());
        System.arraycopy(sums, 0, c.sums, 0, sums.length);
        return c;
    }

    @Override
    public void reset() {
        Arrays.fill(sums, 0L);
    }

    @Override
    public void add(long[] other) {
        assert other.length == sums.length : "the same partitions";
        for (int p = 0; p < partitions(); p++) {
            sums[3 * p] += other[3 * p];
            add(3 * p + 1, other[3 * p + 1], other[3 * p + 2]);
        }
        sums[sums.length - 1] += other[sums.length - 1];
    }

    @Override
    public void merge(AccumulatorV2<long[], long[]> other) {
        add(other.value());
    }

    @Override
    public long[] value() {
        return sums;
    }

    /** Rows counted outside every listed partition. */
    long outside() {
        return sums[sums.length - 1];
    }

    /**
     * The stats rows (partition values, n, h as a decimal string) of the listed partitions that
     * received rows, {@code expected} giving each partition's values in index order.
     */
    List<Row> stats(List<Row> expected) {
        assert expected.size() == partitions() : "a row of values per partition";
        final List<Row> rows = new ArrayList<>();
        for (int p = 0; p < partitions(); p++) {
            final long n = sums[3 * p];
            if (n == 0) {
                continue;
            }
            final BigInteger h = BigInteger.valueOf(sums[3 * p + 1])
                    .shiftLeft(64)
                    .add(new BigInteger(Long.toUnsignedString(sums[3 * p + 2])));
            rows.add(statsRow(expected.get(p), n, h));
        }
        return rows;
    }

    /** A partition's stats row: its values, then its row count and checksum (a decimal string). */
    static Row statsRow(Row values, long n, BigInteger h) {
        final Object[] r = new Object[values.size() + 2];
        for (int k = 0; k < values.size(); k++) {
            r[k] = values.get(k);
        }
        r[values.size()] = n;
        r[values.size() + 1] = h.toString();
        return RowFactory.create(r);
    }
}
