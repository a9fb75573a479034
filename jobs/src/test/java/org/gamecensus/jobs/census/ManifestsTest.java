package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.gamecensus.schemas.switching.SwitchingSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ManifestsTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    @Test
    void anIntactWarehouseVerifiesAndATruncatedFileIsReported() throws Exception {
        final Warehouse w = new Warehouse(tmp);
        SwitchingJob.census(spark(), w, SwitchingHosts.complete(4), 2);
        SwitchingJob.census(spark(), w, SwitchingHosts.bridgit(2), 2);
        final Manifests.Verified verified = Manifests.verify(spark(), w, SwitchingSchemas.ALL);
        assertEquals(List.of(), verified.problems());
        assertEquals(List.of(), verified.damaged());
        final List<String> checked = verified.partitions();
        assertEquals(4, checked.size(), "two hosts in switching and in switching_hosts");
        final Path partition = Path.of(URI.create(w.tablePath("switching"))).resolve("host=bridgit%3A2");
        Assertions.assertTrue(Files.isDirectory(partition), "Spark escapes ':' in partition directories");
        // A file that is no Parquet file beside the data (a note left there) is not read as data.
        Files.writeString(partition.resolve("notes.txt"), "not a Parquet file\n");
        assertEquals(
                List.of(), Manifests.verify(spark(), w, SwitchingSchemas.ALL).problems());
        Files.delete(partition.resolve("notes.txt"));
        final Path file;
        try (var files = Files.list(partition)) {
            file = files.filter(f -> f.toString().endsWith(".parquet"))
                    .findFirst()
                    .orElseThrow();
        }
        final long whole = Files.size(file);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.truncate(whole / 2);
        }
        final Manifests.Verified truncated = Manifests.verify(spark(), w, SwitchingSchemas.ALL);
        final List<String> problems = truncated.problems();
        assertEquals(1, problems.size(), problems.toString());
        assertEquals(
                "switching/host=bridgit%3A2: files differ from the manifest: " + file.getFileName() + " " + whole / 2
                        + " bytes, the manifest says " + whole,
                problems.get(0));
        assertEquals(List.of("switching/host=bridgit%3A2"), truncated.damaged(), "the partition to compute again");
        Assertions.assertFalse(truncated.leftovers(), "no run died midway");
        // A run that died and left its lease: verify says so, to be repaired before the census runs again.
        final WarehouseRun dead = WarehouseRun.open(w.root(), "killed", false);
        Files.createDirectories(tmp.resolve("warehouse/_staging/" + dead.id() + "/0-switching/host=K4"));
        dead.abandon();
        final Manifests.Verified withLeftovers = Manifests.verify(spark(), w, SwitchingSchemas.ALL);
        Assertions.assertTrue(
                withLeftovers.leftovers(), withLeftovers.problems().toString());
        assertEquals(
                2, withLeftovers.problems().size(), withLeftovers.problems().toString());
        assertEquals(truncated.damaged(), withLeftovers.damaged());
    }

    /** verify says, file by file, how a partition's files differ from its manifest: the first three. */
    @Test
    void aDifferenceNamesEachFileAndHowItDiffers() {
        final String listed = "a.parquet:100:7,b.parquet:100:7,c.parquet:100:7,d.parquet:100:7";
        assertEquals("its directory cannot be listed", Manifests.difference(listed, null));
        assertEquals(
                "a.parquet missing; b.parquet 40 bytes, the manifest says 100; c.parquet 120 bytes, the manifest says 100",
                Manifests.difference(listed, "b.parquet:40:7,c.parquet:120:7,d.parquet:100:7"));
        assertEquals(
                "a.parquet altered: its CRC-32 differs, same size; b.parquet unreadable; e.parquet not in the manifest",
                Manifests.difference(
                        listed, "a.parquet:100:8,b.parquet:100:-1,c.parquet:100:7,d.parquet:100:7,e.parquet:1:1"));
        assertEquals(
                "a.parquet missing; b.parquet missing; c.parquet missing; and 1 more",
                Manifests.difference(listed, ""));
    }

    @Test
    void countsAndChecksumsGatheredWhileWritingMatchTheFilesReadBackInEveryPartition() {
        // Ten partitions (0..9 edges) over three tasks: the first writes every size, all three write 9 edges.
        final Warehouse w = new Warehouse(tmp);
        LumberjackJob.census(spark(), w, 9, 3);
        final Manifests.Verified verified = Manifests.verify(spark(), w, LumberjackSchemas.ALL);
        assertEquals(List.of(), verified.problems());
        final List<String> checked = verified.partitions();
        assertEquals(10, checked.size(), checked.toString());
    }

    /**
     * A partition's files as the manifest lists them: an entry its writer made is taken while the
     * size on disk matches it (the file is not read), and read from the file otherwise.
     */
    @Test
    void aWritersEntryIsTakenWhileTheSizeMatchesAndTheFileReadOtherwise() throws Exception {
        final Path partition = Files.createDirectories(tmp.resolve("edges=3"));
        Files.write(partition.resolve("a.parquet"), new byte[] {1, 2, 3});
        Files.write(partition.resolve("b.parquet"), new byte[] {4, 5, 6, 7});
        final String dir = partition.toUri().toString().replaceAll("/$", "");
        final String a = new FileEntry("a.parquet", 3, crc(new byte[] {1, 2, 3})).toString();
        final String b = new FileEntry("b.parquet", 4, crc(new byte[] {4, 5, 6, 7})).toString();
        assertEquals(a + "," + b, files(dir, Map.of()));
        // A made-up CRC with the right size is taken as it is: the file was not read.
        assertEquals("a.parquet:3:42," + b, files(dir, Map.of("a.parquet", FileEntry.parse("a.parquet:3:42"))));
        // One with another size (a file changed since its writer closed it) is not.
        assertEquals(a + "," + b, files(dir, Map.of("a.parquet", FileEntry.parse("a.parquet:5:42"))));
        assertEquals(
                Map.of(dir + "/missing", ""),
                Manifests.files(spark(), Map.of(dir + "/missing", Map.of())),
                "a missing directory holds no files");
    }

    private String files(String dir, Map<String, FileEntry> written) {
        return Manifests.files(spark(), Map.of(dir, written)).get(dir);
    }

    @Test
    void aFileEntryReadsAsItIsWrittenAndAMalformedOneIsRefused() {
        final FileEntry e = new FileEntry("part-0.parquet", 1234, 0xffff_ffffL);
        assertEquals("part-0.parquet:1234:4294967295", e.toString());
        assertEquals(e, FileEntry.parse(e.toString()));
        assertEquals(List.of(e, new FileEntry("a.parquet", 0, 0)), FileEntry.parseLine(e + ",a.parquet:0:0"));
        assertEquals("a.parquet:0:0," + e, FileEntry.line(List.of(e, new FileEntry("a.parquet", 0, 0))));
        assertEquals(List.of(), FileEntry.parseLine(""));
        for (String bad : new String[] {"a.parquet:1", "a.parquet:x:1", "a.parquet:1:-2", ":1:1", "a:1:4294967296"}) {
            assertThrows(IllegalArgumentException.class, () -> FileEntry.parse(bad), bad);
        }
        // A file that could not be read is listed with a CRC-32 no manifest has, not refused.
        final FileEntry unreadable = new FileEntry("b.parquet", 3, FileEntry.UNREADABLE);
        assertEquals(unreadable, FileEntry.parse("b.parquet:3:-1"));
        // A name may hold ':' (the figures are the last two fields); a damaged entry still names its file.
        assertEquals(new FileEntry("c:d.parquet", 1, 2), FileEntry.parse("c:d.parquet:1:2"));
        assertEquals("e.parquet", FileEntry.nameOf("e.parquet:x:y"));
    }

    private static long crc(byte[] bytes) {
        final CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }

    @Test
    void rowsChangedBehindTheManifestAreReported() throws Exception {
        final Warehouse w = new Warehouse(tmp);
        SwitchingJob.census(spark(), w, SwitchingHosts.path4(), 1);
        // Rewrite the partition with other rows but keep the old manifest: the files check fails first.
        final Path manifest = Path.of(URI.create(w.tablePath("switching"))).resolve("_manifest/host=path4.properties");
        final String saved = Files.readString(manifest);
        SwitchingJob.census(spark(), w, SwitchingHosts.path4(), 3);
        Files.writeString(manifest, saved);
        final Manifests.Verified verified = Manifests.verify(spark(), w, SwitchingSchemas.ALL);
        assertEquals(1, verified.problems().size(), verified.problems().toString());
        assertEquals(List.of("switching/host=path4"), verified.damaged());
        // Computed again, then files as the manifest lists them but another row count: the rows check reports it.
        SwitchingJob.census(spark(), w, SwitchingHosts.path4(), 1);
        assertEquals(
                List.of(), Manifests.verify(spark(), w, SwitchingSchemas.ALL).damaged(), "mended by the census");
        Files.writeString(manifest, Files.readString(manifest).replaceFirst("(?m)^rows=(\\d+)$", "rows=999"));
        final Manifests.Verified recounted = Manifests.verify(spark(), w, SwitchingSchemas.ALL);
        assertEquals(1, recounted.problems().size(), recounted.problems().toString());
        Assertions.assertTrue(
                recounted.problems().get(0).contains("manifest says 999 with"),
                recounted.problems().get(0));
        assertEquals(List.of("switching/host=path4"), recounted.damaged());
    }

    /**
     * The files' CRC-32s are computed by Spark tasks, not by the driver: on a cluster the
     * executors read the warehouse in parallel, the driver only the manifests. A byte changed
     * without changing the file's size is still reported.
     */
    @Test
    void theDriverReadsOnlyTheManifestsAndAByteChangedInPlaceIsReported() throws Exception {
        final Warehouse w = new Warehouse(tmp);
        LumberjackJob.census(spark(), w, 9, 3);
        final Path table = Path.of(URI.create(w.tablePath("lumberjack")));
        long manifests = 0;
        final List<Path> parquet;
        try (var all = Files.walk(table)) {
            parquet =
                    all.filter(f -> f.toString().endsWith(".parquet")).sorted().toList();
        }
        try (var all = Files.list(table.resolve(Manifests.DIR))) {
            for (Path m : all.toList()) {
                manifests += Files.size(m);
            }
        }
        // And the table's last commit, read to know whether a commit completed while verify read.
        manifests += Files.size(table.resolve(Warehouse.LAST_COMMIT));
        final long before = driverBytesRead();
        assertEquals(
                List.of(), Manifests.verify(spark(), w, LumberjackSchemas.ALL).problems());
        assertEquals(manifests, driverBytesRead() - before, "the driver's thread read the manifests and nothing else");

        final Path file = parquet.get(parquet.size() / 2);
        final byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 1;
        Files.write(file, bytes);
        final List<String> problems =
                Manifests.verify(spark(), w, LumberjackSchemas.ALL).problems();
        assertEquals(1, problems.size(), problems.toString());
        Assertions.assertTrue(
                problems.get(0).startsWith("lumberjack/" + file.getParent().getFileName() + ": files differ"),
                problems.get(0));
    }

    /**
     * A partition's directory without a manifest is no part of the table (census sql leaves it
     * out), but a reader of the table's files sees it: its manifest deleted, or a directory put in
     * by hand, is reported.
     */
    @Test
    void aPartitionDirectoryWithoutAManifestOrATableWithoutItsSchemaIsReported() throws Exception {
        final Warehouse w = new Warehouse(tmp);
        LumberjackJob.census(spark(), w, 5, 2);
        final Path table = Path.of(URI.create(w.tablePath("lumberjack")));
        Files.delete(table.resolve(Manifests.DIR).resolve("edges=3.properties"));
        final Path stray = Files.createDirectories(table.resolve("edges=99"));
        try (var files = Files.list(table.resolve("edges=4"))) {
            final Path file = files.filter(f -> f.toString().endsWith(".parquet"))
                    .findFirst()
                    .orElseThrow();
            Files.copy(file, stray.resolve(file.getFileName()));
        }
        // And the table's schema file lost: still a warehouse, and the loss is named.
        Files.delete(table.resolve(Warehouse.SCHEMA_FILE));
        Assertions.assertTrue(w.exists(), "a damaged warehouse is a warehouse");
        final List<String> problems = new ArrayList<>(
                Manifests.verify(spark(), w, LumberjackSchemas.ALL).problems());
        problems.sort(null);
        assertEquals(3, problems.size(), problems.toString());
        Assertions.assertTrue(problems.get(2).startsWith("lumberjack: its _schema.json is missing"), problems.get(2));
        Assertions.assertTrue(
                problems.get(0).startsWith("lumberjack/edges=3: a partition directory without a manifest"),
                problems.get(0));
        Assertions.assertTrue(
                problems.get(1).startsWith("lumberjack/edges=99: a partition directory without a manifest"),
                problems.get(1));
    }
}
