package org.gamecensus.jobs.census;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameWriter;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.gamecensus.schemas.DatasetSchema;

/**
 * Where the censuses go. The warehouse — {@code <warehouse>/<table>/}, each dataset as Parquet
 * partitioned by its schema's key, with the schema and its version in {@code _schema.json} and a
 * manifest per partition — lives on any Hadoop file system ({@code file:}, {@code hdfs:},
 * {@code s3a:}); by default it is {@code <out>/warehouse}. The published tables, figures and pages
 * go to the local directory {@code <out>} on the driver.
 *
 * <p>Writing a dataset replaces only the partitions present in the new rows: they are written to a
 * hidden staging directory of the table, then each partition directory is moved in. So several
 * hosts or boards accumulate in one table, and a failed or killed write leaves the previous
 * partitions intact and nothing partial visible.
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

    /**
     * A warehouse of its own in the directory {@code name} of this one, publishing to {@code out}:
     * scratch space on the same file system (the bench's censuses on a cluster).
     */
    public Warehouse nested(String name, Path out) {
        return new Warehouse(out, WarehouseFiles.child(root, name));
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

    /** The directory of a long run's state: {@code <warehouse>/_chunks/<table>/<run>/}. */
    static String runDir(String root, String table, String run) {
        return WarehouseFiles.child(WarehouseFiles.child(WarehouseFiles.child(root, "_chunks"), table),
                run.replaceAll("[^A-Za-z0-9._-]", "_"));
    }

    /**
     * Marks a long run of {@code table} as in progress ({@code _chunks/<table>/<run>/in-progress});
     * returns whether an earlier run with the same key was left unfinished (killed or failed),
     * whose committed steps the caller may keep.
     */
    public boolean beginRun(String table, String run) {
        final String marker = WarehouseFiles.child(runDir(root, table, run), "in-progress");
        final boolean unfinished = WarehouseFiles.isFile(marker);
        if (!unfinished) {
            WarehouseFiles.writeAtomically(marker, "a run of " + table + " in progress: " + run + "\n");
        }
        return unfinished;
    }

    /** Ends a run begun by {@link #beginRun}: the next run with its key starts afresh. */
    public void endRun(String table, String run) {
        final String dir = runDir(root, table, run);
        WarehouseFiles.deleteRecursively(dir);
        final String tableDir = dir.substring(0, dir.lastIndexOf('/'));
        if (WarehouseFiles.deleteIfEmpty(tableDir)) {
            WarehouseFiles.deleteIfEmpty(tableDir.substring(0, tableDir.lastIndexOf('/')));
        }
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
     * partition ({@link #stage}, the counts and checksums read back from the staged files — for
     * small tables whose partitions the caller does not list — then {@link #publish}).
     */
    public void write(Dataset<Row> rows, DatasetSchema schema) {
        write(rows, schema, null);
    }

    /**
     * As {@link #write(Dataset, DatasetSchema)}, for rows known to lie in {@code partitions} (one
     * row of partition values each; a row outside them fails the write): their counts and
     * checksums are observed while they are written, with no second pass.
     */
    public void write(Dataset<Row> rows, DatasetSchema schema, List<Row> partitions) {
        final Staged staged = stage(rows, schema, partitions);
        try {
            publish(rows.sparkSession(), staged);
        } finally {
            staged.discard();
        }
    }

    /**
     * Rows written to a hidden staging directory of their table ({@code <table>/_staging/<id>}),
     * not yet visible: the per-partition counts and checksums for the manifests ({@code partitions}:
     * partition values, n, h as {@link Manifests#countAndChecksum} gives them) and the values of the
     * extra aggregates asked for.
     */
    public record Staged(String dir, DatasetSchema schema, List<Row> partitions, Row observed,
                         Map<String, Map<String, String>> files) {
        /** {@code files}: the manifest entries of the staged files as their writers made them (may be empty, or partial). */
        public Staged {
            files = Map.copyOf(files);
        }

        /** Staged files whose entries are read back from the files themselves at publication. */
        public Staged(String dir, DatasetSchema schema, List<Row> partitions, Row observed) {
            this(dir, schema, partitions, observed, Map.of());
        }

        /** The staged rows, read back (for reporting the rows that failed a check). */
        public Dataset<Row> read(SparkSession spark) {
            return spark.read().schema(schema.struct()).parquet(dir);
        }

        /**
         * Removes the staging directory, and the table's and warehouse's directories when that
         * leaves them empty (a first write that failed leaves nothing behind).
         */
        public void discard() {
            removeStaging(dir);
        }
    }

    /**
     * Writes {@code rows} — computed once, not cached — to a hidden staging directory. The
     * aggregates {@code extra} (over all rows) are observed during the write. When the caller lists
     * the partition values the rows hold ({@code expected}: one row of values per partition, in the
     * order of the schema's partition columns), each partition's count and checksum are observed in
     * the same pass, and a row outside them fails the write; when {@code expected} is null they are
     * read back from the staged files (a second pass, for small tables). Partitions listed but
     * without rows are not written. Staging directories left by a killed run are removed first.
     * Nothing is visible to readers until {@link #publish}.
     */
    public Staged stage(Dataset<Row> rows, DatasetSchema schema, List<Row> expected, Column... extra) {
        ConcurrentFileCalls.threads(rows.sparkSession(), root); // a bad setting is refused before anything runs
        final String dir = newStaging(schema);
        final List<Column> observed = new ArrayList<>();
        for (int i = 0; i < extra.length; i++) {
            observed.add(extra[i].as("x" + i));
        }
        Dataset<Row> toWrite = rows;
        PartitionChecksums checksums = null;
        if (expected != null) {
            checksums = PartitionChecksums.register(rows.sparkSession(), expected.size());
            toWrite = rows.withColumn(HASH, Manifests.rowHash(schema))
                    .filter(checksums.recorder(partitionIndex(schema, expected), functions.col(HASH)));
        }
        final Observation observation = new Observation();
        try {
            if (!observed.isEmpty()) {
                toWrite = toWrite.observe(observation, observed.get(0),
                        observed.subList(1, observed.size()).toArray(new Column[0]));
            }
            // Cases: every row lies in the one listed partition (written straight into its directory,
            // as Spark would name it, without Spark's sort by partition, which buffers a task's rows
            // in large pages, and its per-row partition values; a row elsewhere is counted by the
            // recorder and fails the write below), or rows go to any number of partitions.
            final String[] keys = schema.partitionColumns().toArray(new String[0]);
            final boolean one = isOnePartition(schema, expected);
            final String out = one ? WarehouseFiles.child(dir, Manifests.key(schema, expected.get(0))) : dir;
            final DataFrameWriter<Row> writer = (one ? toWrite.drop(HASH).drop(keys) : toWrite.drop(HASH))
                    .write().mode(SaveMode.ErrorIfExists);
            (one ? writer : writer.partitionBy(keys)).parquet(out);
            if (one) {
                // The committer's marker lands in the output directory, here the partition's (with the
                // local file system's checksum of it beside it).
                WarehouseFiles.deleteRecursively(WarehouseFiles.child(out, "_SUCCESS"));
                WarehouseFiles.deleteRecursively(WarehouseFiles.child(out, "._SUCCESS.crc"));
            }
            final Map<String, Object> metrics = observed.isEmpty() ? Map.of() : observation.getAsJava();
            final Object[] values = new Object[extra.length];
            for (int i = 0; i < extra.length; i++) {
                values[i] = metrics.get("x" + i);
            }
            final List<Row> partitions = expected == null ? readBackPartitions(rows.sparkSession(), schema, dir)
                    : observedPartitions(schema, expected, checksums);
            return new Staged(dir, schema, partitions, RowFactory.create(values));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            removeStaging(dir);
            throw new IllegalStateException("interrupted while waiting for the write's metrics", e);
        } catch (RuntimeException e) {
            removeStaging(dir);
            throw e;
        }
    }

    /**
     * A fresh hidden staging directory of {@code schema}'s table ({@code <table>/_staging/<id>},
     * not created yet), after removing any left by a killed run.
     */
    String newStaging(DatasetSchema schema) {
        final String stagingRoot = WarehouseFiles.child(tablePath(schema.table()), STAGING);
        WarehouseFiles.deleteRecursively(stagingRoot);
        return WarehouseFiles.child(stagingRoot, UUID.randomUUID().toString());
    }

    /**
     * Deletes from the staged partitions {@code partitions} (stats rows) of {@code dir} every entry
     * but those named in {@code keep} ({@code <partition key>/<file>}): what task attempts whose
     * results were not taken may have left.
     */
    static void keepOnly(String dir, DatasetSchema schema, List<Row> partitions, java.util.Set<String> keep) {
        ConcurrentFileCalls.forEach(dir, partitions, p -> {
            final String key = Manifests.key(schema, p);
            for (FileStatus f : WarehouseFiles.list(WarehouseFiles.child(dir, key))) {
                if (!keep.contains(key + "/" + f.getPath().getName())) {
                    WarehouseFiles.deleteRecursively(WarehouseFiles.child(WarehouseFiles.child(dir, key), f.getPath().getName()));
                }
            }
        });
    }

    /** Whether the write lists exactly one partition, of no null value (whose directory Spark names otherwise). */
    private static boolean isOnePartition(DatasetSchema schema, List<Row> expected) {
        if (expected == null || expected.size() != 1 || schema.partitionColumns().isEmpty()) {
            return false;
        }
        final Row values = expected.get(0);
        for (int k = 0; k < values.size(); k++) {
            if (values.isNullAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Each row's index in the listed partitions ({@code expected}), or −1 when it lies outside them. */
    private static Column partitionIndex(DatasetSchema schema, List<Row> expected) {
        final List<String> keys = schema.partitionColumns();
        Column index = null;
        for (int p = 0; p < expected.size(); p++) {
            final Row values = expected.get(p);
            if (values.size() != keys.size()) {
                throw new IllegalArgumentException("partition " + values + " does not give a value for each of " + keys);
            }
            Column in = functions.lit(true);
            for (int k = 0; k < keys.size(); k++) {
                in = in.and(functions.col(keys.get(k)).eqNullSafe(functions.lit(values.get(k))));
            }
            index = index == null ? functions.when(in, p) : index.when(in, p);
        }
        return index == null ? functions.lit(-1) : index.otherwise(-1);
    }

    /**
     * The stats rows (partition values, n, h) of the listed partitions that received rows, as
     * the write gathered them; fails when some row lay outside them.
     */
    static List<Row> observedPartitions(DatasetSchema schema, List<Row> expected, PartitionChecksums checksums) {
        final List<Row> partitions = checksums.stats(expected);
        if (checksums.outside() != 0) {
            long all = checksums.outside();
            for (Row p : partitions) {
                all += p.getLong(schema.partitionColumns().size());
            }
            throw new IllegalStateException(checksums.outside() + " of " + all + " rows of " + schema.table()
                    + " lie outside the partitions listed for the write, " + expected);
        }
        return partitions;
    }

    /** The stats rows (partition values, n, h) of a staged write, read back from its files. */
    private static List<Row> readBackPartitions(SparkSession spark, DatasetSchema schema, String dir) {
        final Column[] agg = Manifests.countAndChecksum(schema);
        final Column[] keys = schema.partitionColumns().stream().map(functions::col).toArray(Column[]::new);
        return spark.read().schema(schema.struct()).parquet(dir).groupBy(keys).agg(agg[0], agg[1]).collectAsList();
    }

    /**
     * Removes a staging directory, and the table's and warehouse's directories when that leaves
     * them empty (a first write that failed leaves nothing behind).
     */
    static void removeStaging(String dir) {
        WarehouseFiles.deleteRecursively(dir);
        final String stagingRoot = dir.substring(0, dir.lastIndexOf('/'));
        final String table = stagingRoot.substring(0, stagingRoot.lastIndexOf('/'));
        if (WarehouseFiles.deleteIfEmpty(stagingRoot) && WarehouseFiles.deleteIfEmpty(table)) {
            WarehouseFiles.deleteIfEmpty(table.substring(0, table.lastIndexOf('/')));
        }
    }

    /** The column of a row's content hash, added for the write's observed checksums and dropped before it is written. */
    private static final String HASH = "_gamecensus_row_hash";

    /**
     * Moves each staged partition into its table, replacing the partition of the same values if
     * there is one (a directory rename each: atomic on local and HDFS file systems), then writes
     * the schema file and the partitions' manifests. The partitions' moves, like their manifests,
     * are made several at a time ({@link ConcurrentFileCalls}). The staging directory, with the
     * partitions replaced, is left for the caller to remove, as it must when publishing fails
     * ({@link Staged#discard}): every caller does so once, in a {@code finally}.
     */
    public void publish(SparkSession spark, Staged staged) {
        final DatasetSchema schema = staged.schema();
        final String table = tablePath(schema.table());
        final String replaced = WarehouseFiles.child(staged.dir(), "_replaced");
        ConcurrentFileCalls.forEach(table, staged.partitions(), r -> {
            final String key = Manifests.key(schema, r);
            WarehouseFiles.replaceDirectory(WarehouseFiles.child(staged.dir(), key), WarehouseFiles.child(table, key),
                    WarehouseFiles.child(replaced, key));
        });
        WarehouseFiles.writeAtomically(WarehouseFiles.child(table, SCHEMA_FILE), schema.toJson() + "\n");
        Manifests.record(spark, table, schema, staged.partitions(), staged.files());
    }

    /** The hidden directory of a table under which writes are staged (Spark's readers skip '_' names). */
    static final String STAGING = "_staging";

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
