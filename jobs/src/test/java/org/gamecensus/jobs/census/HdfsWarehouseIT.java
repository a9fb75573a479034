package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.gamecensus.jobs.cli.CliRun;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The warehouse on a real HDFS — a MiniDFSCluster (one name node, one data node) in this JVM —
 * with the census command line: a census and verify; a second census (a real {@code bin/census}
 * process) that halts itself while its tasks write, and a third killed with SIGKILL once its
 * commit is decided and moving in; after each, verify reports what the dead run left, {@code verify
 * --repair} completes or removes it, the table is its previous state or a new one as a whole, and
 * running the census again completes it.
 */
class HdfsWarehouseIT extends SparkCensusTest {

    private static MiniDFSCluster hdfs;
    private static String warehouse;

    @TempDir
    static Path dir;

    @BeforeAll
    static void startHdfs() throws Exception {
        final Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("hdfs").toString());
        conf.setInt("dfs.replication", 1);
        hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        hdfs.waitActive();
        warehouse = "hdfs://127.0.0.1:" + hdfs.getNameNodePort() + "/census/warehouse";
    }

    @AfterAll
    static void stopHdfs() {
        if (hdfs != null) {
            hdfs.shutdown();
        }
    }

    /** Runs a census command in this JVM; its exit code, output and error. */
    private static String[] census(String... args) {
        final List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--warehouse", warehouse, "--out", dir.resolve("out").toString()));
        final CliRun r = CliRun.census(all.toArray(new String[0]));
        return new String[] {String.valueOf(r.code()), r.out(), r.err()};
    }

    @Test
    void aCensusOnHdfsVerifiesAndAKilledOneIsRecoveredWhole() throws Exception {
        spark().sparkContext().hadoopConfiguration().setInt("dfs.replication", 1);
        final String[] first = census("run", "lumberjack", "--max-edges", "9", "--partitions", "3");
        assertEquals("0", first[0], first[2]);
        final String[] verified = census("verify");
        assertEquals("0", verified[0], verified[1] + verified[2]);
        Assertions.assertTrue(verified[1].contains("10 partitions checked, 0 problem(s)"), verified[1]);
        final Warehouse w = new Warehouse(dir.resolve("out"), warehouse);
        Assertions.assertTrue(w.has("lumberjack") && WarehouseFiles.isDirectory(warehouse + "/lumberjack/edges=9"));

        // A process that halts itself while its tasks write (as if killed: no shutdown hook runs), its
        // commit not decided; then one killed (SIGKILL) once its commit is decided and moving in.
        killAndRecover(w, "halted-staging", Map.of(FaultInjection.HALT_WRITING, "2"), null, true);
        killAndRecover(
                w,
                "killed-decided",
                Map.of(Warehouse.PAUSE_COMMIT, "300"),
                () -> !WarehouseRecovery.pendingCommits(warehouse).isEmpty(),
                false);

        final String[] again = census("run", "lumberjack", "--max-edges", "9", "--partitions", "2");
        assertEquals("0", again[0], again[2]);
        assertEquals("0", census("verify")[0]);
    }

    /**
     * Starts the census in a process with {@code settings}, kills it once {@code moment} holds
     * (or waits for it to halt itself when null), then checks: verify reports the dead run's
     * leftovers, --repair clears them, and the table is {@code old} (its previous state) or wholly new.
     */
    private void killAndRecover(
            Warehouse w, String name, Map<String, String> settings, Await.Condition moment, boolean old)
            throws Exception {
        final TableState before = TableState.of(w, "lumberjack");
        final Map<String, String> all = new HashMap<>(settings);
        all.put("spark.hadoop.dfs.replication", "1");
        final CensusProcess p = CensusProcess.start(
                dir,
                name,
                all,
                "run",
                "lumberjack",
                "--max-edges",
                "9",
                "--partitions",
                "4",
                "--master",
                "local[2]",
                "--warehouse",
                warehouse,
                "--out",
                dir.resolve(name).toString());
        if (moment == null) {
            assertEquals(137, p.await(180), name + ": halted\n" + p.err());
        } else {
            Assertions.assertTrue(p.awaitCondition(moment, 180), name + ": the moment came\n" + p.out() + p.err());
            p.kill();
        }
        final String[] report = census("verify");
        assertEquals("1", report[0], name + ": verify reports what the killed run left\n" + report[1] + report[2]);
        Assertions.assertTrue(report[1].contains("PROBLEM run "), report[1]);
        if (!old) {
            Assertions.assertTrue(report[1].contains("PROBLEM lumberjack: commit "), report[1]);
        }
        final String[] repaired = census("verify", "--repair");
        assertEquals("0", repaired[0], name + ": " + repaired[1] + repaired[2]);
        Assertions.assertTrue(repaired[1].contains("recovered: "), repaired[1]);
        assertEquals(old, TableState.of(w, "lumberjack").isOldOrNew(before, name), name + ": old or new as a whole");
        assertEquals(
                List.of("lumberjack"),
                WarehouseFiles.list(warehouse).stream()
                        .map(f -> f.getPath().getName())
                        .toList(),
                name + ": nothing else left");
        assertEquals(
                List.of(), Manifests.verify(spark(), w, LumberjackSchemas.ALL).problems());
    }
}
