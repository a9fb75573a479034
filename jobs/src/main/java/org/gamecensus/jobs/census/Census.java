package org.gamecensus.jobs.census;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.schemas.DatasetSchema;

/**
 * One census: its name, the tables it writes, its {@code census run NAME} command, and its part
 * of {@code census publish} and {@code census bench}. {@code org.gamecensus.jobs.Censuses} lists
 * every census; the commands that span censuses ({@code run}, {@code verify}, {@code sql},
 * {@code publish}, {@code bench}) iterate that list and name none. A census lives in one package
 * per module ({@code kernel.NAME}, {@code schemas.NAME}, {@code jobs.NAME}); see
 * {@code docs/adding-a-census.md}.
 */
public abstract class Census {

    private final String name;
    private final String description;
    private final List<DatasetSchema> schemas;

    /**
     * @param name        the name on the command line ({@code census run cram}) and of its package
     * @param description one line for the help: what it decides, and the two ways it decides it
     * @param schemas     the warehouse tables its runs write
     */
    protected Census(String name, String description, List<DatasetSchema> schemas) {
        if (!name.matches("[a-z][a-z0-9]*") || schemas.isEmpty()) {
            throw new IllegalArgumentException("a census is named in lower-case letters and digits and writes a table,"
                    + " got '" + name + "' writing " + schemas.size());
        }
        this.name = name;
        this.description = description;
        this.schemas = List.copyOf(schemas);
    }

    public final String name() {
        return name;
    }

    public final String description() {
        return description;
    }

    public final List<DatasetSchema> schemas() {
        return schemas;
    }

    /**
     * A new {@code census run NAME} command: a picocli {@code @Command} whose options are this
     * census's, declared once there; picocli sets them and calls it, which returns the exit code.
     */
    public abstract Callable<Integer> runCommand();

    /** A new {@code census decide NAME} command, deciding one whole item and writing nothing; null when it has none. */
    public Callable<Integer> decideCommand() {
        return null;
    }

    /**
     * Its part of {@code census publish}, sized from the profile's {@code publish.*} settings and
     * checked against its limits now (bad settings refused before anything is written).
     */
    public abstract Published published(CensusConfig config);

    /**
     * Its size option in {@code census bench} ({@code --host} for switching), or null when the
     * bench leaves the census out.
     */
    public BenchSize benchSize() {
        return null;
    }

    /**
     * This census at {@code size} (the bench size option's value, or the setting's when null),
     * checked as {@code census run} checks it; only for a census with a {@link #benchSize}.
     */
    public Benched benched(CensusConfig config, String size) {
        throw new UnsupportedOperationException("the bench leaves the " + name + " census out");
    }

    /**
     * A census's share of {@code census publish}: {@code claim} takes every partition it will write
     * ({@link Warehouse#claim}) before any census runs, so a refusal comes before any work;
     * {@code run} runs and commits it, printing a summary line per census run; {@code tables}
     * writes its published tables from the warehouse.
     */
    public record Published(Consumer<Warehouse> claim, Step run, Tables tables) {}

    /** Runs and commits a census in {@code partitions} partitions (0: the default), printing what it did. */
    @FunctionalInterface
    public interface Step {
        void run(SparkSession spark, Warehouse warehouse, int partitions, PrintWriter out);
    }

    /** Writes published tables from the warehouse and returns them. */
    @FunctionalInterface
    public interface Tables {
        List<PublishedTable> publish(SparkSession spark, Warehouse warehouse);
    }

    /**
     * A census's size option in the bench: {@code option} takes a {@code label}, whose default is
     * the profile's {@code setting}, else {@code fallback}.
     */
    public record BenchSize(String option, String label, String setting, String fallback, String description) {}

    /** One census at one bench size: {@code size} says it in the report; {@code run} commits it and gives its items. */
    public record Benched(String census, String size, Runner run) {}

    /** Runs and commits a census, returning how many items it decided. */
    @FunctionalInterface
    public interface Runner {
        long items(SparkSession spark, Warehouse warehouse);
    }
}
