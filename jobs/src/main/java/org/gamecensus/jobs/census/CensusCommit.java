package org.gamecensus.jobs.census;

import java.util.function.Consumer;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.storage.StorageLevel;
import org.gamecensus.schemas.DatasetSchema;

/**
 * The commit every census makes: compute the rows once (persisted), check them, tally them, and
 * only then write them to the warehouse. A failed check throws before anything is written.
 */
public final class CensusCommit {

    private CensusCommit() {
    }

    /**
     * Commits {@code rows}; returns one row: the row count, then each of {@code tallies}
     * (aggregate columns) in order.
     */
    public static Row commit(Dataset<Row> rows, Warehouse warehouse, DatasetSchema schema,
                             Consumer<Dataset<Row>> check, Column... tallies) {
        final Dataset<Row> kept = rows.persist(StorageLevel.MEMORY_AND_DISK());
        try {
            check.accept(kept);
            final Row tally = kept.agg(functions.count(functions.lit(1)), tallies).first();
            warehouse.write(kept, schema);
            return tally;
        } finally {
            kept.unpersist();
        }
    }

    /** An aggregate counting the rows where {@code condition} holds. */
    public static Column countIf(Column condition) {
        return functions.sum(functions.when(condition, 1).otherwise(0));
    }
}
