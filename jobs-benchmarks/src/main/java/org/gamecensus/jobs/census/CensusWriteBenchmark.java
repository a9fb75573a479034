package org.gamecensus.jobs.census;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.spark.broadcast.Broadcast;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.util.SerializableConfiguration;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.schemas.DatasetSchema;
import org.gamecensus.schemas.cram.CramSchemas;
import org.gamecensus.schemas.hex.HexSchemas;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What a census's tasks do besides their kernels: one operation is the whole census's rows
 * (computed once, at set-up, and cut into four tasks' runs of slices as Spark cuts them) written
 * by {@link CensusWriteTask} as the commit's tasks write them — each row's partition found, the
 * check and tally tested, the row hashed for the manifests, and its columns encoded into a
 * Snappy-compressed Parquet file per partition and task. Cram to 11 squares (46,924 rows of 24
 * leaf columns, interleaved over 11 partitions: 26 files) and Lumberjack to 15 edges (376,464
 * rows of 8 columns, 16 partitions), each with its schema's distinct columns declared (a shape's
 * picture, a tree's encoding, written without a dictionary) or not, to measure what the
 * declaration saves in one run rather than between JVMs; and Hex 3×4 with Down first (101,243
 * positions of 17 columns, one partition), whose schema declares no distinct column (so its two
 * {@code distinct} cases are one). A local Spark session serves only the shipped Hadoop
 * configuration and the checksums' accumulator.
 *
 * <p>The rows are held in memory for the whole trial, so each is read from memory rather than from
 * the cache a kernel just filled: a census's tasks write each row as it comes.
 */
public class CensusWriteBenchmark extends SparkForkedBenchmark {

    /** Tasks a census of this size runs on a 2-core machine ({@link CensusDatasets#defaultPartitions}). */
    private static final int TASKS = 4;

    @State(Scope.Benchmark)
    public static class Census {
        @Param({"cram", "lumberjack", "hex"})
        public String census;

        /** Whether the schema's distinct columns are declared (written without a dictionary) or not. */
        @Param({"declared", "undeclared"})
        public String distinct;

        /** The rows written counted for the status line, or not (the cost of counting). */
        @Param({"counted", "uncounted"})
        public String rows;

        private SparkSession spark;
        private Broadcast<SerializableConfiguration> hadoop;
        private final List<List<Row>> tasks = new ArrayList<>();
        private List<Row> partitions;
        private CensusCommit.Check check;
        private RowCondition tally;
        private DatasetSchema schema;
        private Path dir;
        private int write;

        private CensusWriteTask task;

        @Setup(Level.Trial)
        public void rows() throws IOException {
            spark = CensusSession.create("local[1]", "census write benchmark", Map.of());
            hadoop = CensusCommit.hadoopConfiguration(spark);
            final SliceCensus slices;
            switch (census) {
                case "cram" -> {
                    slices = CramJob.slices(11, TASKS);
                    schema = CramSchemas.SHAPES;
                    partitions = TablePartition.values(TablePartition.range(1, 11));
                    check = CramJob.CHECK;
                    tally = RowCondition.equalTo("outcome", "N");
                }
                case "lumberjack" -> {
                    slices = LumberjackJob.slices(spark, 15, TASKS);
                    schema = LumberjackSchemas.TREES;
                    partitions = TablePartition.values(TablePartition.range(0, 15));
                    check = LumberjackJob.CHECK;
                    tally = RowCondition.equalTo("grundy", 0);
                }
                case "hex" -> {
                    final HexBoard board = new HexBoard(3, 4);
                    slices = HexJob.slices(board, HexBoard.Side.DOWN, TASKS);
                    schema = HexSchemas.POSITIONS;
                    partitions = TablePartition.values(TablePartition.of(board.name(), HexBoard.Side.DOWN.label()));
                    check = CensusCommit.Check.none();
                    tally = RowCondition.isTrue("winnable");
                }
                default -> throw new IllegalArgumentException("census " + census);
            }
            if (distinct.equals("undeclared")) {
                schema = new DatasetSchema(
                        schema.table(),
                        schema.version(),
                        schema.struct(),
                        schema.partitionColumns(),
                        schema.description());
            }
            final List<Long> ids = slices.ids();
            for (int t = 0; t < TASKS; t++) {
                final List<Row> rows = new ArrayList<>();
                slices.kernel()
                        .decide(ids.subList(ids.size() * t / TASKS, ids.size() * (t + 1) / TASKS)
                                .iterator())
                        .forEachRemaining(rows::add);
                tasks.add(rows);
            }
            dir = Files.createTempDirectory("census-write-benchmark");
        }

        @TearDown(Level.Trial)
        public void stop() {
            spark.stop();
            WarehouseFiles.deleteRecursively(WarehouseFiles.uri(dir.toString()));
        }

        /** A fresh directory and accumulator for the next write (the last write's files deleted). */
        @Setup(Level.Invocation)
        public void freshWrite() {
            WarehouseFiles.deleteRecursively(
                    WarehouseFiles.uri(dir.resolve("w" + write).toString()));
            write++;
            task = new CensusWriteTask(
                    schema,
                    partitions,
                    check.bad(),
                    check.show(),
                    List.of(tally),
                    WarehouseFiles.uri(dir.resolve("w" + write).toString()),
                    "bench",
                    "snappy",
                    hadoop,
                    PartitionChecksums.register(spark, partitions.size()),
                    rows.equals("counted") ? spark.sparkContext().longAccumulator("rows written: bench") : null);
        }

        /** The census's rows written as its tasks write them; the tally summed over them. */
        long writeAll() {
            long tallied = 0;
            for (int t = 0; t < TASKS; t++) {
                tallied += task.write(tasks.get(t).iterator(), t, 0).tallies()[0];
            }
            return tallied;
        }
    }

    @Benchmark
    public long writeCensusRows(Census census) {
        return census.writeAll();
    }
}
