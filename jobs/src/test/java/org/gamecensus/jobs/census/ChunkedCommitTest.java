package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.RandomAccessFile;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.gamecensus.schemas.cram.CramSchemas;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.gamecensus.schemas.switching.SwitchingSchemas;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A chunked census stopped between chunks resumes, skipping verified chunks, and ends as an uninterrupted run. */
class ChunkedCommitTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    @AfterEach
    void noStop() {
        spark().conf().unset(ChunkedCommit.STOP_AFTER);
        spark().conf().unset(ConcurrentFileCalls.THREADS);
    }

    @Test
    void aRunStoppedBetweenChunksResumesAndEqualsAnUninterruptedRun() throws Exception {
        final Warehouse whole = new Warehouse(tmp.resolve("whole"));
        SwitchingJob.census(spark(), whole, SwitchingHosts.complete(6), 0);

        final Warehouse chunked = new Warehouse(tmp.resolve("chunked"));
        spark().conf().set(ChunkedCommit.STOP_AFTER, "3");
        assertThrows(
                CensusFailure.class,
                () -> SwitchingJob.censusInChunks(spark(), chunked, SwitchingHosts.complete(6), 0, 5));
        Assertions.assertFalse(chunked.has("switching"), "no partial dataset visible");
        final Path chunks;
        try (Stream<Path> s = Files.walk(tmp.resolve("chunked/warehouse/_chunks"))) {
            final List<Path> manifests = s.filter(
                            p -> p.getFileName().toString().matches("chunk-\\d+\\.properties"))
                    .sorted()
                    .toList();
            assertEquals(3, manifests.size(), "three chunks committed before the stop");
            chunks = manifests.get(0).getParent();
        }
        // Damage a file of chunk 1 (the chunks' files lie side by side in the run's data directory,
        // each listed in its chunk's manifest): the rerun must notice and compute it again.
        final Properties chunk1 = new Properties();
        try (Reader r = Files.newBufferedReader(chunks.resolve("chunk-1.properties"))) {
            chunk1.load(r);
        }
        final String listed = chunk1.getProperty("files.host=K6");
        final Path file = chunks.resolve("data/host=K6").resolve(listed.substring(0, listed.indexOf(':')));
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(f.length() / 2);
        }
        spark().conf().unset(ChunkedCommit.STOP_AFTER);
        final ChunkedCommit.Chunked<SwitchingJob.Summary> resumed =
                SwitchingJob.censusInChunks(spark(), chunked, SwitchingHosts.complete(6), 0, 5);
        assertEquals(2, resumed.reused(), "chunks 0 and 2 reused");
        assertEquals(3, resumed.computed(), "chunk 1 (damaged), 3 and 4 computed");
        assertEquals(32_768, resumed.census().subgraphs());
        assertDataFrameNoOrderEquals(
                spark().read().parquet(whole.tablePath("switching")),
                spark().read().parquet(chunked.tablePath("switching")));
        assertEquals(
                List.of(),
                Manifests.verify(spark(), chunked, SwitchingSchemas.ALL).problems());
        Assertions.assertFalse(Files.exists(chunks), "the chunks are gone once the census is committed");
        Assertions.assertFalse(
                Files.exists(tmp.resolve("chunked/warehouse/_chunks")), "and the directory that held them");
        try (Stream<Path> s = Files.list(tmp.resolve("chunked/warehouse/switching/host=K6"))) {
            final long writes = s.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".parquet"))
                    .map(n -> n.replaceAll("^part-\\d{5}-(.+)-a\\d+\\..*$", "$1"))
                    .distinct()
                    .count();
            assertEquals(5, writes, "the five chunks' own files, moved in, not written again");
        }
    }

    /**
     * A chunk whose manifest was written by another schema version (one whose rows differ), or
     * for another cut of the census into slices, is computed again, not reused.
     */
    @Test
    void aChunkOfAnotherSchemaVersionOrOtherSlicesIsComputedAgain() throws Exception {
        final Warehouse whole = new Warehouse(tmp.resolve("whole"));
        SwitchingJob.census(spark(), whole, SwitchingHosts.complete(5), 0);
        final Warehouse chunked = new Warehouse(tmp.resolve("chunked"));
        spark().conf().set(ChunkedCommit.STOP_AFTER, "3");
        assertThrows(
                CensusFailure.class,
                () -> SwitchingJob.censusInChunks(spark(), chunked, SwitchingHosts.complete(5), 0, 4));
        final List<Path> manifests;
        try (Stream<Path> s = Files.walk(tmp.resolve("chunked/warehouse/_chunks"))) {
            manifests = s.filter(p -> p.getFileName().toString().matches("chunk-\\d+\\.properties"))
                    .sorted()
                    .toList();
        }
        assertEquals(3, manifests.size(), "three chunks committed before the stop");
        rewrite(manifests.get(0), "schema_version", "0");
        rewrite(manifests.get(2), "slices", "1 0");
        spark().conf().unset(ChunkedCommit.STOP_AFTER);
        final ChunkedCommit.Chunked<SwitchingJob.Summary> resumed =
                SwitchingJob.censusInChunks(spark(), chunked, SwitchingHosts.complete(5), 0, 4);
        assertEquals(1, resumed.reused(), "only chunk 1 reused");
        assertEquals(3, resumed.computed(), "chunks 0 (another version), 2 (other slices) and 3 computed");
        assertDataFrameNoOrderEquals(
                spark().read().parquet(whole.tablePath("switching")),
                spark().read().parquet(chunked.tablePath("switching")));
    }

    private static void rewrite(Path manifest, String key, String value) throws Exception {
        final Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(manifest)) {
            p.load(r);
        }
        Assertions.assertNotNull(p.getProperty(key), manifest + " records " + key);
        p.setProperty(key, value);
        try (Writer w = Files.newBufferedWriter(manifest)) {
            p.store(w, null);
        }
    }

    @Test
    void everyCensusCanBeChunkedToTheSameRows() {
        everyCensusCanBeChunkedToTheSameRows("one-by-one");
    }

    /** The same with the commits' file-system calls (the chunks' final renames among them) eight at a time. */
    @Test
    void everyCensusCanBeChunkedToTheSameRowsWithTheFileCallsEightAtATime() {
        spark().conf().set(ConcurrentFileCalls.THREADS, "8");
        everyCensusCanBeChunkedToTheSameRows("eight");
    }

    private void everyCensusCanBeChunkedToTheSameRows(String name) {
        final Warehouse whole = new Warehouse(tmp.resolve(name).resolve("whole"));
        CramJob.census(spark(), whole, 6, 0);
        LumberjackJob.census(spark(), whole, 7, 0);
        final Warehouse chunked = new Warehouse(tmp.resolve(name).resolve("chunked"));
        spark().conf().set(ChunkedCommit.STOP_AFTER, "1");
        assertThrows(CensusFailure.class, () -> CramJob.censusInChunks(spark(), chunked, 6, 0, 3));
        spark().conf().unset(ChunkedCommit.STOP_AFTER);
        final ChunkedCommit.Chunked<CramJob.Summary> cram = CramJob.censusInChunks(spark(), chunked, 6, 0, 3);
        assertEquals(1, cram.reused());
        assertEquals(2, cram.computed());
        assertEquals(4, LumberjackJob.censusInChunks(spark(), chunked, 7, 0, 4).computed());
        for (String table : List.of("cram", "lumberjack")) {
            assertDataFrameNoOrderEquals(
                    spark().read().parquet(whole.tablePath(table)),
                    spark().read().parquet(chunked.tablePath(table)));
        }
        final Manifests.Verified verified =
                Manifests.verify(spark(), chunked, List.of(CramSchemas.SHAPES, LumberjackSchemas.TREES));
        assertEquals(List.of(), verified.problems());
        assertEquals(
                6 + 8, verified.partitions().size(), "every partition of both tables checked against its manifest");
    }
}
