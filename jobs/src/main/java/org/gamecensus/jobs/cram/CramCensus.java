package org.gamecensus.jobs.cram;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusConfig;
import org.gamecensus.jobs.census.CommandOptions;
import org.gamecensus.schemas.cram.CramSchemas;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The Cram census: every polyomino shape, its Grundy value by search against the pairing theorem ({@link CramJob}). */
public final class CramCensus extends Census {

    public CramCensus() {
        super("cram", "every Cram shape: Grundy values by search against the pairing theorem", CramSchemas.ALL);
    }

    @Override
    public Callable<Integer> runCommand() {
        return new Run();
    }

    /** The size a census to {@code squares} (or the setting's, when null) takes, checked against the limits. */
    static int size(CensusConfig config, String squares, String setting, long fallback) {
        final long n = CommandOptions.whole(
                "--max-squares", squares, config.getLong(setting, fallback), Long.MIN_VALUE, Long.MAX_VALUE);
        CramJob.checkSize(n, config.getLong("cram.max-shapes", CramJob.DEFAULT_MAX_SHAPES));
        return (int) n;
    }

    /** {@code census run cram}. */
    @Command(
            name = "cram",
            description = {
                "Every shape of 1..N squares up to translation, half-turn and the two flips: its"
                        + " Grundy value and, against it, the pairing theorem, symmetries, and the dominoes that reach a pairing one"
                        + " move away, lax and strict; fails on any broken invariant; rows to the warehouse's cram table (partitions"
                        + " squares=1..N), tables to DIR/tables/."
            })
    static final class Run implements Callable<Integer> {
        @Mixin
        CommandOptions.Run options;

        @Mixin
        CommandOptions.Chunks chunks;

        @Option(
                names = "--max-squares",
                paramLabel = "N",
                description = "shapes of 1..N squares, N ≤ 14 (default 8;"
                        + " setting cram.max-squares; limit cram.max-shapes)")
        String maxSquares;

        @Override
        public Integer call() {
            final PrintWriter out = options.out();
            final int squares = size(options.config(), maxSquares, "cram.max-squares", CramJob.DEFAULT_MAX_SQUARES);
            final int n = chunks.chunks(CramSlices.SLICES);
            return options.run(
                    "census run cram --max-squares " + squares,
                    (spark, warehouse, partitions) -> n > 0
                            ? CramJob.censusInChunks(spark, warehouse, squares, partitions, n)
                            : CramJob.census(spark, warehouse, squares, partitions),
                    (spark, warehouse) -> CramTables.publish(spark, warehouse, squares),
                    out);
        }
    }

    @Override
    public Published published(CensusConfig config) {
        final int squares = size(config, null, "publish.cram.max-squares", CramJob.DEFAULT_MAX_SQUARES);
        return new Published(
                warehouse -> CramJob.claimCensus(warehouse, squares),
                (spark, warehouse, partitions, out) ->
                        out.println(CramJob.census(spark, warehouse, squares, partitions)),
                (spark, warehouse) -> CramTables.publish(spark, warehouse, squares));
    }

    @Override
    public BenchSize benchSize() {
        return new BenchSize("--max-squares", "N", "bench.cram.max-squares", "11", "the cram census's largest shapes");
    }

    @Override
    public Benched benched(CensusConfig config, String size) {
        final int squares = size(config, size, "bench.cram.max-squares", 11);
        return new Benched(
                name(),
                "to " + squares + (squares == 1 ? " square" : " squares"),
                (spark, w) -> CramJob.census(spark, w, squares, 0).shapes());
    }
}
