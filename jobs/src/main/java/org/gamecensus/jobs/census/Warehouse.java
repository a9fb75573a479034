package org.gamecensus.jobs.census;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.DataFrameReader;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.schemas.DatasetSchema;

/**
 * Where the censuses go. The warehouse — {@code <warehouse>/<table>/}, each dataset as Parquet
 * partitioned by its schema's key, with the schema and its version in {@code _schema.json} and a
 * manifest per partition — lives on any Hadoop file system ({@code file:}, {@code hdfs:},
 * {@code s3a:}); by default it is {@code <out>/warehouse}. The published tables, figures and pages
 * go to the local directory {@code <out>} on the driver.
 *
 * <p>Writing a dataset replaces only the partitions present in the new rows, in one commit per
 * table that is atomic as a whole: the rows are staged under {@code _staging/<run>/}, then the
 * commit is decided by one atomic write of its record ({@link CommitRecord}), and only then are
 * the partitions moved in and their manifests written. A crash before the record leaves the table
 * as it was; after it, the commit is completed by whoever comes next ({@link WarehouseRecovery}).
 * Every write happens inside a run ({@link WarehouseRun}) that has claimed its partitions, so
 * concurrent runs write disjoint partitions or are refused. Readers that go through
 * {@link #registerViews} see committed states only.
 */
public final class Warehouse {

    /** Written beside a dataset's partitions after each commit: table, version, Spark schema. */
    public static final String SCHEMA_FILE = "_schema.json";

    /** Written beside a dataset's partitions by each commit, last but for the schema file: the commit's record's name. */
    static final String LAST_COMMIT = "_last_commit";

    /** The warehouse directory of the long runs' state. */
    static final String CHUNKS = "_chunks";

    /** How long a reader waits for a live run to complete a commit before giving up. */
    private static final long COMMIT_WAIT_MILLIS = 10 * 60 * 1000L;

    /** How many times a reader reads the manifests again when commits keep completing meanwhile. */
    static final int READ_ATTEMPTS = 10;

    /** Session setting, for tests: a pause in milliseconds once a commit is decided and before each partition moves in. */
    public static final String PAUSE_COMMIT = "spark.gamecensus.fault.pause-commit-ms";

    /**
     * Session setting, for tests: a local file a commit, once decided, waits for (as long as a
     * reader waits for a commit, at most) before its partitions move in.
     */
    public static final String HOLD_COMMIT = "spark.gamecensus.fault.hold-commit-until";

    private final Path out;

    private final String root;

    /**
     * The files line of each partition's manifest whose files this process trusts, by the
     * partition's directory: it wrote and committed them (their CRC-32s taken as they were
     * written), or checked them ({@link #registerViews(SparkSession, Predicate)}).
     */
    private final Map<String, String> trusted = new HashMap<>();

    /** The commit state in which {@link #registerViews} last read the manifests, or null. */
    private Map<String, String> viewsState;

    /** The views {@link #registerViews} last registered: each table's partitions' files lines by directory (null: no manifests). */
    private Map<String, Map<String, String>> viewed = Map.of();

    /** The run a command opened for all it writes ({@link #openRun}), or null. */
    private WarehouseRun run;

    /** The publication this command's published files go to until it closes, else null. */
    private Publication publication;

    /** The warehouse in {@code <out>/warehouse}. */
    public Warehouse(Path out) {
        this(out, null);
    }

