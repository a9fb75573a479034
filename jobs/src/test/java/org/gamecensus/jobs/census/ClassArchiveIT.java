package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data archive the build records for {@code bin/census}
 * ({@code bin/lib/record-class-archive}): a census JVM maps thousands of classes from it, and
 * writes the same tables, byte for byte, as a JVM that loads every class from the jars.
 */
class ClassArchiveIT {

    @TempDir
    Path tmp;

    /** Both tests need the archive the build recorded (none with -Dcensus.archive.skip). */
    @BeforeEach
    void theBuildRecordedTheArchive() {
        Assumptions.assumeFalse(Boolean.getBoolean("census.archive.skip"), "built with -Dcensus.archive.skip");
        final Path archive = CensusProcess.projectDir().resolve("jobs/target/census-classes.jsa");
        assertTrue(Files.isRegularFile(archive), "the build recorded " + archive);
    }

    @Test
    void aCensusMapsItsClassesFromTheArchiveAndWritesWhatItWouldWithout() throws Exception {
        final Path loaded = tmp.resolve("loaded.txt");
        final CensusProcess mapped = CensusProcess.start(
                tmp, "mapped", List.of("-Xlog:class+load=info:file=" + loaded), Map.of(), census(tmp.resolve("a")));
        assertEquals(0, mapped.await(180), mapped.err());
        final CensusProcess plain =
                CensusProcess.start(tmp, "plain", List.of("-Xshare:off"), Map.of(), census(tmp.resolve("b")));
        assertEquals(0, plain.await(180), plain.err());

        final long fromArchive = mappedFromArchive(loaded);
        assertTrue(fromArchive > 5_000, fromArchive + " classes mapped from the archive");
        final Map<String, String> withArchive = tables(tmp.resolve("a"));
        assertTrue(withArchive.size() >= 4, "tables written: " + withArchive.keySet());
        assertEquals(withArchive, tables(tmp.resolve("b")));
    }

    /**
     * A flight recording started with the JVM makes OpenJDK 17 crash mapping a dynamic archive (a
     * SIGSEGV, exit 134), as a Java agent does: {@code bin/census} then leaves the archive out.
     */
    @Test
    void aCensusStartedWithAFlightRecordingRunsWithoutTheArchive() throws Exception {
        final Path recording = tmp.resolve("census.jfr");
        final Path loaded = tmp.resolve("loaded.txt");
        final CensusProcess recorded = CensusProcess.start(
                tmp,
                "recorded",
                List.of("-XX:StartFlightRecording=filename=" + recording, "-Xlog:class+load=info:file=" + loaded),
                Map.of(),
                census(tmp.resolve("c")));
        assertEquals(0, recorded.await(180), recorded.err());
        assertTrue(Files.size(recording) > 0, "the recording was written");
        assertEquals(0, mappedFromArchive(loaded), "classes mapped from the archive");
        assertTrue(tables(tmp.resolve("c")).size() >= 4, "the census wrote its tables");
    }

    /** The classes a JVM's class-load log ({@code -Xlog:class+load}) says it mapped from the archive. */
    private static long mappedFromArchive(Path log) throws IOException {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(l -> l.contains("source: shared objects file (top)"))
                    .count();
        }
    }

    private static String[] census(Path out) {
        return new String[] {"run", "lumberjack", "--max-edges", "5", "--master", "local[1]", "--out", out.toString()};
    }

    /** Every file of {@code out/tables}, by name. */
    private static Map<String, String> tables(Path out) throws IOException {
        final Map<String, String> files = new TreeMap<>();
        try (Stream<Path> s = Files.list(out.resolve("tables"))) {
            for (Path f : (Iterable<Path>) s::iterator) {
                files.put(f.getFileName().toString(), Files.readString(f));
            }
        }
        return files;
    }
}
