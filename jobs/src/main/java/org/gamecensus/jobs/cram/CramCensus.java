package org.gamecensus.jobs.cram;

import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusConfig;
import org.gamecensus.jobs.census.CommandOptions;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.SizedCensus;
import org.gamecensus.jobs.census.SliceCommit;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.schemas.cram.CramSchemas;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The Cram census: every polyomino shape, its Grundy value by search against the pairing theorem ({@link CramJob}). */
public final class CramCensus extends SizedCensus {

    public CramCensus() {
        super(
                "cram",
                "every Cram shape: Grundy values by search against the pairing theorem",
                CramSchemas.ALL,
                "--max-squares",
                "square",
                CramJob.DEFAULT_MAX_SQUARES,
                new BenchSize(
                        "--max-squares", "N", "bench.cram.max-squares", "11", "the cram census's largest shapes"));
    }

    @Override
    public Callable<Integer> runCommand() {
        return new Run(this);
    }

    @Override
    protected void checkSize(CensusConfig config, long squares) {
        CramJob.checkSize(squares, config.getLong("cram.max-shapes", CramJob.DEFAULT_MAX_SHAPES));
    }

    @Override
    protected SliceCommit plan(int squares) {
        return CramJob.plan(squares);
    }

    @Override
    protected Object summary(int squares, SliceCommit.Timed committed) {
        return CramJob.summary(squares, committed);
    }

    @Override
    protected List<PublishedTable> tables(SparkSession spark, Warehouse warehouse, int squares) {
        return CramTables.publish(spark, warehouse, squares);
    }

    /**
     * The essay's tables stay at its catalogue's size ({@code publish.cram.essay-squares}, 8; at
     * most the census's), and the route share by size goes to the census's size.
     */
    @Override
    protected Census.Tables publishedTables(CensusConfig config, int squares) {
        final long essay = CommandOptions.whole(
                "publish.cram.essay-squares",
                config.get("publish.cram.essay-squares", String.valueOf(CramJob.DEFAULT_MAX_SQUARES)),
                CramJob.DEFAULT_MAX_SQUARES,
                1,
                Integer.MAX_VALUE);
        final int tableSquares = (int) Math.min(essay, squares);
        return (spark, warehouse) -> CramTables.publish(spark, warehouse, tableSquares, squares);
    }

    /** {@code census run cram}. */
    @Command(
            name = "cram",
            description = {
                "Every shape of 1..N squares up to translation, half-turn and the two flips: its"
                        + " Grundy value and, against it, the pairing theorem, symmetries, and the dominoes that reach a pairing one"
                        + " move away and the moves two moves away, lax and strict; fails on any broken invariant; rows to the warehouse's cram table (partitions"
                        + " squares=1..N), tables to DIR/tables/."
            })
    static final class Run implements Callable<Integer> {
        private final CramCensus census;

        @Mixin
        CommandOptions.Run options;

        @Mixin
        CommandOptions.Chunks chunks;

        @Option(
                names = "--max-squares",
                paramLabel = "N",
                description = "shapes of 1..N squares, N ≤ 16 (default 8;"
                        + " setting cram.max-squares; limit cram.max-shapes)")
        String maxSquares;

        Run(CramCensus census) {
            this.census = census;
        }

        @Override
        public Integer call() {
            return census.run(options, chunks, maxSquares);
        }
    }
}
