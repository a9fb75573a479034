package org.gamecensus.jobs.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Compares a bench's timed runs with an earlier bench's (its {@code report.csv}), census by census
 * and master by master, so that a slide in speed shows and can fail a build.
 *
 * <p>Cases, per census and master timed now:
 * <ul>
 *   <li>not in the baseline: reported, not judged;</li>
 *   <li>another size or another number of cores there: not comparable, not judged;</li>
 *   <li>the same size but other items: the census itself changed — a failure, whatever the times
 *       and wherever they were taken;</li>
 *   <li>the same size and items on another processor (both recorded, {@link BenchMachine}): not
 *       comparable, not judged — the same commit ran 9–39 % slower on one 2-core machine than on
 *       another;</li>
 *   <li>otherwise the median wall time now against the baseline's runs: <em>slower</em> when it
 *       exceeds the baseline's slowest run by more than the tolerance, <em>faster</em> when it is
 *       below its fastest by more than the tolerance, else within noise. Comparing with the
 *       baseline's extreme runs rather than its median keeps run-to-run noise (on two cores about
 *       ±10 % for the long censuses, up to a half for the small ones) from raising false alarms.
 *       A baseline that does not name its processor (a file of an older bench) is judged so too,
 *       and the verdict says that the processor was not recorded.</li>
 * </ul>
 */
public final class BenchBaseline {

    /** The verdict on one census on one master. */
    public enum Verdict {
        FASTER,
        SAME,
        SLOWER,
        ITEMS_DIFFER,
        NOT_COMPARABLE,
        NO_BASELINE
    }

    /**
     * One compared census on one master; the times are NaN when nothing was compared. {@code
     * kernelRatio} is the kernels' summed time now over the baseline's (medians): it tells a slide
     * of the kernels, or of the machine's speed, from one of the rest of the census.
     */
    public record Line(
            String census,
            String master,
            Verdict verdict,
            double medianNow,
            double medianBefore,
            double fastestBefore,
            double slowestBefore,
            double kernelRatio,
            String why) {

        /** A line on which nothing was compared (no baseline, or none comparable): its times NaN. */
        static Line notCompared(BenchTiming now, Verdict verdict, double medianNow, String why) {
            return new Line(
                    now.census(),
                    now.master(),
                    verdict,
                    medianNow,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    Double.NaN,
                    why);
        }
    }

    /** The comparison: one line per census and master timed now, in their order. */
    public record Comparison(List<Line> lines, double tolerance) {

        /** Whether some census slid beyond the tolerance or gave other items than before. */
        public boolean failed() {
            return !failures().isEmpty();
        }

        /** Each census and master that slid or gave other items, in one phrase each. */
        public List<String> failures() {
            final List<String> failures = new ArrayList<>();
            for (Line l : lines) {
                if (l.verdict() == Verdict.SLOWER) {
                    failures.add(String.format(
                            Locale.ROOT,
                            "%s on %s: %.3f s, the baseline's slowest %.3f s",
                            l.census(),
                            l.master(),
                            l.medianNow(),
                            l.slowestBefore()));
                } else if (l.verdict() == Verdict.ITEMS_DIFFER) {
                    failures.add(l.census() + " on " + l.master() + ": " + l.why());
                }
            }
            return failures;
        }

        /** The comparison as a Markdown section of the report. */
        public String markdown() {
            final StringBuilder b = new StringBuilder("\n## Against the baseline\n\n")
                    .append(String.format(
                            Locale.ROOT,
                            "Median wall time now against the baseline's timed runs; slower or faster "
                                    + "means beyond its slowest or fastest run by more than %.0f %%. Runs on another processor are not judged. "
                                    + "Beside the walls' ratio, the kernels' (their summed time, medians): when the two move together, the "
                                    + "kernels or the machine's speed moved; when the walls' moves alone, the rest of the census did "
                                    + "(Spark, the writer, the commit).%n%n",
                            100 * tolerance))
                    .append(
                            "| census | master | now, median (s) | baseline, median (s) | baseline, fastest–slowest (s) "
                                    + "| now ÷ baseline | kernels now ÷ baseline | verdict |\n|---|---|---|---|---|---|---|---|\n");
            for (Line l : lines) {
                final boolean timed = !Double.isNaN(l.medianBefore());
                b.append(String.format(
                        Locale.ROOT,
                        "| %s | %s | %.3f | %s | %s | %s | %s | %s |%n",
                        l.census(),
                        l.master(),
                        l.medianNow(),
                        timed ? String.format(Locale.ROOT, "%.3f", l.medianBefore()) : "–",
                        timed ? String.format(Locale.ROOT, "%.3f–%.3f", l.fastestBefore(), l.slowestBefore()) : "–",
                        timed ? String.format(Locale.ROOT, "%.2f", l.medianNow() / l.medianBefore()) : "–",
                        Double.isFinite(l.kernelRatio()) ? String.format(Locale.ROOT, "%.2f", l.kernelRatio()) : "–",
                        l.why()));
            }
            return b.toString();
        }
    }

