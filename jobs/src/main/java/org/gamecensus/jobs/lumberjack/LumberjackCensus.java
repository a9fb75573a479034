package org.gamecensus.jobs.lumberjack;

import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.CensusConfig;
import org.gamecensus.jobs.census.CommandOptions;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.SizedCensus;
import org.gamecensus.jobs.census.SliceCommit;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The Lumberjack census: every rooted tree, its Grundy value by brute force against the Tuft principle ({@link LumberjackJob}). */
public final class LumberjackCensus extends SizedCensus {

    public LumberjackCensus() {
        super(
                "lumberjack",
                "every rooted tree (Green Hackenbush): brute force against the Tuft principle",
                LumberjackSchemas.ALL,
                "--max-edges",
                "edge",
                LumberjackJob.DEFAULT_MAX_EDGES,
                new BenchSize(
                        "--max-edges",
                        "N",
                        "bench.lumberjack.max-edges",
                        "15",
                        "the lumberjack census's largest trees"));
    }

    @Override
    public Callable<Integer> runCommand() {
        return new Run(this);
    }

    @Override
    protected void checkSize(CensusConfig config, long edges) {
        LumberjackJob.checkSize(edges, config.getLong("lumberjack.max-trees", LumberjackJob.DEFAULT_MAX_TREES));
    }

    @Override
    protected SliceCommit plan(int edges) {
        return LumberjackJob.plan(edges);
    }

    @Override
    protected Object summary(int edges, SliceCommit.Timed committed) {
        return LumberjackJob.summary(edges, committed);
    }

    @Override
    protected List<PublishedTable> tables(SparkSession spark, Warehouse warehouse, int edges) {
        return LumberjackTables.publish(spark, warehouse, edges);
    }

    /** {@code census run lumberjack}. */
    @Command(
            name = "lumberjack",
            description = {
                "Every rooted tree of 0..N edges: its Grundy value by brute force and by"
                        + " the Tuft principle; fails on any disagreement; rows to the warehouse's lumberjack table (partitions"
                        + " edges=0..N), tables to DIR/tables/."
            })
    static final class Run implements Callable<Integer> {
        private final LumberjackCensus census;

        @Mixin
        CommandOptions.Run options;

        @Mixin
        CommandOptions.Chunks chunks;

        @Option(
                names = "--max-edges",
                paramLabel = "N",
                description = "trees of 0..N edges, N ≤ 20 (default 12;"
                        + " setting lumberjack.max-edges; limit lumberjack.max-trees)")
        String maxEdges;

        Run(LumberjackCensus census) {
            this.census = census;
        }

        @Override
        public Integer call() {
            return census.run(options, chunks, maxEdges);
        }
    }
}
