package org.gamecensus.jobs.census;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.spark.TaskContext;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.util.LongAccumulator;
import org.apache.spark.util.SerializableConfiguration;
import org.gamecensus.schemas.DatasetSchema;

/**
 * The executor side of a census commit: one task's rows, straight from its kernel into Parquet
 * files in the commit's staging directory ({@code <staging>/<partition key>/part-…}, one file per
 * listed partition that receives rows, the partition columns left to the directory names as
 * Spark leaves them), while each row's partition index and content hash (as the writer computes
 * it) go to the commit's {@link PartitionChecksums} and the check and tallies are counted. The task returns an
 * {@link Outcome}: its files, its tallies, and the first few rows that failed the check. A task
 * that fails deletes its files; a retried or speculative attempt writes under a name of its own,
 * and only the files named by the attempts whose results the driver received are published.
 */
final class CensusWriteTask implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Failing rows a task reports (and a failed commit quotes). */
    static final int EXAMPLES = 5;

    /** Row groups of about Spark's own default size ({@code parquet.block.size}). */
    private static final long ROW_GROUP_BYTES = 128L << 20;

    /** Rows written go to {@link #written} this many at a time (and the rest at the end). */
    private static final int COUNT_EVERY = 4096;

    /** Rows compared column by column (nulls first, then by value). */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static final Comparator<Row> EXAMPLE_ORDER = (a, b) -> {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            final Object x = a.get(i);
            final Object y = b.get(i);
            final int c = x == null
                    ? (y == null ? 0 : -1)
                    : y == null
                            ? 1
                            : x instanceof Comparable
                                    ? ((Comparable) x).compareTo(y)
                                    : String.valueOf(x).compareTo(String.valueOf(y));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    };

    private final DatasetSchema schema;

    private final List<Row> partitions;

    private final RowCondition bad;

    private final String[] show;

    private final List<RowCondition> tallies;

    private final String staging;

    private final String writeId;

    private final String codec;

    private final Broadcast<SerializableConfiguration> hadoop;

    private final PartitionChecksums checksums;

    /**
     * The rows written so far, for the status line ({@link StatusLine}); no part of the commit.
     * Null: not counted.
     */
    private final LongAccumulator written;

    /**
     * A write of rows of {@code schema} lying in {@code partitions} (one row of partition values
     * each) into the directory {@code staging}, named after {@code writeId}, the rows written
     * counted in {@code written} (null: not counted).
     */
    CensusWriteTask(
            DatasetSchema schema,
            List<Row> partitions,
            RowCondition bad,
            String[] show,
            List<RowCondition> tallies,
            String staging,
            String writeId,
            String codec,
            Broadcast<SerializableConfiguration> hadoop,
            PartitionChecksums checksums,
            LongAccumulator written) {
        this.schema = schema;
        this.partitions = List.copyOf(partitions);
        this.bad = bad;
        this.show = show.clone();
        this.tallies = List.copyOf(tallies);
        this.staging = staging;
        this.writeId = writeId;
        this.codec = codec;
        this.hadoop = hadoop;
        this.checksums = checksums;
        this.written = written;
    }

    /**
     * What one task wrote: the file of each listed partition (null where it had no rows) with its
     * manifest entry as the writer saw it pass ({@link FileEntry}), failing rows, tallies.
     */
    record Outcome(
            String[] files,
            FileEntry[] entries,
            long failing,
            List<Row> examples,
            long[] tallies,
            SummaryCounts[] summaries)
            implements Serializable {}

    /**
     * Writes {@code rows}, the rows of one Spark partition (task {@code task}, attempt {@code
     * attempt}). In a Spark task, stops before it asks for the next row (whose kernel work is done
     * in {@code hasNext}) once Spark has marked it killed (Spark's {@code TaskKilledException},
     * its files deleted; a volatile read a row): when another task
     * failed its last attempt, say, Spark fails the job and marks the others killed without
     * interrupting them, and they would otherwise write on into a staging directory their driver
     * is removing.
     */
    Outcome write(Iterator<Row> rows, int task, int attempt) {
        final TaskContext context = TaskContext.get(); // none on the driver
        final Session session = open(task, attempt);
        boolean done = false;
        try {
            while (true) {
                if (context != null) {
                    context.killTaskIfInterrupted();
                }
                if (!rows.hasNext()) {
                    break;
                }
                session.accept(rows.next());
            }
            final Outcome outcome = session.finish();
            done = true;
            return outcome;
        } finally {
            if (!done) {
                session.abandon();
            }
        }
    }

    /**
     * A write of one task's rows handed over one at a time (for a task that writes two tables from
     * one pass, {@link CensusCommit#commitWithChunk}): {@link Session#accept} each row, then
     * {@link Session#finish}; on a failure, {@link Session#abandon}.
     */
    Session open(int task, int attempt) {
        return new Session(task, attempt);
    }

    /** One task's write in progress: its files, counts, tallies and failing rows so far. */
    final class Session {
        private final int task;
        private final int attempt;
        private final int[] keys;
        private final Predicate<Row> failing;
        private final Predicate<Row>[] counted;
        private final int[] shown;
        private final ParquetLayout layout;
        private final FileSystem fs;
        private final CompressionCodecName compression;
        private final PageCompressor compressor;
        private final ParquetRowWriter[] writers = new ParquetRowWriter[partitions.size()];
        private final String[] files = new String[partitions.size()];
        private final long[] tally;
        private final SummaryCounts.Counter counter;
        private final SummaryCounts[] summaries = new SummaryCounts[partitions.size()];
        private final List<Row> examples = new ArrayList<>();
        // The partition of the last row: most censuses' rows come grouped by partition, so one
        // comparison a row usually finds it; Cram's come in every size at once, looked up by value.
        private final Map<Object, Integer> index;
        private long failures = 0;
        private int last = -1;
        private long uncounted = 0;
        private boolean ended = false;

        @SuppressWarnings("unchecked")
        private Session(int task, int attempt) {
            this.task = task;
            this.attempt = attempt;
            final StructType struct = schema.struct();
            this.keys = schema.partitionColumns().stream()
                    .mapToInt(struct::fieldIndex)
                    .toArray();
            final int[] data = IntStream.range(0, struct.size())
                    .filter(i -> !schema.partitionColumns().contains(struct.fieldNames()[i]))
                    .toArray();
            this.failing = bad.bind(struct);
            this.counted = tallies.stream().map(t -> t.bind(struct)).toArray(Predicate[]::new);
            this.tally = new long[counted.length];
            this.counter = schema.summary() == null ? null : new SummaryCounts.Counter(schema.summary(), struct);
            this.shown = show.length == 1 && show[0].equals("*")
                    ? IntStream.range(0, struct.size()).toArray()
                    : Arrays.stream(show).mapToInt(struct::fieldIndex).toArray();
            this.layout = new ParquetLayout(struct, data, Set.copyOf(schema.distinctColumns()));
            this.fs = WarehouseFiles.fs(staging, hadoop.value().value());
            this.compression = compression(codec);
            this.compressor = new PageCompressor(compression, fs.getConf());
            this.index = partitionIndex(keys.length);
        }

        /** Checks, tallies, writes and checksums one row. */
        void accept(Row row) {
            final int p = last >= 0 && sameKeys(row, keys, partitions.get(last))
                    ? last
                    : index.getOrDefault(key(row, keys), -1);
            if (p < 0) {
                checksums.record(p, 0L); // counted outside, and the commit fails
                return;
            }
            last = p;
            if (failing.test(row)) {
                failures++;
                keepExample(examples, project(row, shown));
            }
            for (int t = 0; t < counted.length; t++) {
                if (counted[t].test(row)) {
                    tally[t]++;
                }
            }
            if (counter != null) {
                if (summaries[p] == null) {
                    summaries[p] = new SummaryCounts(schema.summary());
                }
                counter.count(row, summaries[p]);
            }
            try {
                if (writers[p] == null) {
                    files[p] = String.format(
                            Locale.ROOT,
                            "part-%05d-%s-a%d.%s.parquet",
                            task,
                            writeId,
                            attempt,
                            compression.name().toLowerCase(Locale.ROOT));
                    writers[p] = new ParquetRowWriter(
                            fs, new Path(file(p, files[p])), layout, compressor.compressor(), ROW_GROUP_BYTES);
                }
                checksums.record(p, writers[p].write(row));
            } catch (IOException e) {
                throw failed(e);
            }
            if (written != null && ++uncounted == COUNT_EVERY) {
                written.add(uncounted);
                uncounted = 0;
            }
        }

        /** Closes the files: what the task wrote. */
        Outcome finish() {
            if (written != null) {
                written.add(uncounted);
            }
            final FileEntry[] entries = new FileEntry[partitions.size()];
            try {
                for (int p = 0; p < writers.length; p++) {
                    if (writers[p] != null) {
                        writers[p].close();
                        entries[p] = writers[p].manifestEntry(files[p]);
                    }
                }
            } catch (IOException e) {
                throw failed(e);
            }
            ended = true;
            compressor.close();
            return new Outcome(files, entries, failures, examples, tally, summaries);
        }

        /** A failed task: deletes what it wrote. */
        void abandon() {
            if (ended) {
                return;
            }
            ended = true;
            for (int p = 0; p < writers.length; p++) {
                if (writers[p] != null) {
                    writers[p].abandon();
                    try {
                        fs.delete(new Path(file(p, files[p])), false);
                    } catch (IOException | RuntimeException e) {
                        // The driver discards the whole staging directory of a failed commit anyway.
                    }
                }
            }
            compressor.close();
        }

        private UncheckedIOException failed(IOException e) {
            return new UncheckedIOException(
                    "cannot write " + schema.table() + " to " + staging + ": " + e.getMessage(), e);
        }
    }

    /** The file's URI: under its partition's directory, as Spark names it. */
    private String file(int p, String name) {
        return WarehouseFiles.child(WarehouseFiles.child(staging, Manifests.key(schema, partitions.get(p))), name);
    }

    private static boolean sameKeys(Row row, int[] keys, Row values) {
        for (int k = 0; k < keys.length; k++) {
            if (!Objects.equals(row.get(keys[k]), values.get(k))) {
                return false;
            }
        }
        return true;
    }

    /** Each listed partition's index by its {@link #key}. */
    private Map<Object, Integer> partitionIndex(int columns) {
        final Map<Object, Integer> index = new HashMap<>();
        final int[] all = IntStream.range(0, columns).toArray();
        for (int p = 0; p < partitions.size(); p++) {
            index.putIfAbsent(key(partitions.get(p), all), p);
        }
        return index;
    }

    /** The partition values of {@code row} at {@code keys} as a map key: the value itself for one column, else their list. */
    private static Object key(Row row, int[] keys) {
        if (keys.length == 1) {
            return row.get(keys[0]);
        }
        final Object[] values = new Object[keys.length];
        for (int k = 0; k < keys.length; k++) {
            values[k] = row.get(keys[k]);
        }
        return Arrays.asList(values);
    }

    private static Row project(Row row, int[] shown) {
        final Object[] v = new Object[shown.length];
        for (int i = 0; i < shown.length; i++) {
            v[i] = row.get(shown[i]);
        }
        return RowFactory.create(v);
    }

    /** Keeps the least {@link #EXAMPLES} rows in {@link #EXAMPLE_ORDER}, so the examples do not depend on the partitioning. */
    static void keepExample(List<Row> examples, Row example) {
        examples.add(example);
        examples.sort(EXAMPLE_ORDER);
        if (examples.size() > EXAMPLES) {
            examples.remove(examples.size() - 1);
        }
    }

    /** parquet-mr's codec for Spark's name of it ({@code spark.sql.parquet.compression.codec}). */
    static CompressionCodecName compression(String sparkName) {
        final String name = sparkName.strip().toUpperCase(Locale.ROOT);
        switch (name) {
            case "NONE":
                return CompressionCodecName.UNCOMPRESSED;
            case "LZ4RAW":
                return CompressionCodecName.LZ4_RAW;
            default:
                try {
                    return CompressionCodecName.valueOf(name);
                } catch (IllegalArgumentException e) {
                    throw new UsageException(
                            "spark.sql.parquet.compression.codec " + sparkName
                                    + ": not a Parquet codec (none, uncompressed, snappy, gzip, lzo, brotli, lz4, lz4raw, zstd)");
                }
        }
    }

    /** Task and attempt of the running task (0 and 0 outside Spark, e.g. on the driver). */
    static int[] taskAndAttempt() {
        final TaskContext t = TaskContext.get();
        return t == null ? new int[] {0, 0} : new int[] {t.partitionId(), t.attemptNumber()};
    }
}
