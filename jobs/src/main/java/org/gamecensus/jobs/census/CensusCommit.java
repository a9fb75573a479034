package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.function.Function;
import org.apache.spark.SparkContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.FlatMapFunction;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.functions;
import org.apache.spark.util.LongAccumulator;
import org.apache.spark.util.SerializableConfiguration;
import org.gamecensus.schemas.DatasetSchema;
import scala.collection.JavaConverters;

/**
 * The commit every census makes, in one pass over rows computed once: they are written to the
 * run's staging directory while the same pass counts and checksums each partition for the
 * manifests, counts the rows that break the census's check, and sums the census's tallies. When
 * no row breaks the check the staged partitions are committed, atomically for the table
 * ({@link Warehouse#publish}: a record decides the commit, then the partitions move in);
 * otherwise the failing rows are reported and the staging directory is deleted — nothing is
 * published. Each commit happens in a run that has claimed its partitions ({@link WarehouseRun}).
 *
 * <p>Three ways in, one writer ({@link CensusWriteTask}, {@link ParquetRowWriter}) and one
 * commit. A {@link SliceCensus} is written by the tasks that compute it, straight from the kernel
 * into Parquet: no Spark SQL row conversion, projection or record assembly between the kernel and
 * the file. A {@link Dataset} (rows that Spark SQL itself computes, such as the layered Hex
 * solve's joins) is written by one task per dataset partition. A few rows computed on the driver
 * are written by the driver. All three record the same manifests, which {@link Manifests#verify}
 * checks alike.
 */
public final class CensusCommit {

    private static ShippedConfiguration shipped;

    private CensusCommit() {}

    /** The check: rows matching {@code bad} fail the census; {@code what} says what such a row is, {@code show} which columns to quote. */
    public record Check(RowCondition bad, String what, String... show) {
        /** A census with no row-level check (its theorems are checked elsewhere). */
        public static Check none() {
            return new Check(RowCondition.never(), "rows", "*");
        }
    }

    /**
     * What a commit gives back: the rows it committed, and how many of them meet each tally's
     * condition, in the order the tallies were given.
     */
    public record Committed(long rows, List<Long> tallies) {
        public Committed {
            tallies = List.copyOf(tallies);
        }

        /** The rows meeting the {@code i}-th tally. */
        public long tally(int i) {
            return tallies.get(i);
        }

        /**
         * The result of a write: the row count (every row lies in a listed partition — the write
         * checks it — so the partitions' counts, after their values in each stats row, sum to all
         * rows), and the tallies.
         */
        static Committed of(DatasetSchema schema, List<Row> stats, long[] tallies) {
            long count = 0;
            for (Row p : stats) {
                count += p.getLong(schema.partitionColumns().size());
            }
            final List<Long> counts = new ArrayList<>();
            for (long t : tallies) {
                counts.add(t);
            }
            return new Committed(count, counts);
        }
    }

    /**
     * Computes {@code census} and commits its rows, which lie in the partitions {@code partitions}
     * (a row outside them fails the commit); returns the row count and the number of rows meeting
     * each of {@code tallies}, in order. Each task writes its own rows; nothing is visible until
     * every task has succeeded and no row broke the check.
     */
    public static Committed commit(
            SparkSession spark,
            Warehouse warehouse,
            SliceCensus census,
            List<TablePartition> partitions,
            Check check,
            RowCondition... tallies) {
        final DatasetSchema schema = census.schema();
        return commitWritten(
                spark,
                warehouse,
                schema,
                partitions,
                check,
                tallies,
                census.expectedRows(),
                slicesTasks(spark, census));
    }

    /**
     * Commits a few rows computed on the driver (a host's description, say), written by the driver
     * itself: no Spark job for a file of a few rows. As above otherwise, with no check or tallies.
     */
    public static Committed commit(
            SparkSession spark,
            Warehouse warehouse,
            DatasetSchema schema,
            List<Row> rows,
            List<TablePartition> partitions) {
        return commitWritten(
                spark,
                warehouse,
                schema,
                partitions,
                Check.none(),
                new RowCondition[0],
                rows.size(),
                write -> List.of(write.write(rows.iterator(), 0, 0)));
    }

