package org.gamecensus.jobs.census;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.schemas.DatasetSchema;
import org.gamecensus.schemas.PartitionSummary;

/**
 * One manifest per committed partition of a dataset, in {@code <table>/_manifest/}: the table,
 * its schema version, the project version, when it was written, the row count and an
 * order-independent content checksum (the sum of xxhash64 over every row), and every Parquet file
 * with its size and CRC-32. {@link #verify} re-reads the warehouse against them, so a truncated or
 * altered file is reported rather than silently read.
 */
public final class Manifests {

    static final String DIR = "_manifest";

    /** A manifest's line naming its summary's columns ({@link org.gamecensus.schemas.PartitionSummary}), where the schema has one. */
    static final String SUMMARY_COLUMNS = "summary_columns";

    /** A manifest's line of its partition's counts ({@link SummaryCounts#text}). */
    static final String SUMMARY = "summary";

    /** A manifest's line of its summary's definition ({@link org.gamecensus.schemas.PartitionSummary#definition}). */
    static final String SUMMARY_DEFINITION = "summary_definition";

    /** A manifest's line of the CRC-32 of its summary's other three lines, so that a damaged count is found. */
    static final String SUMMARY_CRC = "summary_crc32";

    private Manifests() {}

    /** The project version, from the jar manifest when packaged. */
    static String projectVersion() {
        final String v = Manifests.class.getPackage().getImplementationVersion();
        return v == null ? "0.1.0-SNAPSHOT" : v;
    }

    /**
     * The row count and content checksum of a dataset, as two aggregate columns: {@code COUNT(*)}
     * and the sum of xxhash64 over every data column (order-independent), as a decimal string.
     * The same expression serves the commit (over the rows in memory) and {@link #verify} (over
     * the rows read back), so the two agree exactly when the files hold the committed rows.
     */
    static Column[] countAndChecksum(DatasetSchema schema) {
        return new Column[] {
            org.apache
                    .spark
                    .sql
                    .functions
                    .count(org.apache.spark.sql.functions.lit(1))
                    .as("n"),
            org.apache
                    .spark
                    .sql
                    .functions
                    .sum(rowHash(schema).cast("decimal(38,0)"))
                    .cast("string")
                    .as("h")
        };
    }

    /** A row's content hash: xxhash64 over every data column (the partition columns excluded). */
    static Column rowHash(DatasetSchema schema) {
        final List<Column> data = new ArrayList<>();
        for (String f : schema.struct().fieldNames()) {
            if (!schema.partitionColumns().contains(f)) {
                data.add(org.apache.spark.sql.functions.col(f));
            }
        }
        return org.apache.spark.sql.functions.xxhash64(data.toArray(new Column[0]));
    }

    /** Rows and checksum per partition (partition values, n, h) of a table, read back from Parquet. */
    private static List<Row> checksums(SparkSession spark, String table, DatasetSchema schema) {
        final Column[] agg = countAndChecksum(schema);
        final List<Column> keys = new ArrayList<>();
        for (String c : schema.partitionColumns()) {
            keys.add(org.apache.spark.sql.functions.col(c));
        }
        return DriverRows.of(
                files(spark, table, schema).groupBy(keys.toArray(new Column[0])).agg(agg[0], agg[1]));
    }

    /**
     * Every data file of {@code table} ({@code *.parquet}, as the manifests list them) read with
     * the declared schema: a partition value reads as its declared type, so its key is the
     * manifest's.
     */
    private static Dataset<Row> files(SparkSession spark, String table, DatasetSchema schema) {
        return spark.read()
                .schema(schema.struct())
                .option("pathGlobFilter", "*.parquet")
                .parquet(table);
    }

