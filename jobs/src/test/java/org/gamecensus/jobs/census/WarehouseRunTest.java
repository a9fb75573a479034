package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.Metadata;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.kernel.switching.SwitchingHost;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.gamecensus.schemas.cram.CramSchemas;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.gamecensus.schemas.switching.SwitchingSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs on one warehouse: claims that keep two runs off one partition but let disjoint ones both
 * go on, leases that lapse when their run dies (at once on its own host, after the lease time
 * elsewhere), the identity check that refuses to replace a partition computed from another graph
 * or schema version, the recovery of what dead runs leave, and readers that see committed states.
 */
class WarehouseRunTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    private String root() {
        return WarehouseFiles.uri(tmp.resolve("warehouse").toString());
    }

    @Test
    void aLiveRunsClaimRefusesAnotherRunNamingItAndDisjointClaimsBothGoOn() {
        final WarehouseRun a = WarehouseRun.open(root(), "census run lumberjack --max-edges 3", false);
        Assertions.assertFalse(Files.exists(tmp.resolve("warehouse")), "a run writes nothing before it claims");
        final WarehouseRun b = WarehouseRun.open(root(), "census run lumberjack --max-edges 5", false);
        try {
            a.claim(LumberjackSchemas.TREES, TablePartition.range(0, 3));
            final UsageException e = assertThrows(
                    UsageException.class, () -> b.claim(LumberjackSchemas.TREES, TablePartition.range(3, 5)));
            Assertions.assertTrue(
                    e.getMessage()
                            .startsWith("lumberjack/edges=3 is being written by run " + a.id()
                                    + " (census run lumberjack --max-edges 3, process "
                                    + ProcessHandle.current().pid()),
                    e.getMessage());
            b.claim(LumberjackSchemas.TREES, TablePartition.range(4, 5)); // disjoint: goes on
            b.claim(CramSchemas.SHAPES, TablePartition.range(1, 3)); // another table: goes on
            Assertions.assertTrue(b.holds("lumberjack", "edges=5") && !b.holds("lumberjack", "edges=3"));
        } finally {
            a.close();
            b.close();
        }
        Assertions.assertFalse(Files.exists(tmp.resolve("warehouse")), "two runs that wrote nothing leave nothing");
    }

    @Test
    void aDeadRunsClaimsLapseAtOnceOnItsHostAndItsLeftoversAreRemoved() throws IOException {
        final WarehouseRun dead = WarehouseRun.open(root(), "killed", false);
        dead.claim(LumberjackSchemas.TREES, TablePartition.range(0, 3));
        Files.createDirectories(tmp.resolve("warehouse/_staging/" + dead.id() + "/0-lumberjack/edges=0"));
        dead.abandon(); // as if killed: its files stay
        Assertions.assertFalse(WarehouseRun.live(root(), dead.id()));
        final Warehouse w = new Warehouse(tmp.resolve("out"), root());
        final List<String> recovered = w.openRun("next", false);
        try {
            assertEquals(List.of("removed what run " + dead.id() + " left (its staging and lease)"), recovered);
            w.claim(LumberjackSchemas.TREES, TablePartition.range(0, 3)); // no longer blocked
        } finally {
            w.closeRun();
        }
        Assertions.assertFalse(Files.exists(tmp.resolve("warehouse")), "nothing of either run left");
    }

    /** Liveness from another host's lease: its renewal within the lease time, by the clock. */
    @Test
    void aLeaseFromAnotherHostLivesWhileItIsRenewed() throws IOException {
        final Path runs = Files.createDirectories(tmp.resolve("warehouse/_runs"));
        final Properties lease = new Properties();
        lease.setProperty("host", "elsewhere/boot");
        lease.setProperty("pid", String.valueOf(ProcessHandle.current().pid()));
        lease.setProperty("command", "census run cram");
        Files.writeString(runs.resolve("r1.lease"), WarehouseRun.store(lease, "lease"));
        Assertions.assertTrue(WarehouseRun.live(root(), "r1"), "renewed just now");
        Files.setLastModifiedTime(
                runs.resolve("r1.lease"),
                FileTime.fromMillis(System.currentTimeMillis() - WarehouseRun.leaseMillis() - 1000));
        Assertions.assertFalse(WarehouseRun.live(root(), "r1"), "unrenewed for longer than the lease time");
        // On this host, the process decides: one that has ended is dead whatever the time.
        final Process ended = new ProcessBuilder("true").start();
        try {
            ended.waitFor();
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
        lease.setProperty("host", WarehouseRun.HOST);
        lease.setProperty("pid", String.valueOf(ended.pid()));
        Files.writeString(runs.resolve("r2.lease"), WarehouseRun.store(lease, "lease"));
        Assertions.assertFalse(WarehouseRun.live(root(), "r2"), "its process has ended");
    }

    /**
     * Two runs writing their claims for one partition at the same moment, again and again: never
     * both go on (at most one, and in most rounds one).
     */
    @Test
    void claimsForOnePartitionAtTheSameMomentLetAtMostOneRunGoOn() throws Exception {
        final ExecutorService pool = Executors.newFixedThreadPool(2);
        int single = 0;
        try {
            for (int round = 0; round < 12; round++) {
                final CountDownLatch start = new CountDownLatch(1);
                final List<Future<WarehouseRun>> runs = new ArrayList<>();
                for (int r = 0; r < 2; r++) {
                    runs.add(pool.submit(() -> {
                        final WarehouseRun run = WarehouseRun.open(root(), "racer", false);
                        start.await();
                        try {
                            run.claim(CramSchemas.SHAPES, TablePartition.range(5, 5));
                            return run;
                        } catch (UsageException e) {
                            run.close();
                            return null;
                        }
                    }));
                }
                start.countDown();
                int wentOn = 0;
                for (Future<WarehouseRun> f : runs) {
                    final WarehouseRun run = f.get();
                    if (run != null) {
                        wentOn++;
                    }
                }
                Assertions.assertTrue(wentOn <= 1, "round " + round + ": both runs went on");
                single += wentOn;
                for (Future<WarehouseRun> f : runs) {
                    if (f.get() != null) {
                        f.get().close();
                    }
                }
            }
        } finally {
            pool.shutdownNow();
        }
        Assertions.assertTrue(single >= 6, "one of the two went on in " + single + " of 12 rounds");
    }

    /**
     * The K5 case at the level of the jobs: a one-link graph under the name K5 would
     * replace K5's partitions; it is refused, K5's rows intact, unless the run is told to replace.
     */
    @Test
    void aPartitionOfAnotherGraphIsNotReplacedUnlessTheRunSaysSo() {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        SwitchingJob.census(spark(), w, SwitchingHosts.complete(5), 2);
        final SwitchingHost impostor = new SwitchingHost("K5", 2, 0, 1, new int[] {0}, new int[] {1});
        final UsageException e = assertThrows(UsageException.class, () -> SwitchingJob.census(spark(), w, impostor, 1));
        Assertions.assertTrue(
                e.getMessage()
                        .startsWith("switching/host=K5 holds a census of {5 vertices, s 0, t 1, links 0-1" + " 0-2"),
                e.getMessage());
        Assertions.assertTrue(
                e.getMessage()
                        .contains("this run's is of {2 vertices, s 0, t 1, links 0-1} under schema version "
                                + SwitchingSchemas.SUBGRAPHS.version()
                                + ": refused, nothing written (--replace replaces it)"),
                e.getMessage());
        assertEquals(1024, rows(w, "switching").count(), "K5's rows intact");
        assertEquals(
                List.of(), Manifests.verify(spark(), w, SwitchingSchemas.ALL).problems());
        // The same graph again replaces it as ever; told to replace, the other graph does.
        SwitchingJob.census(spark(), w, SwitchingHosts.complete(5), 3);
        w.openRun("census run switching --replace", true);
        try {
            SwitchingJob.census(spark(), w, impostor, 1);
        } finally {
            w.closeRun();
        }
        assertEquals(2, rows(w, "switching").count(), "replaced, as asked");
    }

    /** A manifest's schema version and parameters decide; one written before parameters existed counts as none. */
    @Test
    void aPartitionOfAnotherSchemaVersionIsNotReplacedAndOldManifestsCountAsNoParameters() throws IOException {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        LumberjackJob.census(spark(), w, 2, 1);
        final Path manifest = tmp.resolve("out/warehouse/lumberjack/_manifest/edges=1.properties");
        final String text = Files.readString(manifest);
        // Written before partitions recorded their parameters: no parameters line, which matches none.
        Files.writeString(manifest, text.replaceAll("(?m)^parameters=.*\\n", ""));
        LumberjackJob.census(spark(), w, 2, 1);
        Files.writeString(manifest, Files.readString(manifest).replace("schema_version=1", "schema_version=7"));
        final UsageException e = assertThrows(UsageException.class, () -> LumberjackJob.census(spark(), w, 2, 1));
        assertEquals(
                "lumberjack/edges=1 holds a census under schema version 7; this run's is under schema version 1:"
                        + " refused, nothing written (--replace replaces it)",
                e.getMessage());
    }

    /**
     * A view over a committed table takes the schema its {@code _schema.json} declares: registering
     * it starts no Spark job (Spark's inference would start one a table), and the view has the schema
     * and rows Spark's reading of the table's directory gives, the partition columns included.
     */
    @Test
    void viewsStartNoSparkJobAndHaveTheSchemaSparkInfers() throws Exception {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        LumberjackJob.census(spark(), w, 5, 2);
        SwitchingJob.census(spark(), w, SwitchingHosts.complete(4), 0);
        final var context = spark().sparkContext();
        context.setJobGroup("views", "the views' registration", false);
        final List<String> views;
        try {
            views = w.registerViews(spark());
        } finally {
            context.clearJobGroup();
        }
        // Jobs after them, seen by the status tracker: every job started before them is seen too.
        context.setJobGroup("after", "a job after the views'", false);
        try {
            spark().range(1).count();
        } finally {
            context.clearJobGroup();
        }
        Assertions.assertTrue(
                Await.until(() -> context.statusTracker().getJobIdsForGroup("after").length > 0, 30, 1),
                "the jobs after them");
        assertEquals(0, context.statusTracker().getJobIdsForGroup("views").length, "jobs started by the views");
        assertEquals(Set.of("lumberjack", "switching", "switching_hosts"), Set.copyOf(views));
        for (String table : views) {
            final Dataset<Row> byDirectory = spark().read().parquet(w.tablePath(table));
            final StructType schema = spark().table(table).schema();
            assertEquals(withoutComments(byDirectory.schema()), withoutComments(schema), table);
            for (StructField f : schema.fields()) {
                Assertions.assertTrue(
                        f.getComment().isDefined(), table + "." + f.name() + ": its comment, partition keys' too");
            }
            assertEquals(byDirectory.count(), spark().table(table).count(), table);
        }
    }

    private static StructType withoutComments(StructType schema) {
        return new StructType(Arrays.stream(schema.fields())
                .map(f -> new StructField(f.name(), f.dataType(), f.nullable(), Metadata.empty()))
                .toArray(StructField[]::new));
    }

    /**
     * A partition value reads as its column's declared type, in the views and in verify's read-back:
     * a host named 007, all digits, stays the string 007 (Spark alone would read the int 7, and
     * verify would then find no manifest for its rows and leave them unchecked).
     */
    @Test
    void aHostNamedInDigitsStaysAStringInTheViewsAndInVerify() throws IOException {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        SwitchingJob.census(spark(), w, SwitchingHosts.complete(4).withName("007"), 0);
        w.registerViews(spark());
        assertEquals(
                DataTypes.StringType,
                spark().table("switching").schema().apply("host").dataType());
        assertEquals(
                List.of("007"),
                spark().sql("SELECT DISTINCT host FROM switching").collectAsList().stream()
                        .map(r -> r.getString(0))
                        .toList());
        assertEquals(
                List.of(), Manifests.verify(spark(), w, SwitchingSchemas.ALL).problems());
        // A manifest whose row count is wrong: only the read-back of the rows can see it.
        final Path manifest = tmp.resolve("out/warehouse/switching/_manifest/host=007.properties");
        final Properties p = new Properties();
        try (var in = Files.newInputStream(manifest)) {
            p.load(in);
        }
        p.setProperty("rows", String.valueOf(Long.parseLong(p.getProperty("rows")) + 1));
        try (var out = Files.newOutputStream(manifest)) {
            p.store(out, null);
        }
        final List<String> problems =
                Manifests.verify(spark(), w, SwitchingSchemas.ALL).problems();
        Assertions.assertTrue(
                problems.stream().anyMatch(x -> x.startsWith("switching/host=007: ")), String.valueOf(problems));
    }

    /**
     * Readers see committed states only: a file a commit did not list (dropped into a partition
     * by hand, or left by a crash) is not read by the views, as it would be by the directory; and
     * a view read after a commit moved its files fails on a missing file, which readers retry.
     */
    @Test
    void viewsReadTheFilesTheManifestsListAndAReplacedPartitionFailsAsMissing() throws IOException {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        LumberjackJob.census(spark(), w, 6, 2);
        final Path partition = tmp.resolve("out/warehouse/lumberjack/edges=6");
        final Path file;
        try (Stream<Path> s = Files.list(partition)) {
            file = s.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
        }
        Files.copy(file, partition.resolve("part-99999-stray.snappy.parquet"));
        assertEquals(List.of("lumberjack"), w.registerViews(spark()));
        final long listed =
                spark().sql("SELECT COUNT(*) FROM lumberjack").first().getLong(0);
        final long byDirectory =
                spark().read().parquet(w.tablePath("lumberjack")).count();
        assertEquals(1 + 1 + 2 + 4 + 9 + 20 + 48, listed, "rooted trees of 0..6 edges, each once");
        Assertions.assertTrue(byDirectory > listed, "the directory holds the stray file too");
        Files.delete(partition.resolve("part-99999-stray.snappy.parquet"));

        final Dataset<Row> stale = spark().sql("SELECT * FROM lumberjack");
        LumberjackJob.census(spark(), w, 6, 3); // moves every partition's files aside
        final Exception missing;
        try (FailedTaskLogs quiet = FailedTaskLogs.silenced()) {
            missing = assertThrows(Exception.class, stale::count);
        }
        Assertions.assertTrue(Warehouse.isMissingFile(missing), String.valueOf(missing));
        w.registerViews(spark());
        assertEquals(
                listed, spark().sql("SELECT COUNT(*) FROM lumberjack").first().getLong(0), "read again: committed");
        // So is Spark's own report of a view's file gone before it is read.
        final Exception gone = assertThrows(
                Exception.class,
                () -> spark().read()
                        .parquet(tmp.resolve("out/warehouse/lumberjack/edges=6/gone.parquet")
                                .toString()));
        Assertions.assertTrue(Warehouse.isMissingFile(gone), String.valueOf(gone));
        Assertions.assertFalse(
                Warehouse.isMissingFile(
                        assertThrows(Exception.class, () -> spark().sql("SELECT nosuchcolumn FROM lumberjack"))),
                "a bad query is not a missing file");
    }

    /** A reader waits while a live run completes a commit, and reads once it has. */
    @Test
    void aReaderWaitsForALiveRunsCommitToComplete() throws Exception {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        LumberjackJob.census(spark(), w, 3, 1);
        final WarehouseRun writer = WarehouseRun.open(w.root(), "writer", false);
        writer.lease();
        final Path record = Files.createDirectories(tmp.resolve("out/warehouse/_commits/lumberjack"))
                .resolve(writer.id() + "-0.commit");
        Files.writeString(record, "in progress\n");
        final Thread completes = new Thread(() -> {
            try {
                Thread.sleep(600);
                Files.delete(record);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        final long start = System.nanoTime();
        completes.start();
        try {
            w.registerViews(spark());
        } finally {
            completes.join();
            writer.close();
        }
        Assertions.assertTrue(System.nanoTime() - start >= 500_000_000L, "waited for the commit");
        assertEquals(8, spark().sql("SELECT COUNT(*) FROM lumberjack").first().getLong(0));
    }

    /** A commit record that no point of its commit could leave is refused, and nothing is changed. */
    @Test
    void completingACommitRefusesATableNoPointOfItLeaves() throws IOException {
        final Path table = Files.createDirectories(tmp.resolve("t/edges=0"));
        final Path staged = Files.createDirectories(tmp.resolve("s/edges=0"));
        final Path aside = Files.createDirectories(tmp.resolve("s/_replaced/edges=0"));
        final CommitRecord record = new CommitRecord(
                WarehouseFiles.uri(tmp.toString()),
                WarehouseFiles.uri(tmp.resolve("r.commit").toString()),
                "t",
                WarehouseFiles.uri(tmp.resolve("t").toString()),
                "{}",
                List.of(new CommitRecord.Move(
                        "edges=0",
                        WarehouseFiles.uri(staged.toString()),
                        WarehouseFiles.uri(aside.toString()),
                        "files=x:1:1\n")),
                List.of());
        record.write("test");
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> record.complete("test"));
        Assertions.assertTrue(e.getMessage().contains("which no point of commit"), e.getMessage());
        Assertions.assertTrue(Files.isDirectory(table) && Files.isDirectory(staged) && Files.isDirectory(aside));
        // Neither staged nor holding the manifest's files: refused too.
        Files.delete(staged);
        Files.delete(aside);
        Assertions.assertTrue(assertThrows(IllegalStateException.class, () -> record.complete("test"))
                .getMessage()
                .contains("neither staged nor in place"));
        // A record taken over by another run (renamed away) is not completed by this one.
        Files.move(tmp.resolve("r.commit"), tmp.resolve("r.commit~other"));
        Assertions.assertTrue(assertThrows(IllegalStateException.class, () -> record.complete("test"))
                .getMessage()
                .contains("was taken over by another run"));
    }

    /**
     * A commit a run decided and did not complete holds its partitions as a claim would: a run
     * that opened before it was decided (so its own recovery did not see it) completes it before
     * it writes those partitions, and its own commit then replaces it.
     */
    @Test
    void aDecidedCommitLeftByADeadRunIsCompletedBeforeAnotherRunWritesItsPartitions() throws IOException {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        LumberjackJob.census(spark(), w, 2, 1);
        final TableState first = TableState.of(w, "lumberjack");
        final Warehouse later = new Warehouse(tmp.resolve("out"), w.root());
        later.openRun("opened before the other decided", false);
        try {
            decideEdges2AndDie(w);
            // The later run writes edges=0..2: it completes the dead run's commit first, then its own.
            LumberjackJob.census(spark(), later, 2, 2);
        } finally {
            later.closeRun();
        }
        Assertions.assertFalse(TableState.of(w, "lumberjack").isOldOrNew(first, "after both commits"));
        assertEquals(
                List.of(), Manifests.verify(spark(), w, LumberjackSchemas.ALL).problems());
        assertEquals(
                List.of("lumberjack"),
                List.of(tmp.resolve("out/warehouse").toFile().list()));
    }

    /**
     * A run killed after its commit's moves, before the manifests: verify names the partition
     * as mid-commit, not damaged, and still names a damaged one beside it as damaged.
     */
    @Test
    void verifyTellsAPartitionMidCommitFromADamagedOne() throws IOException {
        final Warehouse w = new Warehouse(tmp.resolve("m"));
        LumberjackJob.census(spark(), w, 2, 1);
        decideEdges2AndDie(w);
        final Path table = Path.of(URI.create(w.tablePath("lumberjack")));
        final Path staged;
        try (Stream<Path> s = Files.walk(tmp.resolve("m/warehouse/_staging"))) {
            staged = s.filter(p -> p.getFileName().toString().equals("edges=2")
                            && !p.getParent().getFileName().toString().equals("_replaced"))
                    .findFirst()
                    .orElseThrow();
        }
        final Path aside = staged.getParent().resolve("_replaced/edges=2");
        Files.createDirectories(aside.getParent());
        Files.move(table.resolve("edges=2"), aside);
        Files.move(staged, table.resolve("edges=2"));
        final Path damagedFile;
        try (Stream<Path> s = Files.list(table.resolve("edges=1"))) {
            damagedFile =
                    s.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
        }
        final byte[] bytes = Files.readAllBytes(damagedFile);
        bytes[bytes.length / 2] ^= 0x40;
        Files.write(damagedFile, bytes);

        final Manifests.Verified killed = Manifests.verify(spark(), w, LumberjackSchemas.ALL);
        assertEquals(List.of("lumberjack/edges=1"), killed.damaged());
        Assertions.assertTrue(
                killed.problems().stream().anyMatch(p -> p.startsWith("lumberjack/edges=2: mid-commit")),
                killed.problems().toString());
        Assertions.assertTrue(
                killed.problems().stream().anyMatch(p -> p.startsWith("lumberjack/edges=1: files differ")),
                killed.problems().toString());
        Assertions.assertFalse(
                killed.problems().stream().anyMatch(p -> p.startsWith("lumberjack/edges=2: files differ")),
                killed.problems().toString());

        w.openRun("repairs", false); // completes the dead run's commit
        w.closeRun();
        assertEquals(
                List.of("lumberjack/edges=1: files differ from the manifest: " + damagedFile.getFileName()
                        + " altered: its CRC-32 differs, same size"),
                Manifests.verify(spark(), w, LumberjackSchemas.ALL).problems());
    }

    /**
     * A run that decides a commit of {@code w}'s lumberjack edges=2 (its copy of the partition
     * staged, the record written) and dies before completing it.
     */
    private static void decideEdges2AndDie(Warehouse w) throws IOException {
        final WarehouseRun dead = WarehouseRun.open(w.root(), "dies", false);
        dead.claim(LumberjackSchemas.TREES, TablePartition.range(2, 2));
        final String staging = dead.newStaging("lumberjack");
        final Path staged = Files.createDirectories(Path.of(URI.create(staging)).resolve("edges=2"));
        final Path original = Path.of(URI.create(w.tablePath("lumberjack"))).resolve("edges=2");
        final String name;
        try (Stream<Path> s = Files.list(original)) {
            final Path file =
                    s.filter(p -> p.toString().endsWith(".parquet")).findFirst().orElseThrow();
            name = "part-00000-decided-a0.snappy.parquet";
            Files.copy(file, staged.resolve(name));
        }
        final String manifest = Files.readString(
                        original.resolve("../_manifest/edges=2.properties").normalize())
                .replaceAll("(?m)^files=part-[^:]*", "files=" + name);
        new CommitRecord(
                        w.root(),
                        dead.newRecordFile("lumberjack"),
                        "lumberjack",
                        w.tablePath("lumberjack"),
                        LumberjackSchemas.TREES.toJson(),
                        List.of(new CommitRecord.Move(
                                "edges=2",
                                WarehouseFiles.child(staging, "edges=2"),
                                WarehouseFiles.child(staging, "_replaced/edges=2"),
                                manifest)),
                        List.of(staging))
                .write(dead.id());
        dead.abandon();
    }

    /**
     * A warehouse copied while a commit is pending completes the commit in itself: its record
     * names paths relative to the warehouse, so the original is left exactly as it was.
     */
    @Test
    void aCopyOfAWarehouseCompletesItsPendingCommitInItselfNotInTheOriginal() throws IOException {
        final Warehouse w = new Warehouse(tmp.resolve("a"));
        LumberjackJob.census(spark(), w, 2, 1);
        decideEdges2AndDie(w);
        final Path original = tmp.resolve("a");
        final Path copied = tmp.resolve("b");
        try (Stream<Path> all = Files.walk(original)) {
            for (Path f : all.toList()) {
                Files.copy(f, copied.resolve(original.relativize(f).toString()));
            }
        }
        final List<String> before = tree(original);
        final Warehouse copy = new Warehouse(copied);
        copy.openRun("opens the copy", false);
        copy.closeRun();
        assertEquals(before, tree(original), "the original, its record pending, untouched");
        assertEquals(
                List.of(),
                Manifests.verify(spark(), copy, LumberjackSchemas.ALL).problems());
        Assertions.assertFalse(
                tree(copied).stream().anyMatch(f -> f.contains(".commit")),
                tree(copied).toString());
        Assertions.assertTrue(before.stream().anyMatch(f -> f.contains(".commit ")), before.toString());
    }

    /**
     * A record of an earlier version names absolute paths: read in the warehouse they lie in
     * (spelled file:/// or file:/ alike), refused when they lie elsewhere — a copy of the
     * warehouse would otherwise complete the commit in the original.
     */
    @Test
    void aRecordOfAbsolutePathsIsReadInItsWarehouseAndRefusedElsewhere() throws IOException {
        final String root = WarehouseFiles.uri(tmp.resolve("wh").toString());
        final Path file = Files.createDirectories(tmp.resolve("wh/_commits/t")).resolve("r-0.commit");
        final Properties p = new Properties();
        p.setProperty("table", "t");
        p.setProperty("table_dir", tmp.resolve("wh/t").toUri().toString());
        p.setProperty("schema", "{}");
        p.setProperty("partitions", "1");
        p.setProperty("key.0", "edges=0");
        p.setProperty("from.0", tmp.resolve("wh/_staging/r/0-t/edges=0").toUri().toString());
        p.setProperty(
                "aside.0",
                tmp.resolve("wh/_staging/r/0-t/_replaced/edges=0").toUri().toString());
        p.setProperty("manifest.0", "files=x:1:1\n");
        p.setProperty("cleanup", tmp.resolve("wh/_staging/r").toUri().toString());
        try (var w = Files.newBufferedWriter(file)) {
            p.store(w, null);
        }
        final String record = WarehouseFiles.uri(file.toString());
        final CommitRecord read = CommitRecord.read(root, record);
        assertEquals(root + "/_staging/r/0-t/edges=0", read.moves().get(0).from());
        assertEquals(
                root + "/_staging/r/0-t/_replaced/edges=0", read.moves().get(0).aside());
        p.setProperty(
                "from.0", tmp.resolve("original/_staging/r/0-t/edges=0").toUri().toString());
        try (var w = Files.newBufferedWriter(file)) {
            p.store(w, null);
        }
        final IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> CommitRecord.read(root, record));
        Assertions.assertTrue(e.getMessage().contains("outside the warehouse"), e.getMessage());
    }

    /** Every file under {@code dir}, with its size and modification time. */
    private static List<String> tree(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            final List<String> files = new ArrayList<>();
            for (Path f : all.sorted().toList()) {
                files.add(dir.relativize(f)
                        + (Files.isRegularFile(f)
                                ? " " + Files.size(f) + " "
                                        + Files.getLastModifiedTime(f).toMillis()
                                : ""));
            }
            return files;
        }
    }

    /** A commit completed between two looks at the warehouse's commit state is seen: a reader reads again. */
    @Test
    void aCommitCompletedWhileAReaderReadsChangesTheCommitState() {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        LumberjackJob.census(spark(), w, 2, 1);
        final var before = w.unchanged(null, true);
        Assertions.assertNotNull(w.unchanged(before, true), "nothing committed in between");
        LumberjackJob.census(spark(), w, 1, 1); // another commit, to two of the partitions
        Assertions.assertNull(w.unchanged(before, true), "a commit completed in between");
    }

    /**
     * A run known only by the temporary of its lease (killed, or still writing it) is left alone
     * while it may still be writing it: on this host while its process lives, elsewhere while the
     * temporary is younger than the lease time.
     */
    @Test
    void aRunStillWritingItsLeaseIsNotTakenForDead() throws Exception {
        final WarehouseRun here = WarehouseRun.open(root(), "here", false);
        final String[] parts = here.id().split("-");
        final Process sleeper = new ProcessBuilder("sleep", "30").start();
        try {
            final String living = parts[0] + "-" + parts[1] + "-" + sleeper.pid() + "-0001";
            Assertions.assertTrue(WarehouseRun.mayBeStarting(living, 0), "its process lives");
            final Process ended = new ProcessBuilder("true").start();
            ended.waitFor();
            Assertions.assertFalse(
                    WarehouseRun.mayBeStarting(parts[0] + "-" + parts[1] + "-" + ended.pid() + "-0002", 0));
            final String elsewhere = parts[0] + "-00000000-42-0003";
            Assertions.assertTrue(WarehouseRun.mayBeStarting(elsewhere, System.currentTimeMillis()), "just written");
            Assertions.assertFalse(
                    WarehouseRun.mayBeStarting(
                            elsewhere, System.currentTimeMillis() - WarehouseRun.leaseMillis() - 1000),
                    "older than the lease time");
            // In the warehouse: a temporary lease of the living run is not removed; one of a dead run is.
            final Path runs = Files.createDirectories(tmp.resolve("warehouse/_runs"));
            Files.writeString(runs.resolve("." + living + ".lease." + living + ".0a0b0c0d.tmp"), "half");
            final String dead = parts[0] + "-" + parts[1] + "-" + ended.pid() + "-0002";
            Files.writeString(runs.resolve("." + dead + ".lease." + dead + ".0a0b0c0d.tmp"), "half");
            assertEquals(Set.of(dead), WarehouseRecovery.deadRuns(root(), null));
        } finally {
            sleeper.destroyForcibly();
        }
    }

    private Dataset<Row> rows(Warehouse w, String table) {
        return spark().read().parquet(w.tablePath(table));
    }
}
