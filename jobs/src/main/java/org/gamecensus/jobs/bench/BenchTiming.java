package org.gamecensus.jobs.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.gamecensus.jobs.census.UsageException;

/**
 * One timed run of a census in the bench: what ran (census, size, items, master, cores, which
 * round), the wall time of the census call, the time its Spark jobs ran, the kernel time summed
 * over tasks, the JIT's compile time meanwhile (NaN when the JVM does not time it), when it
 * started (to the millisecond, so runs can be set beside what else the machine did), and how many
 * untimed runs of it came first in its session (−1 when not recorded: a file of an older bench),
 * the driver's processor ({@link BenchMachine#processor}; "" when not recorded: a file of an older
 * bench), and the tasks' run time summed (Spark's executor run time of each successful task: the
 * kernel, and around it the writing and checking of the rows; NaN when not recorded).
 * The bench keeps every run as a line of {@code report.csv}, so a later bench can be compared
 * with it ({@link BenchBaseline}) and anyone can aggregate the raw times differently.
 */
public record BenchTiming(
        String census,
        String size,
        long items,
        String master,
        int cores,
        int run,
        double wallSeconds,
        double jobSeconds,
        double kernelSeconds,
        double jitSeconds,
        Instant started,
        int warmUps,
        String processor,
        double taskSeconds) {

    /** The header of {@code report.csv}, in column order. */
    public static final String CSV_HEADER =
            "census,size,items,master,cores,run,wall_s,jobs_s,kernel_s,jit_s,started,warm_ups,processor,tasks_s";
    /** The header of benches before the tasks' time was recorded: read, with that time NaN. */
    static final String CSV_HEADER_WITHOUT_TASKS = CSV_HEADER.substring(0, CSV_HEADER.lastIndexOf(','));
    /** The header of benches before the processor was recorded: read, with the processor "". */
    static final String CSV_HEADER_WITHOUT_PROCESSOR =
            CSV_HEADER_WITHOUT_TASKS.substring(0, CSV_HEADER_WITHOUT_TASKS.lastIndexOf(','));
    /** The header of benches before warm-ups were recorded: read, with warm-ups −1. */
    static final String CSV_HEADER_WITHOUT_WARM_UPS =
            CSV_HEADER_WITHOUT_PROCESSOR.substring(0, CSV_HEADER_WITHOUT_PROCESSOR.lastIndexOf(','));

    private static final int COLUMNS_WITHOUT_TASKS = CSV_HEADER_WITHOUT_TASKS.split(",").length;
    private static final int COLUMNS_WITHOUT_PROCESSOR = CSV_HEADER_WITHOUT_PROCESSOR.split(",").length;
    private static final int COLUMNS_WITHOUT_WARM_UPS = CSV_HEADER_WITHOUT_WARM_UPS.split(",").length;
    private static final List<String> HEADERS =
            List.of(CSV_HEADER, CSV_HEADER_WITHOUT_TASKS, CSV_HEADER_WITHOUT_PROCESSOR, CSV_HEADER_WITHOUT_WARM_UPS);

    /** The kernels' time per core: the least wall time the census could take on its cores. */
    public double kernelPerCore() {
        return kernelSeconds / cores;
    }

    /** The Spark overhead of this run: its wall time over {@link #kernelPerCore}. */
    public double overhead() {
        return wallSeconds / kernelPerCore();
    }

    /** Every timing as CSV (RFC 4180: a field holding a comma or a quote is quoted), header first. */
    public static String csv(List<BenchTiming> timings) {
        final StringBuilder b = new StringBuilder(CSV_HEADER).append('\n');
        for (BenchTiming t : timings) {
            b.append(String.join(
                            ",",
                            quoted(t.census()),
                            quoted(t.size()),
                            Long.toString(t.items()),
                            quoted(t.master()),
                            Integer.toString(t.cores()),
                            Integer.toString(t.run()),
                            seconds(t.wallSeconds()),
                            seconds(t.jobSeconds()),
                            seconds(t.kernelSeconds()),
                            seconds(t.jitSeconds()),
                            t.started().truncatedTo(ChronoUnit.MILLIS).toString(),
                            Integer.toString(t.warmUps()),
                            quoted(t.processor()),
                            seconds(t.taskSeconds())))
                    .append('\n');
        }
        return b.toString();
    }

    /**
     * The timings of a bench's {@code report.csv}.
     *
     * @throws UsageException naming the file and line when it cannot be read or is not such a file
     */
    public static List<BenchTiming> read(Path file) {
        final List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException(
                    "--baseline " + file + ": cannot read it (" + e.getClass().getSimpleName() + ")");
        }
        final String header = lines.isEmpty() ? "" : lines.get(0).strip();
        if (!HEADERS.contains(header)) {
            throw new UsageException(
                    "--baseline " + file + ": not a bench report.csv (its first line is not '" + CSV_HEADER + "')");
        }
        final List<BenchTiming> timings = new ArrayList<>();
        for (int n = 1; n < lines.size(); n++) {
            if (lines.get(n).isBlank()) {
                continue;
            }
            try {
                timings.add(parse(lines.get(n), header.split(",").length));
            } catch (IllegalArgumentException e) {
                throw new UsageException("--baseline " + file + ", line " + (n + 1) + ": " + e.getMessage());
            }
        }
        if (timings.isEmpty()) {
            throw new UsageException("--baseline " + file + ": no timed runs in it");
        }
        return timings;
    }

    /**
     * One CSV line of a file of {@code columns} columns (a header of {@link #HEADERS}) as a timing;
     * an empty JIT or tasks field is NaN; without a warm-ups column, warm-ups are −1; without a
     * processor column, the processor is ""; without a tasks column, the tasks' time is NaN.
     */
    static BenchTiming parse(String line, int columns) {
        final List<String> f = fields(line);
        final boolean withWarmUps = columns > COLUMNS_WITHOUT_WARM_UPS;
        final boolean withProcessor = columns > COLUMNS_WITHOUT_PROCESSOR;
        final boolean withTasks = columns > COLUMNS_WITHOUT_TASKS;
        if (f.size() != columns) {
            throw new IllegalArgumentException(f.size() + " fields, expected " + columns);
        }
        try {
            final BenchTiming t = new BenchTiming(
                    f.get(0),
                    f.get(1),
                    Long.parseLong(f.get(2)),
                    f.get(3),
                    Integer.parseInt(f.get(4)),
                    Integer.parseInt(f.get(5)),
                    Double.parseDouble(f.get(6)),
                    Double.parseDouble(f.get(7)),
                    Double.parseDouble(f.get(8)),
                    f.get(9).isEmpty() ? Double.NaN : Double.parseDouble(f.get(9)),
                    Instant.parse(f.get(10)),
                    withWarmUps ? Integer.parseInt(f.get(11)) : -1,
                    withProcessor ? f.get(12) : "",
                    !withTasks || f.get(13).isEmpty() ? Double.NaN : Double.parseDouble(f.get(13)));
            if (t.items() < 0
                    || t.cores() < 1
                    || !(t.wallSeconds() >= 0)
                    || !(t.kernelSeconds() >= 0)
                    || t.warmUps() < (withWarmUps ? 0 : -1)
                    || t.taskSeconds() < 0) {
                throw new IllegalArgumentException("negative or missing counts or times");
            }
            return t;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a number: " + e.getMessage());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("not an instant: '" + f.get(10) + "'");
        }
    }

    /** The fields of one RFC 4180 line (no line breaks inside fields). */
    private static List<String> fields(String line) {
        final List<String> fields = new ArrayList<>();
        final StringBuilder f = new StringBuilder();
        boolean inQuotes = false;
        for (int i = 0; i < line.length(); i++) {
            final char c = line.charAt(i);
            if (inQuotes) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    inQuotes = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                inQuotes = true;
            } else if (c == ',') {
                fields.add(f.toString());
                f.setLength(0);
            } else {
                f.append(c);
            }
        }
        if (inQuotes) {
            throw new IllegalArgumentException("a quoted field is not closed");
        }
        fields.add(f.toString());
        return fields;
    }

    /** The median of {@code f} over {@code runs} (the mean of the middle two for an even count). */
    static double median(List<BenchTiming> runs, ToDoubleFunction<BenchTiming> f) {
        return median(runs.stream().mapToDouble(f).toArray());
    }

    /** The median of {@code values} (the mean of the middle two for an even count); the array is left as it was. */
    static double median(double[] values) {
        final double[] v = values.clone();
        Arrays.sort(v);
        return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    private static String quoted(String s) {
        return s.indexOf(',') < 0 && s.indexOf('"') < 0 ? s : '"' + s.replace("\"", "\"\"") + '"';
    }

    private static String seconds(double s) {
        return Double.isNaN(s) ? "" : String.format(Locale.ROOT, "%.6f", s);
    }
}
