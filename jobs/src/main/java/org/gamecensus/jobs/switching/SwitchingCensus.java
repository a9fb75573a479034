package org.gamecensus.jobs.switching;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusConfig;
import org.gamecensus.jobs.census.CensusFailure;
import org.gamecensus.jobs.census.CommandOptions;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.kernel.switching.SwitchingHost;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.gamecensus.schemas.switching.SwitchingSchemas;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The Shannon switching game census: every subgraph of a host decided by an exhaustive solver and
 * by Lehman's criterion ({@link SwitchingJob}), and whole hosts such as Bridg-It boards decided
 * on their own ({@link WholeHostDecision}).
 */
public final class SwitchingCensus extends Census {

    static final String HOST_HELP = "a built-in host (" + SwitchingHosts.NAMES + ") or a host file: lines 's NAME',"
            + " 't NAME', then one link 'NAME NAME' a line, '#' starts a comment";

    public SwitchingCensus() {
        super(
                "switching",
                "every subgraph of a host: an exhaustive game solver against Lehman's criterion",
                SwitchingSchemas.ALL);
    }

    @Override
    public Callable<Integer> runCommand() {
        return new Run();
    }

    @Override
    public Callable<Integer> decideCommand() {
        return new Decide();
    }

    /** The host {@code spec} names, renamed {@code name} when given (a host file's graph only, never a built-in name). */
    static SwitchingHost host(String spec, String name) {
        try {
            return SwitchingHosts.resolve(spec, name);
        } catch (IllegalArgumentException e) {
            throw new UsageException((name == null ? "" : "--name " + name + ": ") + e.getMessage());
        }
    }

    static long maxSubgraphs(CensusConfig config) {
        return config.getLong("switching.max-subgraphs", SwitchingJob.DEFAULT_MAX_SUBGRAPHS);
    }

    /** {@code census run switching}. */
    @Command(
            name = "switching",
            description = {
                "Decides every subgraph (link subset) of the host twice, by an exhaustive"
                        + " game solver and by Lehman's criterion (matroid partition), fails on any disagreement, and writes the rows"
                        + " to the warehouse's switching table (replacing only this host's partition) and the tables to DIR/tables/."
            })
    static final class Run implements Callable<Integer> {
        @Mixin
        CommandOptions.Run options;

        @Mixin
        CommandOptions.Chunks chunks;

        @Option(
                names = "--host",
                paramLabel = "NAME|FILE",
                description = "the host (default: the profile's switching.host," + " else K5): " + HOST_HELP)
        String host;

        @Option(
                names = "--max-subgraphs",
                paramLabel = "N",
                description = "lifts the size limit (default 2^22 subgraphs;" + " setting switching.max-subgraphs)")
        String maxSubgraphs;

        @Option(
                names = "--name",
                paramLabel = "NAME",
                description = "names a host file's graph (never a built-in host's name);"
                        + " by default FILE-DIGEST, after the file and its graph")
        String name;

        @Override
        public Integer call() {
            final PrintWriter out = options.out();
            final CensusConfig config = options.config();
            final SwitchingHost h = host(host != null ? host : config.get("switching.host", "K5"), name);
            final long limit =
                    CommandOptions.whole("--max-subgraphs", maxSubgraphs, maxSubgraphs(config), 1, Long.MAX_VALUE);
            SwitchingJob.checkSize(h, limit);
            final int n = chunks.chunks(new SwitchingSlices(h).sliceCount());
            return options.run(
                    "census run switching --host " + h.name(),
                    (spark, warehouse, partitions) -> n > 0
                            ? SwitchingJob.censusInChunks(spark, warehouse, h, partitions, n)
                            : SwitchingJob.census(spark, warehouse, h, partitions),
                    SwitchingTables::publish,
                    out);
        }
    }

    /** {@code census decide switching}. */
    @Command(
            name = "switching",
            description = {
                "Decides one whole host: who wins for each start by Lehman's criterion, by"
                        + " the exhaustive solver where it finishes within the node budget, the two spanning trees, and which opening"
                        + " links win for Short. Prints to standard output; writes nothing."
            })
    static final class Decide implements Callable<Integer> {
        @Mixin
        CommandOptions.Profile profile;

        @Option(names = "--host", paramLabel = "NAME|FILE", description = "the host: " + HOST_HELP)
        String host;

        @Option(names = "--name", paramLabel = "NAME", description = "names a host file's graph")
        String name;

        @Option(
                names = "--budget",
                paramLabel = "NODES",
                description = "nodes the solver may spend (default 20000000;" + " setting switching.solver-budget)")
        String budget;

        @Override
        public Integer call() {
            if (host == null) {
                throw new UsageException("'decide switching' needs --host NAME|FILE");
            }
            final SwitchingHost h = host(host, name);
            final long nodes = CommandOptions.whole(
                    "--budget",
                    budget,
                    profile.config().getLong("switching.solver-budget", SwitchingJob.DEFAULT_SOLVER_BUDGET),
                    1,
                    Long.MAX_VALUE);
            final WholeHostDecision d = WholeHostDecision.decide(h, nodes);
            final PrintWriter out = profile.out();
            out.print(d.describe());
            out.flush();
            if (Boolean.FALSE.equals(d.agrees())) {
                throw new CensusFailure("host " + h.name() + ": solver and criterion disagree");
            }
            return 0;
        }
    }

    @Override
    public Published published(CensusConfig config) {
        final List<SwitchingHost> censused = new ArrayList<>();
        for (String spec : config.getList("publish.switching.hosts", "K5,K4,theta,grid2x3,path4")) {
            final SwitchingHost h = host(spec, null);
            SwitchingJob.checkSize(h, maxSubgraphs(config));
            censused.add(h);
        }
        final List<SwitchingHost> decided = new ArrayList<>();
        for (String spec : config.getList("publish.switching.decide", "bridgit:2,bridgit:3,bridgit:4,bridgit:5")) {
            decided.add(host(spec, null));
        }
        final long budget = config.getLong("switching.solver-budget", SwitchingJob.DEFAULT_SOLVER_BUDGET);
        return new Published(
                warehouse -> {
                    for (SwitchingHost h : censused) {
                        SwitchingJob.claimCensus(warehouse, h);
                    }
                    if (!decided.isEmpty()) {
                        SwitchingJob.claimDecided(warehouse, decided);
                    }
                },
                (spark, warehouse, partitions, out) -> {
                    for (SwitchingHost h : censused) {
                        out.println(SwitchingJob.census(spark, warehouse, h, partitions));
                    }
                    if (!decided.isEmpty()) {
                        for (SwitchingJob.WholeHostDecisionRow d :
                                SwitchingJob.decideAll(spark, warehouse, decided, budget)) {
                            out.println(d);
                        }
                    }
                },
                (spark, warehouse) -> SwitchingTables.publish(spark, warehouse));
    }

    @Override
    public BenchSize benchSize() {
        return new BenchSize("--host", "NAME", "bench.switching.host", "K7", "the switching census's host");
    }

    @Override
    public Benched benched(CensusConfig config, String size) {
        final SwitchingHost h = host(size != null ? size : config.get("bench.switching.host", "K7"), null);
        SwitchingJob.checkSize(h, maxSubgraphs(config));
        return new Benched(
                name(),
                "host " + h.name(),
                (spark, w) -> SwitchingJob.census(spark, w, h, 0).subgraphs());
    }
}
