package org.gamecensus.jobs.census;

import java.util.Map;
import org.apache.spark.sql.SparkSession;

/** Builds the SparkSession every census command runs in. */
public final class CensusSession {

    /** The master used when none is given: local Spark, one worker thread per core. */
    public static final String DEFAULT_MASTER = "local[*]";

    private CensusSession() {
    }

    /**
     * A session on {@code master} (null: {@code spark.master} if set by spark-submit, else
     * {@link #DEFAULT_MASTER}), with Spark's console progress bar and extra settings.
     */
    public static SparkSession create(String master, String appName, Map<String, String> settings) {
        final SparkSession.Builder builder = SparkSession.builder().appName(appName);
        if (master != null) {
            builder.master(master);
        } else if (System.getProperty("spark.master") == null) {
            builder.master(DEFAULT_MASTER);
        }
        builder.config("spark.ui.showConsoleProgress", "true")
                .config("spark.ui.enabled", "false")
                .config("spark.sql.shuffle.partitions", "8")
                .config("spark.sql.sources.partitionOverwriteMode", "dynamic")
                .config("spark.sql.session.timeZone", "UTC")
                // Spark SQL's own catalog directory (unused: the census tables are views), kept out of the working directory.
                .config("spark.sql.warehouse.dir", java.nio.file.Path.of(System.getProperty("java.io.tmpdir"),
                        "gamecensus-spark-catalog").toUri().toString());
        settings.forEach(builder::config);
        final SparkSession spark = builder.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        return spark;
    }
}
