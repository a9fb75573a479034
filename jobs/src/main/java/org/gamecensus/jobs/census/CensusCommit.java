package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.storage.StorageLevel;
import org.gamecensus.schemas.DatasetSchema;

/**
 * The commit every census makes, in two passes over rows computed once (cached): one
 * aggregation, per partition, of the row counts and checksums for the manifests, the rows that
 * break the census's check, and the census's tallies; then, when no row breaks the check, the
 * write. A failed check throws before anything is written.
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
     * Commits {@code rows}; returns one row: the row count, then each of {@code tallies} in order.
     * Tallies are additive aggregates (counts and sums, e.g. {@link #countIf}): they are taken per
     * partition and summed.
     */
    public static Row commit(Dataset<Row> rows, Warehouse warehouse, DatasetSchema schema, Check check,
                             Column... tallies) {
        final Dataset<Row> kept = rows.persist(StorageLevel.MEMORY_AND_DISK());
        try {
            final Column[] extra = new Column[1 + tallies.length];
            extra[0] = countIf(check.bad());
            System.arraycopy(tallies, 0, extra, 1, tallies.length);
            final List<Row> stats = Warehouse.partitionStats(kept, schema, extra);
            final int keys = schema.partitionColumns().size();
            long count = 0;
            long bad = 0;
            final long[] sums = new long[tallies.length];
            final List<Row> manifestStats = new ArrayList<>();
            for (Row r : stats) {
                count += r.getLong(keys);
                bad += r.isNullAt(keys + 2) ? 0 : ((Number) r.get(keys + 2)).longValue();
                for (int t = 0; t < tallies.length; t++) {
                    sums[t] += r.isNullAt(keys + 3 + t) ? 0 : ((Number) r.get(keys + 3 + t)).longValue();
                }
                final Object[] m = new Object[keys + 2];
                for (int i = 0; i < keys + 2; i++) {
                    m[i] = r.get(i);
                }
                manifestStats.add(RowFactory.create(m));
            }
            if (bad > 0) {
                CensusChecks.failIfAny(kept, check.bad(), check.what(), check.show());
            }
            warehouse.write(FaultInjection.haltWhileWriting(kept), schema, manifestStats);
            final Object[] tally = new Object[1 + tallies.length];
            tally[0] = count;
            for (int t = 0; t < tallies.length; t++) {
                tally[1 + t] = sums[t];
            }
            return RowFactory.create(tally);
        } finally {
            kept.unpersist();
        }
    }

    /** An aggregate counting the rows where {@code condition} holds. */
    public static Column countIf(Column condition) {
        return functions.sum(functions.when(condition, 1L).otherwise(0L));
    }
}
