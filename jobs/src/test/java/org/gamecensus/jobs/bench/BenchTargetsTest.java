package org.gamecensus.jobs.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Targets judged round by round, from made-up timings whose ratios are known. */
class BenchTargetsTest {

    private static final List<String> MASTERS = List.of("local[1]", "local[2]");

    /** Cram: overheads 1.10, 1.20, 1.30 on one core; 1.0526 on two; speed-ups 2.00, 1.67, 1.85, the rounds out of order. */
    private static final List<BenchTiming> TIMINGS = List.of(
            run("cram", "local[1]", 1, 1, 11.0, 10.0),
            run("cram", "local[1]", 1, 2, 12.0, 10.0),
            run("cram", "local[1]", 1, 3, 13.0, 10.0),
            run("cram", "local[2]", 2, 3, 13.0 / 1.85, 13.0 / 1.85 * 2 / 1.0526),
            run("cram", "local[2]", 2, 1, 5.5, 5.5 * 2 / 1.0526),
            run("cram", "local[2]", 2, 2, 12.0 / (5.0 / 3), 12.0 / (5.0 / 3) * 2 / 1.0526));

    private static BenchTiming run(String census, String master, int cores, int round, double wall, double kernel) {
        return new BenchTiming(
                census, "size", 100, master, cores, round, wall, wall, kernel, 0.0, Instant.EPOCH, 1, "", kernel);
    }

    private static BenchTargets.Line line(List<BenchTargets.Line> lines, String master, BenchTargets.Measure m) {
        return lines.stream()
                .filter(l -> l.master().equals(master) && l.measure() == m)
                .findFirst()
                .orElseThrow();
    }

    @Test
    void eachRoundIsJudgedAndSpeedUpsPairTheRunsOfOneRound() {
        final List<BenchTargets.Line> lines = BenchTargets.judge(TIMINGS, MASTERS, new BenchTargets.Targets(1.15, 1.8));
        assertEquals(3, lines.size(), lines.toString());
        final BenchTargets.Line one = line(lines, "local[1]", BenchTargets.Measure.OVERHEAD);
        assertEquals(
                List.of(1.1, 1.2, 1.3),
                one.rounds().stream().map(v -> Math.round(v * 100) / 100.0).toList());
        assertEquals(1.2, one.median(), 1e-9);
        assertEquals("met in 1 of 3 rounds", one.verdict());
        final BenchTargets.Line two = line(lines, "local[2]", BenchTargets.Measure.OVERHEAD);
        assertEquals(1.0526, two.median(), 1e-9, "kernel time per core: summed over two cores");
        assertEquals("met", two.verdict());
        final BenchTargets.Line up = line(lines, "local[2]", BenchTargets.Measure.SPEED_UP);
        // In local[1]'s round order: round 1 11.0 / 5.5, round 2 12.0 / 7.2, round 3 13.0 / 7.03.
        assertEquals(2.0, up.rounds().get(0), 1e-9);
        assertEquals(5.0 / 3, up.rounds().get(1), 1e-9);
        assertEquals(1.85, up.rounds().get(2), 1e-9);
        assertEquals(1.85, up.median(), 1e-9);
        assertEquals("met in 2 of 3 rounds", up.verdict());
        assertEquals(
                "missed",
                line(
                                BenchTargets.judge(TIMINGS, MASTERS, new BenchTargets.Targets(1.05, 2.5)),
                                "local[1]",
                                BenchTargets.Measure.OVERHEAD)
                        .verdict());
        assertEquals(
                "missed",
                line(
                                BenchTargets.judge(TIMINGS, MASTERS, new BenchTargets.Targets(1.05, 2.5)),
                                "local[2]",
                                BenchTargets.Measure.SPEED_UP)
                        .verdict());
    }

    @Test
    void aRoundWithoutBothRunsIsNotPairedAndAnUnsetTargetIsNotJudged() {
        final List<BenchTiming> lacking = TIMINGS.stream()
                .filter(t -> !(t.master().equals("local[2]") && t.run() == 3))
                .toList();
        final List<BenchTargets.Line> lines =
                BenchTargets.judge(lacking, MASTERS, new BenchTargets.Targets(Double.NaN, 1.8));
        assertEquals(1, lines.size(), "the overhead is not set: " + lines);
        assertEquals(2, lines.get(0).rounds().size());
        assertEquals((2.0 + 5.0 / 3) / 2, lines.get(0).median(), 1e-9, "the mean of the middle two");
        assertEquals("met in 1 of 2 rounds", lines.get(0).verdict());
        assertEquals("", BenchTargets.markdown(TIMINGS, MASTERS, BenchTargets.Targets.NONE));
        final String md = BenchTargets.markdown(TIMINGS, MASTERS, new BenchTargets.Targets(1.15, 1.8));
        assertTrue(md.contains("## Against the targets"), md);
        assertTrue(
                md.contains("| cram | local[2] | speed-up | ≥ 1.80 | 1.85 | 2.00 1.67 1.85 | met in 2 of 3 rounds |"),
                md);
        assertTrue(
                md.contains("| cram | local[1] | overhead | ≤ 1.15 | 1.20 | 1.10 1.20 1.30 | met in 1 of 3 rounds |"),
                md);
    }

    @Test
    void targetsOutsideTheirRangeAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new BenchTargets.Targets(0.9, 1.8));
        assertThrows(IllegalArgumentException.class, () -> new BenchTargets.Targets(1.15, 0));
        assertThrows(IllegalArgumentException.class, () -> new BenchTargets.Targets(1.15, -1));
    }
}