    /**
     * The commit of rows that {@code tasks} write with the writer they are given (the tasks' own
     * writers, or the driver's): in the command's warehouse run, the partitions claimed, the rows
     * staged and checked, then published with the manifests made from what the writers saw pass;
     * the staging directory removed whatever happens. {@code expected}: the rows the tasks will
     * write, when known beforehand (−1 otherwise), for the status line.
     */
    private static Committed commitWritten(
            SparkSession spark,
            Warehouse warehouse,
            DatasetSchema schema,
            List<TablePartition> partitions,
            Check check,
            RowCondition[] tallies,
            long expected,
            Function<CensusWriteTask, List<CensusWriteTask.Outcome>> tasks) {
        return warehouse.inRun("commit of " + schema.table(), run -> {
            run.claim(schema, partitions);
            final String dir = run.newStaging(schema.table());
            // What the status line names the job by (StatusLine), e.g. "hex 4x4 down" or "cram, 13 partitions".
            spark.sparkContext().setJobDescription(describe(schema, partitions));
            try {
                final Written written = writeWith(
                        spark, schema, dir, TablePartition.values(partitions), check, tallies, expected, tasks);
                warehouse.publish(
                        spark,
                        run,
                        new Warehouse.Staged(
                                dir,
                                schema,
                                written.stats(),
                                written.files(),
                                Warehouse.parameters(schema, partitions),
                                written.summaries()),
                        List.of());
                return Committed.of(schema, written.stats(), written.tallies());
            } finally {
                spark.sparkContext().setJobDescription(null);
                run.discard(dir);
            }
        });
    }

    /**
     * What a write left in its directory: the stats row (partition values, n, h as
     * {@link Manifests#countAndChecksum} gives them) of each listed partition that received rows,
     * the tallies, the manifest entry of each file taken (partition key → file name → entry), and
     * each partition's counts where the schema has a summary (partition key → their text, {@link
     * SummaryCounts#text}).
     */
    public record Written(
            List<Row> stats,
            long[] tallies,
            Map<String, Map<String, FileEntry>> files,
            Map<String, String> summaries) {}

    /**
     * Computes {@code census} and writes its rows into {@code dir} (a directory per partition, as
     * Spark names them), checked: a row outside {@code partitions} or failing the check fails the
     * write (what was written stays in {@code dir} for the caller to delete). Publishes nothing.
     */
    static Written write(
            SparkSession spark,
            SliceCensus census,
            String dir,
            List<Row> partitions,
            Check check,
            RowCondition... tallies) {
        return writeWith(
                spark,
                census.schema(),
                dir,
                partitions,
                check,
                tallies,
                census.expectedRows(),
                slicesTasks(spark, census));
    }

    /** The tasks that compute {@code census}'s slices and write their rows, each with the writer given. */
    private static Function<CensusWriteTask, List<CensusWriteTask.Outcome>> slicesTasks(
            SparkSession spark, SliceCensus census) {
        final LongAccumulator clock = CensusDatasets.kernelClock(spark, census.schema());
        final FaultInjection faults = FaultInjection.of(spark);
        final SliceKernel kernel = census.kernel();
        return write -> CensusDatasets.runOnSlices(
                spark,
                census.ids(),
                census.partitions(),
                "census " + census.schema().table() + ": " + census.ids().size() + " slices",
                CensusWriteTask.Outcome.class,
                ids -> {
                    faults.beforePartition();
                    faults.haltIfWriting();
                    final int[] task = CensusWriteTask.taskAndAttempt();
                    return write.write(CensusDatasets.timed(kernel, ids, clock), task[0], task[1]);
                });
    }