    /** Published files in {@code out}; the warehouse at {@code warehouse} (a URI or path; null: {@code <out>/warehouse}). */
    public Warehouse(Path out, String warehouse) {
        this.out = out.toAbsolutePath().normalize();
        this.root = WarehouseFiles.uri(
                warehouse == null ? this.out.resolve("warehouse").toString() : warehouse);
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
        // An empty name would be the working directory, which no one means.
        if (out.isBlank()) {
            throw new UsageException("--out needs a directory, not an empty name");
        }
        if (warehouse != null && warehouse.isBlank()) {
            throw new UsageException("--warehouse needs a directory or URI, not an empty name");
        }
        final Path path = Path.of(out);
        if (Files.exists(path) && !Files.isDirectory(path)) {
            throw new UsageException("--out " + out + " is a file, not a directory");
        }
        if (warehouse != null) {
            if (WarehouseFiles.isUri(warehouse)
                    && !warehouse.matches("^[A-Za-z]:\\\\.*")
                    && !warehouse.substring(warehouse.indexOf(':') + 1).startsWith("/")) {
                throw new UsageException("--warehouse " + warehouse + ": a URI needs an absolute path, as"
                        + " file:///dir or hdfs://host/dir; give a relative directory without a scheme");
            }
            final String uri = WarehouseFiles.uri(warehouse);
            try {
                final String readOnly = WarehouseFiles.readOnlyScheme(uri);
                if (readOnly != null) {
                    throw new UsageException("--warehouse " + warehouse + ": Hadoop serves " + readOnly
                            + ": read-only; a warehouse needs a file system it can list, write and rename in (a"
                            + " local path, hdfs://, s3a://, …)");
                }
                if (WarehouseFiles.isFile(uri)) {
                    throw new UsageException("--warehouse " + warehouse + " is a file, not a directory");
                }
            } catch (UncheckedIOException | IllegalArgumentException e) {
                throw new UsageException("--warehouse " + warehouse + ": "
                        + String.valueOf(e.getMessage()).split("\n")[0]);
            }
        }
        return new Warehouse(path, warehouse);
    }

