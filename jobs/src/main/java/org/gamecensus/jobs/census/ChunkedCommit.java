package org.gamecensus.jobs.census;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.IntFunction;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Observation;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.gamecensus.schemas.DatasetSchema;

/**
 * A long census committed in chunks, so that a run killed midway loses at most the chunk in
 * progress. Chunk i's rows are checked and written to
 * {@code <warehouse>/_chunks/<table>/<run>/chunk-i/} with a manifest (rows, checksum, files and
 * their CRC-32) written after them; a rerun with the same run key skips every chunk whose manifest
 * is there and whose files still match it, and recomputes the rest. When every chunk is in, the
 * census commits from the chunks' files exactly as an uninterrupted run commits its rows (tallies,
 * manifests, dynamic partition overwrite), and the chunks are deleted.
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
                                String run, int chunks,
                                IntFunction<Dataset<Row>> chunk, CensusCommit.Check check, RowCondition... tallies) {
        if (chunks < 1) {
            throw new IllegalArgumentException("a chunked census needs at least one chunk, not " + chunks);
        }
        final String base = Warehouse.runDir(warehouse.root(), schema.table(), run);
        final int stopAfter = Integer.parseInt(spark.conf().get(STOP_AFTER, "-1").strip());
        int computed = 0;
        int reused = 0;
        final List<String> dirs = new ArrayList<>();
        for (int i = 0; i < chunks; i++) {
            final String dir = WarehouseFiles.child(base, "chunk-" + i);
            final String manifest = WarehouseFiles.child(base, "chunk-" + i + ".properties");
            dirs.add(dir);
            if (Manifests.filesMatch(dir, manifest)) {
                reused++;
                continue;
            }
            if (stopAfter >= 0 && computed >= stopAfter) {
                throw new CensusFailure("stopped after " + computed + " chunk(s) of " + chunks + " (" + STOP_AFTER
                        + "); run again to complete the census");
            }
            // One pass: the chunk is written while its count, checksum and failing rows are counted.
            final Column[] sums = Manifests.countAndChecksum(schema);
            final Observation observation = new Observation();
            try {
                WarehouseFiles.deleteRecursively(dir);
                chunk.apply(i).observe(observation, sums[0], sums[1], CensusCommit.countIf(check.bad().column()).as("bad"))
                        .write().parquet(dir);
                final Map<String, Object> stats = observation.getAsJava();
                final Object bad = stats.get("bad");
                if (bad != null && ((Number) bad).longValue() > 0) {
                    try {
                        CensusChecks.failIfAny(spark.read().schema(schema.struct()).parquet(dir), check.bad().column(),
                                check.what(), check.show());
                    } finally {
                        WarehouseFiles.deleteRecursively(dir);
                    }
                }
                final Properties p = new Properties();
                p.setProperty("chunk", i + " of " + chunks);
                p.setProperty("rows", String.valueOf(((Number) stats.get("n")).longValue()));
                p.setProperty("checksum", stats.get("h") == null ? "0" : (String) stats.get("h"));
                p.setProperty("files", Manifests.files(dir));
                final StringWriter text = new StringWriter();
                p.store(text, "gamecensus chunk manifest");
                WarehouseFiles.writeAtomically(manifest, text.toString());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for a chunk's metrics", e);
            }
            computed++;
        }
        final List<Column> columns = new ArrayList<>();
        for (String f : schema.struct().fieldNames()) {
            columns.add(functions.col(f));
        }
        final Dataset<Row> all = spark.read().schema(schema.struct()).parquet(dirs.toArray(new String[0]))
                .select(columns.toArray(new Column[0]));
        // Every chunk was checked before it was committed.
        final Row tally = CensusCommit.commit(all, warehouse, schema, partitions, CensusCommit.Check.none(), tallies);
        WarehouseFiles.deleteRecursively(base);
        return new Result(tally, computed, reused);
    }
}
