package org.gamecensus.jobs.census;

import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.schemas.DatasetSchema;

/**
 * A census cut into the slices {@code ids} of one {@code kernel}, into the {@code partitions} of
 * {@code schema}'s table: claimed, then committed whole ({@link CensusCommit}) or in resumable
 * chunks ({@link ChunkedCommit}, their state kept under {@code chunkState}), every row checked by
 * {@code check} and counted by {@code tallies}.
 */
public record SliceCommit(
        DatasetSchema schema,
        List<TablePartition> partitions,
        List<Long> ids,
        SliceKernel kernel,
        String chunkState,
        CensusCommit.Check check,
        List<RowCondition> tallies) {

    public SliceCommit {
        partitions = List.copyOf(partitions);
        ids = List.copyOf(ids);
        tallies = List.copyOf(tallies);
    }

    /** A commit's rows and tallies, and the seconds it took from its claim. */
    public record Timed(CensusCommit.Committed committed, long seconds) {
        public long rows() {
            return committed.rows();
        }

        public long tally(int i) {
            return committed.tally(i);
        }
    }

    /** Claims every partition the census writes, ahead of it ({@link Warehouse#claim}). */
    public void claim(Warehouse warehouse) {
        warehouse.claim(schema, partitions);
    }

    /** Claims, computes, checks and commits the census in {@code sparkPartitions} partitions (0: the default). */
    public Timed commit(SparkSession spark, Warehouse warehouse, int sparkPartitions) {
        final long start = System.nanoTime();
        claim(warehouse);
        final int p = sparkPartitions > 0 ? sparkPartitions : CensusDatasets.defaultPartitions(spark, ids.size());
        final CensusCommit.Committed committed = CensusCommit.commit(
                spark,
                warehouse,
                new SliceCensus(ids, p, kernel, schema),
                partitions,
                check,
                tallies.toArray(new RowCondition[0]));
        return new Timed(committed, seconds(start));
    }

    /** As {@link #commit}, in {@code chunks} chunks of the slices, each committed once; a rerun reuses them. */
    public ChunkedCommit.Chunked<Timed> commitInChunks(
            SparkSession spark, Warehouse warehouse, int sparkPartitions, int chunks) {
        ChunkedCommit.checkChunks(chunks, ids.size());
        claim(warehouse);
        final long start = System.nanoTime();
        final ChunkedCommit.Result r = ChunkedCommit.commitSlices(
                spark,
                warehouse,
                schema,
                partitions,
                chunkState + "-" + chunks,
                chunks,
                ids,
                kernel,
                sparkPartitions,
                check,
                tallies.toArray(new RowCondition[0]));
        return new ChunkedCommit.Chunked<>(new Timed(r.committed(), seconds(start)), r.computed(), r.reused());
    }

    private static long seconds(long start) {
        return (System.nanoTime() - start) / 1_000_000_000L;
    }
}