    /** The table and, for one partition, its values ("hex 4x4 down"); else how many partitions. */
    static String describe(DatasetSchema schema, List<TablePartition> partitions) {
        if (partitions.size() != 1) {
            return schema.table() + ", " + partitions.size() + " partitions";
        }
        final Row values = partitions.get(0).values();
        final StringBuilder b = new StringBuilder(schema.table());
        for (int i = 0; i < values.length(); i++) {
            b.append(' ').append(values.get(i));
        }
        return b.toString();
    }

    /** Runs {@code tasks} with a write into {@code dir}, then checks what they wrote. */
    private static Written writeWith(
            SparkSession spark,
            DatasetSchema schema,
            String dir,
            List<Row> partitions,
            Check check,
            RowCondition[] tallies,
            long expected,
            Function<CensusWriteTask, List<CensusWriteTask.Outcome>> tasks) {
        final PreparedWrite write = PreparedWrite.of(spark, schema, dir, partitions, check, tallies, true);
        final List<CensusWriteTask.Outcome> outcomes;
        StatusLine.countRows(spark.sparkContext(), write.rowsWritten(), schema.rowNoun(), expected);
        try (CommitTasks running = CommitTasks.open(spark.sparkContext())) {
            try {
                outcomes = tasks.apply(write.task());
            } catch (Throwable e) { // a failed job's SparkException among them: checked, thrown undeclared
                running.cancelAndAwait();
                throw e;
            }
        } finally {
            StatusLine.stopCounting(spark.sparkContext());
        }
        return write.conclude(outcomes);
    }

    /**
     * A write prepared on the driver: the tasks' writer ({@link CensusWriteTask}, shipped to them)
     * and what the driver needs to check what they wrote ({@link #conclude}).
     */
    private record PreparedWrite(
            DatasetSchema schema,
            String dir,
            List<Row> partitions,
            Check check,
            int tallies,
            PartitionChecksums checksums,
            String writeId,
            LongAccumulator rowsWritten,
            CensusWriteTask task) {

        /** A write of rows of {@code schema} into {@code dir}; with {@code counted}, the rows written are counted for the status line. */
        static PreparedWrite of(
                SparkSession spark,
                DatasetSchema schema,
                String dir,
                List<Row> partitions,
                Check check,
                RowCondition[] tallies,
                boolean counted) {
            final String codec = spark.conf().get("spark.sql.parquet.compression.codec", "snappy");
            CensusWriteTask.compression(codec); // a bad codec is refused before anything runs
            ConcurrentFileCalls.threads(spark, dir); // and a bad setting of the commit's threads
            final PartitionChecksums checksums = PartitionChecksums.register(spark, partitions.size());
            final String writeId = UUID.randomUUID().toString();
            final LongAccumulator rowsWritten =
                    counted ? spark.sparkContext().longAccumulator("rows written: " + schema.table()) : null;
            return new PreparedWrite(
                    schema,
                    dir,
                    partitions,
                    check,
                    tallies.length,
                    checksums,
                    writeId,
                    rowsWritten,
                    new CensusWriteTask(
                            schema,
                            partitions,
                            check.bad(),
                            check.show(),
                            Arrays.asList(tallies),
                            dir,
                            writeId,
                            codec,
                            hadoopConfiguration(spark),
                            checksums,
                            rowsWritten));
        }

        /**
         * What the tasks wrote, from their outcomes: fails (nothing published) when a row broke
         * the check or lay outside the partitions; drops the files of attempts not taken.
         */
        Written conclude(List<CensusWriteTask.Outcome> outcomes) {
            long failing = 0;
            final List<Row> examples = new ArrayList<>();
            final long[] tally = new long[tallies];
            final Set<String> written = new HashSet<>();
            final Map<String, Map<String, FileEntry>> entries = new HashMap<>();
            final Map<String, SummaryCounts> summaries = new HashMap<>();
            for (CensusWriteTask.Outcome o : outcomes) {
                failing += o.failing();
                o.examples().forEach(e -> CensusWriteTask.keepExample(examples, e));
                for (int t = 0; t < tally.length; t++) {
                    tally[t] += o.tallies()[t];
                }
                for (int p = 0; p < partitions.size(); p++) {
                    if (o.files()[p] != null) {
                        final String key = Manifests.key(schema, partitions.get(p));
                        written.add(key + "/" + o.files()[p]);
                        entries.computeIfAbsent(key, k -> new HashMap<>()).put(o.files()[p], o.entries()[p]);
                        // A task counts a partition's rows where it writes them: with their file.
                        if (o.summaries()[p] != null) {
                            summaries
                                    .computeIfAbsent(key, k -> new SummaryCounts(schema.summary()))
                                    .add(o.summaries()[p]);
                        }
                    }
                }
            }
            final List<Row> stats = Warehouse.observedPartitions(schema, partitions, checksums);
            if (failing > 0) {
                throw new CensusFailure(
                        failing + " " + check.what() + ", e.g. " + examples + "; nothing was published");
            }
            // Files of attempts whose results were not taken (a speculative copy, a lost executor's) stay behind.
            Warehouse.keepOnly(dir, schema, stats, written, writeId);
            final Map<String, String> texts = new HashMap<>();
            summaries.forEach((key, counts) -> texts.put(key, counts.text()));
            return new Written(stats, tally, entries, texts);
        }
    }

