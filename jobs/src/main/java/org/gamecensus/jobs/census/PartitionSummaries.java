package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Predicate;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.catalog.ExternalCatalogUtils;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.schemas.DatasetSchema;
import org.gamecensus.schemas.PartitionSummary;

/**
 * A table's summary ({@link PartitionSummary}) over the partitions of its registered view: for
 * each partition, the counts its writer kept in its manifest, or else the same counts by Spark
 * SQL from the partition's rows. Kept counts are read only from the manifest the view was made
 * from (the same files line), under the summary's columns and definition, with their CRC-32
 * intact and, where the summary has a plain count of rows, adding up to the manifest's rows; a
 * partition written before its table had a summary, or under another definition, is counted. A
 * published table built on the summary reads a row per partition and group instead of every row.
 */
public final class PartitionSummaries {

    private PartitionSummaries() {}

    /**
     * The summary of {@code schema}'s view (registered by {@link Warehouse#registerViews}): the
     * partition columns, the groups and the measures, a row per partition and group with rows.
     */
    public static Dataset<Row> of(SparkSession spark, Warehouse warehouse, DatasetSchema schema) {
        final Sources sources = sources(warehouse, schema);
        final Dataset<Row> kept = spark.createDataFrame(sources.kept(), struct(schema));
        // The cases: every partition's counts kept (read alone); some partitions counted from their
        // rows (the two unioned); the table read without manifests (every row counted).
        if (sources.counted() != null && sources.counted().isEmpty()) {
            return kept;
        }
        Dataset<Row> rows = spark.table(schema.table());
        if (sources.counted() != null) {
            Column any = null;
            for (String key : sources.counted()) {
                final Column partition = partition(schema, key);
                any = any == null ? partition : any.or(partition);
            }
            rows = rows.where(any);
        }
        // The summary's own SQL over those rows; the plan is analysed before the view goes.
        final String view = "summary_rows_of_" + schema.table();
        rows.createOrReplaceTempView(view);
        try {
            return kept.unionAll(spark.sql(schema.summary().sql(schema, view, null)));
        } finally {
            spark.catalog().dropTempView(view);
        }
    }

    /**
     * Where a summary's rows come from: those kept in manifests, and the keys of the partitions
     * counted from their rows (null: the whole table, read without manifests or with a partition
     * whose key is not its columns' values).
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
        final Predicate<Properties> current = Manifests.keepsCountsOf(schema);
        final String tableDir = warehouse.tablePath(table);
        final List<Row> rows = new ArrayList<>();
        final List<String> counted = new ArrayList<>();
        for (Map.Entry<String, String> partition : viewed.entrySet()) {
            // A table without partition columns has one partition: its directory, key "".
            final String key = partition.getKey().length() > tableDir.length()
                    ? partition.getKey().substring(tableDir.length() + 1)
                    : "";
            final Object[] values = values(schema, key);
            if (values == null) {
                return new Sources(List.of(), null);
            }
            final List<Object[]> kept = kept(summary, current, manifests.get(partition.getKey()), partition.getValue());
            if (kept == null) {
                counted.add(key);
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

    /**
     * The counts manifest {@code m} keeps (each group's values, then its measures), or null when
     * they are not to be read: no manifest, another than the view's ({@code files}), none that
     * {@code current} takes ({@link Manifests#keepsCountsOf}), or a plain count of rows that does
     * not add up to the manifest's.
     */
    private static List<Object[]> kept(
            PartitionSummary summary, Predicate<Properties> current, Properties m, String files) {
        if (m == null || !files.equals(m.getProperty("files")) || !current.test(m)) {
            return null;
        }
        final int groups = summary.groupBy().size();
        final List<Object[]> kept = SummaryCounts.parse(
                m.getProperty(Manifests.SUMMARY), groups, summary.measures().size());
        if (kept == null) {
            return null;
        }
        for (int i = 0; i < summary.measures().size(); i++) {
            final PartitionSummary.Measure measure = summary.measures().get(i);
            if (measure.sumOf() == null && measure.when().isEmpty()) {
                long rows = 0;
                for (Object[] group : kept) {
                    rows += (Long) group[groups + i];
                }
                if (!String.valueOf(rows).equals(m.getProperty("rows"))) {
                    return null;
                }
            }
        }
        return kept;
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
        final String[] parts = key.isEmpty() ? new String[0] : key.split("/", -1);
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

    /** The rows of the partition {@code key}: each partition column equal to its value, typed as declared. */
    private static Column partition(DatasetSchema schema, String key) {
        final Object[] values = values(schema, key);
        Column all = null;
        for (int i = 0; i < values.length; i++) {
            final Column c = functions.col(schema.partitionColumns().get(i)).equalTo(functions.lit(values[i]));
            all = all == null ? c : all.and(c);
        }
        return all == null ? functions.lit(true) : all;
    }
}
