package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.gamecensus.schemas.DatasetSchema;

/**
 * The commit every census makes, in one pass over rows computed once: they are written to a
 * hidden staging directory while the same pass counts and checksums each partition for the
 * manifests, counts the rows that break the census's check, and sums the census's tallies
 * (observed metrics of the write). When no row breaks the check the staged partitions are moved
 * in; otherwise the failing rows are read back from the staging directory, reported, and the
 * staging directory is deleted — nothing is published.
 */
public final class CensusCommit {

    private CensusCommit() {
    }

    /** The check: rows matching {@code bad} fail the census; {@code what} says what such a row is, {@code show} which columns to quote. */
    public record Check(Column bad, String what, String... show) {
        /** A census with no row-level check (its theorems are checked elsewhere). */
        public static Check none() {
            return new Check(functions.lit(false), "rows", "*");
        }
    }

    /**
     * Commits {@code rows}, which lie in the partitions {@code partitions} (one row of partition
     * values each, e.g. {@link #partition}; a row outside them fails the commit); returns one row:
     * the row count, then each of {@code tallies} in order. Tallies are aggregates over all rows
     * (counts and sums, e.g. {@link #countIf}); a null sum (no rows) is returned as 0.
     */
    public static Row commit(Dataset<Row> rows, Warehouse warehouse, DatasetSchema schema, List<Row> partitions,
                             Check check, Column... tallies) {
        final Column[] extra = new Column[1 + tallies.length];
        extra[0] = countIf(check.bad());
        System.arraycopy(tallies, 0, extra, 1, tallies.length);
        final Warehouse.Staged staged = warehouse.stage(FaultInjection.haltWhileWriting(rows), schema, partitions, extra);
        try {
            final Row observed = staged.observed();
            if (asLong(observed, 0) > 0) {
                CensusChecks.failIfAny(staged.read(rows.sparkSession()), check.bad(), check.what(), check.show());
            }
            warehouse.publish(staged);
            // Every row lies in a listed partition (the write checks it), so their counts sum to all rows.
            long count = 0;
            for (Row p : staged.partitions()) {
                count += p.getLong(schema.partitionColumns().size());
            }
            final Object[] tally = new Object[1 + tallies.length];
            tally[0] = count;
            for (int t = 0; t < tallies.length; t++) {
                tally[1 + t] = asLong(observed, 1 + t);
            }
            return RowFactory.create(tally);
        } finally {
            staged.discard();
        }
    }

    private static long asLong(Row r, int i) {
        return r.isNullAt(i) ? 0 : ((Number) r.get(i)).longValue();
    }

    /** The values of one partition, in the order of the schema's partition columns. */
    public static List<Row> partition(Object... values) {
        return List.of(RowFactory.create(values));
    }

    /** The partitions of a table with one integer partition column, values {@code from..to}. */
    public static List<Row> partitionRange(int from, int to) {
        final List<Row> rows = new ArrayList<>();
        for (int v = from; v <= to; v++) {
            rows.add(RowFactory.create(v));
        }
        return rows;
    }

    /** An aggregate counting the rows where {@code condition} holds. */
    public static Column countIf(Column condition) {
        return functions.sum(functions.when(condition, 1L).otherwise(0L));
    }
}