    /** The last Hadoop configuration shipped to the tasks, with the context and the settings it was made from. */
    private record ShippedConfiguration(
            SparkContext context, Map<String, String> settings, Broadcast<SerializableConfiguration> broadcast) {}

    /**
     * The session's Hadoop configuration (file systems, credentials) as the tasks that write get
     * it: broadcast once and reused while the context and the session's settings stay the same
     * (a broadcast of Hadoop's thousand-odd entries took 15–23 ms, a tenth of a small census's
     * fixed costs).
     */
    static synchronized Broadcast<SerializableConfiguration> hadoopConfiguration(SparkSession spark) {
        final SparkContext context = spark.sparkContext();
        final Map<String, String> settings =
                new TreeMap<>(JavaConverters.mapAsJavaMap(spark.conf().getAll()));
        for (Map.Entry<String, String> e : context.hadoopConfiguration()) {
            settings.put("hadoop:" + e.getKey(), e.getValue());
        }
        if (shipped == null
                || shipped.context() != context
                || !shipped.settings().equals(settings)) {
            shipped = new ShippedConfiguration(
                    context,
                    settings,
                    JavaSparkContext.fromSparkContext(context)
                            .broadcast(new SerializableConfiguration(
                                    spark.sessionState().newHadoopConf())));
        }
        return shipped.broadcast();
    }

    /**
     * Commits {@code rows}, computed by Spark SQL in {@code spark}, which lie in the partitions
     * {@code partitions} (as above); returns the row count and the tallies. Each of the dataset's
     * partitions is written by its own task, through the writer the slices' tasks use.
     */
    public static Committed commit(
            SparkSession spark,
            Warehouse warehouse,
            DatasetSchema schema,
            Dataset<Row> rows,
            List<TablePartition> partitions,
            Check check,
            RowCondition... tallies) {
        assert rows.sparkSession() == spark : "the rows are of another session";
        final String[] columns = schema.struct().fieldNames();
        final Dataset<Row> inOrder =
                rows.selectExpr(Arrays.stream(columns).map(c -> "`" + c + "`").toArray(String[]::new));
        return commit(spark, warehouse, schema, inOrder.javaRDD(), partitions, check, tallies);
    }

    /**
     * As {@link #commit(SparkSession, Warehouse, DatasetSchema, Dataset, List, Check, RowCondition...)},
     * for rows that tasks make themselves (a kernel's output), already with the schema's columns in
     * its order: written as they come, with no conversion to Spark SQL's rows and back.
     */
    public static Committed commit(
            SparkSession spark,
            Warehouse warehouse,
            DatasetSchema schema,
            JavaRDD<Row> rows,
            List<TablePartition> partitions,
            Check check,
            RowCondition... tallies) {
        final FaultInjection faults = FaultInjection.of(spark);
        return commitWritten(
                spark,
                warehouse,
                schema,
                partitions,
                check,
                tallies,
                -1,
                write -> rows.mapPartitions((FlatMapFunction<Iterator<Row>, CensusWriteTask.Outcome>) it -> {
                            faults.haltIfWriting();
                            final int[] task = CensusWriteTask.taskAndAttempt();
                            return List.of(write.write(it, task[0], task[1])).iterator();
                        })
                        .collect());
    }

