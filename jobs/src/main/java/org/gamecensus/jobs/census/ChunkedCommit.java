package org.gamecensus.jobs.census;

import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.IntFunction;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.schemas.DatasetSchema;

/**
 * A long census committed in chunks, so that a run killed midway loses at most the chunk in
 * progress. Chunk i's rows are checked and written by its tasks (as {@link CensusCommit} writes a
 * census) to {@code <warehouse>/_chunks/<table>/<run>/chunk-i/<partition>/}, with a manifest
 * written after them: each partition's rows and checksum, its files with their sizes and CRC-32,
 * and the chunk's tallies. A rerun with the same run key skips every chunk whose manifest is there
 * and whose files still match it, and recomputes the rest. When every chunk is in, their files are
 * moved into the table's staging directory and committed as an uninterrupted run's rows are
 * (partition counts and checksums, and tallies, added up from the chunks' manifests), and the
 * chunks are deleted: no row is written twice.
 *
 * <p>For tests, {@value #STOP_AFTER} = n stops a run (as if killed) after n chunks computed.
 */
public final class ChunkedCommit {

    /** Session setting: stop after this many chunks have been computed in this run. */
    public static final String STOP_AFTER = "spark.gamecensus.fault.stop-after-chunks";

    private ChunkedCommit() {
    }

    /** A census's summary beside the chunks this run computed or found already committed. */
    public record Chunked<S>(S census, int computed, int reused) {
        @Override
        public String toString() {
            return census + "; chunks: " + computed + " computed, " + reused + " already committed";
        }
    }

    /** Refuses a chunk count outside 1..slices. */
    public static void checkChunks(long chunks, long slices) {
        if (chunks < 1 || chunks > slices) {
            throw new UsageException("--chunks must be 1.." + slices + " here (the census's slices), got " + chunks);
        }
    }

    /** The commit's tally (as {@link CensusCommit#commit}) and how many chunks this run computed or found committed. */
    public record Result(Row tally, int computed, int reused) {
    }

