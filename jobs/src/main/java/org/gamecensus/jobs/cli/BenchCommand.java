package org.gamecensus.jobs.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Callable;
import org.gamecensus.jobs.Censuses;
import org.gamecensus.jobs.bench.BenchBaseline;
import org.gamecensus.jobs.bench.BenchTargets;
import org.gamecensus.jobs.bench.BenchTiming;
import org.gamecensus.jobs.bench.CensusBench;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusConfig;
import org.gamecensus.jobs.census.CensusFailure;
import org.gamecensus.jobs.census.CensusSession;
import org.gamecensus.jobs.census.CommandOptions;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code census bench}: each census of the registry that has a bench size, timed on each master
 * ({@link CensusBench}); a size option per census comes from its {@link Census#benchSize}.
 */
@Command(
        name = "bench",
        header = "time the censuses on each master (bench/README.md)",
        description = {
            "Runs each census at its benchmark size (the profile's bench.* settings, or the"
                    + " size options below, within the run command's limits) untimed at least --warm-up times and until those runs"
                    + " have taken --warm-up-seconds (at most 100 runs), then timed once, in each of --repeat rounds, on each master"
                    + " in turn, and writes DIR/bench/report.md (items, cores, median wall time and the part in Spark jobs, items"
                    + " per second per core, kernel time against wall time, the JIT's compile time, each master's speed-up over the"
                    + " first, judged against the settings bench.target.overhead and bench.target.speed-up) and DIR/bench/report.csv"
                    + " (every timed run). With --baseline, each census's median wall is compared with the baseline's runs, and"
                    + " the command exits 1 when one is slower than the baseline's slowest by more than --tolerance per cent or"
                    + " gives other items; runs on another processor are reported, not judged. The censuses are written to scratch"
                    + " warehouses, one per master, emptied first: DIR/bench/warehouse-N/warehouse, or URI/bench-N with --warehouse (on a cluster of several"
                    + " machines, a file system every executor and the driver see: hdfs:, s3a:). See bench/README.md."
        })
final class BenchCommand implements Callable<Integer> {

    @Mixin
    CommandOptions.Output output;

    @Mixin
    CommandOptions.Profile profile;

    @Spec
    CommandSpec spec;

    @Option(names = "--repeat", paramLabel = "N", description = "timed rounds (default 3)")
    String repeat;

    @Option(
            names = "--warm-up",
            paramLabel = "N",
            description = "untimed runs before each timed one, at least (default 1)")
    String warmUp;

    @Option(
            names = "--warm-up-seconds",
            paramLabel = "S",
            description =
                    "untimed runs until they have taken S seconds" + " (default 15; setting bench.warm-up-seconds)")
    String warmUpSeconds;

    @Option(
            names = "--censuses",
            paramLabel = "LIST",
            description = "the censuses, separated by commas (default: every" + " census with a bench size)")
    String censuses;

    @Option(
            names = "--masters",
            paramLabel = "URL,URL...",
            description = "the masters, taken in turn each round" + " (default: local[1],local[2])")
    String masters;

    @Option(names = "--baseline", paramLabel = "FILE", description = "an earlier bench's report.csv to compare with")
    String baseline;

    @Option(
            names = "--tolerance",
            paramLabel = "PCT",
            description = "how much slower than the baseline's slowest run is" + " a slide (default 25)")
    String tolerance;

    /** The entries of {@code value}, a list for {@code option}: separated by commas, none empty, none twice. */
    private static List<String> distinct(String option, String value, String what) {
        final List<String> list = List.of(value.split(",", -1));
        if (list.contains("") || list.size() != new HashSet<>(list).size()) {
            throw new UsageException(option + " takes distinct " + what + " separated by commas, got '" + value + "'");
        }
        return list;
    }

    /** The bench's command, with each benched census's size option added from the registry. */
    static CommandLine commandLine() {
        final CommandLine bench = new CommandLine(new BenchCommand());
        for (Census c : Censuses.benched()) {
            final Census.BenchSize size = c.benchSize();
            bench.getCommandSpec()
                    .addOption(OptionSpec.builder(size.option())
                            .paramLabel(size.label())
                            .type(String.class)
                            .description(size.description() + " (default " + size.fallback() + "; setting "
                                    + size.setting() + ")")
                            .build());
        }
        return bench;
    }

    @Override
    public Integer call() {
        final CensusConfig config = profile.config();
        if (tolerance != null && baseline == null) {
            throw new UsageException("--tolerance needs --baseline (the report.csv to compare with)");
        }
        final double slide = CommandOptions.whole("--tolerance", tolerance, 25, 0, 1000) / 100.0;
        // Read before anything is timed: a bad baseline would otherwise fail after the whole bench.
        final List<BenchTiming> earlier = baseline != null ? BenchTiming.read(Path.of(baseline)) : null;
        final int rounds = (int) CommandOptions.whole("--repeat", repeat, 3, 1, 100);
        final int warmUps = (int) CommandOptions.whole("--warm-up", warmUp, 1, 0, CensusBench.MAX_WARM_UPS);
        final long seconds = CommandOptions.whole(
                "--warm-up-seconds", warmUpSeconds, config.getLong("bench.warm-up-seconds", 15, 0, 3600), 0, 3600);
        final BenchTargets.Targets targets = new BenchTargets.Targets(
                config.getDouble("bench.target.overhead", 1, 1000),
                config.getDouble("bench.target.speed-up", 0.01, 1000));
        final List<String> urls = distinct(
                "--masters", masters != null ? masters : String.join(",", CensusBench.DEFAULT_MASTERS), "master URLs");
        // All of them before any is timed: a bad second master would otherwise fail minutes into the run.
        urls.forEach(m -> CensusSession.checkMaster("--masters", m));
        final List<String> names = distinct(
                "--censuses", censuses != null ? censuses : String.join(",", CensusBench.known()), "census names");
        for (String c : names) {
            if (!CensusBench.known().contains(c)) {
                throw new UsageException("unknown census '" + c + "' for 'bench': known are " + CensusBench.known());
            }
        }
        final List<Census.Benched> benched = benched(config, names);
        final Warehouse warehouse = output.scratch();
        warehouse.checkWritable();
        final Path dir = warehouse.out().resolve("bench");
        final CensusBench.Result result = CensusBench.run(
                benched,
                urls,
                new CensusBench.WarmUp(warmUps, seconds),
                rounds,
                dir,
                output.warehouseGiven() ? warehouse : null,
                config.sparkSettings());
        final BenchBaseline.Comparison comparison =
                earlier == null ? null : BenchBaseline.compare(earlier, result.timings(), slide);
        final String report = result.report()
                + BenchTargets.markdown(result.timings(), urls, targets)
                + (comparison == null ? "" : comparison.markdown());
        Warehouse.writeAtomically(dir.resolve("report.csv"), BenchTiming.csv(result.timings()));
        Warehouse.writeAtomically(dir.resolve("report.md"), report);
        profile.out().print(report);
        profile.out().flush();
        if (comparison != null && comparison.failed()) {
            throw new CensusFailure("bench slower than the baseline or other items ("
                    + String.join("; ", comparison.failures()) + "); see " + dir.resolve("report.md"));
        }
        return 0;
    }

    /**
     * The censuses named, each at the size its option names or the profile's bench size, sized and
     * refused as {@code run} sizes and refuses it; a size option of a census left out is refused.
     */
    private List<Census.Benched> benched(CensusConfig config, List<String> names) {
        final List<Census.Benched> benched = new ArrayList<>();
        final List<Census> sized = new ArrayList<>(Censuses.benched());
        sized.sort((a, b) -> a.benchSize().option().compareTo(b.benchSize().option()));
        for (Census c : sized) {
            final String option = c.benchSize().option();
            if (spec.findOption(option).getValue() != null && !names.contains(c.name())) {
                throw new UsageException(option + " sizes the " + c.name() + " census, which --censuses "
                        + String.join(",", names) + " leaves out");
            }
        }
        for (String name : names) {
            final Census c = Censuses.named(name, "bench");
            benched.add(
                    c.benched(config, spec.findOption(c.benchSize().option()).getValue()));
        }
        return benched;
    }
}
