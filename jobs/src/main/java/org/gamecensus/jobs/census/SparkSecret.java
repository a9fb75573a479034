package org.gamecensus.jobs.census;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The shared secret a census's Spark processes prove to each other when a profile turns Spark's
 * authentication on ({@code spark.authenticate true}, as the cluster profile does), which also
 * keys the encryption of their traffic ({@code spark.network.crypto.enabled}). Read from the file
 * named by {@value #FILE_ENV} (the file readable by its owner alone) or from {@value #ENV}, never
 * from a command line or the repository, and handed to Spark as {@code spark.authenticate.secret}
 * (which Spark redacts wherever it shows its settings).
 *
 * <p>The cases, by master:
 *
 * <ul>
 *   <li>{@code yarn}, {@code k8s://…}: Spark makes a secret for each application and hands it to
 *       the executors itself (YARN through the application's credentials, Kubernetes through the
 *       pods' environment or the secret files {@code spark.authenticate.secret.driver.file} and
 *       {@code .executor.file}); none is needed here.
 *   <li>every other master (a standalone cluster, Mesos, local ones): the secret must be given,
 *       and on a standalone cluster the master and workers must hold the same one; without it the
 *       command is refused before anything is written.
 *   <li>a secret Spark already has ({@code spark.authenticate.secret}, set by spark-submit from
 *       the Spark installation's defaults) is left as it is.
 *   <li>a local master needs none in principle (Spark makes its own for the one JVM), but one is
 *       asked for all the same, so that a run meant for a cluster fails on a workstation as it
 *       would on the cluster, before anything is written.
 * </ul>
 */
public final class SparkSecret {

    /** The environment variable naming the file that holds the secret. */
    public static final String FILE_ENV = "CENSUS_SPARK_SECRET_FILE";

    /** The environment variable holding the secret itself. */
    public static final String ENV = "CENSUS_SPARK_SECRET";

    static final String AUTHENTICATE = "spark.authenticate";
    static final String SECRET = "spark.authenticate.secret";

    private SparkSecret() {}

    /**
     * {@code settings} with the secret added when authentication is on and {@code master} needs
     * one given; {@code sparkConf} reads what spark-submit set (system properties), {@code env}
     * the environment.
     *
     * @throws UsageException when a secret is needed and none is found, or its file is unfit
     */
    static Map<String, String> with(
            String master,
            Map<String, String> settings,
            Function<String, String> sparkConf,
            Function<String, String> env) {
        final String authenticate = settings.getOrDefault(AUTHENTICATE, sparkConf.apply(AUTHENTICATE));
        if (!"true".equalsIgnoreCase(authenticate == null ? "" : authenticate.strip())) {
            return settings;
        }
        if (master.equals("yarn") || master.startsWith("k8s://")) {
            return settings;
        }
        // (Spark takes a secret from a file only on Kubernetes; elsewhere the setting itself.)
        if (settings.containsKey(SECRET) || sparkConf.apply(SECRET) != null) {
            return settings;
        }
        final Map<String, String> secured = new LinkedHashMap<>(settings);
        secured.put(SECRET, secret(master, env));
        return secured;
    }

    /** The secret from {@value #FILE_ENV}'s file, else from {@value #ENV}. */
    private static String secret(String master, Function<String, String> env) {
        final String file = env.apply(FILE_ENV);
        if (file != null && !file.isBlank()) {
            return fromFile(Path.of(file));
        }
        final String value = env.apply(ENV);
        if (value != null && !value.isBlank()) {
            return value.strip();
        }
        throw new UsageException("Spark authentication is on (spark.authenticate) and master " + master
                + " needs the cluster's shared secret: set " + FILE_ENV + " to a file holding it, or "
                + ENV + " (docs/cluster.md)");
    }

    private static String fromFile(Path file) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new UsageException(FILE_ENV + ": no readable file " + file);
        }
        try {
            if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
                final Set<PosixFilePermission> p = Files.getPosixFilePermissions(file);
                if (p.contains(PosixFilePermission.GROUP_READ)
                        || p.contains(PosixFilePermission.OTHERS_READ)
                        || p.contains(PosixFilePermission.GROUP_WRITE)
                        || p.contains(PosixFilePermission.OTHERS_WRITE)) {
                    throw new UsageException(FILE_ENV + ": " + file
                            + " is open to others than its owner; chmod 600 it (it holds the cluster's secret)");
                }
            }
            final String secret = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (secret.isEmpty()) {
                throw new UsageException(FILE_ENV + ": " + file + " is empty");
            }
            return secret;
        } catch (IOException e) {
            throw new UsageException(FILE_ENV + ": cannot read " + file + ": " + e.getMessage());
        }
    }
}
