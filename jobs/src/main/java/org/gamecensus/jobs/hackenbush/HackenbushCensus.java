package org.gamecensus.jobs.hackenbush;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusConfig;
import org.gamecensus.jobs.census.CommandOptions;
import org.gamecensus.schemas.hackenbush.HackenbushSchemas;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The Green Hackenbush census: every multigraph on the ground, brute force against the fusion principle ({@link HackenbushJob}). */
public final class HackenbushCensus extends Census {

    public HackenbushCensus() {
        super(
                "hackenbush",
                "every multigraph on the ground (Green Hackenbush): brute force against the fusion principle",
                HackenbushSchemas.ALL);
    }

    @Override
    public Callable<Integer> runCommand() {
        return new Run();
    }

    /** {@code census run hackenbush}. */
    @Command(
            name = "hackenbush",
            description = {
                "Every multigraph on the ground up to isomorphism fixing the ground, loops"
                        + " and parallel edges allowed: its Grundy value by brute force against the fusion principle; rows to the"
                        + " warehouse's hackenbush table (partitions edges=0..E)."
            })
    static final class Run implements Callable<Integer> {
        @Mixin
        CommandOptions.Run options;

        @Option(
                names = "--max-vertices",
                paramLabel = "V",
                description = "graphs of up to V vertices, the ground included,"
                        + " 1..6 (default 4; setting hackenbush.max-vertices)")
        String maxVertices;

        @Option(
                names = "--max-edges",
                paramLabel = "E",
                description = "graphs of up to E edges, 0..12 (default 6;"
                        + " setting hackenbush.max-edges; limit hackenbush.max-graphs)")
        String maxEdges;

        @Override
        public Integer call() {
            final PrintWriter out = options.out();
            final CensusConfig config = options.config();
            final long v = CommandOptions.whole(
                    "--max-vertices",
                    maxVertices,
                    config.getLong("hackenbush.max-vertices", HackenbushJob.DEFAULT_MAX_VERTICES),
                    Long.MIN_VALUE,
                    Long.MAX_VALUE);
            final long e = CommandOptions.whole(
                    "--max-edges",
                    maxEdges,
                    config.getLong("hackenbush.max-edges", HackenbushJob.DEFAULT_MAX_EDGES),
                    Long.MIN_VALUE,
                    Long.MAX_VALUE);
            HackenbushJob.checkSize(v, e, maxGraphs(config));
            return options.run(
                    "census run hackenbush --max-vertices " + v + " --max-edges " + e,
                    (spark, warehouse, partitions) ->
                            HackenbushJob.census(spark, warehouse, (int) v, (int) e, partitions),
                    (spark, warehouse) -> HackenbushTables.publish(spark, warehouse, (int) v, (int) e),
                    out);
        }
    }

    static long maxGraphs(CensusConfig config) {
        return config.getLong("hackenbush.max-graphs", HackenbushJob.DEFAULT_MAX_GRAPHS);
    }

    @Override
    public Published published(CensusConfig config) {
        final int v = HackenbushJob.DEFAULT_MAX_VERTICES;
        final int e = HackenbushJob.DEFAULT_MAX_EDGES;
        HackenbushJob.checkSize(v, e, maxGraphs(config));
        return new Published(
                warehouse -> HackenbushJob.plan(v, e).claim(warehouse),
                (spark, warehouse, partitions, out) ->
                        out.println(HackenbushJob.census(spark, warehouse, v, e, partitions)),
                (spark, warehouse) -> HackenbushTables.publish(spark, warehouse, v, e));
    }
}
