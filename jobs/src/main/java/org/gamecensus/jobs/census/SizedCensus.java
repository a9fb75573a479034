package org.gamecensus.jobs.census;

import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.schemas.DatasetSchema;

/**
 * A census of every item up to one size N, given by one option ({@code --max-squares} for
 * {@code cram}, {@code --max-edges} for {@code lumberjack}) and read, when the option is not
 * given, from the profile's settings of the same name: {@code NAME.max-…} for {@code run},
 * {@code publish.NAME.max-…} for {@code publish}, {@code bench.NAME.max-…} for {@code bench}. A
 * subclass says how a size is checked, what its census is ({@link SliceCommit}), how a committed
 * one is summarised and what it publishes; {@code run}, {@code publish} and {@code bench} are
 * the same for every such census.
 */
public abstract class SizedCensus extends Census {

    private final String option;
    private final String unit;
    private final long defaultSize;
    private final BenchSize bench;

    /**
     * @param option      the size option, {@code --max-} and the unit's plural ({@code --max-squares})
     * @param unit        the unit of size, singular ({@code square})
     * @param defaultSize the size when neither the option nor the profile gives one
     * @param bench       the bench's size option and default
     */
    protected SizedCensus(
            String name,
            String description,
            List<DatasetSchema> schemas,
            String option,
            String unit,
            long defaultSize,
            BenchSize bench) {
        super(name, description, schemas);
        if (!option.startsWith("--max-")) {
            throw new IllegalArgumentException("a size option reads --max-UNITS, got " + option);
        }
        this.option = option;
        this.unit = unit;
        this.defaultSize = defaultSize;
        this.bench = bench;
    }

    /** Refuses a size the census cannot hold, or one above the profile's limit. */
    protected abstract void checkSize(CensusConfig config, long size);

    /** The census to {@code size}, as the commit takes it. */
    protected abstract SliceCommit plan(int size);

    /** The one line that sums up a census to {@code size} once committed. */
    protected abstract Object summary(int size, SliceCommit.Timed committed);

    /** Writes the published tables of a census to {@code size} from the warehouse. */
    protected abstract List<PublishedTable> tables(SparkSession spark, Warehouse warehouse, int size);

    /**
     * The tables {@code publish} writes after its census to {@code size}: by default those of
     * {@link #tables}; a census may read more of the profile (Cram keeps the essay's tables to the
     * essay's size and shows the trend to the census's).
     */
    protected Census.Tables publishedTables(CensusConfig config, int size) {
        return (spark, warehouse) -> tables(spark, warehouse, size);
    }

    /**
     * The size: {@code value} (the option's, or null), else the profile's {@code prefix}-setting
     * ({@code cram.max-squares}, {@code publish.cram.max-squares}), else {@code fallback}; checked.
     */
    public final int size(CensusConfig config, String value, String prefix, long fallback) {
        final long n = CommandOptions.whole(
                option, value, config.getLong(prefix + option.substring(2), fallback), Long.MIN_VALUE, Long.MAX_VALUE);
        checkSize(config, n);
        return (int) n;
    }

    /**
     * The body of {@code census run NAME} with the size option's {@code value}: the census, whole
     * or in {@code chunks}, then its tables.
     */
    protected final int run(CommandOptions.Run options, CommandOptions.Chunks chunks, String value) {
        final int n = size(options.config(), value, name() + ".", defaultSize);
        final SliceCommit plan = plan(n);
        final int c = chunks.chunks(plan.ids().size());
        return options.run(
                "census run " + name() + " " + option + " " + n,
                (spark, warehouse, partitions) -> c > 0
                        ? plan.commitInChunks(spark, warehouse, partitions, c).map(t -> summary(n, t))
                        : summary(n, plan.commit(spark, warehouse, partitions)),
                (spark, warehouse) -> tables(spark, warehouse, n),
                options.out());
    }

    @Override
    public final Published published(CensusConfig config) {
        final int n = size(config, null, "publish." + name() + ".", defaultSize);
        final SliceCommit plan = plan(n);
        final Census.Tables tables = publishedTables(config, n);
        return new Published(
                plan::claim,
                (spark, warehouse, partitions, out) ->
                        out.println(summary(n, plan.commit(spark, warehouse, partitions))),
                tables);
    }

    @Override
    public final BenchSize benchSize() {
        return bench;
    }

    @Override
    public final Benched benched(CensusConfig config, String size) {
        final int n = size(config, size, "bench." + name() + ".", Long.parseLong(bench.fallback()));
        final SliceCommit plan = plan(n);
        return new Benched(
                name(),
                "to " + n + " " + unit + (n == 1 ? "" : "s"),
                (spark, warehouse) -> plan.commit(spark, warehouse, 0).rows());
    }
}