    public static Result commit(SparkSession spark, Warehouse warehouse, DatasetSchema schema, List<Row> partitions,
                                String run, int chunks, IntFunction<SliceCensus> chunk, CensusCommit.Check check,
                                RowCondition... tallies) {
        if (chunks < 1) {
            throw new IllegalArgumentException("a chunked census needs at least one chunk, not " + chunks);
        }
        final String base = Warehouse.runDir(warehouse.root(), schema.table(), run);
        final int stopAfter = Integer.parseInt(spark.conf().get(STOP_AFTER, "-1").strip());
        int computed = 0;
        int reused = 0;
        final Properties[] committed = committedChunks(spark, base, chunks);
        final List<Properties> manifests = new ArrayList<>();
        for (int i = 0; i < chunks; i++) {
            final String dir = chunkDir(base, i);
            final String manifest = chunkManifest(base, i);
            final Properties intact = committed[i];
            if (intact != null) {
                manifests.add(intact);
                reused++;
                continue;
            }
            if (stopAfter >= 0 && computed >= stopAfter) {
                throw new CensusFailure("stopped after " + computed + " chunk(s) of " + chunks + " (" + STOP_AFTER
                        + "); run again to complete the census");
            }
            // One pass: the chunk's tasks write its rows while its counts, checksums and failing rows are counted.
            WarehouseFiles.deleteRecursively(dir);
            final CensusCommit.Written written;
            try {
                written = CensusCommit.write(spark, chunk.apply(i), dir, partitions, check, tallies);
            } catch (RuntimeException e) {
                WarehouseFiles.deleteRecursively(dir);
                throw e;
            }
            final Properties p = new Properties();
            p.setProperty("chunk", i + " of " + chunks);
            p.setProperty(TALLIES, String.join(",", Arrays.stream(written.tallies()).mapToObj(Long::toString).toList()));
            final Map<String, String> files = Manifests.files(spark, dir, schema, written.stats(), written.files());
            for (Row stats : written.stats()) {
                final String key = Manifests.key(schema, stats);
                final int n = schema.partitionColumns().size();
                p.setProperty(PARTITION + key, stats.getLong(n) + " " + stats.getString(n + 1));
                p.setProperty(FILES + key, files.get(key));
            }
            final StringWriter text = new StringWriter();
            try {
                p.store(text, "gamecensus chunk manifest");
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            WarehouseFiles.writeAtomically(manifest, text.toString());
            manifests.add(p);
            computed++;
        }
        // Every chunk was checked before it was committed: move their files in and add up their figures.
        final String staging = warehouse.newStaging(schema);
        final Row tally;
        try {
            final long[] sums = new long[tallies.length];
            final List<Row> stats = new ArrayList<>();
            // The chunks' manifests hold every file's entry, checked against the files on resuming.
            final Map<String, Map<String, String>> entries = new HashMap<>();
            final List<String[]> moves = new ArrayList<>();
            for (Row values : partitions) {
                final String key = Manifests.key(schema, values);
                long n = 0;
                BigInteger h = BigInteger.ZERO;
                for (int i = 0; i < chunks; i++) {
                    final String figures = manifests.get(i).getProperty(PARTITION + key);
                    if (figures == null) {
                        continue;
                    }
                    n += Long.parseLong(figures.split(" ")[0]);
                    h = h.add(new BigInteger(figures.split(" ")[1]));
                    for (String file : manifests.get(i).getProperty(FILES + key).split(",")) {
                        final String name = file.split(":")[0];
                        entries.computeIfAbsent(key, k -> new HashMap<>()).put(name, file);
                        moves.add(new String[] {WarehouseFiles.child(WarehouseFiles.child(chunkDir(base, i), key), name),
                            WarehouseFiles.child(WarehouseFiles.child(staging, key), name)});
                    }
                }
                if (n > 0) {
                    stats.add(PartitionChecksums.statsRow(values, n, h));
                }
            }
            // One rename a file of every chunk (K8 in 64 chunks: a thousand-odd), several at a time.
            ConcurrentFileCalls.forEach(staging, moves, m -> WarehouseFiles.move(m[0], m[1]));
            for (Properties m : manifests) {
                final String[] t = m.getProperty(TALLIES, "").split(",");
                for (int k = 0; k < sums.length; k++) {
                    sums[k] += Long.parseLong(t[k]);
                }
            }
            warehouse.publish(spark, new Warehouse.Staged(staging, schema, stats, RowFactory.create(), entries));
            tally = CensusCommit.tallyRow(schema, stats, sums);
        } finally {
            Warehouse.removeStaging(staging);
        }
        warehouse.endRun(schema.table(), run); // the chunks, and _chunks/<table> when that leaves it empty
        return new Result(tally, computed, reused);
    }

    private static final String PARTITION = "partition.";
    private static final String FILES = "files.";
    private static final String TALLIES = "tallies";

    private static String chunkDir(String base, int i) {
        return WarehouseFiles.child(base, "chunk-" + i);
    }

    private static String chunkManifest(String base, int i) {
        return WarehouseFiles.child(base, "chunk-" + i + ".properties");
    }

    /**
     * For each of a run's chunks, its manifest when it is there and every partition it lists still
     * holds exactly its files (names, sizes, CRC-32); else null (the chunk is computed again). The
     * files of every chunk are checked in one Spark job ({@link FileChecksums}), so a resumed run
     * on a cluster does not read its chunks back through the driver.
     */
    private static Properties[] committedChunks(SparkSession spark, String base, int chunks) {
        // Two calls a chunk (is it there, read it): several chunks at a time on a remote file system.
        final Properties[] manifests = ConcurrentFileCalls.map(base, java.util.stream.IntStream.range(0, chunks).boxed().toList(),
                i -> readManifest(chunkManifest(base, i))).toArray(new Properties[0]);
        final List<Map<String, String>> listed = new ArrayList<>(chunks);
        final Map<String, String> expected = new HashMap<>();
        for (int i = 0; i < chunks; i++) {
            listed.add(manifests[i] == null ? Map.of() : partitionFiles(base, i, manifests[i]));
            expected.putAll(listed.get(i));
        }
        final java.util.Set<String> matching = Manifests.matching(spark, expected);
        for (int i = 0; i < chunks; i++) {
            if (!matching.containsAll(listed.get(i).keySet())) {
                manifests[i] = null;
            }
        }
        return manifests;
    }

    /** Chunk i's partition directories, each with the files line its manifest lists. */
    private static Map<String, String> partitionFiles(String base, int i, Properties manifest) {
        final Map<String, String> files = new HashMap<>();
        for (String name : manifest.stringPropertyNames()) {
            if (name.startsWith(FILES)) {
                files.put(WarehouseFiles.child(chunkDir(base, i), name.substring(FILES.length())), manifest.getProperty(name));
            }
        }
        return files;
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
