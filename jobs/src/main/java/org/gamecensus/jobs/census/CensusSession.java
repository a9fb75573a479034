package org.gamecensus.jobs.census;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Proxy;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.sql.SparkSession;

/** Builds the SparkSession every census command runs in. */
public final class CensusSession {

    /** The master used when none is given: local Spark, one worker thread per core. */
    public static final String DEFAULT_MASTER = "local[*]";

    /** Spark SQL's partitions after a shuffle (an aggregate's, a sort's). */
    static final String SHUFFLE_PARTITIONS = "spark.sql.shuffle.partitions";

    /** Hadoop's implementation of {@code file:} URIs, as a Spark setting. */
    public static final String LOCAL_FILE_SYSTEM = "spark.hadoop." + WarehouseFiles.LOCAL_IMPL;

    /** A local master: {@code local}, {@code local[N]}, {@code local[*]}, with or without {@code ,RETRIES}. */
    private static final Pattern LOCAL = Pattern.compile("local(?:\\[([0-9]+|\\*)(?:\\s*,\\s*[0-9]+)?\\])?");

    /**
     * The other forms of master URL Spark 3.5 accepts (SparkContext's own patterns, with at least
     * one worker; a cluster manager checks the rest of its URL when it connects).
     */
    private static final Pattern CLUSTER = Pattern.compile(String.join(
            "|",
            "local-cluster\\[\\s*[1-9][0-9]*\\s*,\\s*[1-9][0-9]*\\s*,\\s*[1-9][0-9]*\\s*\\]",
            "spark://\\S+",
            "yarn",
            "k8s://\\S+",
            "mesos://\\S+"));

    /** How long a standalone master's host is given to accept a connection. */
    static final int CONNECT_MILLIS = 5_000;

    private CensusSession() {}

    /**
     * A session on {@code master} (null: {@code spark.master} if set by spark-submit, else
     * {@link #DEFAULT_MASTER}), with the census defaults and {@code settings}, and the cluster's
     * shared secret when those turn authentication on ({@link SparkSecret}).
     *
     * @throws UsageException when authentication is on and no secret is found, or a standalone
     *     master's hosts are all unknown
     * @throws IllegalStateException when no host of a standalone master accepts a connection
     */
    public static SparkSession create(String master, String appName, Map<String, String> settings) {
        checkMaster("--master", master);
        final String effective = effective(master);
        // With authentication on, the secret, or a refusal before anything is written (SparkSecret).
        final Map<String, String> configuration =
                SparkSecret.with(effective, configuration(effective, settings), System::getProperty, System::getenv);
        checkStandaloneMasterAnswers(master == null ? "spark.master" : "--master", effective);
        final SparkSession.Builder builder =
                SparkSession.builder().appName(appName).master(effective);
        configuration.forEach(builder::config);
        final SparkSession spark = builder.getOrCreate();
        spark.sparkContext().setLogLevel("WARN");
        return spark;
    }

    /** The master a session on {@code master} runs on: it, else spark-submit's, else {@link #DEFAULT_MASTER}. */
    static String effective(String master) {
        return master != null ? master : System.getProperty("spark.master", DEFAULT_MASTER);
    }

    /**
     * {@code settings} for a session that runs queries of any size, a user's ({@code census sql},
     * a notebook's): on a local master, one shuffle partition a worker thread unless they or
     * spark-submit name a count, so that a large aggregate's last stage takes every core. A
     * census's own queries are small aggregates and take one ({@link #configuration(String, Map)}).
     */
    public static Map<String, String> forUserQueries(String master, Map<String, String> settings) {
        final Map<String, String> conf = new LinkedHashMap<>(settings);
        final OptionalInt threads = localThreads(effective(master));
        if (threads.isPresent()) {
            defaultShufflePartitions(conf, settings, threads.getAsInt());
        }
        return conf;
    }

    /** Sets {@code count} shuffle partitions in {@code conf} unless {@code settings} or spark-submit name a count. */
    private static void defaultShufflePartitions(Map<String, String> conf, Map<String, String> settings, int count) {
        if (!settings.containsKey(SHUFFLE_PARTITIONS) && !fromSparkSubmit(SHUFFLE_PARTITIONS)) {
            conf.put(SHUFFLE_PARTITIONS, String.valueOf(count));
        }
    }

    /**
     * The worker threads of a local master (one for {@code local}, the machine's cores for
     * {@code local[*]}), or empty when {@code master} is not a local one.
     */
    public static OptionalInt localThreads(String master) {
        final Matcher m = LOCAL.matcher(master);
        if (!m.matches()) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(
                m.group(1) == null
                        ? 1
                        : m.group(1).equals("*")
                                ? Runtime.getRuntime().availableProcessors()
                                : Integer.parseInt(m.group(1)));
    }

