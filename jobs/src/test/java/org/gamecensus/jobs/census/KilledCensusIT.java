package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.schemas.cram.CramSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real {@code bin/census run cram --max-squares 11} processes over a warehouse that holds that
 * census already, each killed with SIGKILL at a random moment of its work on the warehouse:
 * ten moments from its lease's appearing to its commit's being decided (claims, staging, the
 * rows written), one drawn from each tenth of that span, and ten from the decision to its census's
 * summary (the partitions moving in, the tables), one from each tenth of that span. A reference
 * run measures both spans first. Each killed run's moments count from its own lease and its own
 * decision, so a run slowed by tests beside it is still killed on both sides of its commit. The
 * commits' moves are slowed (a pause of 40 ms before each partition's move, {@link
 * Warehouse#PAUSE_COMMIT}) so that the span of a commit in progress is not a sliver of it. After
 * each kill, the recovery of the next run leaves the table exactly its previous state or a wholly
 * new one, its rows and checksums the census's, and verify finds nothing; the next process starts
 * from there. Every process is a JVM of its own, and each one's files hold the same bytes, to the
 * CRC-32, as this JVM's census of the same parameters.
 */
class KilledCensusIT extends SparkCensusTest {

    private static final int KILLS = 20;
    private static final String SUMMARY = "cram census to 11 squares";
    private static final Map<String, String> SLOW_COMMIT = Map.of(Warehouse.PAUSE_COMMIT, "40");

    @TempDir
    Path tmp;

    @Test
    void aCensusKilledAtAnyMomentLeavesItsTableOldOrNewAndVerifies() throws Exception {
        final Path out = tmp.resolve("out");
        final Warehouse w = new Warehouse(out);
        // Four partitions here and in every process, whatever the cores: they set which files hold the rows.
        CramJob.census(spark(), w, 11, 4);
        final Map<String, List<String>> bytes = TableState.of(w, "cram").bytes();
        final String[] census = {
            "run", "cram", "--max-squares", "11", "--master", "local[2]", "--partitions", "4", "--out", out.toString()
        };

        // The reference run: the spans from its lease's appearing to its commit's decision, and on to its summary.
        final CensusProcess reference = CensusProcess.start(tmp, "reference", SLOW_COMMIT, census);
        Assertions.assertTrue(reference.awaitCondition(() -> leased(out), 120), "a lease appeared: " + reference.err());
        final long leased = System.nanoTime();
        Assertions.assertTrue(
                reference.awaitCondition(() -> decided(w), 120), "a commit was decided: " + reference.err());
        final long decidedAt = System.nanoTime();
        Assertions.assertTrue(
                reference.awaitCondition(() -> reference.out().contains(SUMMARY), 120),
                "the census was committed: " + reference.err());
        final long[] spans = {decidedAt - leased, System.nanoTime() - decidedAt};
        reference.kill();
        recover(w);
        assertEquals(bytes, TableState.of(w, "cram").bytes(), "the reference run's files hold this JVM's bytes");

        final Random random = new Random(20261204L);
        int old = 0;
        int decided = 0;
        final List<String> moments = new ArrayList<>();
        for (int i = 0; i < KILLS; i++) {
            final TableState before = TableState.of(w, "cram");
            final CensusProcess p = CensusProcess.start(tmp, "killed-" + i, SLOW_COMMIT, census);
            Assertions.assertTrue(p.awaitCondition(() -> leased(out), 120), "a lease appeared: " + p.err());
            // The first half from the lease, the second from the decision (or the summary, should the
            // whole commit slip between two looks).
            final boolean afterDecision = i >= KILLS / 2;
            if (afterDecision) {
                Assertions.assertTrue(
                        p.awaitCondition(() -> decided(w) || p.out().contains(SUMMARY), 120),
                        "a commit was decided: " + p.err());
            }
            final int stratum = afterDecision ? i - KILLS / 2 : i;
            final long span = spans[afterDecision ? 1 : 0];
            final long at = (long) ((stratum + random.nextDouble()) / (KILLS / 2) * span);
            Thread.sleep(at / 1_000_000L, (int) (at % 1_000_000L));
            final boolean committed = p.out().contains(SUMMARY);
            p.kill();
            final boolean pending = decided(w);
            final String where = "kill " + i + " at " + at / 1_000_000L + " ms after its "
                    + (afterDecision ? "decision, of " : "lease, of ") + span / 1_000_000L + " ms";
            if (!pending) {
                TableState.of(w, "cram").isOldOrNew(before, where + ", before any recovery");
            }
            recover(w);
            final boolean isOld = TableState.of(w, "cram").isOldOrNew(before, where);
            assertEquals(
                    List.of(), Manifests.verify(spark(), w, CramSchemas.ALL).problems(), where);
            assertEquals(bytes, TableState.of(w, "cram").bytes(), where + ": files of the same bytes");
            assertEquals(Set.of("cram"), entries(out.resolve("warehouse")), where + ": nothing else left");
            old += isOld ? 1 : 0;
            decided += pending ? 1 : 0;
            moments.add((afterDecision ? "decision + " : "lease + ") + at / 1_000_000L + " ms: "
                    + (isOld ? "old" : pending ? "new, completed by the recovery" : "new")
                    + (committed ? " (after the summary)" : ""));
        }
        System.out.println("KilledCensusIT: " + KILLS + " kills, over spans of " + spans[0] / 1_000_000L
                + " ms to the decision and " + spans[1] / 1_000_000L + " ms after it: " + moments);
        // The kills fell before the commit was decided, while it was under way, and after.
        Assertions.assertTrue(
                old > 0 && old < KILLS && decided > 0, "old " + old + ", decided " + decided + ": " + moments);
    }

    /** Whether a run's lease is in the warehouse. */
    private static boolean leased(Path out) {
        try (Stream<Path> s = Files.list(out.resolve("warehouse/_runs"))) {
            return s.anyMatch(f -> f.getFileName().toString().endsWith(".lease"));
        } catch (IOException e) {
            return false;
        }
    }

    /** Whether a commit is decided and not yet complete. */
    private static boolean decided(Warehouse w) {
        return !WarehouseRecovery.pendingCommits(w.root()).isEmpty();
    }

    /** What the next run does first: completes a dead run's decided commit, removes the rest of what it left. */
    private static void recover(Warehouse w) {
        final Warehouse next = new Warehouse(w.out(), w.root());
        next.openRun("recovery", false);
        next.closeRun();
    }

    private static Set<String> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            final Set<String> names = new TreeSet<>();
            s.forEach(p -> names.add(p.getFileName().toString()));
            return names;
        }
    }
}
