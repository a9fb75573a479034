package org.gamecensus.jobs.census;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.IntStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.schemas.DatasetSchema;

/**
 * A long census committed in chunks, so that a run killed midway loses at most the chunk in
 * progress. Chunk i's rows are checked and written by its tasks (as {@link CensusCommit} writes a
 * census) into the run's data directory, {@code <warehouse>/_chunks/<table>/<run>/data/<partition>/},
 * beside the earlier chunks' files, with a manifest written after them
 * ({@code chunk-i.properties}): each partition's rows and checksum, the chunk's files with their
 * sizes and CRC-32, the chunk's tallies, the schema version and the chunk's identity
 * ({@link Chunk#identity}: a slice census's slice ids, their count and hash; a Hex layer's stone
 * count). A rerun with the same run key skips every chunk whose manifest is there, of this schema
 * version and this identity, whose files still match it and which the chunk says may be kept
 * ({@link Chunk#keepable}), and recomputes the rest: a chunk left by a version that wrote other
 * rows, or cut the census otherwise, is never mixed in. When every
 * chunk is in, files no chunk's manifest lists (a killed chunk's) are deleted and the data
 * directory's partitions are committed as an uninterrupted run's staged partitions are — one
 * atomic commit ({@link CommitRecord}), figures added up from the chunks' manifests — and the
 * run's directory goes with the commit's staging: no row is written twice, and no file is moved
 * one by one.
 *
 * <p>For tests, {@value #STOP_AFTER} = n stops a run (as if killed) after n chunks computed.
 */
public final class ChunkedCommit {

    /** Session setting: stop after this many chunks have been computed in this run. */
    public static final String STOP_AFTER = "spark.gamecensus.fault.stop-after-chunks";

    private static final String PARTITION = "partition.";

    private static final String FILES = "files.";

    private static final String TALLIES = "tallies";

    /** A chunk manifest's line of a partition's counts, where the schema has a summary ({@link SummaryCounts}). */
    private static final String SUMMARY = "summary.";

    /** A chunk manifest's line of its summary's definition ({@link org.gamecensus.schemas.PartitionSummary#definition}). */
    private static final String SUMMARY_DEFINITION = "summary_definition";

    private static final String SCHEMA_VERSION = "schema_version";

    private static final String SLICES = "slices";

    private ChunkedCommit() {}

    /** A census's summary beside the chunks this run computed or found already committed. */
    public record Chunked<S>(S census, int computed, int reused) {
        @Override
        public String toString() {
            return census + "; chunks: " + computed + " computed, " + reused + " already committed";
        }

        /** The same chunks, with the census's summary made from this one's. */
        public <T> Chunked<T> map(Function<S, T> summary) {
            return new Chunked<>(summary.apply(census), computed, reused);
        }
    }

    /** Refuses a chunk count outside 1..slices. */
    public static void checkChunks(long chunks, long slices) {
        if (chunks < 1 || chunks > slices) {
            throw new UsageException("--chunks must be 1.." + slices + " here (the census's slices), got " + chunks);
        }
    }

    /**
     * As {@link #commit}, for a census of the slices {@code ids} of {@code kernel}, cut into
     * {@code chunks} chunks in their order, each computed in {@code partitions} Spark partitions
     * (0: as many as the cores want for one chunk).
     */
    public static Result commitSlices(
            SparkSession spark,
            Warehouse warehouse,
            DatasetSchema schema,
            List<TablePartition> partitions,
            String run,
            int chunks,
            List<Long> ids,
            SliceKernel kernel,
            int sparkPartitions,
            CensusCommit.Check check,
            RowCondition... tallies) {
        checkChunks(chunks, ids.size());
        final int p = sparkPartitions > 0
                ? sparkPartitions
                : CensusDatasets.defaultPartitions(spark, ids.size() / chunks + 1);
        return commit(
                spark,
                warehouse,
                schema,
                partitions,
                run,
                chunks,
                i -> new SliceCensus(CensusDatasets.chunk(ids, i, chunks), p, kernel, schema),
                check,
                tallies);
    }

