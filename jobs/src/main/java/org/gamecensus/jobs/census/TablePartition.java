package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;

/**
 * A partition a census writes: its values, in the order of its table's partition columns, and the
 * census parameters its values leave out — what else its rows are a census of (a host's link
 * list, a sample's first player, size and seed), empty when the values name it all (Cram's
 * {@code squares=5}, Hex's {@code board=4x4/first=down}). Both go into the partition's manifest
 * with the schema version; a run that would replace a partition of other parameters, or of
 * another schema version, is refused unless it is told to replace ({@link WarehouseRun#claim}).
 *
 * @param values     the partition's values, one per partition column
 * @param parameters what the rows are a census of beyond those values, on one line ("" for nothing)
 */
public record TablePartition(Row values, String parameters) {

    public TablePartition {
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(parameters, "parameters");
        if (parameters.indexOf('\n') >= 0 || parameters.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("a partition's parameters are one line: " + parameters);
        }
    }

    /** One partition named by its values alone. */
    public static List<TablePartition> of(Object... values) {
        return List.of(new TablePartition(RowFactory.create(values), ""));
    }

    /** One partition of the given parameters. */
    public static TablePartition withParameters(String parameters, Object... values) {
        return new TablePartition(RowFactory.create(values), parameters);
    }

    /** The partitions of a table with one integer partition column, values {@code from..to}, named by them alone. */
    public static List<TablePartition> range(int from, int to) {
        return range(from, to, "");
    }

    /** As {@link #range(int, int)}, every partition with {@code parameters}. */
    public static List<TablePartition> range(int from, int to, String parameters) {
        final List<TablePartition> partitions = new ArrayList<>();
        for (int v = from; v <= to; v++) {
            partitions.add(new TablePartition(RowFactory.create(v), parameters));
        }
        return partitions;
    }

    /** The values of each partition, in order. */
    static List<Row> values(List<TablePartition> partitions) {
        return partitions.stream().map(TablePartition::values).toList();
    }
}
