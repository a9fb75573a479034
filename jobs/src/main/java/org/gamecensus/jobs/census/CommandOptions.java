package org.gamecensus.jobs.census;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The options that several commands share, each declared once as a picocli mixin: where the
 * output goes, the profile and the Spark master, and how a census writes. Numbers are taken as
 * text and read by {@link #whole}, so that a bad one is refused in the project's words.
 */
public final class CommandOptions {

    private CommandOptions() {}

    /** {@code --out} and {@code --warehouse}. */
    public static final class Output {
        @Option(
                names = "--out",
                paramLabel = "DIR",
                description = "the output directory (default: out): run and publish write their tables,"
                        + " figures and page here, bench its report in DIR/bench; the warehouse is DIR/warehouse"
                        + " unless named")
        String out = "out";

        @Option(
                names = "--warehouse",
                paramLabel = "URI",
                description = "the warehouse: a directory or any Hadoop file system"
                        + " URI (file:, hdfs:, s3a:); default: the profile's warehouse setting, else DIR/warehouse"
                        + " (bench: a scratch warehouse a master, DIR/bench/warehouse-N/warehouse or URI/bench-N)")
        String warehouse;

        /** The warehouse named, else the profile's {@code warehouse} setting, else DIR/warehouse; checked writable when it is written. */
        public Warehouse warehouse(CensusConfig config, boolean writes) {
            final String setting = config.get("warehouse", "");
            final Warehouse w = Warehouse.at(out, warehouse != null ? warehouse : setting.isEmpty() ? null : setting);
            if (writes) {
                w.checkWritable();
            }
            return w;
        }

        /** The warehouse named, never the profile's: the bench's scratch tables stay out of a real warehouse unless asked. */
        public Warehouse scratch() {
            return Warehouse.at(out, warehouse);
        }

        public boolean warehouseGiven() {
            return warehouse != null;
        }
    }

    /** {@code --profile}. */
    public static final class Profile {
        @Option(
                names = "--profile",
                paramLabel = "NAME",
                description = "conf/census-NAME.properties and conf/spark-NAME.conf" + " (default: local)")
        String profile = "local";

        @Spec(Spec.Target.MIXEE)
        CommandSpec command;

        private CensusConfig config;

        /** Where the command prints: its standard output. */
        public PrintWriter out() {
            return command.commandLine().getOut();
        }

        /** The profile's settings, read once. */
        public CensusConfig config() {
            if (config == null) {
                config = CensusConfig.load(profile);
            }
            return config;
        }
    }

    /** {@code --master}. */
    public static final class Master {
        @Option(
                names = "--master",
                paramLabel = "URL",
                description = "Spark master (default: local[*], or spark.master from" + " spark-submit)")
        String master;

        @Option(
                names = "--spark-progress",
                arity = "0",
                description = "Spark's own stage bars on standard error, instead of the census's status line")
        boolean sparkProgress;

        /**
         * A Spark session on the master, with the profile's Spark settings; its jobs shown on the
         * status line (on a terminal), or by Spark's stage bars with {@code --spark-progress}.
         */
        public SparkSession session(Profile profile, String appName) {
            return session(profile, appName, false);
        }

        /** userQueries: for a user's queries of any size ({@link CensusSession#forUserQueries}). */
        private SparkSession session(Profile profile, String appName, boolean userQueries) {
            final Map<String, String> settings = userQueries
                    ? CensusSession.forUserQueries(master, profile.config().sparkSettings())
                    : new LinkedHashMap<>(profile.config().sparkSettings());
            if (sparkProgress) {
                settings.put("spark.ui.showConsoleProgress", "true");
            }
            final SparkSession spark = CensusSession.create(master, appName, settings);
            if (!sparkProgress) {
                StatusLine.follow(spark, appName);
            }
            return spark;
        }
    }

    /** What a command that reads the warehouse takes: {@code sql}, {@code verify}, and every command that writes it. */
    public static final class Read {
        @Mixin
        Output output;

        @Mixin
        Profile profile;

        @Mixin
        Master master;

        public CensusConfig config() {
            return profile.config();
        }

        /** Where the command prints: its standard output. */
        public PrintWriter out() {
            return profile.out();
        }

        /** The warehouse ({@link Output#warehouse}), checked writable when it is written. */
        public Warehouse warehouse(boolean writes) {
            return output.warehouse(config(), writes);
        }

        public SparkSession session(String appName) {
            return master.session(profile, appName);
        }

        /** A session for a user's queries of any size ({@code census sql}). */
        public SparkSession userSession(String appName) {
            return master.session(profile, appName, true);
        }
    }

    /** Everything a command that runs censuses into the warehouse takes: {@code run NAME} and {@code publish}. */
    public static final class Run {
        @Mixin
        Read read;

        @Option(names = "--partitions", paramLabel = "N", description = "Spark partitions (default: from the cores)")
        String partitions;

        @Option(
                names = "--replace",
                arity = "0",
                description = "replace partitions that hold a census of other parameters"
                        + " (another graph, seed, ...) or another schema version")
        boolean replace;

        public CensusConfig config() {
            return read.config();
        }

        /** Where the command prints: its standard output. */
        public PrintWriter out() {
            return read.out();
        }

        /** The partitions asked for, or 0 for the default. */
        public int partitions() {
            return (int) whole("--partitions", partitions, 0, 1, 1_000_000);
        }

        /** The warehouse, checked writable. */
        public Warehouse warehouse() {
            return read.warehouse(true);
        }

        public SparkSession session(String appName) {
            return read.session(appName);
        }

        /**
         * Opens the run every write of the command goes through ({@link Warehouse#openRun}),
         * printing what it recovered of dead runs first; the command line ends it.
         */
        public void openRun(Warehouse warehouse, String command, PrintWriter out) {
            OpenRun.open(warehouse, command, replace, out);
            // A command killed while it moved its tables and page in is finished first.
            Publication.recover(warehouse.out());
        }

        /**
         * The body of {@code census run NAME} once its options are checked: opens the warehouse
         * run {@code command} ({@code census run NAME …}, in a Spark session of that name), runs
         * {@code census} and prints what it returns, then writes the census's published tables —
         * replacing the tables {@code NAME_*} as a set ({@link Publication}) — and prints where.
         */
        public int run(String command, CensusRun census, Census.Tables tables, PrintWriter out) {
            final int partitions = partitions(); // bad input refused before anything is written
            final Warehouse warehouse = warehouse();
            final SparkSession spark = session(command);
            openRun(warehouse, command, out);
            final String name = StatusLine.shortName(command); // "run NAME"
            final String censusName = name.substring(name.lastIndexOf(' ') + 1);
            StatusLine.step("[1/2] " + censusName);
            out.println(census.run(spark, warehouse, partitions));
            StatusLine.step("[2/2] tables");
            // The census's tables replace its earlier ones as a set, those it no longer has removed.
            final String prefix = "tables/" + censusName + "_";
            final List<PublishedTable> written;
            try (Publication publication = warehouse.openPublication()) {
                written = tables.publish(spark, warehouse);
                publication.commit(file -> file.startsWith(prefix));
            }
            printTables(warehouse, written, out);
            return 0;
        }

        /** Prints where each of {@code tables} was written. */
        public void printTables(Warehouse warehouse, List<PublishedTable> tables, PrintWriter out) {
            for (PublishedTable t : tables) {
                out.println("table " + warehouse.tablesDir().resolve(t.name() + ".md"));
            }
        }
    }

    /** A census run into the warehouse in {@code partitions} Spark partitions (0: the default); gives its summary. */
    @FunctionalInterface
    public interface CensusRun {
        Object run(SparkSession spark, Warehouse warehouse, int partitions);
    }

    /** {@code --chunks}: a census committed in resumable chunks. */
    public static final class Chunks {
        @Option(
                names = "--chunks",
                paramLabel = "N",
                description = "commit in N chunks of slices, each on its own;"
                        + " a rerun resumes after the last committed chunk")
        String chunks;

        /** The chunks asked for, at most one a slice of the census's {@code slices}; or 0 for one commit. */
        public int chunks(long slices) {
            final int n = chunks();
            if (n > 0) {
                ChunkedCommit.checkChunks(n, slices);
            }
            return n;
        }

        /** The chunks asked for, or 0 for one commit. */
        public int chunks() {
            return (int) whole("--chunks", chunks, 0, 1, 1 << 20);
        }

        public boolean given() {
            return chunks != null;
        }
    }

    /**
     * The whole number {@code value} of {@code option} ({@code _} allowed between digits), or
     * {@code fallback} when it is not given; refused in one line unless it lies in {@code min..max}.
     */
    public static long whole(String option, String value, long fallback, long min, long max) {
        if (value == null) {
            return fallback;
        }
        final long n;
        try {
            n = WholeNumber.parse(value);
        } catch (NumberFormatException e) {
            throw new UsageException("option " + option + " takes a whole number, got '" + value + "'");
        }
        if (n < min || n > max) {
            throw new UsageException("option " + option + " must be " + min + ".." + max + ", got " + n);
        }
        return n;
    }
}