    /** The commit's tally (as {@link CensusCommit#commit}) and how many chunks this run computed or found committed. */
    public record Result(CensusCommit.Committed committed, int computed, int reused) {}

    /** Where a chunk's rows go and how they are checked: the run's data directory, the table, its listed partitions' values, the check, the tallies. */
    public record ChunkTarget(
            String data,
            DatasetSchema schema,
            List<Row> partitions,
            CensusCommit.Check check,
            RowCondition[] tallies) {}

    /** One chunk of a chunked commit: what its manifest records of its cut, and how its rows are computed and written. */
    public interface Chunk {
        /** What identifies the chunk's rows besides the schema version (its slices, say): a chunk recorded with another is computed again. */
        String identity();

        /** Whether a chunk found committed may be kept (its manifest and files there): by default, yes. */
        default boolean keepable() {
            return true;
        }

        /** Computes the chunk's rows and writes them, checked, as {@code target} says (nothing published). */
        CensusCommit.Written write(ChunkTarget target);
    }

    /** As {@link #commitChunks}, chunk i being the census {@code chunk.apply(i)}. */
    public static Result commit(
            SparkSession spark,
            Warehouse warehouse,
            DatasetSchema schema,
            List<TablePartition> partitions,
            String run,
            int chunks,
            IntFunction<SliceCensus> chunk,
            CensusCommit.Check check,
            RowCondition... tallies) {
        if (chunks < 1) {
            throw new IllegalArgumentException("a chunked census needs at least one chunk, not " + chunks);
        }
        final List<Chunk> cut = new ArrayList<>();
        for (int i = 0; i < chunks; i++) {
            final int at = i;
            cut.add(new Chunk() {
                @Override
                public String identity() {
                    return slices(chunk.apply(at));
                }

                @Override
                public CensusCommit.Written write(ChunkTarget target) {
                    return CensusCommit.write(
                            spark,
                            chunk.apply(at),
                            target.data(),
                            target.partitions(),
                            target.check(),
                            target.tallies());
                }
            });
        }
        return commitChunks(spark, warehouse, schema, partitions, run, cut, check, tallies);
    }

    /**
     * Commits the rows of {@code chunks}, in their order, into {@code partitions} of {@code schema}
     * as one commit, each chunk written and recorded on its own, so that a rerun with the same
     * {@code run} key keeps the chunks already there (see the class comment).
     */
    public static Result commitChunks(
            SparkSession spark,
            Warehouse warehouse,
            DatasetSchema schema,
            List<TablePartition> partitions,
            String run,
            List<? extends Chunk> chunks,
            CensusCommit.Check check,
            RowCondition... tallies) {
        if (chunks.isEmpty()) {
            throw new IllegalArgumentException("a chunked census needs at least one chunk");
        }
        return warehouse.inRun("chunked commit of " + schema.table(), r -> {
            r.claim(schema, partitions);
            return commit(spark, warehouse, r, schema, partitions, run, chunks, check, tallies);
        });
    }