    /**
     * Refuses an out directory, or a warehouse, this process cannot write in: the nearest
     * existing directory of each must be writable, and so must the out directory's {@code tables/}
     * and {@code figures/} where they exist (checked before anything runs, writing nothing).
     *
     * @throws UsageException naming the option and the directory
     */
    public void checkWritable() {
        checkLocalWritable("--out", out);
        if (Files.isDirectory(out.resolve("index.html"))) {
            throw new UsageException(
                    "--out " + out + ": " + out.resolve("index.html") + " is a directory, not the page");
        }
        // Published files are moved into these: an existing one must take them.
        for (String published : List.of("tables", "figures")) {
            final Path dir = out.resolve(published);
            if (Files.isSymbolicLink(dir) && !Files.exists(dir)) {
                throw new UsageException("--out " + out + ": " + dir + " is a link to nothing");
            }
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new UsageException("--out " + out + ": " + dir + " is a file, not a directory");
            }
            if (Files.isDirectory(dir) && !Files.isWritable(dir)) {
                throw new UsageException(
                        "--out " + out + ": cannot write in " + dir + " (no permission, or a read-only file system)");
            }
        }
        if (root.startsWith("file:")) {
            checkLocalWritable(
                    "--warehouse",
                    Path.of(new org.apache.hadoop.fs.Path(root).toUri())); // clashes with java.nio.file.Path
            return;
        }
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(root); // clashes with java.nio.file.Path
        while (path.getParent() != null && !WarehouseFiles.exists(path.toString())) {
            path = path.getParent();
        }
        final String existing = path.toString();
        if (!WarehouseFiles.writable(existing)) {
            throw new UsageException("--warehouse " + root + ": cannot write in " + existing + " (no permission)");
        }
    }

    private static void checkLocalWritable(String option, Path dir) {
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return;
        }
        if (!Files.isDirectory(existing)) {
            throw new UsageException(option + " " + dir + ": " + existing + " is a file, not a directory");
        }
        if (!Files.isWritable(existing)) {
            throw new UsageException(option + " " + dir + ": cannot write in " + existing
                    + " (no permission, or a read-only file system)");
        }
    }

    /** The local directory of the published tables, figures and pages. */
    public Path out() {
        return out;
    }

    /**
     * Opens the publication this command's tables, figures and page are written to until it
     * commits ({@link Publication}): until it closes, {@link #publishDir} is its staging directory.
     */
    public Publication openPublication() {
        if (publication != null) {
            throw new IllegalStateException("a publication is open in " + out);
        }
        publication = Publication.open(out, () -> publication = null);
        return publication;
    }

    /**
     * Where published files are written now: the open publication's staging directory, else the
     * output directory itself; {@code tables/}, {@code figures/} and {@code index.html} under it.
     */
    public Path publishDir() {
        return publication != null ? publication.dir() : out;
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

    /**
     * Deletes the warehouse's directory and everything in it: for a scratch warehouse only (the
     * bench's), which holds nothing a reader needs.
     */
    public void deleteScratch() {
        WarehouseFiles.deleteRecursively(root);
    }

    /**
     * Whether a warehouse is there: a directory holding a table (its schema file or its
     * manifests: a table that lost one is a damaged warehouse, not none), or what a run leaves
     * before its first commit (its lease, staged files, a pending commit, a chunked run's chunks).
     * Not an empty directory, nor one of other files: verifying such a directory would pass,
     * checking nothing.
     */
    public boolean exists() {
        if (!WarehouseFiles.isDirectory(root)) {
            return false;
        }
        for (String dir : List.of(WarehouseRun.RUNS, WarehouseRun.STAGING, WarehouseRun.COMMITS, CHUNKS)) {
            if (WarehouseFiles.isDirectory(WarehouseFiles.child(root, dir))) {
                return true;
            }
        }
        for (FileStatus s : WarehouseFiles.list(root)) {
            final String n = s.getPath().getName();
            if (s.isDirectory()
                    && !n.startsWith(".")
                    && !n.startsWith("_")
                    && (has(n) || WarehouseFiles.isDirectory(WarehouseFiles.child(tablePath(n), Manifests.DIR)))) {
                return true;
            }
        }
        return false;
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

    /**
     * Opens the run every write of a command goes through, after completing what dead runs left
     * ({@link WarehouseRecovery}); {@code replace}: the run may replace partitions of other
     * parameters or schema versions. Closed by {@link #closeRun}.
     *
     * @return what the recovery did, a line each
     */
    public List<String> openRun(String command, boolean replace) {
        if (run != null) {
            throw new IllegalStateException("a run is open on " + root + " already");
        }
        run = WarehouseRun.open(root, command, replace);
        try {
            return WarehouseRecovery.recover(root, run);
        } catch (RuntimeException e) {
            closeRun();
            throw e;
        }
    }

    /** Ends the run opened by {@link #openRun} (nothing when none is open). */
    public void closeRun() {
        final WarehouseRun open = run;
        run = null;
        if (open != null) {
            open.close();
        }
    }

    /** The open run's id, or null. */
    public String runId() {
        return run == null ? null : run.id();
    }

    /**
     * Claims partitions for the open run ahead of the writes (so a run that another holds, or
     * whose partitions are of other parameters, is refused before anything is computed); with no
     * run open, nothing: each commit then claims its own partitions, before it computes them.
     *
     * @throws UsageException as {@link WarehouseRun#claim}
     */
    public void claim(DatasetSchema schema, List<TablePartition> partitions) {
        if (run != null) {
            run.claim(schema, partitions);
        }
    }

    /**
     * Does {@code work} in the open run, or in a run of its own opened around it (a job called
     * without the command line), which recovers what dead runs left first.
     */
    <T> T inRun(String what, Function<WarehouseRun, T> work) {
        if (run != null) {
            return work.apply(run);
        }
        openRun(what, false);
        final T result;
        try {
            result = work.apply(run);
        } catch (Throwable e) { // Spark's SparkException too: checked in Java's eyes, thrown undeclared
            try {
                closeRun();
            } catch (RuntimeException closing) {
                e.addSuppressed(closing); // the work's failure is the one to report
            }
            throw e;
        }
        closeRun();
        return result;
    }

    /** The directory of a long run's state: {@code <warehouse>/_chunks/<table>/<run>/}. */
    static String runDir(String root, String table, String run) {
        return WarehouseFiles.child(
                WarehouseFiles.child(WarehouseFiles.child(root, CHUNKS), table),
                run.replaceAll("[^A-Za-z0-9._-]", "_"));
    }

    /**
     * Deletes the state a long run of {@code table} keyed {@code run} left under {@code _chunks}
     * (what an earlier version kept there, say), and the directories it leaves empty.
     */
    public void dropRunState(String table, String run) {
        final String dir = runDir(root, table, run);
        WarehouseFiles.deleteRecursively(dir);
        final String tableDir = dir.substring(0, dir.lastIndexOf('/'));
        if (WarehouseFiles.deleteIfEmpty(tableDir)) {
            WarehouseFiles.deleteIfEmpty(tableDir.substring(0, tableDir.lastIndexOf('/')));
        }
    }

    /**
     * Waits until no run is completing a commit (a commit's moves take a moment: renames and
     * small files); with {@code recover}, completing first the commits that dead runs decided (in
     * a run of its own when none is open), else leaving them (verify reports them). Commits of the
     * open run itself do not count.
     *
     * @throws IllegalStateException when a live run has been completing a commit for ten minutes
     */
    private void awaitCommits(boolean recover) {
        final long deadline = System.currentTimeMillis() + COMMIT_WAIT_MILLIS;
        while (true) {
            WarehouseRecovery.Pending waiting = null;
            boolean dead = false;
            for (WarehouseRecovery.Pending p : WarehouseRecovery.pendingCommits(root)) {
                if (run != null && p.owner().equals(run.id())) {
                    continue;
                }
                if (WarehouseRun.live(root, p.owner())) {
                    waiting = p;
                } else {
                    dead = recover;
                }
            }
            if (dead) {
                if (run != null) {
                    WarehouseRecovery.recover(root, run);
                } else {
                    inRun("recovery before reading", r -> null); // opening a run recovers
                }
                continue;
            }
            if (waiting == null) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException(
                        waiting.table() + ": run " + waiting.owner() + " has been completing commit " + waiting.name()
                                + " for " + COMMIT_WAIT_MILLIS / 60_000 + " minutes");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for a commit to complete", e);
            }
        }
    }

    /**
     * Registers every dataset of the warehouse as a temporary view named after its table, of its
     * committed partitions: once no commit is in progress ({@link #awaitCommits}), exactly the
     * files their manifests list (a table without manifests, written before they existed, by its
     * directory), the manifests read again if a commit completed meanwhile ({@link #unchanged}).
     * A commit that replaces a partition while a query reads it moves the files the view names
     * away, so the query fails on a missing file rather than reading a mix; callers that can, run
     * it again ({@link #isMissingFile}). Every table's files are first checked against their
     * manifests ({@link #registerViews(SparkSession, Predicate)}).
     */
    public List<String> registerViews(SparkSession spark) {
        return registerViews(spark, table -> true);
    }

    /**
     * As {@link #registerViews(SparkSession)}, the files of the tables {@code checked} names
     * first checked against their manifests' sizes and CRC-32s by one Spark job — but those this
     * process committed, whose CRC-32s were taken as they were written — so that no table, page
     * or query result is made of files damaged since they were committed.
     *
     * @throws IllegalStateException naming the damaged partitions (census verify names them all)
     */
    public List<String> registerViews(SparkSession spark, Predicate<String> checked) {
        for (int attempt = 1; ; attempt++) {
            final Map<String, String> before = unchanged(null, true);
            viewsState = before;
            // Every table's committed partitions first, then the check, then the views: a damaged
            // table is never registered.
            final Map<String, Map<String, String>> tables = new LinkedHashMap<>();
            final Map<String, String> unchecked = new TreeMap<>();
            for (String name : before.keySet()) {
                if (name.startsWith("/")) {
                    continue; // the pending commits, not a table
                }
                final Map<String, String> partitions = Manifests.committedPartitions(this, name);
                tables.put(name, partitions);
                if (partitions != null && checked.test(name)) {
                    partitions.forEach((dir, line) -> {
                        if (!line.equals(trusted.get(dir))) {
                            unchecked.put(dir, line);
                        }
                    });
                }
            }
            final List<String> damaged = new ArrayList<>(unchecked.keySet());
            if (!unchecked.isEmpty()) {
                // A match stays good until a commit changes the partition's manifest, and with it its line.
                for (String dir : Manifests.matching(spark, unchecked)) {
                    trusted.put(dir, unchecked.get(dir));
                    damaged.remove(dir);
                }
            }
            if (!damaged.isEmpty() && unchanged(before, true) != null) {
                throw new IllegalStateException("the warehouse is damaged: the files of "
                        + String.join(", ", damaged.stream().map(this::relative).toList())
                        + " differ from their manifests (census verify names every damaged partition; running"
                        + " the census that wrote one again mends it)");
            }
            final List<String> names = damaged.isEmpty() ? views(spark, tables) : null;
            if (names != null && unchanged(before, true) != null) {
                viewed = tables;
                return names;
            }
            if (attempt == READ_ATTEMPTS) {
                throw new IllegalStateException("the warehouse's tables kept changing while their manifests were read ("
                        + READ_ATTEMPTS + " attempts)");
            }
        }
    }

    /**
     * The partitions of {@code table}'s view as {@link #registerViews} last registered it: each
     * partition's files line, by its directory; null for a table read without manifests or not
     * registered.
     */
    Map<String, String> viewedPartitions(String table) {
        return viewed.get(table);
    }

    /**
     * Registers a view of each table of {@code tables} (each with its committed partitions'
     * files lines, null for a table without manifests); returns the names of those registered.
     */
    private List<String> views(SparkSession spark, Map<String, Map<String, String>> tables) {
        final List<String> names = new ArrayList<>();
        tables.forEach((name, partitions) -> {
            if (partitions == null) {
                spark.read().parquet(tablePath(name)).createOrReplaceTempView(name);
                names.add(name);
            } else if (!partitions.isEmpty()) {
                // The declared schema: Spark starts no job to infer it, and reads a partition
                // value as its declared type (a host named 007 stays the string 007).
                final StructType schema = declaredSchema(name);
                final DataFrameReader reader = spark.read().option("basePath", tablePath(name));
                final Dataset<Row> files = (schema == null ? reader : reader.schema(schema))
                        .parquet(Manifests.listedFiles(partitions).toArray(new String[0]));
                withDeclaredComments(files, schema).createOrReplaceTempView(name);
                names.add(name);
            }
        });
        return names;
    }

    /**
     * {@code files} with each column's comment as {@code schema} declares it (null: as read).
     * Spark drops the partition columns' comments when it reads partitioned files; DESCRIBE shows
     * them again. One projection of every column, in the order read, each the same column under
     * its declared metadata: types, order and partition pruning unchanged.
     */
    private static Dataset<Row> withDeclaredComments(Dataset<Row> files, StructType schema) {
        if (schema == null) {
            return files;
        }
        final StructField[] read = files.schema().fields();
        boolean differs = false;
        final Column[] columns = new Column[read.length];
        for (int i = 0; i < read.length; i++) {
            final String name = read[i].name();
            final Metadata declared = schema.apply(name).metadata();
            differs |= !declared.equals(read[i].metadata());
            columns[i] = files.col(name).as(name, declared);
        }
        return differs ? files.select(columns) : files;
    }

    /** The Spark schema in the table's {@code _schema.json}, partition columns included; null without one. */
    private StructType declaredSchema(String table) {
        final String json = WarehouseFiles.readIfPresent(WarehouseFiles.child(tablePath(table), SCHEMA_FILE));
        return json == null ? null : DatasetSchema.structFromJson(json);
    }

    /**
     * The warehouse's commit state — each table's last commit, and the decided commits pending
     * (other runs') — after waiting for commits in progress ({@link #awaitCommits}, completing
     * dead runs' when {@code recover}; else only live runs' are waited for). With {@code before}
     * (from an earlier call), null unless the state is still that one and no live run is
     * completing a commit: a reader that read the manifests between the two calls read one
     * committed state of each table.
     */
    Map<String, String> unchanged(Map<String, String> before, boolean recover) {
        if (before == null) {
            awaitCommits(recover);
        }
        // The tables in name order, then "/pending" (a key no table can have).
        final Map<String, String> state = new TreeMap<>();
        final List<String> pending = new ArrayList<>();
        for (WarehouseRecovery.Pending p : WarehouseRecovery.pendingCommits(root)) {
            if (run != null && p.owner().equals(run.id())) {
                continue;
            }
            if (before != null && WarehouseRun.live(root, p.owner())) {
                return null;
            }
            pending.add(p.file());
        }
        state.put("/pending", String.join(",", pending));
        for (String table : tables()) {
            state.put(
                    table,
                    String.valueOf(WarehouseFiles.readIfPresent(WarehouseFiles.child(tablePath(table), LAST_COMMIT))));
        }
        return before == null || before.equals(state) ? state : null;
    }

    /**
     * Whether a commit may have moved files since {@link #registerViews} last read the manifests
     * (or no views were registered): false means a file the views name that is missing was lost,
     * not moved by a commit.
     */
    public boolean committedSinceViews() {
        return viewsState == null || unchanged(viewsState, false) == null;
    }

    /**
     * Whether a failure came of a file that is not there (any cause in its chain): a file system's,
     * or Spark's own when it lists the files of a view ({@code PATH_NOT_FOUND}).
     */
    public static boolean isMissingFile(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof FileNotFoundException
                    || t instanceof AnalysisException a && "PATH_NOT_FOUND".equals(a.getErrorClass())
                    || String.valueOf(t.getMessage()).contains("FileNotFoundException")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Rows written to a staging directory of the run ({@code _staging/<run>/<n>-<table>}), not
     * yet visible: the per-partition counts and checksums for the manifests ({@code partitions}:
     * partition values, n, h as {@link Manifests#countAndChecksum} gives them), the manifest
     * entries of the files as their writers made them
     * (partition key → file name → entry; may be empty, or partial) and each partition's
     * parameters by its key.
     */
    public record Staged(
            String dir,
            DatasetSchema schema,
            List<Row> partitions,
            Map<String, Map<String, FileEntry>> files,
            Map<String, String> parameters,
            Map<String, String> summaries) {
        public Staged {
            files = Map.copyOf(files);
            parameters = Map.copyOf(parameters);
            summaries = Map.copyOf(summaries);
        }
    }

    /** Each partition's parameters by its key. */
    static Map<String, String> parameters(DatasetSchema schema, List<TablePartition> partitions) {
        final Map<String, String> byKey = new HashMap<>();
        for (TablePartition p : partitions) {
            byKey.put(Manifests.key(schema, p.values()), p.parameters());
        }
        return byKey;
    }

    /**
     * Deletes from the staged partitions {@code partitions} (stats rows) of {@code dir} every file
     * of the write {@code writeId} but those named in {@code keep} ({@code <partition key>/<file>}):
     * what task attempts whose results were not taken may have left. Other writes' files (a
     * chunked run's earlier chunks) stay.
     */
    static void keepOnly(String dir, DatasetSchema schema, List<Row> partitions, Set<String> keep, String writeId) {
        ConcurrentFileCalls.forEach(dir, partitions, p -> {
            final String key = Manifests.key(schema, p);
            for (FileStatus f : WarehouseFiles.list(WarehouseFiles.child(dir, key))) {
                final String name = f.getPath().getName();
                if (name.contains(writeId) && !keep.contains(key + "/" + name)) {
                    WarehouseFiles.deleteRecursively(WarehouseFiles.child(WarehouseFiles.child(dir, key), name));
                }
            }
        });
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

    /**
     * Commits staged partitions: writes their manifests' text from the staged files, decides the
     * commit by writing its record ({@link CommitRecord}), then completes it — each staged
     * partition moved into the table (the partition it replaces moved aside), the manifests and
     * the schema file written, the staging and {@code cleanup} deleted. A failure before the
     * record leaves the table untouched; after it, completing is tried twice more, and when it
     * still fails the record stays for the next run to complete. The moves and manifests are made
     * several at a time on a remote file system ({@link ConcurrentFileCalls}).
     */
    void publish(SparkSession spark, WarehouseRun run, Staged staged, List<String> cleanup) {
        final DatasetSchema schema = staged.schema();
        final String table = tablePath(schema.table());
        final Map<String, String> manifests = Manifests.texts(
                spark,
                staged.dir(),
                schema,
                staged.partitions(),
                staged.files(),
                staged.parameters(),
                staged.summaries());
        final List<CommitRecord.Move> moves = new ArrayList<>();
        for (Row r : staged.partitions()) {
            final String key = Manifests.key(schema, r);
            if (!run.holds(schema.table(), key)) {
                throw new IllegalStateException(
                        "run " + run.id() + " commits " + schema.table() + "/" + key + " without having claimed it");
            }
            moves.add(new CommitRecord.Move(
                    key,
                    WarehouseFiles.child(staged.dir(), key),
                    WarehouseFiles.child(WarehouseFiles.child(staged.dir(), "_replaced"), key),
                    manifests.get(key)));
        }
        final List<String> deleted = new ArrayList<>(List.of(staged.dir()));
        deleted.addAll(cleanup);
        final CommitRecord record = new CommitRecord(
                run.root(), run.newRecordFile(schema.table()), schema.table(), table, schema.toJson(), moves, deleted);
        final long pause = Long.parseLong(spark.conf().get(PAUSE_COMMIT, "0").strip());
        final Set<String> keys = new HashSet<>();
        moves.forEach(m -> keys.add(m.key()));
        run.settleCommitsOn(schema.table(), keys);
        run.recheckIdentities(schema, keys);
        run.checkLease();
        // Noted decided before the record is written: a write that fails after its rename took
        // effect leaves a record whose staging must stay.
        run.decided(staged.dir());
        try {
            record.write(run.id());
        } catch (RuntimeException e) {
            if (!WarehouseFiles.exists(record.file())) {
                run.undecided(staged.dir());
            }
            throw e;
        }
        holdUntil(spark.conf().get(HOLD_COMMIT, ""));
        for (int attempt = 1; ; attempt++) {
            try {
                pause(pause);
                record.complete(run.id(), () -> {
                    run.checkRenewed();
                    pause(pause);
                });
                break;
            } catch (RuntimeException e) {
                if (attempt == 3) {
                    throw new IllegalStateException(
                            "the commit of " + schema.table() + " was decided but could not be" + " completed ("
                                    + e.getMessage() + "); the next run, or census verify --repair, completes it",
                            e);
                }
                pause(100L * attempt);
            }
        }
        run.completed(staged.dir());
        run.completedOn(schema.table(), record.name());
        for (CommitRecord.Move m : moves) {
            trusted.put(
                    WarehouseFiles.child(table, m.key()),
                    Manifests.parse(m.manifest()).getProperty("files", ""));
        }
    }

    /** {@code path}, in the warehouse, relative to it. */
    private String relative(String path) {
        final String relative = WarehouseFiles.relative(root, path);
        return relative == null ? path : relative;
    }

    /** Waits until {@code file} exists ("" for none: at once), as long as a reader waits for a commit at most. */
    private static void holdUntil(String file) {
        if (file.isBlank()) {
            return;
        }
        final long end = System.nanoTime() + COMMIT_WAIT_MILLIS * 1_000_000L;
        while (!Files.exists(Path.of(file))
                && System.nanoTime() < end
                && !Thread.currentThread().isInterrupted()) {
            pause(50);
        }
    }

    private static void pause(long millis) {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Writes a small local text file by a rename, so a reader never sees half of it. */
    public static void writeAtomically(Path file, String text) {
        try {
            Files.createDirectories(file.getParent());
            final Path tmp = file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
