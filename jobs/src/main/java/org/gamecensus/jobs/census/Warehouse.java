package org.gamecensus.jobs.census;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.schemas.DatasetSchema;

/**
 * The output directory of the censuses: {@code <out>/warehouse/<table>/} holds each dataset as
 * Parquet, partitioned by its schema's key, with the schema and its version in
 * {@code _schema.json}; {@code <out>/tables/} holds the published tables.
 *
 * <p>Writing a dataset replaces only the partitions present in the new rows (Spark's dynamic
 * partition overwrite, which stages the files and moves them in at commit), so several hosts or
 * boards accumulate in one table and a failed write leaves the previous partitions intact.
 */
public final class Warehouse {

    /** Written beside a dataset's partitions after each commit: table, version, Spark schema. */
    public static final String SCHEMA_FILE = "_schema.json";

    private final Path out;

    public Warehouse(Path out) {
        this.out = out.toAbsolutePath().normalize();
    }

    /**
     * Checks that {@code out} can serve as an output directory without touching it.
     *
     * @throws UsageException when it exists and is not a directory
     */
    public static Warehouse at(String out) {
        final Path path = Path.of(out);
        if (Files.exists(path) && !Files.isDirectory(path)) {
            throw new UsageException("--out " + out + " is a file, not a directory");
        }
        return new Warehouse(path);
    }

    public Path out() {
        return out;
    }

    public Path root() {
        return out.resolve("warehouse");
    }

    public Path tablePath(String table) {
        return root().resolve(table);
    }

    public Path tablesDir() {
        return out.resolve("tables");
    }

    /**
     * Whether the dataset {@code table} has been committed: its {@code _schema.json} is written
     * only after Spark's commit of the first write.
     */
    public boolean has(String table) {
        return Files.isRegularFile(tablePath(table).resolve(SCHEMA_FILE));
    }

    /** The tables present, in name order. */
    public List<String> tables() {
        final List<String> names = new ArrayList<>();
        if (!Files.isDirectory(root())) {
            return names;
        }
        try (Stream<Path> dirs = Files.list(root())) {
            dirs.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .filter(n -> !n.startsWith(".") && !n.startsWith("_") && has(n))
                    .sorted()
                    .forEach(names::add);
        } catch (IOException e) {
            throw new IllegalStateException("cannot list " + root() + ": " + e.getMessage(), e);
        }
        return names;
    }

    /** Registers every dataset of the warehouse as a temporary view named after its table. */
    public List<String> registerViews(SparkSession spark) {
        final List<String> names = tables();
        for (String name : names) {
            spark.read().parquet(tablePath(name).toString()).createOrReplaceTempView(name);
        }
        return names;
    }

    /** Writes rows into their dataset, replacing only the partitions they hold. */
    public void write(Dataset<Row> rows, DatasetSchema schema) {
        final String path = tablePath(schema.table()).toString();
        rows.sparkSession().conf().set("spark.sql.sources.partitionOverwriteMode", "dynamic");
        rows.write()
                .mode(SaveMode.Overwrite)
                .partitionBy(schema.partitionColumns().toArray(new String[0]))
                .parquet(path);
        writeAtomically(tablePath(schema.table()).resolve(SCHEMA_FILE), schema.toJson() + "\n");
        Manifests.record(rows.sparkSession(), tablePath(schema.table()), schema, rows);
    }

    /** Writes a small text file by a rename, so a reader never sees half of it. */
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