    private static Result commit(
            SparkSession spark,
            Warehouse warehouse,
            WarehouseRun r,
            DatasetSchema schema,
            List<TablePartition> partitions,
            String run,
            List<? extends Chunk> cut,
            CensusCommit.Check check,
            RowCondition... tallies) {
        final int chunks = cut.size();
        final String base = Warehouse.runDir(warehouse.root(), schema.table(), run);
        final String data = WarehouseFiles.child(base, "data");
        final List<Row> values = TablePartition.values(partitions);
        final int stopAfter =
                Integer.parseInt(spark.conf().get(STOP_AFTER, "-1").strip());
        int computed = 0;
        int reused = 0;
        final Properties[] committed = committedChunks(spark, base, data, chunks);
        for (int i = 0; i < chunks; i++) {
            if (committed[i] != null
                    && !(String.valueOf(schema.version()).equals(committed[i].getProperty(SCHEMA_VERSION))
                            && cut.get(i).identity().equals(committed[i].getProperty(SLICES))
                            && cut.get(i).keepable())) {
                committed[i] = null; // another version's rows, another cut of the census, or not to be kept
            }
        }
        final List<Properties> manifests = new ArrayList<>();
        for (int i = 0; i < chunks; i++) {
            if (committed[i] != null) {
                manifests.add(committed[i]);
                reused++;
                continue;
            }
            if (stopAfter >= 0 && computed >= stopAfter) {
                throw new CensusFailure("stopped after " + computed + " chunk(s) of " + chunks + " (" + STOP_AFTER
                        + "); run again to complete the census");
            }
            // One pass: the chunk's tasks write its rows while its counts, checksums and failing rows
            // are counted. A failed chunk's files stay until the final commit drops what no manifest lists.
            // What the status line names the chunk's job by, e.g. "switching K8, chunk 3 of 16".
            spark.sparkContext()
                    .setJobDescription(
                            CensusCommit.describe(schema, partitions) + ", chunk " + (i + 1) + " of " + chunks);
            final CensusCommit.Written written;
            try {
                written = cut.get(i).write(new ChunkTarget(data, schema, values, check, tallies));
            } finally {
                spark.sparkContext().setJobDescription(null);
            }
            final Properties p = new Properties();
            p.setProperty("chunk", i + " of " + chunks);
            p.setProperty(SCHEMA_VERSION, String.valueOf(schema.version()));
            p.setProperty(SLICES, cut.get(i).identity());
            if (schema.summary() != null) {
                p.setProperty(SUMMARY_DEFINITION, schema.summary().definition(schema));
            }
            p.setProperty(
                    TALLIES,
                    String.join(
                            ",",
                            Arrays.stream(written.tallies())
                                    .mapToObj(Long::toString)
                                    .toList()));
            for (Row stats : written.stats()) {
                final String key = Manifests.key(schema, stats);
                final int n = schema.partitionColumns().size();
                p.setProperty(PARTITION + key, stats.getLong(n) + " " + stats.getString(n + 1));
                p.setProperty(
                        FILES + key, FileEntry.line(written.files().get(key).values()));
                if (written.summaries().containsKey(key)) {
                    p.setProperty(SUMMARY + key, written.summaries().get(key));
                }
            }
            WarehouseFiles.writeAtomically(
                    chunkManifest(base, i), WarehouseRun.store(p, "gamecensus chunk manifest"), r.id());
            manifests.add(p);
            computed++;
        }
        // Every chunk was checked before it was committed: add up their figures and commit their files.
        final long[] sums = new long[tallies.length];
        final List<Row> stats = new ArrayList<>();
        final Map<String, Map<String, FileEntry>> entries = new HashMap<>();
        final Map<String, String> summaries = new HashMap<>();
        // The summary's definition as declared now: chunks' counts of another are not added up.
        final String definition =
                schema.summary() == null ? null : schema.summary().definition(schema);
        for (Row partition : values) {
            final String key = Manifests.key(schema, partition);
            long n = 0;
            BigInteger h = BigInteger.ZERO;
            // The partition's counts, added up while every chunk that wrote rows of it has them.
            SummaryCounts counts = schema.summary() == null ? null : new SummaryCounts(schema.summary());
            for (Properties m : manifests) {
                final String figures = m.getProperty(PARTITION + key);
                if (figures == null) {
                    continue;
                }
                // A chunk's counts of another definition (a chunk kept from an earlier build) are not this one's.
                final String summary = m.getProperty(SUMMARY + key);
                final SummaryCounts chunk =
                        counts == null || summary == null || !definition.equals(m.getProperty(SUMMARY_DEFINITION))
                                ? null
                                : SummaryCounts.of(schema.summary(), summary);
                if (chunk == null) {
                    counts = null;
                } else {
                    counts.add(chunk);
                }
                n += Long.parseLong(figures.split(" ")[0]);
                h = h.add(new BigInteger(figures.split(" ")[1]));
                for (FileEntry file : FileEntry.parseLine(m.getProperty(FILES + key))) {
                    entries.computeIfAbsent(key, k -> new HashMap<>()).put(file.name(), file);
                }
            }
            if (n > 0) {
                stats.add(PartitionChecksums.statsRow(partition, n, h));
                if (counts != null) {
                    summaries.put(key, counts.text());
                }
            }
        }
        for (Properties m : manifests) {
            final String[] t = m.getProperty(TALLIES, "").split(",");
            for (int k = 0; k < sums.length; k++) {
                sums[k] += Long.parseLong(t[k]);
            }
        }
        // Files of chunks killed or failed midway, which no manifest lists, are dropped.
        ConcurrentFileCalls.forEach(data, stats, p -> {
            final String key = Manifests.key(schema, p);
            for (FileStatus f : WarehouseFiles.list(WarehouseFiles.child(data, key))) {
                if (!entries.get(key).containsKey(f.getPath().getName())) {
                    WarehouseFiles.deleteRecursively(f.getPath().toString());
                }
            }
        });
        warehouse.publish(
                spark,
                r,
                new Warehouse.Staged(data, schema, stats, entries, Warehouse.parameters(schema, partitions), summaries),
                List.of(base));
        // The run's directory went with the commit's staging; _chunks/<table> and _chunks go when empty.
        final String tableDir = base.substring(0, base.lastIndexOf('/'));
        if (WarehouseFiles.deleteIfEmpty(tableDir)) {
            WarehouseFiles.deleteIfEmpty(tableDir.substring(0, tableDir.lastIndexOf('/')));
        }
        return new Result(CensusCommit.Committed.of(schema, stats, sums), computed, reused);
    }