    /**
     * Refuses a master URL that Spark could not parse, or a local one of no threads (null, for
     * the default, passes).
     *
     * @throws UsageException naming {@code option} and the forms accepted
     */
    public static void checkMaster(String option, String master) {
        if (master == null) {
            return;
        }
        final OptionalInt threads = localThreads(master);
        if (threads.isPresent()
                ? threads.getAsInt() < 1
                : !CLUSTER.matcher(master).matches()) {
            throw new UsageException(option + " " + master + ": not a Spark master URL (local, local[N], local[*], "
                    + "local[N,RETRIES], local-cluster[N,CORES,MB], spark://HOST:PORT, yarn, k8s://URL, mesos://URL)");
        }
    }

    /**
     * Stops before anything is written when a standalone master ({@code spark://HOST:PORT[,HOST:PORT…]})
     * has no host that accepts a connection within {@link #CONNECT_MILLIS}, in one line naming each
     * host's failure: Spark itself would try three times, 20 s apart, logging each attempt, before
     * giving up. The cases: a host that accepts (Spark registers with it); every host unknown (bad
     * input); a host refusing or not answering (a master down, or a wrong port: a failure, which a
     * script may retry). Other masters are left to Spark.
     *
     * @throws UsageException when no host name resolves
     * @throws IllegalStateException when a host resolves but none accepts
     */
    static void checkStandaloneMasterAnswers(String option, String master) {
        if (!master.startsWith("spark://")) {
            return;
        }
        final List<String> failures = new ArrayList<>();
        boolean resolved = false;
        for (String hostPort : master.substring("spark://".length()).split(",")) {
            final URI u;
            try {
                u = new URI("spark://" + hostPort.trim());
            } catch (URISyntaxException e) {
                return; // Spark's own parser reports it
            }
            if (u.getHost() == null || u.getPort() < 0) {
                return;
            }
            // Directly, as Spark's own connection goes, whatever proxy the JVM is given.
            try (Socket socket = new Socket(Proxy.NO_PROXY)) {
                socket.connect(new InetSocketAddress(u.getHost(), u.getPort()), CONNECT_MILLIS);
                return;
            } catch (UnknownHostException e) {
                failures.add(u.getHost() + ":" + u.getPort() + " (unknown host)");
            } catch (IOException e) {
                resolved = true;
                failures.add(u.getHost() + ":" + u.getPort() + " ("
                        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()) + ")");
            }
        }
        final String message = option + " " + master + ": no Spark master answers at " + String.join(", ", failures);
        throw resolved ? new IllegalStateException(message) : new UsageException(message);
    }

    /**
     * {@link #configuration(Map)} for a session on {@code master}: on a local master, one shuffle
     * partition unless {@code settings} or spark-submit name a count. A census's own queries (its
     * tables, figures, page and manifests) are small aggregates: in one partition each stage after
     * a shuffle is one task, and an {@code ORDER BY} sorts without a job that samples its keys
     * ({@link #forUserQueries} for a user's queries).
     */
    static Map<String, String> configuration(String master, Map<String, String> settings) {
        final Map<String, String> conf = configuration(settings);
        if (localThreads(master).isPresent()) {
            defaultShufflePartitions(conf, settings, 1);
        }
        return conf;
    }

    /**
     * The census defaults, then {@code settings} over them. The local file system sets permissions
     * without forking {@code chmod} ({@link NioPermissionLocalFileSystem}) unless {@code settings}
     * or spark-submit name another; 8 shuffle partitions unless either names a count.
     */
    static Map<String, String> configuration(Map<String, String> settings) {
        final Map<String, String> conf = new LinkedHashMap<>();
        conf.put("spark.ui.showConsoleProgress", "false"); // the census's status line instead (StatusLine)
        conf.put("spark.ui.enabled", "false");
        if (!fromSparkSubmit(SHUFFLE_PARTITIONS)) {
            conf.put(SHUFFLE_PARTITIONS, "8");
        }
        conf.put("spark.sql.sources.partitionOverwriteMode", "dynamic");
        conf.put("spark.sql.session.timeZone", "UTC");
        // Spark SQL's own catalog directory (unused: the census tables are views), kept out of the working directory.
        conf.put(
                "spark.sql.warehouse.dir",
                Path.of(System.getProperty("java.io.tmpdir"), "gamecensus-spark-catalog")
                        .toUri()
                        .toString());
        if (!fromSparkSubmit(LOCAL_FILE_SYSTEM)) {
            conf.put(LOCAL_FILE_SYSTEM, NioPermissionLocalFileSystem.class.getName());
        }
        conf.putAll(settings);
        return conf;
    }

    /**
     * Whether Spark's own configuration names {@code key} (spark-submit's {@code --conf} and
     * {@code -D} options reach the JVM as system properties): a default set by the builder would
     * override it.
     */
    private static boolean fromSparkSubmit(String key) {
        return System.getProperty(key) != null;
    }
}
