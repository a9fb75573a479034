package org.gamecensus.jobs.census;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.storage.StorageLevel;
import org.gamecensus.schemas.DatasetSchema;

/**
 * Where the censuses go. The warehouse — {@code <warehouse>/<table>/}, each dataset as Parquet
 * partitioned by its schema's key, with the schema and its version in {@code _schema.json} and a
 * manifest per partition — lives on any Hadoop file system ({@code file:}, {@code hdfs:},
 * {@code s3a:}); by default it is {@code <out>/warehouse}. The published tables, figures and pages
 * go to the local directory {@code <out>} on the driver.
 *
 * <p>Writing a dataset replaces only the partitions present in the new rows (Spark's dynamic
 * partition overwrite, which stages the files in a hidden directory and moves them in at commit),
 * so several hosts or boards accumulate in one table and a failed or killed write leaves the
 * previous partitions intact and nothing partial visible.
 */
public final class Warehouse {

    /** Written beside a dataset's partitions after each commit: table, version, Spark schema. */
    public static final String SCHEMA_FILE = "_schema.json";

    private final Path out;
    private final String root;

    /** The warehouse in {@code <out>/warehouse}. */
    public Warehouse(Path out) {
        this(out, null);
    }

    /** Published files in {@code out}; the warehouse at {@code warehouse} (a URI or path; null: {@code <out>/warehouse}). */
    public Warehouse(Path out, String warehouse) {
        this.out = out.toAbsolutePath().normalize();
        this.root = WarehouseFiles.uri(warehouse == null ? this.out.resolve("warehouse").toString() : warehouse);
    }

    /**
     * Checks that {@code out} can serve as an output directory without touching it.
     *
     * @throws UsageException when it exists and is not a directory
     */
    public static Warehouse at(String out) {
        return at(out, null);
    }

    /** As {@link #at(String)}, with the warehouse elsewhere (a Hadoop file system URI), or null. */
    public static Warehouse at(String out, String warehouse) {
        final Path path = Path.of(out);
        if (Files.exists(path) && !Files.isDirectory(path)) {
            throw new UsageException("--out " + out + " is a file, not a directory");
        }
        if (warehouse != null) {
            final String uri = WarehouseFiles.uri(warehouse);
            try {
                if (WarehouseFiles.isFile(uri)) {
                    throw new UsageException("--warehouse " + warehouse + " is a file, not a directory");
                }
            } catch (java.io.UncheckedIOException | IllegalArgumentException e) {
                throw new UsageException("--warehouse " + warehouse + ": " + String.valueOf(e.getMessage()).split("\n")[0]);
            }
        }
        return new Warehouse(path, warehouse);
    }

    /** The local directory of the published tables, figures and pages. */
    public Path out() {
        return out;
    }

    /** The warehouse's URI. */
    public String root() {
        return root;
    }

    /** Whether the warehouse directory exists. */
    public boolean exists() {
        return WarehouseFiles.isDirectory(root);
    }

    /** The URI of a dataset's directory. */
    public String tablePath(String table) {
        return WarehouseFiles.child(root, table);
    }

    public Path tablesDir() {
        return out.resolve("tables");
    }

    /**
     * Whether the dataset {@code table} has been committed: its {@code _schema.json} is written
     * only after Spark's commit of the first write.
     */
    public boolean has(String table) {
        return WarehouseFiles.isFile(WarehouseFiles.child(tablePath(table), SCHEMA_FILE));
    }

    /** The tables present, in name order. */
    public List<String> tables() {
        final List<String> names = new ArrayList<>();
        for (FileStatus s : WarehouseFiles.list(root)) {
            final String n = s.getPath().getName();
            if (s.isDirectory() && !n.startsWith(".") && !n.startsWith("_") && has(n)) {
                names.add(n);
            }
        }
        return names;
    }

    /** Registers every dataset of the warehouse as a temporary view named after its table. */
    public List<String> registerViews(SparkSession spark) {
        final List<String> names = tables();
        for (String name : names) {
            spark.read().parquet(tablePath(name)).createOrReplaceTempView(name);
        }
        return names;
    }

    /**
     * Writes rows into their dataset, replacing only the partitions they hold, with a manifest per
     * partition. The rows are computed once (cached) for their counts and checksums and the write.
     */
    public void write(Dataset<Row> rows, DatasetSchema schema) {
        final Dataset<Row> kept = rows.persist(StorageLevel.MEMORY_AND_DISK());
        try {
            write(kept, schema, partitionStats(kept, schema));
        } finally {
            kept.unpersist();
        }
    }

    /**
     * Per partition of {@code rows}: the partition values, the row count {@code n} and the content
     * checksum {@code h}, followed by any {@code extra} aggregates — one pass over the rows.
     */
    public static List<Row> partitionStats(Dataset<Row> rows, DatasetSchema schema, Column... extra) {
        final List<Column> keys = new ArrayList<>();
        for (String c : schema.partitionColumns()) {
            keys.add(functions.col(c));
        }
        final Column[] agg = Manifests.countAndChecksum(schema);
        final Column[] rest = new Column[1 + extra.length];
        rest[0] = agg[1];
        System.arraycopy(extra, 0, rest, 1, extra.length);
        return rows.groupBy(keys.toArray(new Column[0])).agg(agg[0], rest).collectAsList();
    }

    /**
     * Writes rows whose {@link #partitionStats} are already known (taken from the same cached
     * rows), then their manifests; the files are listed and checksummed, the rows not re-read.
     */
    public void write(Dataset<Row> rows, DatasetSchema schema, List<Row> stats) {
        final String path = tablePath(schema.table());
        rows.sparkSession().conf().set("spark.sql.sources.partitionOverwriteMode", "dynamic");
        rows.write()
                .mode(SaveMode.Overwrite)
                .partitionBy(schema.partitionColumns().toArray(new String[0]))
                .parquet(path);
        WarehouseFiles.writeAtomically(WarehouseFiles.child(path, SCHEMA_FILE), schema.toJson() + "\n");
        Manifests.record(path, schema, stats);
    }

    /** Writes a small local text file by a rename, so a reader never sees half of it. */
    public static void writeAtomically(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            final Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
