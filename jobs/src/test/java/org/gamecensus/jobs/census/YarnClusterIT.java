package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.server.MiniYARNCluster;
import org.apache.spark.launcher.JavaModuleOptions;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.gamecensus.jobs.cli.CliRun;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Spark on YARN over HDFS, as {@code docs/cluster.md} tells a user to run it: a MiniDFSCluster
 * (one name node, one data node) and a MiniYARNCluster (one resource manager, one node manager of
 * 6 GB) in this JVM, and the job jar submitted through {@code org.apache.spark.deploy.SparkSubmit}
 * in cluster deploy mode with the docs' YARN line — the cluster profile shipped with
 * {@code --files}, the warehouse on {@code hdfs://127.0.0.1:<port>/…} — from a JVM whose class path
 * is Spark's jars and Spark's YARN client alone. The driver and two executors of one core run in
 * YARN containers.
 *
 * <p>Over a warehouse holding K5's switching census (written by this JVM), a K6 census killed
 * through YARN while its commit is decided but not yet moved in leaves K5's partition as it was
 * and K6's absent or whole; {@code census verify} reports what it left and {@code --repair} clears
 * it. The same command submitted again completes the census: its driver and both executors ran in
 * containers with authentication on, its published tables are written, its rows equal a local
 * run's, and {@code census verify} finds nothing wrong on HDFS.
 *
 * <p>In this package, beside {@code HdfsWarehouseIT}, for the warehouse's package-private views
 * of a table's state and of pending commits; the other cluster tests are in {@code cluster}.
 */
class YarnClusterIT extends SparkCensusTest {

    private static final List<Process> STARTED = new ArrayList<>();

    private static Path dir;
    private static MiniDFSCluster hdfs;
    private static MiniYARNCluster yarn;
    private static Path hadoopConf;
    private static Path sparkJars;
    private static String warehouse;

    @BeforeAll
    static void startClusters() throws Exception {
        dir = Files.createTempDirectory("census-yarn-");
        final Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.resolve("hdfs").toString());
        conf.setInt("dfs.replication", 1);
        hdfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
        hdfs.waitActive();
        final String fs = "hdfs://127.0.0.1:" + hdfs.getNameNodePort();
        warehouse = fs + "/census/warehouse";

        final YarnConfiguration y = new YarnConfiguration(conf);
        y.set("fs.defaultFS", fs);
        // Small: the driver and two executors of 768 MB (and Spark's 384 MB overhead each) on 2 cores.
        y.setInt(YarnConfiguration.NM_PMEM_MB, 6144);
        y.setInt(YarnConfiguration.NM_VCORES, 4);
        y.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
        y.setBoolean(YarnConfiguration.NM_PMEM_CHECK_ENABLED, false);
        y.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
        y.setFloat(YarnConfiguration.NM_MAX_PER_DISK_UTILIZATION_PERCENTAGE, 99.9f);
        // One queue, all of the cluster (as Spark's own YARN tests set the capacity scheduler up).
        y.set("yarn.scheduler.capacity.root.queues", "default");
        y.setInt("yarn.scheduler.capacity.root.default.capacity", 100);
        y.setInt("yarn.scheduler.capacity.root.default.maximum-capacity", 100);
        y.setFloat("yarn.scheduler.capacity.root.default.user-limit-factor", 1);
        y.set("yarn.scheduler.capacity.root.default.state", "RUNNING");
        y.set("yarn.scheduler.capacity.root.default.acl_submit_applications", "*");
        y.set("yarn.scheduler.capacity.root.default.acl_administer_queue", "*");
        y.setInt("yarn.scheduler.capacity.node-locality-delay", -1);
        y.setFloat("yarn.scheduler.capacity.maximum-am-resource-percent", 1.0f);
        y.set(YarnConfiguration.NM_LOCAL_DIRS, dir.resolve("nm-local").toString());
        y.set(YarnConfiguration.NM_LOG_DIRS, dir.resolve("nm-logs").toString());
        yarn = new MiniYARNCluster("census", 1, 1, 1);
        yarn.init(y);
        yarn.start();
        Assertions.assertTrue(yarn.waitForNodeManagersToConnect(60_000), "the node manager registered");

        // HADOOP_CONF_DIR for spark-submit: the clusters' addresses as they started, and nothing of
        // the test clusters' own settings (some name classes of Hadoop's test jars).
        hadoopConf = Files.createDirectories(dir.resolve("hadoop-conf"));
        final Configuration site = new Configuration(false);
        site.set("fs.defaultFS", fs);
        site.set("dfs.replication", "1");
        for (Map.Entry<String, String> e : yarn.getConfig()) {
            if (e.getKey().startsWith("yarn.resourcemanager.")) {
                site.set(e.getKey(), e.getValue());
            }
        }
        try (OutputStream out = Files.newOutputStream(hadoopConf.resolve("core-site.xml"))) {
            site.writeXml(out);
        }
        Files.copy(hadoopConf.resolve("core-site.xml"), hadoopConf.resolve("yarn-site.xml"));
        // Spark's jars as a Spark installation holds them (the build's runtime class path without the
        // libraries that travel in the job jar), with Spark's YARN client.
        sparkJars = Files.createDirectories(dir.resolve("spark-jars"));
        for (String entry : Files.readString(Path.of("target", "runtime-classpath.txt"))
                .strip()
                .split(":")) {
            link(Path.of(entry));
        }
        for (String entry : System.getProperty("java.class.path").split(":")) {
            if (Path.of(entry).getFileName().toString().startsWith("spark-yarn_")) {
                link(Path.of(entry));
            }
        }
    }

    private static void link(Path jar) throws IOException {
        final String name = jar.getFileName().toString();
        if (!name.startsWith("jfree") && !name.startsWith("picocli") && !Files.exists(sparkJars.resolve(name))) {
            Files.createSymbolicLink(sparkJars.resolve(name), jar);
        }
    }

    @AfterAll
    static void stopClusters() throws Exception {
        for (Process p : STARTED) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
        }
        if (yarn != null) {
            yarn.stop();
        }
        if (hdfs != null) {
            hdfs.shutdown();
        }
        if (dir != null && !Boolean.getBoolean("census.it.keep")) { // -Dcensus.it.keep=true keeps the logs
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    @Test
    void aCensusOnYarnEqualsALocalRunAndAKilledOneLeavesTheWarehouseWhole() throws Exception {
        spark().sparkContext().hadoopConfiguration().setInt("dfs.replication", 1);
        // The census before, K5, committed to HDFS by a local run in this JVM.
        final String[] k5 = census("run", "switching", "--host", "K5");
        assertEquals("0", k5[0], k5[1] + k5[2]);

        // K6, killed through YARN once its commit is decided and paused before the partitions move in.
        final Warehouse w = new Warehouse(dir.resolve("out"), warehouse);
        final TableState before = TableState.of(w, "switching");
        final Process killed = start(
                "k6-killed",
                List.of(Warehouse.PAUSE_COMMIT + "=300000"),
                "run",
                "switching",
                "--host",
                "K6",
                "--out",
                dir.resolve("killed-out").toString());
        Assertions.assertTrue(
                Await.until(() -> !WarehouseRecovery.pendingCommits(warehouse).isEmpty(), 240, 500),
                "the commit was decided: " + log("k6-killed"));
        try (YarnClient client = YarnClient.createYarnClient()) {
            client.init(yarn.getConfig());
            client.start();
            final List<ApplicationReport> running = client.getApplications(EnumSet.of(YarnApplicationState.RUNNING));
            assertEquals(1, running.size(), String.valueOf(running));
            client.killApplication(running.get(0).getApplicationId());
        }
        Assertions.assertTrue(killed.waitFor(2, TimeUnit.MINUTES), "spark-submit saw the kill");
        Assertions.assertNotEquals(0, killed.exitValue(), "the application did not succeed: " + log("k6-killed"));
        final String[] report = census("verify");
        assertEquals("1", report[0], "verify reports what the killed run left\n" + report[1] + report[2]);
        Assertions.assertTrue(report[1].contains("PROBLEM run "), report[1]);
        final String[] repaired = census("verify", "--repair");
        assertEquals("0", repaired[0], repaired[1] + repaired[2]);
        // K5's partition as it was; K6's absent or whole (the repair may complete a decided commit).
        final TableState after = TableState.of(w, "switching");
        assertEquals(before.listed().get("host=K5"), after.listed().get("host=K5"), "K5's files untouched");
        assertEquals(before.figures().get("host=K5"), after.figures().get("host=K5"), "K5's rows untouched");
        Assertions.assertTrue(
                !after.listed().containsKey("host=K6")
                        || after.figures().get("host=K6").startsWith("32768 "),
                "K6 absent or whole: " + after);
        assertEquals(after.listed(), after.held(), "every file listed is a manifest's");

        // The same command again: the census completes beside K5's, and verify finds nothing wrong.
        final Path again = dir.resolve("again-out");
        submit("k6-again", List.of(), "run", "switching", "--host", "K6", "--out", again.toString());
        Assertions.assertTrue(
                Files.isRegularFile(again.resolve("tables/switching_outcomes.md")),
                "the driver in its container published the tables to --out");
        final Map<String, String> logs = containerLogs(2);
        assertEquals(3, logs.size(), "the driver's container and two executors': " + logs.keySet());
        logs.forEach((container, log) -> {
            Assertions.assertTrue(
                    log.contains("SecurityManager: authentication enabled"),
                    container + " authenticated (the cluster profile; YARN made the secret)");
            Assertions.assertTrue(
                    container.endsWith("_000001") || log.contains("Running task"), container + " ran census tasks");
        });
        final Warehouse local = new Warehouse(dir.resolve("local"));
        SwitchingJob.census(spark(), local, SwitchingHosts.complete(5), 0);
        SwitchingJob.census(spark(), local, SwitchingHosts.complete(6), 0);
        final Dataset<Row> expected = table(local.out().resolve("warehouse").toString(), "switching");
        assertEquals(1024 + 32_768, expected.count());
        assertDataFrameNoOrderEquals(expected, switching());
        final String[] clean = census("verify");
        assertEquals("0", clean[0], clean[1] + clean[2]);
        Assertions.assertTrue(clean[1].contains("0 problem(s)"), clean[1]);
    }

    /**
     * The standard error of each container of the {@code n}-th application, by container id, from
     * the node manager's log directories.
     */
    private static Map<String, String> containerLogs(int n) throws IOException {
        final String containers = String.format(Locale.ROOT, "container_\\d+_%04d_01_\\d+", n);
        final Map<String, String> logs = new TreeMap<>();
        for (String root : yarn.getNodeManager(0).getConfig().getTrimmedStrings(YarnConfiguration.NM_LOG_DIRS)) {
            try (Stream<Path> files = Files.walk(Path.of(root))) {
                for (Path stderr : files.filter(f -> f.getFileName().toString().equals("stderr")
                                && f.getParent().getFileName().toString().matches(containers))
                        .toList()) {
                    logs.put(
                            stderr.getParent().getFileName().toString(),
                            Files.readString(stderr, StandardCharsets.UTF_8));
                }
            }
        }
        return logs;
    }

    private Dataset<Row> switching() {
        return table(warehouse, "switching");
    }

    private Dataset<Row> table(String root, String name) {
        return spark().read().parquet(root + "/" + name);
    }

    /** Runs a census command in this JVM on the HDFS warehouse; its exit code, output and error. */
    private static String[] census(String... args) {
        final List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of(
                "--warehouse", warehouse, "--out", dir.resolve("verify-out").toString()));
        final CliRun r = CliRun.census(all.toArray(new String[0]));
        return new String[] {String.valueOf(r.code()), r.out(), r.err()};
    }

    /** Submits {@code census ARGS} to YARN and waits for it; fails unless it succeeds. */
    private static void submit(String name, List<String> sparkConf, String... censusArgs) throws Exception {
        final Process p = start(name, sparkConf, censusArgs);
        Assertions.assertTrue(p.waitFor(5, TimeUnit.MINUTES), name + " finished in time");
        assertEquals(0, p.exitValue(), name + " exit code; log:\n" + log(name));
    }

    /**
     * Starts spark-submit as docs/cluster.md's YARN line has it: cluster deploy mode, the cluster
     * profile's two files shipped with {@code --files} and read from the driver's working
     * directory, the job jar, the warehouse on HDFS; sized for this machine, Spark's jars taken
     * from the node's disk ({@code local:}) instead of uploaded, one application attempt.
     */
    private static Process start(String name, List<String> sparkConf, String... censusArgs) throws IOException {
        final Path conf = Path.of("..", "conf").toAbsolutePath().normalize();
        final String javaHome = System.getProperty("java.home");
        final List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(javaHome, "bin", "java").toString());
        cmd.addAll(Arrays.asList(JavaModuleOptions.defaultModuleOptions().split(" ")));
        cmd.addAll(List.of(
                "-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", hadoopConf + ":" + sparkJars + "/*"));
        cmd.addAll(List.of(
                "org.apache.spark.deploy.SparkSubmit",
                "--master",
                "yarn",
                "--deploy-mode",
                "cluster",
                "--name",
                "census-it-" + name,
                "--num-executors",
                "2",
                "--executor-cores",
                "1",
                "--executor-memory",
                "768m",
                "--driver-memory",
                "768m",
                "--files",
                conf.resolve("census-cluster.properties") + "," + conf.resolve("spark-cluster.conf"),
                "--conf",
                "spark.driver.extraJavaOptions=-Dcensus.conf.dir=.",
                "--conf",
                "spark.yarn.jars=local:" + sparkJars + "/*",
                "--conf",
                "spark.yarn.maxAppAttempts=1",
                "--conf",
                "spark.yarn.appMasterEnv.JAVA_HOME=" + javaHome,
                "--conf",
                "spark.executorEnv.JAVA_HOME=" + javaHome,
                "--conf",
                "spark.hadoop.dfs.replication=1",
                "--conf",
                "spark.executor.extraJavaOptions=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"));
        for (String c : sparkConf) {
            cmd.add("--conf");
            cmd.add(c);
        }
        cmd.add(Path.of("target", "gamecensus-jobs-cluster.jar")
                .toAbsolutePath()
                .toString());
        cmd.addAll(Arrays.asList(censusArgs));
        cmd.addAll(List.of("--profile", "cluster", "--warehouse", warehouse));
        final ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile());
        pb.environment().put("HADOOP_CONF_DIR", hadoopConf.toString());
        pb.environment().put("YARN_CONF_DIR", hadoopConf.toString());
        pb.environment().put("JAVA_HOME", javaHome);
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().remove(SparkSecret.ENV);
        pb.environment().remove(SparkSecret.FILE_ENV);
        final Process p = pb.start();
        STARTED.add(p);
        return p;
    }

    private static String log(String name) {
        try {
            final List<String> lines = Files.readAllLines(dir.resolve(name + ".log"), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }
}