    /** What {@link #commitWithChunk} did: the commit's tally, and what its tasks wrote of the chunk. */
    public record WithChunk(Committed committed, Written chunk) {}

    /**
     * Commits rows of {@code schema} as {@link #commit(SparkSession, Warehouse, DatasetSchema,
     * JavaRDD, List, Check, RowCondition...)} does, while the same tasks write a chunk of a chunked
     * commit of another table ({@code chunk}, as {@link ChunkedCommit.Chunk#write} is given it):
     * one pass makes both tables' rows. Each of {@code pairs} holds a row of {@code schema} and a
     * row of the chunk's table. The chunk's rows are checked first: when one breaks the chunk's
     * check, nothing is published. The chunk's files stay in the chunked run's data directory for
     * {@link ChunkedCommit} to record (or, when this commit fails, to drop).
     */
    public static WithChunk commitWithChunk(
            SparkSession spark,
            Warehouse warehouse,
            DatasetSchema schema,
            JavaRDD<Row[]> pairs,
            List<TablePartition> partitions,
            Check check,
            RowCondition[] tallies,
            ChunkedCommit.ChunkTarget chunk) {
        final FaultInjection faults = FaultInjection.of(spark);
        final PreparedWrite second = PreparedWrite.of(
                spark, chunk.schema(), chunk.data(), chunk.partitions(), chunk.check(), chunk.tallies(), false);
        final CensusWriteTask secondTask = second.task();
        final Written[] chunkWritten = new Written[1];
        final Committed committed = commitWritten(spark, warehouse, schema, partitions, check, tallies, -1, write -> {
            final List<CensusWriteTask.Outcome[]> both = pairs.mapPartitions((FlatMapFunction<
                                    Iterator<Row[]>, CensusWriteTask.Outcome[]>)
                            it -> {
                                faults.haltIfWriting();
                                final int[] task = CensusWriteTask.taskAndAttempt();
                                final CensusWriteTask.Session other = secondTask.open(task[0], task[1]);
                                boolean done = false;
                                try {
                                    // The first rows are pulled by the commit's writer; each hands its pair's second
                                    // on.
                                    final Iterator<Row> firsts = new Iterator<>() {
                                        @Override
                                        public boolean hasNext() {
                                            return it.hasNext();
                                        }

                                        @Override
                                        public Row next() {
                                            final Row[] pair = it.next();
                                            other.accept(pair[1]);
                                            return pair[0];
                                        }
                                    };
                                    final CensusWriteTask.Outcome first = write.write(firsts, task[0], task[1]);
                                    final CensusWriteTask.Outcome[] outcomes = {first, other.finish()};
                                    done = true;
                                    return List.<CensusWriteTask.Outcome[]>of(outcomes)
                                            .iterator();
                                } finally {
                                    if (!done) {
                                        other.abandon();
                                    }
                                }
                            })
                    .collect();
            final List<CensusWriteTask.Outcome> firsts = new ArrayList<>();
            final List<CensusWriteTask.Outcome> seconds = new ArrayList<>();
            for (CensusWriteTask.Outcome[] o : both) {
                firsts.add(o[0]);
                seconds.add(o[1]);
            }
            chunkWritten[0] = second.conclude(seconds); // fails, publishing nothing, on a bad row of the chunk
            return firsts;
        });
        return new WithChunk(committed, chunkWritten[0]);
    }

    /** An aggregate counting the rows where {@code condition} holds. */
    public static Column countIf(Column condition) {
        return functions.sum(functions.when(condition, 1L).otherwise(0L));
    }
}
