package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.catalog.ExternalCatalogUtils;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.schemas.DatasetSchema;
import org.gamecensus.schemas.PartitionSummary;

/**
 * A table's summary ({@link PartitionSummary}) over the partitions of its registered view: for
 * each partition, the counts its writer kept in its manifest — read when that manifest is the
 * one the view was made from (the same files line) and names the summary's columns — or else
 * the same counts by Spark SQL from the partition's rows (a partition written before its table
 * had a summary). A published table built on the summary reads a few rows per partition instead
 * of every row: Hex 4×4's 8.2 million positions are 16 rows.
 */
public final class PartitionSummaries {

    private PartitionSummaries() {}

    /**
     * The summary of {@code schema}'s view (registered by {@link Warehouse#registerViews}): the
     * partition columns, the groups and the measures, a row per partition and group with rows.
     */
    public static Dataset<Row> of(SparkSession spark, Warehouse warehouse, DatasetSchema schema) {
        final Sources sources = sources(warehouse, schema);
        final String sql = sources.counted() == null
                ? schema.summary().sql(schema, schema.table(), null)
                : sources.counted().isEmpty()
                        ? null
                        : schema.summary().sql(schema, schema.table(), String.join(" OR ", sources.counted()));
        final Dataset<Row> read = spark.createDataFrame(sources.kept(), struct(schema));
        return sql == null ? read : read.unionAll(spark.sql(sql));
    }

    /**
     * Where a summary's rows come from: those kept in manifests, and the SQL conditions selecting
     * each partition to count from its rows (null: the whole table, read without manifests).
     */
    record Sources(List<Row> kept, List<String> counted) {}

    static Sources sources(Warehouse warehouse, DatasetSchema schema) {
        final PartitionSummary summary = schema.summary();
        if (summary == null) {
            throw new IllegalArgumentException(schema.table() + " has no summary");
        }
        final String table = schema.table();
        final Map<String, String> viewed = warehouse.viewedPartitions(table);
        if (viewed == null) {
            return new Sources(List.of(), null);
        }
        final Map<String, Properties> manifests = Manifests.byPartition(warehouse, table);
        final String tableDir = warehouse.tablePath(table);
        final String columns = String.join(",", summary.columns());
        final int groups = summary.groupBy().size();
        final List<Row> rows = new ArrayList<>();
        final List<String> counted = new ArrayList<>();
        for (Map.Entry<String, String> partition : viewed.entrySet()) {
            final String key = partition.getKey().substring(tableDir.length() + 1);
            final Object[] values = values(schema, key);
            final Properties m = manifests.get(partition.getKey());
            // Kept counts are read only from the manifest the view was made from, of these columns.
            final List<Object[]> kept = values == null
                            || m == null
                            || !partition.getValue().equals(m.getProperty("files"))
                            || !columns.equals(m.getProperty(Manifests.SUMMARY_COLUMNS))
                            || m.getProperty(Manifests.SUMMARY) == null
                    ? null
                    : SummaryCounts.parse(
                            m.getProperty(Manifests.SUMMARY),
                            groups,
                            summary.measures().size());
            if (kept == null) {
                counted.add(condition(schema, key));
                continue;
            }
            for (Object[] group : kept) {
                final Object[] row = new Object[values.length + group.length];
                System.arraycopy(values, 0, row, 0, values.length);
                System.arraycopy(group, 0, row, values.length, group.length);
                rows.add(RowFactory.create(row));
            }
        }
        return new Sources(rows, counted);
    }

    /** The summary's columns: the partition columns as declared, the groups (int), the measures (bigint). */
    static StructType struct(DatasetSchema schema) {
        final List<StructField> fields = new ArrayList<>();
        for (String c : schema.partitionColumns()) {
            fields.add(DataTypes.createStructField(c, schema.struct().apply(c).dataType(), false));
        }
        for (String g : schema.summary().groupBy()) {
            fields.add(DataTypes.createStructField(g, DataTypes.IntegerType, false));
        }
        for (PartitionSummary.Measure m : schema.summary().measures()) {
            fields.add(DataTypes.createStructField(m.name(), DataTypes.LongType, true));
        }
        return DataTypes.createStructType(fields);
    }

    /** The partition values in a partition key ({@code col=value/…}, as Spark names directories), typed as declared; null when one cannot be. */
    private static Object[] values(DatasetSchema schema, String key) {
        final String[] parts = key.split("/", -1);
        if (parts.length != schema.partitionColumns().size()) {
            return null;
        }
        final Object[] values = new Object[parts.length];
        for (int i = 0; i < parts.length; i++) {
            final String column = schema.partitionColumns().get(i);
            if (!parts[i].startsWith(column + "=")) {
                return null;
            }
            final String text = ExternalCatalogUtils.unescapePathName(parts[i].substring(column.length() + 1));
            final DataType type = schema.struct().apply(column).dataType();
            try {
                if (type.equals(DataTypes.StringType)) {
                    values[i] = text;
                } else if (type.equals(DataTypes.IntegerType)) {
                    values[i] = Integer.parseInt(text);
                } else if (type.equals(DataTypes.LongType)) {
                    values[i] = Long.parseLong(text);
                } else {
                    return null;
                }
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return values;
    }

    /** The SQL condition selecting the partition {@code key}: each partition column equal to its value, as Spark reads it. */
    private static String condition(DatasetSchema schema, String key) {
        final String[] parts = key.split("/", -1);
        final List<String> terms = new ArrayList<>();
        for (int i = 0; i < parts.length; i++) {
            final String column = schema.partitionColumns().get(i);
            final String text = ExternalCatalogUtils.unescapePathName(parts[i].substring(parts[i].indexOf('=') + 1));
            terms.add("`" + column + "` = '" + text.replace("\\", "\\\\").replace("'", "\\'") + "'");
        }
        return "(" + String.join(" AND ", terms) + ")";
    }
}
