package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.spark.sql.Encoders;
import org.gamecensus.schemas.DatasetSchema;
import org.gamecensus.schemas.cram.CramSchemas;
import org.gamecensus.schemas.hex.HexSchemas;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two real {@code bin/census} processes writing one warehouse at once: into different tables,
 * and into disjoint partitions of one table, both complete and the warehouse verifies; into the
 * same partitions, the one that comes second is refused (exit code 2, naming the other run's
 * id), and the first completes as if alone.
 */
class ConcurrentCensusIT extends SparkCensusTest {

    @TempDir
    Path tmp;

    private String[] run(Path out, String... census) {
        final List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(List.of(census));
        args.addAll(List.of("--master", "local[1]", "--out", out.toString()));
        return args.toArray(new String[0]);
    }

    @Test
    void twoRunsIntoDifferentTablesBothComplete() throws Exception {
        final Path out = tmp.resolve("out");
        final CensusProcess cram = CensusProcess.start(tmp, "cram", Map.of(), run(out, "cram", "--max-squares", "7"));
        final CensusProcess trees =
                CensusProcess.start(tmp, "trees", Map.of(), run(out, "lumberjack", "--max-edges", "9"));
        assertEquals(0, cram.await(180), cram.err());
        assertEquals(0, trees.await(180), trees.err());
        final Warehouse w = new Warehouse(out);
        assertEquals(List.of("cram", "lumberjack"), w.tables());
        assertEquals(7 + 10, verified(w, CramSchemas.SHAPES, LumberjackSchemas.TREES));
        assertEquals(List.of("cram", "lumberjack"), entries(out.resolve("warehouse")), "no run's files left");
    }

    @Test
    void twoRunsIntoDisjointPartitionsOfOneTableBothComplete() throws Exception {
        final Path out = tmp.resolve("out");
        final CensusProcess wide = CensusProcess.start(tmp, "wide", Map.of(), run(out, "hex", "--board", "2x3"));
        final CensusProcess tall = CensusProcess.start(tmp, "tall", Map.of(), run(out, "hex", "--board", "3x2"));
        assertEquals(0, wide.await(180), wide.err());
        assertEquals(0, tall.await(180), tall.err());
        final Warehouse w = new Warehouse(out);
        assertEquals(
                2 * (1 + 4 + 1 + 4),
                verified(w, HexSchemas.POSITIONS, HexSchemas.ADVERSARIAL),
                "two boards, a partition each of: positions; each circuit rule and variant (plain, reply); the"
                        + " potential; each circuit rule committed (committed, committed-circuit)");
        assertEquals(
                List.of("2x3", "3x2"),
                spark().read()
                        .parquet(w.tablePath("hex"))
                        .select("board")
                        .distinct()
                        .orderBy("board")
                        .as(Encoders.STRING())
                        .collectAsList());
        assertEquals(List.of("hex", "hex_adversarial"), entries(out.resolve("warehouse")));
    }

    @Test
    void aSecondRunIntoTheSamePartitionsIsRefusedNamingTheFirst() throws Exception {
        final Path out = tmp.resolve("out");
        // The first holds its claims until the test has seen the second refused: its commit, once
        // decided, waits for the file "release".
        final Path release = tmp.resolve("release");
        final CensusProcess first = CensusProcess.start(
                tmp,
                "first",
                Map.of(Warehouse.HOLD_COMMIT, release.toString()),
                run(out, "cram", "--max-squares", "7"));
        try {
            Assertions.assertTrue(
                    first.awaitCondition(() -> claimed(out), 120), "the first run claimed: " + first.err());
            final String firstRun = runId(out);
            final CensusProcess second =
                    CensusProcess.start(tmp, "second", Map.of(), run(out, "cram", "--max-squares", "5"));
            assertEquals(2, second.await(180), "refused: " + second.err());
            Assertions.assertTrue(
                    second.err()
                            .strip()
                            .matches("census: cram/squares=1 is being written by run " + firstRun
                                    + " \\(census run cram --max-squares 7, process " + first.pid() + " on .*"),
                    second.err());
            assertEquals(1, second.err().strip().split("\n").length, second.err());
            Assertions.assertTrue(first.alive(), "the first was still at work when the second was refused");
        } finally {
            Files.writeString(release, "");
        }
        assertEquals(0, first.await(180), first.err());
        final Warehouse w = new Warehouse(out);
        assertEquals(7, verified(w, CramSchemas.SHAPES));
        assertEquals(List.of("cram"), entries(out.resolve("warehouse")));
    }

    /** Whether a run has written its claims. */
    private static boolean claimed(Path out) {
        try (Stream<Path> s = Files.list(out.resolve("warehouse/_runs"))) {
            return s.anyMatch(f -> f.getFileName().toString().contains(".claims-"));
        } catch (IOException e) {
            return false;
        }
    }

    private static String runId(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out.resolve("warehouse/_runs"))) {
            final String lease = s.map(f -> f.getFileName().toString())
                    .filter(n -> n.endsWith(".lease"))
                    .findFirst()
                    .orElseThrow();
            return lease.substring(0, lease.length() - ".lease".length());
        }
    }

    /** Verifies the tables; the partitions checked. */
    private int verified(Warehouse w, DatasetSchema... schemas) {
        final Manifests.Verified verified = Manifests.verify(spark(), w, List.of(schemas));
        assertEquals(List.of(), verified.problems());
        final List<String> checked = verified.partitions();
        return checked.size();
    }

    private static List<String> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
