package org.gamecensus.jobs.lumberjack;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusConfig;
import org.gamecensus.jobs.census.CommandOptions;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The Lumberjack census: every rooted tree, its Grundy value by brute force against the Tuft principle ({@link LumberjackJob}). */
public final class LumberjackCensus extends Census {

    public LumberjackCensus() {
        super(
                "lumberjack",
                "every rooted tree (Green Hackenbush): brute force against the Tuft principle",
                LumberjackSchemas.ALL);
    }

    @Override
    public Callable<Integer> runCommand() {
        return new Run();
    }

    /** The size a census to {@code edges} (or the setting's, when null) takes, checked against the limits. */
    static int size(CensusConfig config, String edges, String setting, long fallback) {
        final long n = CommandOptions.whole(
                "--max-edges", edges, config.getLong(setting, fallback), Long.MIN_VALUE, Long.MAX_VALUE);
        LumberjackJob.checkSize(n, config.getLong("lumberjack.max-trees", LumberjackJob.DEFAULT_MAX_TREES));
        return (int) n;
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

        @Override
        public Integer call() {
            final PrintWriter out = options.out();
            final int edges = size(options.config(), maxEdges, "lumberjack.max-edges", LumberjackJob.DEFAULT_MAX_EDGES);
            final int n = chunks.chunks(new LumberjackSlices(edges).sliceIds().size());
            return options.run(
                    "census run lumberjack --max-edges " + edges,
                    (spark, warehouse, partitions) -> n > 0
                            ? LumberjackJob.censusInChunks(spark, warehouse, edges, partitions, n)
                            : LumberjackJob.census(spark, warehouse, edges, partitions),
                    (spark, warehouse) -> LumberjackTables.publish(spark, warehouse, edges),
                    out);
        }
    }

    @Override
    public Published published(CensusConfig config) {
        final int edges = size(config, null, "publish.lumberjack.max-edges", LumberjackJob.DEFAULT_MAX_EDGES);
        return new Published(
                warehouse -> LumberjackJob.claimCensus(warehouse, edges),
                (spark, warehouse, partitions, out) ->
                        out.println(LumberjackJob.census(spark, warehouse, edges, partitions)),
                (spark, warehouse) -> LumberjackTables.publish(spark, warehouse, edges));
    }

    @Override
    public BenchSize benchSize() {
        return new BenchSize(
                "--max-edges", "N", "bench.lumberjack.max-edges", "15", "the lumberjack census's largest trees");
    }

    @Override
    public Benched benched(CensusConfig config, String size) {
        final int edges = size(config, size, "bench.lumberjack.max-edges", 15);
        return new Benched(
                name(),
                "to " + edges + (edges == 1 ? " edge" : " edges"),
                (spark, w) -> LumberjackJob.census(spark, w, edges, 0).trees());
    }
}
