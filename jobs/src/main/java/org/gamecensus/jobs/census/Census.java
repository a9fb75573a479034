package org.gamecensus.jobs.census;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
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
public interface Census {

    /** The name on the command line ({@code census run cram}) and of its package. */
    String name();

    /** One line for the help: what it decides, and the two ways it decides it. */
    String description();

    /** The warehouse tables its runs write. */
    List<DatasetSchema> schemas();

    /**
     * A new {@code census run NAME} command: a picocli {@code @Command} whose options are this
     * census's, declared once there; picocli sets them and calls it, which returns the exit code.
     */
    Callable<Integer> runCommand();

    /** A new {@code census decide NAME} command, deciding one whole item and writing nothing; null when it has none. */
    default Callable<Integer> decideCommand() {
        return null;
    }

    /**
     * Its part of {@code census publish}, sized from the profile's {@code publish.*} settings and
     * checked against its limits now (bad settings refused before anything is written).
     */
    Published published(CensusConfig config);

    /**
     * Its size option in {@code census bench} ({@code --host} for switching), or null when the
     * bench leaves the census out.
     */
    default BenchSize benchSize() {
        return null;
    }

    /**
     * This census at {@code size} (the bench size option's value, or the setting's when null),
     * checked as {@code census run} checks it; only for a census with a {@link #benchSize}.
     */
    default Benched benched(CensusConfig config, String size) {
        throw new UnsupportedOperationException("the bench leaves the " + name() + " census out");
    }

    /** A census's share of {@code census publish}: claimed before any census runs, then run, then its tables. */
    interface Published {

        /** Claims every partition it will write ({@link Warehouse#claim}), so a refusal comes before any work. */
        void claim(Warehouse warehouse);

        /** Runs and commits it, printing a summary line per census run. */
        void run(SparkSession spark, Warehouse warehouse, int partitions, PrintWriter out);

        /** Writes its published tables from the warehouse. */
        List<PublishedTable> tables(SparkSession spark, Warehouse warehouse);
    }

    /**
     * A census's size option in the bench: {@code option} takes a {@code label}, whose default is
     * the profile's {@code setting}, else {@code fallback}.
     */
    record BenchSize(String option, String label, String setting, String fallback, String description) {}

    /** One census at one bench size: {@code size} says it in the report; {@code run} commits it and gives its items. */
    record Benched(String census, String size, Runner run) {}

    /** Runs and commits a census, returning how many items it decided. */
    @FunctionalInterface
    interface Runner {
        long items(SparkSession spark, Warehouse warehouse);
    }
}
