package org.gamecensus.jobs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.spark.SecurityManager;
import org.apache.spark.SparkConf;
import org.apache.spark.internal.config.package$;
import org.apache.spark.launcher.JavaModuleOptions;
import org.apache.spark.rpc.RpcAddress;
import org.apache.spark.rpc.RpcEnv;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.gamecensus.jobs.census.Await;
import org.gamecensus.jobs.census.Manifests;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.SparkSecret;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.gamecensus.schemas.switching.SwitchingSchemas;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import scala.Option;

/**
 * A real Spark standalone cluster on 127.0.0.1 — one master, two workers of one core each,
 * started from the Spark jars on the Maven class path (a directory of links to them serves as
 * {@code SPARK_HOME/jars}; nothing is downloaded) — runs the switching census of K6 and the Hex
 * census of 3×3 by layers submitted through {@code org.apache.spark.deploy.SparkSubmit} with the
 * packaged jars. Both executors must have run tasks, and every row must equal a local-mode run's
 * (here, in this JVM, two threads; for Hex, the table solve). The census bench, given the
 * cluster's URL, times every census on its two executors. A run killed mid-write (a
 * {@code local[2]} submission) leaves the previous census intact, and a rerun completes. Every
 * process started is stopped afterwards.
 *
 * <p>The cluster is locked as {@code docs/cluster.md} tells: the master and workers read the shared
 * secret, with authentication and RPC encryption on, from a properties file only their owner can
 * read; the census submissions run with the cluster profile (or those settings), the secret in
 * the file {@code CENSUS_SPARK_SECRET_FILE} names. A client with no secret or a wrong one is
 * refused by the master, and a submission with none is refused before it starts.
 */
class StandaloneClusterIT extends SparkCensusTest {

    private static final List<Process> STARTED = new ArrayList<>();

    private static Path dir;

    private static Path sparkHome;

    private static String masterUrl;

    private static List<Path> workerDirs;

    private static String appJar;

    private static String extraJars;

    /** The file holding the cluster's shared secret, as the census reads it ({@code CENSUS_SPARK_SECRET_FILE}). */
    private static Path secretFile;

    private static final String SECRET = "census-it-" + Long.toHexString(new SecureRandom().nextLong());

    /** The JVM options Spark's launcher gives its own processes on Java 17, and Netty's for direct buffers. */
    static final String OPENS =
            JavaModuleOptions.defaultModuleOptions() + " -Dio.netty.tryReflectionSetAccessible=true";

