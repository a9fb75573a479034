package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the cluster's shared secret comes from, for which masters, and when a command is refused
 * for want of it; and the cluster profile, which turns authentication and encryption on.
 */
class SparkSecretTest {

    private static final Map<String, String> LOCKED = Map.of("spark.authenticate", "true");
    private static final Function<String, String> NONE = k -> null;

    @TempDir
    Path tmp;

    @Test
    void theClusterProfileIsLockedByDefault() {
        System.setProperty("census.conf.dir", Path.of("..", "conf").toString());
        try {
            final Map<String, String> spark = CensusConfig.load("cluster").sparkSettings();
            assertEquals("true", spark.get("spark.authenticate"));
            assertEquals("true", spark.get("spark.network.crypto.enabled"));
            assertEquals("false", spark.get("spark.network.crypto.saslFallback"), "no weaker handshake");
            assertEquals("false", spark.get("spark.io.encryption.enabled"), "an option, off: its cost is documented");
            assertTrue(!spark.containsKey("spark.authenticate.secret"), "no secret in the repository");
        } finally {
            System.clearProperty("census.conf.dir");
        }
    }

    @Test
    void withAuthenticationOffNothingIsAddedOrAsked() {
        final Map<String, String> open = Map.of("spark.sql.shuffle.partitions", "8");
        assertEquals(open, SparkSecret.with("spark://h:7077", open, NONE, NONE));
        assertEquals(
                Map.of("spark.authenticate", "false"),
                SparkSecret.with("spark://h:7077", Map.of("spark.authenticate", "false"), NONE, NONE));
    }

    @Test
    void aStandaloneOrLocalMasterWithoutASecretIsRefusedNamingWhatToSet() {
        for (String master : new String[] {"spark://h:7077", "local[2]", "mesos://h:5050"}) {
            final UsageException e =
                    assertThrows(UsageException.class, () -> SparkSecret.with(master, LOCKED, NONE, NONE));
            assertTrue(
                    e.getMessage().contains("master " + master + " needs the cluster's shared secret"), e.getMessage());
            assertTrue(e.getMessage().contains("CENSUS_SPARK_SECRET_FILE"), e.getMessage());
        }
        // Authentication turned on by spark-submit rather than the profile counts the same.
        assertThrows(
                UsageException.class,
                () -> SparkSecret.with("spark://h:7077", Map.of(), Map.of("spark.authenticate", "true")::get, NONE));
    }

    @Test
    void yarnAndKubernetesMakeTheirOwnSecret() {
        assertEquals(LOCKED, SparkSecret.with("yarn", LOCKED, NONE, NONE));
        assertEquals(LOCKED, SparkSecret.with("k8s://https://api:6443", LOCKED, NONE, NONE));
    }

    @Test
    void theSecretComesFromTheOwnersFileOrTheEnvironment() throws Exception {
        final Path file = tmp.resolve("secret");
        Files.writeString(file, "  s3cr3t-from-file\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        final Map<String, String> env = Map.of(SparkSecret.FILE_ENV, file.toString(), SparkSecret.ENV, "from-env");
        assertEquals(
                "s3cr3t-from-file",
                SparkSecret.with("spark://h:7077", LOCKED, NONE, env::get).get("spark.authenticate.secret"),
                "the file first, stripped");
        assertEquals(
                "from-env",
                SparkSecret.with("spark://h:7077", LOCKED, NONE, Map.of(SparkSecret.ENV, "from-env")::get)
                        .get("spark.authenticate.secret"));
        // A secret spark-submit already gave Spark (from the installation's defaults) stays.
        assertEquals(
                LOCKED,
                SparkSecret.with("spark://h:7077", LOCKED, Map.of("spark.authenticate.secret", "x")::get, env::get));
    }

    @Test
    void aSecretFileOthersCanReadOrAnEmptyOrMissingOneIsRefused() throws Exception {
        final Path open = tmp.resolve("open");
        Files.writeString(open, "s3cr3t\n");
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
        final UsageException readable = assertThrows(
                UsageException.class,
                () -> SparkSecret.with(
                        "spark://h:7077", LOCKED, NONE, Map.of(SparkSecret.FILE_ENV, open.toString())::get));
        assertTrue(
                readable.getMessage().contains("is open to others than its owner; chmod 600"), readable.getMessage());
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw--w----"));
        final UsageException writable = assertThrows(
                UsageException.class,
                () -> SparkSecret.with(
                        "spark://h:7077", LOCKED, NONE, Map.of(SparkSecret.FILE_ENV, open.toString())::get));
        assertTrue(writable.getMessage().contains("is open to others than its owner"), writable.getMessage());
        final Path empty = tmp.resolve("empty");
        Files.writeString(empty, "\n");
        Files.setPosixFilePermissions(empty, PosixFilePermissions.fromString("rw-------"));
        final UsageException blank = assertThrows(
                UsageException.class,
                () -> SparkSecret.with(
                        "spark://h:7077", LOCKED, NONE, Map.of(SparkSecret.FILE_ENV, empty.toString())::get));
        assertTrue(blank.getMessage().endsWith(empty + " is empty"), blank.getMessage());
        final UsageException missing = assertThrows(
                UsageException.class,
                () -> SparkSecret.with(
                        "spark://h:7077",
                        LOCKED,
                        NONE,
                        Map.of(SparkSecret.FILE_ENV, tmp.resolve("no").toString())::get));
        assertTrue(missing.getMessage().contains("no readable file"), missing.getMessage());
    }
}
