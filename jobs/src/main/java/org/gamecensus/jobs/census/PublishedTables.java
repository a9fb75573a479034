package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.schemas.DatasetSchema;

/**
 * A census's published tables, built from the warehouse's SQL views ({@link Warehouse#registerViews})
 * and written together under its tables directory. A census adds a table only when the views it
 * reads are there, so a warehouse holding part of a census publishes that part.
 */
public final class PublishedTables {

    private final SparkSession spark;
    private final Warehouse warehouse;
    private final List<String> views;
    private final List<PublishedTable> tables = new ArrayList<>();

    private PublishedTables(SparkSession spark, Warehouse warehouse, Set<String> read) {
        this.spark = spark;
        this.warehouse = warehouse;
        this.views = warehouse.registerViews(spark, read::contains);
    }

    /**
     * Registers the warehouse's views in {@code spark}, for the tables to read; the files of the
     * datasets {@code read} (those the tables' queries read) checked against their manifests first.
     */
    public static PublishedTables over(SparkSession spark, Warehouse warehouse, List<DatasetSchema> read) {
        return new PublishedTables(
                spark, warehouse, read.stream().map(DatasetSchema::table).collect(Collectors.toSet()));
    }

    /** Whether the warehouse holds every one of these tables. */
    public boolean has(String... tables) {
        return views.containsAll(List.of(tables));
    }

    /** Adds the result of a small aggregate query over the views, under its file name and title. */
    public void add(String name, String title, String sql, String... notes) {
        tables.add(PublishedTable.of(name, title, spark.sql(sql), List.of(notes)));
    }

    public void add(PublishedTable table) {
        tables.add(table);
    }

    /**
     * Writes every table added under {@code tables/} of {@link Warehouse#publishDir}, each by an
     * atomic rename; returns them in the order added.
     */
    public List<PublishedTable> write() {
        for (PublishedTable t : tables) {
            t.writeTo(warehouse.publishDir().resolve("tables"));
        }
        return List.copyOf(tables);
    }
}