    @BeforeAll
    static void startCluster() throws Exception {
        dir = Files.createTempDirectory("census-cluster-");
        // The jobs module's own jar from package; the other modules' jars beside it in the reactor.
        final Path target = Path.of("target").toAbsolutePath();
        appJar = onlyJar(target, "jobs-").toString();
        final List<String> jars = new ArrayList<>();
        jars.add(onlyJar(target.resolve("../../schemas/target").normalize(), "schemas-")
                .toString());
        jars.add(onlyJar(target.resolve("../../solver-kernel/target").normalize(), "solver-kernel-")
                .toString());
        // SPARK_HOME/jars: Spark and its dependencies; the drawing libraries travel with the job, as on a real cluster.
        sparkHome = Files.createDirectories(dir.resolve("spark-home"));
        final Path jarsDir = Files.createDirectories(sparkHome.resolve("jars"));
        Files.createDirectories(sparkHome.resolve("conf"));
        for (String entry : Files.readString(target.resolve("runtime-classpath.txt"))
                .strip()
                .split(":")) {
            final Path jar = Path.of(entry);
            if (jar.getFileName().toString().startsWith("jfree")) {
                jars.add(entry);
            } else if (!Files.exists(jarsDir.resolve(jar.getFileName()))) {
                Files.createSymbolicLink(jarsDir.resolve(jar.getFileName()), jar);
            }
        }
        extraJars = String.join(",", jars);

        // The daemons' settings: authentication and encryption on, the secret in a file of the owner's.
        secretFile = ownersFile(dir.resolve("secret"), SECRET + "\n");
        final Path daemonConf = ownersFile(
                dir.resolve("spark-daemons.conf"),
                "spark.authenticate true\nspark.authenticate.secret " + SECRET
                        + "\nspark.network.crypto.enabled true\nspark.network.crypto.saslFallback false"
                        + "\nspark.network.crypto.cipher AES/GCM/NoPadding\n");

        // Ports the daemons bind themselves (0): a port found free here could be taken before they bind it.
        final Path masterLog = dir.resolve("master.log");
        start(
                masterLog,
                "-Xmx512m",
                "org.apache.spark.deploy.master.Master",
                "--host",
                "127.0.0.1",
                "--port",
                "0",
                "--webui-port",
                "0",
                "--properties-file",
                daemonConf.toString());
        awaitLine(masterLog, "I have been elected leader", 60);
        final Matcher started = Pattern.compile("Starting Spark master at (spark://127\\.0\\.0\\.1:[0-9]+)")
                .matcher(Files.readString(masterLog, StandardCharsets.UTF_8));
        Assertions.assertTrue(started.find(), tail(masterLog));
        masterUrl = started.group(1);
        workerDirs = new ArrayList<>();
        for (int w = 1; w <= 2; w++) {
            final Path work = Files.createDirectories(dir.resolve("worker" + w));
            workerDirs.add(work);
            final Path log = dir.resolve("worker" + w + ".log");
            start(
                    log,
                    "-Xmx512m",
                    "org.apache.spark.deploy.worker.Worker",
                    "--host",
                    "127.0.0.1",
                    "--cores",
                    "1",
                    "--memory",
                    "1500m",
                    "--work-dir",
                    work.toString(),
                    "--webui-port",
                    "0",
                    "--properties-file",
                    daemonConf.toString(),
                    masterUrl);
            awaitLine(log, "Successfully registered with master", 60);
        }
    }

