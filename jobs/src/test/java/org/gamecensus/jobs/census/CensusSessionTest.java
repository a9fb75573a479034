package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Master URLs: the forms Spark parses pass, anything else is bad input naming the option. */
class CensusSessionTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "local",
                "local[1]",
                "local[12]",
                "local[*]",
                "local[2,4]",
                "local[*, 3]",
                "local-cluster[2,1,1024]",
                "local-cluster[ 2 , 1 , 512 ]",
                "spark://127.0.0.1:7077",
                "spark://a:7077,b:7077",
                "yarn",
                "k8s://https://k8s-api:6443",
                "mesos://zk://host:2181/mesos"
            })
    void sparkMasterUrlsPass(String master) {
        assertDoesNotThrow(() -> CensusSession.checkMaster("--master", master));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "foo",
                "localhost",
                "local[0]",
                "local[]",
                "local[-1]",
                "local[two]",
                "Local[2]",
                "local [2]",
                "local[2,]",
                "local-cluster[2,1]",
                "spark://",
                "spark:/host:7077",
                "yarn-client",
                "k8s://"
            })
    void anythingElseIsBadInput(String master) {
        final UsageException e =
                assertThrows(UsageException.class, () -> CensusSession.checkMaster("--masters", master));
        assertTrue(e.getMessage().startsWith("--masters " + master + ": not a Spark master URL"), e.getMessage());
    }

    @Test
    void aLocalMasterNamesItsThreadsAndNoOtherDoes() {
        assertEquals(OptionalInt.of(1), CensusSession.localThreads("local"));
        assertEquals(OptionalInt.of(3), CensusSession.localThreads("local[3]"));
        assertEquals(OptionalInt.of(2), CensusSession.localThreads("local[2, 4]"));
        assertEquals(
                OptionalInt.of(Runtime.getRuntime().availableProcessors()), CensusSession.localThreads("local[*,2]"));
        assertEquals(OptionalInt.empty(), CensusSession.localThreads("local-cluster[2,1,1024]"));
        assertEquals(OptionalInt.empty(), CensusSession.localThreads("spark://127.0.0.1:7077"));
    }

    @Test
    void aLocalMasterShufflesIntoOnePartitionUnlessTheSettingsNameACount() {
        final String key = "spark.sql.shuffle.partitions";
        assertEquals("1", CensusSession.configuration("local", Map.of()).get(key));
        assertEquals("1", CensusSession.configuration("local[3]", Map.of()).get(key));
        assertEquals("1", CensusSession.configuration("local[*]", Map.of()).get(key));
        assertEquals(
                "64", CensusSession.configuration("local[3]", Map.of(key, "64")).get(key));
        // A cluster's: the settings' (the cluster profile's 64), else the census default.
        assertEquals(
                "64", CensusSession.configuration("yarn", Map.of(key, "64")).get(key));
        assertEquals(
                "8",
                CensusSession.configuration("spark://127.0.0.1:7077", Map.of()).get(key));
        // The rest of the configuration as without a master.
        final Map<String, String> local = CensusSession.configuration("local[3]", Map.of("spark.a", "b"));
        local.remove(key);
        final Map<String, String> none = CensusSession.configuration(Map.of("spark.a", "b"));
        none.remove(key);
        assertEquals(none, local);
    }

    @Test
    void aUsersQueriesShuffleIntoOnePartitionAWorkerThreadOfALocalMaster() {
        final String key = "spark.sql.shuffle.partitions";
        final String cores = String.valueOf(Runtime.getRuntime().availableProcessors());
        assertEquals("3", CensusSession.forUserQueries("local[3]", Map.of()).get(key));
        assertEquals("1", CensusSession.forUserQueries("local", Map.of()).get(key));
        assertEquals(cores, CensusSession.forUserQueries("local[*]", Map.of()).get(key));
        assertEquals(cores, CensusSession.forUserQueries(null, Map.of()).get(key), "the default master, local[*]");
        // A count the settings name stays, and the settings' other keys with it.
        assertEquals(
                Map.of(key, "64", "spark.a", "b"),
                CensusSession.forUserQueries("local[3]", Map.of(key, "64", "spark.a", "b")));
        // A cluster's: as the census's own (the settings', else the census default).
        assertEquals(Map.of("spark.a", "b"), CensusSession.forUserQueries("yarn", Map.of("spark.a", "b")));
        System.setProperty(key, "5"); // as spark-submit --conf passes it
        try {
            assertFalse(CensusSession.forUserQueries("local[3]", Map.of()).containsKey(key));
        } finally {
            System.clearProperty(key);
        }
    }

    @Test
    void aCountFromSparkSubmitIsLeftToSpark() {
        final String key = "spark.sql.shuffle.partitions";
        System.setProperty(key, "5"); // as spark-submit --conf passes it
        try {
            assertFalse(CensusSession.configuration("local[3]", Map.of()).containsKey(key));
            assertFalse(CensusSession.configuration("yarn", Map.of()).containsKey(key));
        } finally {
            System.clearProperty(key);
        }
    }
}
