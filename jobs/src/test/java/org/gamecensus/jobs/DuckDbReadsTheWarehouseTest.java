package org.gamecensus.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.jobs.census.DriverRows;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.gamecensus.schemas.DatasetSchema;
import org.gamecensus.schemas.hex.HexSchemas;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.gamecensus.schemas.switching.SwitchingSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The promise that users query the warehouse with DuckDB as well as Spark: DuckDB reads each
 * table as docs/warehouse.md tells its users to (its Parquet files by glob, hive partitioning, the
 * keys' types given), and gets the rows census sql gets, value for value — partition values that
 * need escaping (bridgit:2) or that DuckDB would take for a date or a number among them.
 */
class DuckDbReadsTheWarehouseTest extends SparkCensusTest {

    private static final Map<DataType, String> DUCKDB_TYPES =
            Map.of(DataTypes.StringType, "VARCHAR", DataTypes.IntegerType, "INTEGER", DataTypes.LongType, "BIGINT");

    @TempDir
    Path tmp;

    /**
     * Three warehouses, since DuckDB guesses a key's type from all its values: a host bridgit:2
     * (escaped in its directory's name) beside Lumberjack and Hex, and hosts alone that DuckDB
     * would take for a date (2024-1-1) or a number (7).
     */
    @Test
    void duckDbReadsEveryTableAsSparkDoes() throws SQLException {
        final Warehouse mixed = new Warehouse(tmp.resolve("mixed"));
        SwitchingJob.census(spark(), mixed, SwitchingHosts.bridgit(2), 0);
        LumberjackJob.census(spark(), mixed, 6, 0);
        HexJob.census(spark(), mixed, new HexBoard(2, 3), Side.DOWN, 0);
        final Warehouse date = new Warehouse(tmp.resolve("date"));
        SwitchingJob.census(spark(), date, SwitchingHosts.path4().withName("2024-1-1"), 0);
        final Warehouse number = new Warehouse(tmp.resolve("number"));
        SwitchingJob.census(spark(), number, SwitchingHosts.complete(3).withName("7"), 0);
        final List<DatasetSchema> switching = List.of(SwitchingSchemas.SUBGRAPHS, SwitchingSchemas.HOSTS);
        try (Connection duck = DriverManager.getConnection("jdbc:duckdb:")) {
            readsAsSparkDoes(
                    duck,
                    mixed,
                    List.of(
                            SwitchingSchemas.SUBGRAPHS,
                            SwitchingSchemas.HOSTS,
                            LumberjackSchemas.TREES,
                            HexSchemas.POSITIONS));
            readsAsSparkDoes(duck, date, switching);
            readsAsSparkDoes(duck, number, switching);
            assertEquals(List.of("bridgit:2:VARCHAR"), hosts(duck, mixed));
            assertEquals(List.of("2024-1-1:VARCHAR"), hosts(duck, date));
            assertEquals(List.of("7:VARCHAR"), hosts(duck, number));
        }
    }

    /** Each of {@code tables} in {@code warehouse}, read by census sql's views and by DuckDB: the same rows. */
    private void readsAsSparkDoes(Connection duck, Warehouse warehouse, List<DatasetSchema> tables)
            throws SQLException {
        warehouse.registerViews(spark());
        for (DatasetSchema schema : tables) {
            final List<String> columns = scalarColumns(schema);
            final String order = String.join(", ", columns);
            // Spark sorts NULL first, DuckDB last: the same order asked of both.
            final String nullsFirst = String.join(" NULLS FIRST, ", columns) + " NULLS FIRST";
            final List<List<String>> spark = new ArrayList<>();
            for (Row r : DriverRows.of(
                    spark().sql("SELECT " + order + " FROM " + schema.table() + " ORDER BY " + nullsFirst))) {
                final List<String> row = new ArrayList<>();
                for (int i = 0; i < r.length(); i++) {
                    row.add(String.valueOf(r.get(i)));
                }
                spark.add(row);
            }
            final List<List<String>> duckDb = new ArrayList<>();
            try (Statement s = duck.createStatement();
                    ResultSet rs = s.executeQuery("SELECT " + order + " FROM " + documentedRead(warehouse, schema)
                            + " ORDER BY " + nullsFirst)) {
                while (rs.next()) {
                    final List<String> row = new ArrayList<>();
                    for (int i = 1; i <= columns.size(); i++) {
                        row.add(String.valueOf(rs.getObject(i)));
                    }
                    duckDb.add(row);
                }
            }
            Assertions.assertFalse(spark.isEmpty(), schema.table());
            assertEquals(spark, duckDb, schema.table());
        }
    }

    /** The switching table's hosts as DuckDB reads them, each with its type. */
    private static List<String> hosts(Connection duck, Warehouse warehouse) throws SQLException {
        final List<String> hosts = new ArrayList<>();
        try (Statement s = duck.createStatement();
                ResultSet rs = s.executeQuery("SELECT DISTINCT host, typeof(host) FROM "
                        + documentedRead(warehouse, SwitchingSchemas.SUBGRAPHS) + " ORDER BY host")) {
            while (rs.next()) {
                hosts.add(rs.getString(1) + ":" + rs.getString(2));
            }
        }
        return hosts;
    }

    /** The table's atomic columns, partition keys included. */
    private static List<String> scalarColumns(DatasetSchema schema) {
        final List<String> columns = new ArrayList<>();
        for (StructField f : schema.struct().fields()) {
            if (!(f.dataType() instanceof ArrayType) && !(f.dataType() instanceof StructType)) {
                columns.add(f.name());
            }
        }
        return columns;
    }

    /** The table as docs/warehouse.md reads it with DuckDB. */
    private static String documentedRead(Warehouse warehouse, DatasetSchema schema) {
        final String dir =
                Path.of(URI.create(warehouse.tablePath(schema.table()))).toString();
        final String types = schema.partitionColumns().stream()
                .map(k -> "'" + k + "': "
                        + DUCKDB_TYPES.get(schema.struct().apply(k).dataType()))
                .collect(Collectors.joining(", "));
        return "read_parquet('" + dir + "/**/*.parquet', hive_partitioning = true, hive_types = {" + types + "})";
    }
}