    /**
     * The manifest of each partition of {@code stats} (partition values, then n and h, as
     * {@link #countAndChecksum} makes them) staged under {@code staged}, by partition key: the
     * table, the schema version, the partition's parameters ({@code parameters}, by key), the
     * project version, when it was made, the row count and checksum, and the files as they are
     * staged — each file's entry taken from {@code written} (partition key → file name → entry,
     * as its writer made it) when it is there and the size on disk matches, else read by a Spark
     * job ({@link #files(SparkSession, Map)}), and the partition's counts where the schema has a
     * summary and {@code summaries} (by key) holds them. The names, sizes and checksums stay the same when
     * the partitions move into their table.
     */
    static Map<String, String> texts(
            SparkSession spark,
            String staged,
            DatasetSchema schema,
            List<Row> stats,
            Map<String, Map<String, FileEntry>> written,
            Map<String, String> parameters,
            Map<String, String> summaries) {
        final Map<String, String> files = files(spark, staged, schema, stats, written);
        final String now = Instant.now().toString();
        final Map<String, String> texts = new HashMap<>();
        for (Row r : stats) {
            final String key = key(schema, r);
            final Properties p = new Properties();
            p.setProperty("table", schema.table());
            p.setProperty("schema_version", String.valueOf(schema.version()));
            p.setProperty("parameters", parameters.getOrDefault(key, ""));
            p.setProperty("project_version", projectVersion());
            p.setProperty("written_at", now);
            p.setProperty("partition", key);
            p.setProperty(
                    "rows", String.valueOf(r.getLong(schema.partitionColumns().size())));
            p.setProperty("checksum", r.getString(schema.partitionColumns().size() + 1));
            p.setProperty("files", files.get(key));
            if (schema.summary() != null && summaries.containsKey(key)) {
                final String columns = String.join(",", schema.summary().columns());
                final String definition = schema.summary().definition(schema);
                p.setProperty(SUMMARY_COLUMNS, columns);
                p.setProperty(SUMMARY_DEFINITION, definition);
                p.setProperty(SUMMARY, summaries.get(key));
                p.setProperty(SUMMARY_CRC, summaryCrc(columns, definition, summaries.get(key)));
            }
            texts.put(key, WarehouseRun.store(p, "gamecensus manifest"));
        }
        return texts;
    }

    /** The manifest file of partition {@code key} of the table in {@code tableDir}. */
    static String manifestFile(String tableDir, String key) {
        return WarehouseFiles.child(WarehouseFiles.child(tableDir, DIR), key.replace('/', ',') + ".properties");
    }

    /** A manifest's (or any properties file's) entries, from its text. */
    static Properties parse(String text) {
        final Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    /**
     * The files line of each of {@code table}'s committed partitions, as its manifest gives it, by
     * the partition's directory (in the manifests' order); null for a table without manifests
     * (written before they existed).
     */
    static Map<String, String> committedPartitions(Warehouse warehouse, String table) {
        final String tableDir = warehouse.tablePath(table);
        final String dir = WarehouseFiles.child(tableDir, DIR);
        if (!WarehouseFiles.isDirectory(dir)) {
            return null;
        }
        final Map<String, String> partitions = new LinkedHashMap<>();
        for (Map.Entry<String, Properties> m : read(dir).entrySet()) {
            final String damage = damage(m.getKey(), m.getValue());
            if (damage != null) {
                throw new IllegalStateException("the manifest " + WarehouseFiles.child(dir, m.getKey())
                        + " is damaged (" + damage + "); census verify names it, and a run of its census"
                        + " with --replace writes the table again");
            }
            partitions.put(
                    WarehouseFiles.child(tableDir, m.getValue().getProperty("partition")),
                    m.getValue().getProperty("files"));
        }
        return partitions;
    }

    /** The manifests of {@code table}'s partitions, by the partition's directory (none for a table without them). */
    static Map<String, Properties> byPartition(Warehouse warehouse, String table) {
        final String tableDir = warehouse.tablePath(table);
        final String dir = WarehouseFiles.child(tableDir, DIR);
        final Map<String, Properties> manifests = new HashMap<>();
        if (WarehouseFiles.isDirectory(dir)) {
            for (Properties p : read(dir).values()) {
                if (p.getProperty("partition") != null) {
                    manifests.put(WarehouseFiles.child(tableDir, p.getProperty("partition")), p);
                }
            }
        }
        return manifests;
    }

    /** The manifests in {@code dir}, by file name in the listing's order: several read at a time on a remote file system. */
    private static Map<String, Properties> read(String dir) {
        final List<String> names = WarehouseFiles.list(dir).stream()
                .filter(m -> m.isFile()
                        && m.getPath().getName().endsWith(".properties")
                        && !m.getPath().getName().startsWith("."))
                .map(m -> m.getPath().getName())
                .toList();
        final List<Properties> read = ConcurrentFileCalls.map(
                dir, names, name -> WarehouseFiles.readProperties(WarehouseFiles.child(dir, name)));
        final Map<String, Properties> manifests = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            manifests.put(names.get(i), read.get(i));
        }
        return manifests;
    }