    private static String chunkManifest(String base, int i) {
        return WarehouseFiles.child(base, "chunk-" + i + ".properties");
    }

    /**
     * For each of a run's chunks, its manifest when it is there and every file it lists is in the
     * run's data directory with the size and CRC-32 listed; else null (the chunk is computed
     * again). The data directory's files are checked in one Spark job ({@link FileChecksums}), so
     * a resumed run on a cluster does not read its chunks back through the driver.
     */
    private static Properties[] committedChunks(SparkSession spark, String base, String data, int chunks) {
        // Two calls a chunk (is it there, read it): several chunks at a time on a remote file system.
        final Properties[] manifests = ConcurrentFileCalls.map(
                        base, IntStream.range(0, chunks).boxed().toList(), i -> readManifest(chunkManifest(base, i)))
                .toArray(new Properties[0]);
        final Map<String, Map<String, FileEntry>> directories = new HashMap<>();
        for (Properties m : manifests) {
            if (m != null) {
                for (String name : m.stringPropertyNames()) {
                    if (name.startsWith(FILES)) {
                        directories.put(WarehouseFiles.child(data, name.substring(FILES.length())), Map.of());
                    }
                }
            }
        }
        if (directories.isEmpty()) {
            return manifests;
        }
        final Map<String, String> found = Manifests.files(spark, directories);
        for (int i = 0; i < chunks; i++) {
            if (manifests[i] != null && !allThere(manifests[i], data, found)) {
                manifests[i] = null;
            }
        }
        return manifests;
    }

    /** A chunk's slices as its manifest records them: how many, and the hash of their ids in order. */
    private static String slices(SliceCensus census) {
        return census.ids().size() + " " + Integer.toHexString(census.ids().hashCode());
    }

    /** Whether every file a chunk's manifest lists is among {@code found} (directory → files line) as listed. */
    private static boolean allThere(Properties manifest, String data, Map<String, String> found) {
        for (String name : manifest.stringPropertyNames()) {
            if (name.startsWith(FILES)) {
                final String line = found.get(WarehouseFiles.child(data, name.substring(FILES.length())));
                if (line == null
                        || !Set.of(line.split(","))
                                .containsAll(List.of(manifest.getProperty(name).split(",")))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** A chunk's manifest when it is there and complete (its tallies written last); else null. */
    private static Properties readManifest(String manifest) {
        if (!WarehouseFiles.isFile(manifest)) {
            return null;
        }
        try {
            final Properties p = WarehouseFiles.readProperties(manifest);
            return p.getProperty(TALLIES) == null ? null : p;
        } catch (RuntimeException e) {
            return null;
        }
    }
}