    private BenchBaseline() {}

    /**
     * Compares the runs {@code now} with {@code before}; {@code tolerance} is a fraction (0.25:
     * a quarter beyond the baseline's slowest or fastest run).
     */
    public static Comparison compare(List<BenchTiming> before, List<BenchTiming> now, double tolerance) {
        if (!(tolerance >= 0)) {
            throw new IllegalArgumentException("tolerance must be ≥ 0, got " + tolerance);
        }
        final Map<String, List<BenchTiming>> then = byCensusAndMaster(before);
        final List<Line> lines = new ArrayList<>();
        for (Map.Entry<String, List<BenchTiming>> e : byCensusAndMaster(now).entrySet()) {
            final List<BenchTiming> runs = e.getValue();
            final BenchTiming first = runs.get(0);
            final double median = BenchTiming.median(runs, BenchTiming::wallSeconds);
            final List<BenchTiming> base = then.get(e.getKey());
            if (base == null) {
                lines.add(Line.notCompared(first, Verdict.NO_BASELINE, median, "not in the baseline"));
                continue;
            }
            final BenchTiming was = base.get(0);
            if (!was.size().equals(first.size()) || was.cores() != first.cores()) {
                lines.add(Line.notCompared(
                        first,
                        Verdict.NOT_COMPARABLE,
                        median,
                        "not comparable: " + first.size() + " on " + first.cores() + " core(s) now, " + was.size()
                                + " on " + was.cores() + " in the baseline"));
                continue;
            }
            if (was.items() == first.items()
                    && !was.processor().isEmpty()
                    && !was.processor().equals(first.processor())) {
                lines.add(Line.notCompared(
                        first,
                        Verdict.NOT_COMPARABLE,
                        median,
                        "not comparable: another processor (" + first.processor() + " now, " + was.processor()
                                + " in the baseline)"));
                continue;
            }
            final String unknown = was.processor().isEmpty() ? " (the baseline's processor not recorded)" : "";
            final double fastest =
                    base.stream().mapToDouble(BenchTiming::wallSeconds).min().orElseThrow();
            final double slowest =
                    base.stream().mapToDouble(BenchTiming::wallSeconds).max().orElseThrow();
            final double baseMedian = BenchTiming.median(base, BenchTiming::wallSeconds);
            final Verdict v;
            final String why;
            if (was.items() != first.items()) {
                v = Verdict.ITEMS_DIFFER;
                why = "ITEMS DIFFER: " + first.items() + " now, " + was.items() + " in the baseline";
            } else if (median > slowest * (1 + tolerance)) {
                v = Verdict.SLOWER;
                why = "SLOWER" + unknown;
            } else if (median < fastest * (1 - tolerance)) {
                v = Verdict.FASTER;
                why = "faster" + unknown;
            } else {
                v = Verdict.SAME;
                why = "within noise" + unknown;
            }
            final double kernels = BenchTiming.median(runs, BenchTiming::kernelSeconds)
                    / BenchTiming.median(base, BenchTiming::kernelSeconds);
            lines.add(new Line(first.census(), first.master(), v, median, baseMedian, fastest, slowest, kernels, why));
        }
        return new Comparison(lines, tolerance);
    }

    private static Map<String, List<BenchTiming>> byCensusAndMaster(List<BenchTiming> timings) {
        final Map<String, List<BenchTiming>> m = new LinkedHashMap<>();
        for (BenchTiming t : timings) {
            m.computeIfAbsent(t.census() + "\u0000" + t.master(), k -> new ArrayList<>())
                    .add(t);
        }
        return m;
    }
}