    /**
     * What is wrong with manifest {@code p}, read from the file {@code name}, or null when nothing
     * is: it names its partition (the file's name, '/' written ','), and has its files, a whole
     * row count and a checksum.
     */
    static String damage(String name, Properties p) {
        final String partition = p.getProperty("partition");
        if (partition == null || !(partition.replace('/', ',') + ".properties").equals(name)) {
            return "its partition line is " + (partition == null ? "missing" : "not its file's name");
        }
        if (p.getProperty("files") == null || p.getProperty("checksum") == null) {
            return "its " + (p.getProperty("files") == null ? "files" : "checksum") + " line is missing";
        }
        try {
            Long.parseLong(p.getProperty("rows", ""));
        } catch (NumberFormatException e) {
            return "its rows line is not a count";
        }
        return null;
    }

    /**
     * What is wrong with manifest {@code p}'s summary lines, or null when nothing is (or it has
     * none): all four there and their CRC-32 matching. A manifest with a damaged summary still
     * lists its files; its counts are not read.
     */
    static String summaryDamage(Properties p) {
        final String columns = p.getProperty(SUMMARY_COLUMNS);
        final String definition = p.getProperty(SUMMARY_DEFINITION);
        final String summary = p.getProperty(SUMMARY);
        final String crc = p.getProperty(SUMMARY_CRC);
        if (columns == null && definition == null && summary == null && crc == null) {
            return null;
        }
        if (columns == null
                || definition == null
                || summary == null
                || !summaryCrc(columns, definition, summary).equals(crc)) {
            return "its summary lines do not match their CRC-32";
        }
        return null;
    }

    /**
     * Whether a manifest keeps counts of {@code schema}'s summary as it is declared now: intact
     * ({@link #summaryDamage}), of its columns and of its definition — the counts a reader may take.
     */
    static Predicate<Properties> keepsCountsOf(DatasetSchema schema) {
        final String columns = String.join(",", schema.summary().columns());
        final String definition = schema.summary().definition(schema);
        return p -> p.getProperty(SUMMARY) != null
                && summaryDamage(p) == null
                && columns.equals(p.getProperty(SUMMARY_COLUMNS))
                && definition.equals(p.getProperty(SUMMARY_DEFINITION));
    }

    /** The CRC-32 of a summary's columns, definition and counts lines, in hexadecimal. */
    static String summaryCrc(String columns, String definition, String summary) {
        final CRC32 crc = new CRC32();
        crc.update((columns + "\n" + definition + "\n" + summary).getBytes(StandardCharsets.UTF_8));
        return Long.toHexString(crc.getValue());
    }

    /**
     * The files that {@code partitions} ({@link #committedPartitions}) list, as paths: the names
     * alone, so that a manifest whose figures are damaged still names its files (verify says it).
     */
    static List<String> listedFiles(Map<String, String> partitions) {
        final List<String> files = new ArrayList<>();
        partitions.forEach((partition, line) -> {
            for (String entry : line.split(",")) {
                if (!entry.isEmpty()) {
                    files.add(WarehouseFiles.child(partition, FileEntry.nameOf(entry)));
                }
            }
        });
        return files;
    }