    @AfterAll
    static void stopCluster() throws Exception {
        for (Process p : STARTED) {
            p.descendants().forEach(ProcessHandle::destroy);
            p.destroy();
        }
        for (Process p : STARTED) {
            if (!p.waitFor(20, TimeUnit.SECONDS)) {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        for (Process p : STARTED) {
            Assertions.assertFalse(
                    p.isAlive(), "stopped: " + p.info().commandLine().orElse("?"));
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
    void switchingK6OnTheClusterEqualsLocalRuns() throws Exception {
        final Path clusterOut = dir.resolve("switching-cluster");
        submit(
                "switching-cluster",
                masterUrl,
                "run",
                "switching",
                "--host",
                "K6",
                "--profile",
                "cluster",
                "--out",
                clusterOut.toString());
        assertBothExecutorsRanTasks();
        final Warehouse here = new Warehouse(dir.resolve("switching-here"));
        SwitchingJob.census(spark(), here, SwitchingHosts.complete(6), 0);
        final Dataset<Row> expected = table(here.out(), "switching");
        assertEquals(32_768, expected.count());
        assertDataFrameNoOrderEquals(expected, table(clusterOut, "switching"));
        assertDataFrameNoOrderEquals(table(here.out(), "switching_hosts"), table(clusterOut, "switching_hosts"));
    }

    @Test
    void hexByLayersOnTheClusterEqualsALocalTableSolve() throws Exception {
        // The layered solve moves each layer between the executors (a shuffle into four parts a layer).
        final Path clusterOut = dir.resolve("hex-cluster");
        submit(
                "hex-cluster",
                masterUrl,
                "run",
                "hex",
                "--board",
                "3x3",
                "--solve",
                "layers",
                "--partitions",
                "4",
                "--profile",
                "cluster",
                "--out",
                clusterOut.toString());
        assertBothExecutorsRanTasks();
        final Warehouse here = new Warehouse(dir.resolve("hex-here"));
        HexJob.census(spark(), here, new HexBoard(3, 3), HexBoard.Side.DOWN, 0);
        // run hex also checks the potential and the committed tables on its board.
        for (HexJob.BoardCheck check : HexJob.boardChecks(new HexBoard(3, 3))) {
            check.commit().commit(spark(), here, 0);
        }
        final Dataset<Row> expected = table(here.out(), "hex");
        assertEquals(expected.count(), table(clusterOut, "hex_layers").count(), "every live position in a layer");
        assertDataFrameNoOrderEquals(expected, table(clusterOut, "hex"));
        assertDataFrameNoOrderEquals(table(here.out(), "hex_adversarial"), table(clusterOut, "hex_adversarial"));
    }

    @Test
    void aKilledRunLeavesThePreviousResultsAndARerunCompletes() throws Exception {
        final Path out = dir.resolve("killed");
        // The census before: K5, committed by this JVM's session.
        SwitchingJob.census(spark(), new Warehouse(out), SwitchingHosts.complete(5), 0);
        final Path table = out.resolve("warehouse/switching");
        // K6, with the driver JVM halting (as if killed -9) while partition 2 of the census is being written.
        final Process run = start(
                dir.resolve("killed-run.log"),
                submitCommand(
                        "killed-run",
                        "local[2]",
                        new String[] {"spark.gamecensus.fault.halt-writing-partition=2"},
                        "run",
                        "switching",
                        "--host",
                        "K6",
                        "--out",
                        out.toString()));
        Assertions.assertTrue(run.waitFor(4, TimeUnit.MINUTES), "the run halted");
        assertEquals(137, run.exitValue(), "killed midway; log:\n" + tail(dir.resolve("killed-run.log")));
        try (Stream<Path> s = Files.list(out.resolve("warehouse/_staging"))) {
            Assertions.assertTrue(
                    s.findAny().isPresent(), "the write was under way: its hidden staging directory is left behind");
        }
        // The previous census is intact and nothing of the killed one is visible.
        final Dataset<Row> after = spark().read().parquet(table.toString());
        assertEquals(1024, after.count(), "K5's rows, and no others");
        assertEquals(
                List.of("K5"),
                after.select("host").distinct().as(Encoders.STRING()).collectAsList());
        Assertions.assertFalse(Files.exists(table.resolve("host=K6")), "no K6 partition");
        // verify reports what the killed run left, and nothing wrong with the committed partitions.
        final List<String> problems = Manifests.verify(spark(), new Warehouse(out), SwitchingSchemas.ALL)
                .problems();
        assertEquals(1, problems.size(), String.valueOf(problems));
        Assertions.assertTrue(
                problems.get(0).matches("run \\S+ ended without clearing its staging and lease .*"), problems.get(0));
        // Run again: the census completes beside the earlier one.
        submit("after-kill", "local[2]", "run", "switching", "--host", "K6", "--out", out.toString());
        final Dataset<Row> rerun = spark().read().parquet(table.toString());
        assertEquals(1024 + 32_768, rerun.count());
        assertEquals(0, rerun.filter("NOT agree").count());
        Assertions.assertFalse(
                Files.exists(out.resolve("warehouse/_staging")), "the rerun cleared the killed run's staging");
        Assertions.assertFalse(Files.exists(out.resolve("warehouse/_runs")), "and its lease");
    }

    /**
     * {@code census verify} submitted to the cluster: its executors, in JVMs of their own, compute
     * the files' CRC-32s with the driver's Hadoop configuration shipped to them, and a byte changed
     * in place (the file's size unchanged) is reported with exit code 1.
     */
    @Test
    void verifyOnTheClusterChecksTheFilesAndFindsAByteChanged() throws Exception {
        final Path out = dir.resolve("verify-cluster");
        LumberjackJob.census(spark(), new Warehouse(out), 9, 3);
        submit("verify-cluster", masterUrl, "verify", "--out", out.toString());
        final String log = Files.readString(dir.resolve("verify-cluster.log"), StandardCharsets.UTF_8);
        Assertions.assertTrue(log.contains("10 partitions checked, 0 problem(s)"), log);
        final Path file;
        try (Stream<Path> s = Files.list(out.resolve("warehouse/lumberjack/edges=9"))) {
            file = s.filter(f -> f.toString().endsWith(".parquet"))
                    .sorted()
                    .findFirst()
                    .orElseThrow();
        }
        final byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 1;
        Files.write(file, bytes);
        final Path damagedLog = dir.resolve("verify-damaged.log");
        final Process damaged = start(
                damagedLog,
                submitCommand("verify-damaged", masterUrl, new String[0], "verify", "--out", out.toString()));
        Assertions.assertTrue(damaged.waitFor(5, TimeUnit.MINUTES), "verify of the damaged warehouse finished in time");
        assertEquals(1, damaged.exitValue(), "a problem found; log:\n" + tail(damagedLog));
        Assertions.assertTrue(
                Files.readString(damagedLog, StandardCharsets.UTF_8).contains("lumberjack/edges=9: files differ"),
                tail(damagedLog));
    }

    /**
     * The master answers only a client holding the cluster's secret: one with it finds the
     * master's endpoint, one with a wrong secret or with authentication off is refused (an open
     * master would answer all three).
     */
    @Test
    void theMasterRefusesAClientWithoutTheSecret() {
        Assertions.assertDoesNotThrow(() -> reachMaster(true, SECRET), "the secret holder reaches the master");
        for (String secret : new String[] {SECRET + "-wrong", null}) {
            final Exception refused =
                    Assertions.assertThrows(Exception.class, () -> reachMaster(secret != null, secret), "refused");
            final String why = chain(refused);
            // Refused at the handshake: not a lookup left to time out.
            Assertions.assertFalse(why.contains("Timeout"), why);
            Assertions.assertTrue(
                    secret != null
                            ? why.contains("Outbox is stopped") // the master closed the connection mid-handshake
                            : why.contains("Unknown challenge message"), // it asked for the handshake first
                    why);
        }
    }

    /** A census submitted with the cluster profile and no secret stops before Spark starts: exit 2, one line. */
    @Test
    void aSubmissionWithoutTheSecretIsRefused() throws Exception {
        final Path out = dir.resolve("no-secret");
        final Path log = dir.resolve("no-secret.log");
        final List<String> cmd = new ArrayList<>(Arrays.asList(submitCommand(
                "no-secret",
                masterUrl,
                new String[0],
                "run",
                "switching",
                "--host",
                "K4",
                "--profile",
                "cluster",
                "--out",
                out.toString())));
        final Process p = start(log, false, cmd.toArray(new String[0]));
        Assertions.assertTrue(p.waitFor(2, TimeUnit.MINUTES), "refused in time");
        final String said = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(2, p.exitValue(), said);
        Assertions.assertTrue(
                said.contains("census: Spark authentication is on (spark.authenticate) and master " + masterUrl
                        + " needs the cluster's shared secret: set CENSUS_SPARK_SECRET_FILE"),
                said);
        Assertions.assertFalse(Files.exists(out), "nothing written");
    }

    /** The messages of {@code e} and its causes. */
    private static String chain(Throwable e) {
        final StringBuilder b = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            b.append(t.getClass().getSimpleName())
                    .append(": ")
                    .append(t.getMessage())
                    .append(" | ");
        }
        return b.toString();
    }

    /** Opens an RPC client (authenticating with {@code secret} when {@code authenticate}) and looks up the master's endpoint. */
    private static void reachMaster(boolean authenticate, String secret) {
        final SparkConf conf = new SparkConf()
                .set("spark.authenticate", String.valueOf(authenticate))
                .set("spark.network.crypto.enabled", String.valueOf(authenticate))
                .set("spark.network.crypto.saslFallback", "false")
                .set("spark.network.crypto.cipher", "AES/GCM/NoPadding")
                .set("spark.rpc.lookupTimeout", "20s")
                .set("spark.rpc.askTimeout", "20s");
        if (secret != null) {
            conf.set("spark.authenticate.secret", secret);
        }
        final SecurityManager security = new SecurityManager(conf, Option.empty(), package$.MODULE$.AUTH_SECRET_FILE());
        final RpcEnv rpc = RpcEnv.create("census-it-probe", "127.0.0.1", 0, conf, security, true);
        try {
            final String[] hostPort = masterUrl.substring("spark://".length()).split(":");
            rpc.setupEndpointRef(new RpcAddress(hostPort[0], Integer.parseInt(hostPort[1])), "Master");
        } finally {
            rpc.shutdown();
        }
    }

    @Test
    void theBenchTimesTheCensusesOnTheClusterItIsGiven() throws Exception {
        final Path out = dir.resolve("bench-cluster");
        // As the bench runs on a cluster of several machines: its scratch tables in a warehouse every executor sees.
        final Path shared = dir.resolve("bench-shared-warehouse");
        final List<Long> before = tasksPerWorker();
        submit(
                "bench-cluster",
                masterUrl,
                "bench",
                "--profile",
                "ci",
                "--masters",
                masterUrl,
                "--warm-up",
                "0",
                "--repeat",
                "1",
                "--out",
                out.toString(),
                "--warehouse",
                shared.toUri().toString());
        for (String table : List.of("switching", "cram", "hex", "lumberjack")) {
            Assertions.assertTrue(
                    Files.isRegularFile(shared.resolve("bench-0").resolve(table).resolve("_schema.json")),
                    table + " committed to the shared warehouse");
        }
        final List<Long> after = tasksPerWorker();
        for (int w = 0; w < after.size(); w++) {
            Assertions.assertTrue(after.get(w) > before.get(w), "worker " + (w + 1) + " ran bench tasks");
        }
        final String report = Files.readString(out.resolve("bench/report.md"), StandardCharsets.UTF_8);
        for (String census : List.of("switching", "cram", "hex", "lumberjack")) {
            final String[] cells = report.lines()
                    .filter(l -> l.startsWith("| " + census + " |"))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no row of " + census + " in\n" + report))
                    .split("\\|");
            assertEquals(masterUrl, cells[4].strip(), census + ": timed on the cluster");
            assertEquals("2", cells[5].strip(), census + ": two executors of one core");
        }
        // K5 (the ci profile's bench host): 10 links, every subset a subgraph.
        Assertions.assertTrue(report.contains("| switching | host K5 | 1024 | "), report);
    }

    private Dataset<Row> table(Path out, String name) {
        return spark().read().parquet(out.resolve("warehouse").resolve(name).toString());
    }

    /** Every worker has at least one executor that ran a task (each executor logs "Running task"). */
    private static void assertBothExecutorsRanTasks() throws IOException {
        final List<Long> tasks = tasksPerWorker();
        for (int w = 0; w < tasks.size(); w++) {
            Assertions.assertTrue(
                    tasks.get(w) > 0, "the executor of " + workerDirs.get(w).getFileName() + " ran tasks");
        }
    }

    /** Tasks each worker's executors have logged so far ("Running task"), in worker order. */
    private static List<Long> tasksPerWorker() throws IOException {
        final List<Long> counts = new ArrayList<>();
        for (Path work : workerDirs) {
            long tasks = 0;
            try (Stream<Path> files = Files.walk(work)) {
                for (Path stderr : files.filter(f -> f.getFileName().toString().equals("stderr"))
                        .toList()) {
                    tasks += Files.readAllLines(stderr, StandardCharsets.UTF_8).stream()
                            .filter(l -> l.contains("Running task"))
                            .count();
                }
            }
            counts.add(tasks);
        }
        return counts;
    }

    /** Runs {@code census ARGS} through SparkSubmit in a separate driver JVM; fails on a non-zero exit. */
    private static void submit(String name, String master, String... censusArgs) throws Exception {
        final Path log = dir.resolve(name + ".log");
        final Process p = start(log, submitCommand(name, master, new String[0], censusArgs));
        Assertions.assertTrue(p.waitFor(5, TimeUnit.MINUTES), name + " finished in time");
        assertEquals(0, p.exitValue(), name + " exit code; log:\n" + tail(log));
    }

    /** A SparkSubmit command line: {@code sparkConf} are extra {@code --conf key=value} settings. */
    private static String[] submitCommand(String name, String master, String[] sparkConf, String... censusArgs) {
        final List<String> cmd = new ArrayList<>(List.of(
                "-Xmx1g",
                "-Dcensus.conf.dir=" + confDir(),
                "org.apache.spark.deploy.SparkSubmit",
                "--master",
                master,
                "--deploy-mode",
                "client",
                "--class",
                "org.gamecensus.jobs.cli.CensusCli",
                "--name",
                "census-it-" + name,
                "--conf",
                "spark.cores.max=2",
                "--conf",
                "spark.executor.cores=1",
                "--conf",
                "spark.executor.memory=1g",
                "--conf",
                "spark.scheduler.minRegisteredResourcesRatio=1.0",
                "--conf",
                "spark.scheduler.maxRegisteredResourcesWaitingTime=60s",
                "--conf",
                "spark.driver.host=127.0.0.1",
                "--conf",
                "spark.executor.extraJavaOptions=-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"));
        if (master.startsWith("spark://") && !Arrays.asList(censusArgs).contains("cluster")) {
            // The cluster is locked: a submission with another profile turns authentication and
            // encryption on itself (the cluster profile's own settings do, unaided).
            cmd.addAll(List.of(
                    "--conf",
                    "spark.authenticate=true",
                    "--conf",
                    "spark.network.crypto.enabled=true",
                    "--conf",
                    "spark.network.crypto.saslFallback=false",
                    "--conf",
                    "spark.network.crypto.cipher=AES/GCM/NoPadding"));
        }
        for (String c : sparkConf) {
            cmd.add("--conf");
            cmd.add(c);
        }
        cmd.addAll(List.of("--jars", extraJars, appJar));
        cmd.addAll(Arrays.asList(censusArgs));
        return cmd.toArray(new String[0]);
    }

    private static Path confDir() {
        return Path.of("..", "conf").toAbsolutePath().normalize();
    }

    /**
     * Starts a JVM on SPARK_HOME/jars with Spark's Java 17 options, loopback only, output to
     * {@code log}, the cluster's secret file named in its environment.
     */
    private static Process start(Path log, String... args) throws IOException {
        return start(log, true, args);
    }

    /** As above, the secret file named in the environment only when {@code withSecret}. */
    private static Process start(Path log, boolean withSecret, String... args) throws IOException {
        final List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Arrays.asList(System.getProperty("census.it.opens", OPENS).split(" ")));
        // C1 only and the serial collector, as for CensusProcess: the master and workers idle, the
        // drivers live seconds; C2's and G1's threads would take CPU from the executors.
        cmd.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        cmd.add("-cp");
        cmd.add(sparkHome.resolve("jars") + "/*");
        cmd.addAll(Arrays.asList(args));
        final ProcessBuilder pb =
                new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("SPARK_HOME", sparkHome.toString());
        pb.environment().put("SPARK_SCALA_VERSION", "2.12");
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        pb.environment().put("SPARK_MASTER_HOST", "127.0.0.1");
        pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
        pb.environment().remove(SparkSecret.ENV);
        pb.environment().remove(SparkSecret.FILE_ENV);
        if (withSecret) {
            pb.environment().put(SparkSecret.FILE_ENV, secretFile.toString());
        }
        final Process p = pb.start();
        STARTED.add(p);
        return p;
    }

    private static void awaitLine(Path log, String text, int seconds) throws Exception {
        if (!Await.until(
                () -> Files.exists(log)
                        && Files.readString(log, StandardCharsets.UTF_8).contains(text),
                seconds,
                200)) {
            Assertions.fail("no '" + text + "' in " + log + " after " + seconds + " s:\n" + tail(log));
        }
    }

    private static String tail(Path log) throws IOException {
        final List<String> lines = Files.exists(log) ? Files.readAllLines(log, StandardCharsets.UTF_8) : List.of();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }

    /** {@code text} in a new file {@code file} that only its owner can read or write. */
    private static Path ownersFile(Path file, String text) throws IOException {
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static Path onlyJar(Path targetDir, String prefix) throws IOException {
        try (Stream<Path> s = Files.list(targetDir)) {
            final List<Path> jars = s.filter(p -> p.getFileName().toString().startsWith(prefix)
                            && p.getFileName().toString().endsWith(".jar"))
                    .toList();
            Assertions.assertEquals(1, jars.size(), "one " + prefix + "*.jar in " + targetDir + ": " + jars);
            return jars.get(0);
        }
    }
}
