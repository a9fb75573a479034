package org.gamecensus.jobs.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Holds a bench's timed runs against speed targets, round by round: the Spark overhead of each
 * census on each master (wall ÷ (kernel time ÷ cores)) against a ceiling, and the speed-up of each
 * later master over the first (the first's wall time ÷ its own, within one round) against a floor.
 * Judging each round rather than the medians alone shows how firmly a target is met: on two cores
 * a small census's speed-up moved between 1.29 and 1.91 from one bench to the next (Cram to 11
 * squares), so one median near the target says little.
 *
 * <p>Cases, per census and master (speed-up: per later master):
 * <ul>
 *   <li>no target set: not judged (the section is left out when neither is set);</li>
 *   <li>every round meets it: <em>met</em>;</li>
 *   <li>no round meets it: <em>missed</em>;</li>
 *   <li>otherwise: <em>met in k of n rounds</em>.</li>
 * </ul>
 * A speed-up pairs the runs of one round; a round that lacks either run is not counted.
 */
public final class BenchTargets {

    /** The targets: the highest overhead and the lowest speed-up allowed; NaN leaves one unset. */
    public record Targets(double maxOverhead, double minSpeedUp) {
        /** No targets: nothing judged. */
        public static final Targets NONE = new Targets(Double.NaN, Double.NaN);

        public Targets {
            if (!Double.isNaN(maxOverhead) && !(maxOverhead >= 1)) {
                throw new IllegalArgumentException(
                        "an overhead target is at least 1 (wall time at least kernel time per core), got "
                                + maxOverhead);
            }
            if (!Double.isNaN(minSpeedUp) && !(minSpeedUp > 0)) {
                throw new IllegalArgumentException("a speed-up target is positive, got " + minSpeedUp);
            }
        }

        boolean any() {
            return !Double.isNaN(maxOverhead) || !Double.isNaN(minSpeedUp);
        }
    }

    /** What is judged: a census's overhead on a master, or a later master's speed-up over the first. */
    public enum Measure {
        OVERHEAD,
        SPEED_UP
    }

    /** One judged figure: its median and per-round values (in round order), and how many rounds meet the target. */
    public record Line(
            String census,
            String master,
            Measure measure,
            double target,
            double median,
            List<Double> rounds,
            int meeting) {

        /** The verdict: met, missed, or met in k of n rounds. */
        public String verdict() {
            if (meeting == rounds.size()) {
                return "met";
            }
            return meeting == 0 ? "missed" : "met in " + meeting + " of " + rounds.size() + " rounds";
        }
    }

    private BenchTargets() {}

    /**
     * Judges {@code timings} (as {@link CensusBench#run} gives them) against {@code targets};
     * {@code masters} in the bench's order, the first being the one speed-ups are taken over.
     */
    public static List<Line> judge(List<BenchTiming> timings, List<String> masters, Targets targets) {
        final Map<String, Map<String, Map<Integer, BenchTiming>>> runs = new LinkedHashMap<>();
        for (BenchTiming t : timings) {
            runs.computeIfAbsent(t.census(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(t.master(), k -> new LinkedHashMap<>())
                    .put(t.run(), t);
        }
        final List<Line> lines = new ArrayList<>();
        for (Map.Entry<String, Map<String, Map<Integer, BenchTiming>>> c : runs.entrySet()) {
            if (!Double.isNaN(targets.maxOverhead())) {
                for (String master : masters) {
                    final Map<Integer, BenchTiming> byRound = c.getValue().get(master);
                    if (byRound == null) {
                        continue;
                    }
                    final List<Double> values = new ArrayList<>();
                    byRound.values().forEach(t -> values.add(t.overhead()));
                    lines.add(line(c.getKey(), master, Measure.OVERHEAD, targets.maxOverhead(), values));
                }
            }
            final Map<Integer, BenchTiming> reference =
                    masters.isEmpty() ? null : c.getValue().get(masters.get(0));
            if (!Double.isNaN(targets.minSpeedUp()) && reference != null) {
                for (String master : masters.subList(1, masters.size())) {
                    final Map<Integer, BenchTiming> byRound = c.getValue().get(master);
                    if (byRound == null) {
                        continue;
                    }
                    final List<Double> values = new ArrayList<>();
                    reference.forEach((round, first) -> {
                        final BenchTiming t = byRound.get(round);
                        if (t != null) {
                            values.add(first.wallSeconds() / t.wallSeconds());
                        }
                    });
                    if (!values.isEmpty()) {
                        lines.add(line(c.getKey(), master, Measure.SPEED_UP, targets.minSpeedUp(), values));
                    }
                }
            }
        }
        return lines;
    }

    private static Line line(String census, String master, Measure measure, double target, List<Double> values) {
        int meeting = 0;
        for (double v : values) {
            if (measure == Measure.OVERHEAD ? v <= target : v >= target) {
                meeting++;
            }
        }
        final double median = BenchTiming.median(
                values.stream().mapToDouble(Double::doubleValue).toArray());
        return new Line(census, master, measure, target, median, List.copyOf(values), meeting);
    }

    /** The judged lines as a Markdown section of the report; empty when no target is set. */
    public static String markdown(List<BenchTiming> timings, List<String> masters, Targets targets) {
        if (!targets.any()) {
            return "";
        }
        final StringBuilder b = new StringBuilder("\n## Against the targets\n\n")
                .append(
                        "Each round judged on its own (settings bench.target.overhead: the highest overhead, on every master; ")
                .append("bench.target.speed-up: the lowest speed-up of each later master over ")
                .append(masters.isEmpty() ? "the first" : masters.get(0))
                .append(", the two runs of one round paired). The median is over the rounds.\n\n")
                .append(
                        "| census | master | measure | target | median | rounds | verdict |\n|---|---|---|---|---|---|---|\n");
        for (Line l : judge(timings, masters, targets)) {
            final StringBuilder rounds = new StringBuilder();
            l.rounds()
                    .forEach(v -> rounds.append(rounds.length() == 0 ? "" : " ")
                            .append(String.format(Locale.ROOT, "%.2f", v)));
            b.append(String.format(
                    Locale.ROOT,
                    "| %s | %s | %s | %s %.2f | %.2f | %s | %s |%n",
                    l.census(),
                    l.master(),
                    l.measure() == Measure.OVERHEAD ? "overhead" : "speed-up",
                    l.measure() == Measure.OVERHEAD ? "≤" : "≥",
                    l.target(),
                    l.median(),
                    rounds,
                    l.verdict()));
        }
        return b.toString();
    }
}