    /** The partition's directory path under its table, {@code col=value/…}, as Spark names it. */
    static String key(DatasetSchema schema, Row r) {
        final List<String> parts = new ArrayList<>();
        for (int i = 0; i < schema.partitionColumns().size(); i++) {
            parts.add(schema.partitionColumns().get(i) + "=" + escape(String.valueOf(r.get(i))));
        }
        return String.join("/", parts);
    }

    /** Spark's escaping of partition values in directory names (':' and the like). */
    private static String escape(String value) {
        final StringBuilder b = new StringBuilder();
        for (char c : value.toCharArray()) {
            if (c < 0x20 || c == 0x7F || "\"#%'*/:=?\\{[]^".indexOf(c) >= 0) {
                b.append(String.format(Locale.ROOT, "%%%02X", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /**
     * The files line of each partition of {@code stats} (partition values first) under
     * {@code dir}, by partition key: "name:size:crc32" for every Parquet file, sorted by name, the
     * entry taken from {@code written} (partition key → file name → entry, as its writer made it)
     * while the size listed matches, any other file read by a Spark job
     * ({@link #files(SparkSession, Map)}). Fails when a partition cannot be listed.
     */
    static Map<String, String> files(
            SparkSession spark,
            String dir,
            DatasetSchema schema,
            List<Row> stats,
            Map<String, Map<String, FileEntry>> written) {
        final Map<String, String> directories = new HashMap<>();
        final Map<String, Map<String, FileEntry>> byDirectory = new HashMap<>();
        for (Row r : stats) {
            final String key = key(schema, r);
            directories.put(key, WarehouseFiles.child(dir, key));
            byDirectory.put(directories.get(key), written.getOrDefault(key, Map.of()));
        }
        final Map<String, String> lines = files(spark, byDirectory);
        final Map<String, String> byKey = new HashMap<>();
        directories.forEach((key, directory) -> {
            if (!lines.containsKey(directory)) {
                throw new IllegalStateException("cannot list the partition " + directory);
            }
            byKey.put(key, lines.get(directory));
        });
        return byKey;
    }

    /** The Parquet files of a partition directory, in name order (empty when it is missing). */
    private static List<FileStatus> parquetFiles(String partition) {
        return WarehouseFiles.list(partition).stream()
                .filter(f -> f.isFile() && f.getPath().getName().endsWith(".parquet"))
                .toList();
    }

    /**
     * The files line of each partition directory in {@code written} (its URI → file name → the
     * entry its writer made; empty when none did): "name:size:crc32" for every Parquet file,
     * sorted by name. A writer's entry is taken while the size listed matches, and every other
     * file's CRC-32 comes from one Spark job over all the directories ({@link FileChecksums}), so
     * the driver reads no file; the driver lists the directories several at a time
     * ({@link ConcurrentFileCalls}). A directory that cannot be listed has no line.
     */
    static Map<String, String> files(SparkSession spark, Map<String, Map<String, FileEntry>> written) {
        final List<String> directories = new ArrayList<>(written.keySet());
        final List<List<FileStatus>> listings =
                ConcurrentFileCalls.map(directories.isEmpty() ? null : directories.get(0), directories, directory -> {
                    try {
                        return parquetFiles(directory);
                    } catch (RuntimeException ex) {
                        return null; // not listed: no line
                    }
                });
        final Map<String, List<FileStatus>> listed = new HashMap<>();
        final List<FileStatus> unknown = new ArrayList<>();
        for (int d = 0; d < directories.size(); d++) {
            final List<FileStatus> files = listings.get(d);
            if (files != null) {
                listed.put(directories.get(d), files);
                for (FileStatus f : files) {
                    if (known(written.get(directories.get(d)), f) == null) {
                        unknown.add(f);
                    }
                }
            }
        }
        final Map<String, Long> crcs = FileChecksums.of(spark, unknown);
        final Map<String, String> lines = new HashMap<>();
        listed.forEach((partition, files) -> lines.put(
                partition,
                files.stream()
                        .map(f -> {
                            final FileEntry entry = known(written.get(partition), f);
                            return (entry != null
                                            ? entry
                                            : new FileEntry(
                                                    f.getPath().getName(),
                                                    f.getLen(),
                                                    crcs.get(f.getPath().toString())))
                                    .toString();
                        })
                        .collect(Collectors.joining(","))));
        return lines;
    }

    /** The writer's entry of {@code f} (by name) when it gives the size listed; else null. */
    private static FileEntry known(Map<String, FileEntry> written, FileStatus f) {
        final FileEntry entry = written.get(f.getPath().getName());
        return entry != null && entry.size() == f.getLen() ? entry : null;
    }

    /**
     * Which of the partition directories in {@code expected} (each with the files line of its
     * manifest) hold exactly those files, with the same sizes and CRC-32s, every file read by one
     * Spark job ({@link #files(SparkSession, Map)}); a directory that cannot be listed does not match.
     */
    static Set<String> matching(SparkSession spark, Map<String, String> expected) {
        final Set<String> matching = new HashSet<>(expected.keySet());
        matching.removeAll(differing(spark, expected).keySet());
        return matching;
    }

    /**
     * The partitions of {@code expected} (directory URI → its manifest's files line) whose files
     * differ from it, each with what differs ({@link #difference}).
     */
    static Map<String, String> differing(SparkSession spark, Map<String, String> expected) {
        final Map<String, Map<String, FileEntry>> none = new HashMap<>();
        expected.keySet().forEach(partition -> none.put(partition, Map.of()));
        final Map<String, String> got = files(spark, none);
        final Map<String, String> differing = new HashMap<>();
        expected.forEach((partition, files) -> {
            if (!files.equals(got.get(partition))) {
                differing.put(partition, difference(files, got.get(partition)));
            }
        });
        return differing;
    }

    /**
     * What differs between a manifest's files line and the files found ({@code null}: the
     * directory could not be listed), one phrase per file, the first three: a file missing, one not
     * in the manifest, one unreadable, one of another size, one of the same size whose CRC-32
     * differs (altered).
     */
    static String difference(String expected, String found) {
        if (found == null) {
            return "its directory cannot be listed";
        }
        final Map<String, FileEntry> listed = new TreeMap<>();
        final Map<String, FileEntry> there = new TreeMap<>();
        try {
            FileEntry.parseLine(expected).forEach(e -> listed.put(e.name(), e));
            FileEntry.parseLine(found).forEach(e -> there.put(e.name(), e));
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        final List<String> phrases = new ArrayList<>();
        listed.forEach((name, e) -> {
            final FileEntry f = there.get(name);
            if (f == null) {
                phrases.add(name + " missing");
            } else if (f.crc32() == FileEntry.UNREADABLE) {
                phrases.add(name + " unreadable");
            } else if (f.size() != e.size()) {
                phrases.add(name + " " + f.size() + " bytes, the manifest says " + e.size());
            } else if (f.crc32() != e.crc32()) {
                phrases.add(name + " altered: its CRC-32 differs, same size");
            }
        });
        there.keySet().stream()
                .filter(name -> !listed.containsKey(name))
                .forEach(name -> phrases.add(name + " not in the manifest"));
        if (phrases.isEmpty()) {
            return "the files line differs: " + found;
        }
        final int shown = Math.min(3, phrases.size());
        return String.join("; ", phrases.subList(0, shown))
                + (phrases.size() > shown ? "; and " + (phrases.size() - shown) + " more" : "");
    }

    /**
     * The manifest, read once, when it is there and the files of {@code dir} match it (their
     * CRC-32s computed by Spark tasks, {@link FileChecksums}); else null.
     */
    private static Properties read(SparkSession spark, String dir, String manifest) {
        if (!WarehouseFiles.isFile(manifest) || !WarehouseFiles.isDirectory(dir)) {
            return null;
        }
        try {
            final Properties p = WarehouseFiles.readProperties(manifest);
            final String files = p.getProperty("files");
            return files != null
                            && !files.isEmpty()
                            && matching(spark, Map.of(dir, files)).contains(dir)
                    ? p
                    : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Whether the committed partition {@code partition} (its values, in the order of the schema's
     * partition columns) of {@code schema}'s table has its manifest, written by this schema
     * version, and its files still match it.
     */
    public static boolean intact(SparkSession spark, Warehouse warehouse, DatasetSchema schema, Row partition) {
        final String table = warehouse.tablePath(schema.table());
        final String key = key(schema, partition);
        final Properties p = read(
                spark,
                WarehouseFiles.child(table, key),
                WarehouseFiles.child(WarehouseFiles.child(table, DIR), key.replace('/', ',') + ".properties"));
        return p != null && String.valueOf(schema.version()).equals(p.getProperty("schema_version"));
    }

    /**
     * What {@link #verify} found: the partitions it checked ({@code table/key}), one line per
     * problem (none when the warehouse is intact), whether runs that died left work undone (a
     * pending commit, staged files, leases: {@code census verify --repair} completes or clears
     * it), and, sorted, the partitions found damaged: files or rows that differ from their
     * manifests, or directories without one (not those a pending commit moves, which are reported
     * as mid-commit). Only its census, run again, mends a damaged partition.
     */
    public record Verified(List<String> partitions, List<String> problems, boolean leftovers, List<String> damaged) {
        public Verified {
            partitions = List.copyOf(partitions);
            problems = List.copyOf(problems);
            damaged = damaged.stream().sorted().toList();
        }
    }

    /**
     * Checks every manifest of every table: the files (names, sizes, CRC-32), then the rows (count
     * and checksum, re-read), and what runs that ended midway left. Both reads run as Spark jobs,
     * so on a cluster the executors read the files and the driver only lists them and reads the
     * manifests.
     */
    public static Verified verify(SparkSession spark, Warehouse warehouse, List<DatasetSchema> schemas) {
        // A commit completed while the files are read can make them differ from the manifests read
        // before: the check runs again on the state since.
        for (int attempt = 1; ; attempt++) {
            final Map<String, String> before = warehouse.unchanged(null, false);
            final List<String> seen = new ArrayList<>();
            final List<String> damaged = new ArrayList<>();
            final List<String> leftovers = WarehouseRecovery.findings(warehouse);
            final List<String> problems = new ArrayList<>(leftovers);
            problems.addAll(verifyOnce(spark, warehouse, schemas, seen, damaged));
            if (problems.isEmpty()
                    || warehouse.unchanged(before, false) != null
                    || attempt == Warehouse.READ_ATTEMPTS) {
                return new Verified(seen, problems, !leftovers.isEmpty(), damaged);
            }
        }
    }

    /** The partition directories of {@code table}, {@code depth} levels of {@code column=value}, by key. */
    private static List<String> partitionDirectories(String table, int depth) {
        List<String> keys = List.of("");
        for (int level = 0; level < depth; level++) {
            final List<String> deeper = new ArrayList<>();
            for (String key : keys) {
                for (FileStatus f : WarehouseFiles.list(key.isEmpty() ? table : WarehouseFiles.child(table, key))) {
                    final String name = f.getPath().getName();
                    if (f.isDirectory() && name.contains("=") && !name.startsWith("_") && !name.startsWith(".")) {
                        deeper.add(key.isEmpty() ? name : key + "/" + name);
                    }
                }
            }
            keys = deeper;
        }
        return keys;
    }

    private static List<String> verifyOnce(
            SparkSession spark,
            Warehouse warehouse,
            List<DatasetSchema> schemas,
            List<String> checked,
            List<String> damaged) {
        final List<String> problems = new ArrayList<>();
        // Every table's manifests first, so that one job checks the files of all their partitions.
        final Map<DatasetSchema, TreeMap<String, Properties>> manifests = new LinkedHashMap<>();
        final Map<String, String> expected = new HashMap<>();
        // The partitions a decided commit moves, and its record: while it is not complete, their
        // files may differ from their manifests without any damage.
        final Map<String, String> midCommit = new HashMap<>();
        for (DatasetSchema schema : schemas) {
            final String table = warehouse.tablePath(schema.table());
            final String dir = WarehouseFiles.child(table, DIR);
            if (!WarehouseFiles.isDirectory(dir)) {
                continue;
            }
            final TreeMap<String, Properties> byPartition = new TreeMap<>();
            final Set<String> damagedManifests = new HashSet<>();
            try {
                for (Map.Entry<String, Properties> m : read(dir).entrySet()) {
                    final String damage = damage(m.getKey(), m.getValue());
                    if (damage == null) {
                        final String partition = m.getValue().getProperty("partition");
                        byPartition.put(partition, m.getValue());
                        final String summary = summaryDamage(m.getValue());
                        if (summary != null) {
                            problems.add(schema.table() + "/" + partition + ": the manifest " + m.getKey() + " is"
                                    + " damaged (" + summary + "); its counts are not read (the published tables"
                                    + " count the partition's rows instead), and running its census again writes it"
                                    + " afresh");
                            damaged.add(schema.table() + "/" + partition);
                        }
                    } else {
                        damagedManifests.add(m.getKey());
                        problems.add(schema.table() + ": the manifest " + m.getKey() + " is damaged (" + damage
                                + "); a run of its census with --replace writes the table again");
                    }
                }
            } catch (UncheckedIOException e) {
                problems.add(schema.table() + ": cannot read manifests: " + e.getMessage());
                continue;
            }
            manifests.put(schema, byPartition);
            if (!warehouse.has(schema.table())) {
                problems.add(schema.table() + ": its " + Warehouse.SCHEMA_FILE + " is missing (census sql does not"
                        + " see the table; a run of its census writes it again)");
            }
            // A partition's directory with no manifest is no part of the table (its manifest
            // deleted, or files put there by hand): census sql leaves it out, a reader of the
            // directory does not. Moved in with its manifest still to come, it is a pending commit's.
            for (WarehouseRecovery.Pending p : WarehouseRecovery.pendingCommits(warehouse.root(), schema.table())) {
                final List<String> keys = CommitRecord.keys(p.file());
                final String completes = WarehouseRun.live(warehouse.root(), p.owner())
                        ? "its run, still live, completes it"
                        : "verify --repair completes it; then verify again";
                for (String key : keys == null ? List.<String>of() : keys) {
                    midCommit.put(schema.table() + "/" + key, "commit " + p.name() + " moves it (" + completes + ")");
                }
            }
            for (String key :
                    partitionDirectories(table, schema.partitionColumns().size())) {
                if (!byPartition.containsKey(key) && !midCommit.containsKey(schema.table() + "/" + key)) {
                    damaged.add(schema.table() + "/" + key);
                    if (damagedManifests.contains(key.replace('/', ',') + ".properties")) {
                        continue; // its manifest is there, and reported damaged above
                    }
                    problems.add(schema.table() + "/" + key + ": a partition directory without a manifest"
                            + " (census sql leaves it out; readers of the table's files do not): remove it if it"
                            + " was put there by hand; if its manifest was lost, a run of the census that wrote"
                            + " it writes it again");
                }
            }
            byPartition.forEach((key, p) -> {
                if (p.getProperty("files") != null) { // else the files cannot match
                    expected.put(WarehouseFiles.child(table, key), p.getProperty("files"));
                }
            });
        }
        final Map<String, String> differing = differing(spark, expected);
        for (var t : manifests.entrySet()) {
            final DatasetSchema schema = t.getKey();
            final String table = warehouse.tablePath(schema.table());
            boolean filesOk = true;
            for (var e : t.getValue().entrySet()) {
                final String partition = schema.table() + "/" + e.getKey();
                // The cases: files as the manifest lists them; files differing while a decided commit
                // moves the partition (mid-commit, not damage: --repair completes it); damaged.
                final String difference = differing.get(WarehouseFiles.child(table, e.getKey()));
                if (difference != null || !expected.containsKey(WarehouseFiles.child(table, e.getKey()))) {
                    if (midCommit.containsKey(partition)) {
                        problems.add(
                                partition + ": mid-commit, its files between two states: " + midCommit.get(partition));
                    } else {
                        problems.add(partition + ": files differ from the manifest: "
                                + (difference != null ? difference : "the manifest has no files line"));
                        damaged.add(partition);
                    }
                    filesOk = false;
                }
                checked.add(partition);
            }
            if (!filesOk) {
                continue; // do not read damaged files
            }
            try {
                for (Row r : checksums(spark, table, schema)) {
                    final Properties p = t.getValue().get(key(schema, r));
                    if (p == null) {
                        continue; // a directory without a manifest, reported above
                    }
                    final long rows = r.getLong(schema.partitionColumns().size());
                    if (rows != Long.parseLong(p.getProperty("rows"))
                            || !r.getString(schema.partitionColumns().size() + 1)
                                    .equals(p.getProperty("checksum"))) {
                        problems.add(schema.table() + "/" + key(schema, r) + ": " + rows + " rows with checksum "
                                + r.getString(schema.partitionColumns().size() + 1) + ", manifest says "
                                + p.getProperty("rows")
                                + " with " + p.getProperty("checksum"));
                        damaged.add(schema.table() + "/" + key(schema, r));
                    }
                }
                if (schema.summary() != null) {
                    for (String key : summariesDiffering(spark, table, schema, t.getValue())) {
                        problems.add(schema.table() + "/" + key + ": its manifest's summary differs from its rows"
                                + " (its published tables would show the summary); running its census again writes"
                                + " it afresh");
                        damaged.add(schema.table() + "/" + key);
                    }
                }
            } catch (Exception e) {
                problems.add(schema.table() + ": cannot be read: "
                        + String.valueOf(e.getMessage()).split("\n")[0]);
            }
        }
        return problems;
    }

    /**
     * The partitions of {@code table} whose manifests keep counts that would be read (intact, of
     * the summary's columns and definition) and differ from the counts of their rows, by the
     * summary's own SQL over the table's files.
     */
    private static List<String> summariesDiffering(
            SparkSession spark, String table, DatasetSchema schema, Map<String, Properties> manifests) {
        final PartitionSummary summary = schema.summary();
        final Predicate<Properties> current = keepsCountsOf(schema);
        final int keys = schema.partitionColumns().size();
        final int groups = summary.groupBy().size();
        final String view = "verify_summary_of_" + schema.table();
        files(spark, table, schema).createOrReplaceTempView(view);
        final List<Row> rows;
        try {
            rows = DriverRows.of(spark.sql(summary.sql(schema, view, null)));
        } finally {
            spark.catalog().dropTempView(view);
        }
        // Each row: the partition's values, the group's values (ints), the measures (longs).
        final Map<String, List<Object[]>> counted = new HashMap<>();
        for (Row r : rows) {
            final Object[] group = new Object[r.length() - keys];
            for (int i = 0; i < group.length; i++) {
                group[i] = i < groups ? (Object) r.getInt(keys + i) : (Object) r.getLong(keys + i);
            }
            counted.computeIfAbsent(key(schema, r), k -> new ArrayList<>()).add(group);
        }
        final List<String> differing = new ArrayList<>();
        manifests.forEach((key, p) -> {
            if (current.test(p)) {
                // Both read as counts and written out again: the same counts give the same text.
                final SummaryCounts kept = SummaryCounts.of(summary, p.getProperty(SUMMARY));
                final SummaryCounts fromRows = SummaryCounts.of(summary, counted.getOrDefault(key, List.of()));
                if (kept == null || !kept.text().equals(fromRows.text())) {
                    differing.add(key);
                }
            }
        });
        differing.sort(null);
        return differing;
    }
}
