package org.gamecensus.jobs.publish;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.DriverRows;
import org.gamecensus.jobs.census.PublishedTable;

/**
 * The essays' published numbers, read from one data file ({@code conf/essay-claims.csv}): each
 * claim with its essay, its wording, the essay's value, the Spark SQL query over the warehouse
 * that computes the census's value, and, for a known erratum, the query of the corrected value and
 * a sentence of explanation. A statement the essay leaves open has the essay value
 * {@value #OPEN}: its query answers it. A sampled value has the query of its standard error, and
 * is judged against it. Each claim may name the published table and figure behind it. The Java
 * code holds none of the values.
 */
public final class EssayClaims {

    /** One claim as written in the file. */
    public record Claim(
            String id,
            String essay,
            String census,
            String wording,
            String essayValue,
            String query,
            String erratumQuery,
            String erratumNote,
            String seQuery,
            String table,
            String figure) {}

    /**
     * The essay value of a question the essay asks and leaves open: such a row is answered by
     * its query, not judged against a value.
     */
    static final String OPEN = "open";

    /**
     * A sampled value within this many of its standard errors of the essay's is "within sampling
     * error" rather than "differs".
     */
    static final double SAMPLING_THRESHOLD = 2.5;

    /**
     * A claim checked against the warehouse; {@code standardError}, for a sampled value, is the
     * census value's standard error (else null).
     */
    public record Verdict(
            Claim claim, String censusValue, String correctedValue, String verdict, String standardError) {
        Verdict(Claim claim, String censusValue, String correctedValue, String verdict) {
            this(claim, censusValue, correctedValue, verdict, null);
        }
    }

    private EssayClaims() {}

    /** Reads the claims file with Spark's CSV reader (quoted fields may hold commas). */
    public static List<Claim> load(SparkSession spark, Path file) {
        final List<Claim> claims = new ArrayList<>();
        for (Row r : rows(spark, file, "claims")) {
            claims.add(new Claim(
                    r.getAs("id"),
                    r.getAs("essay"),
                    r.getAs("census"),
                    r.getAs("claim"),
                    r.getAs("essay_value"),
                    r.getAs("query"),
                    r.getAs("erratum_query"),
                    r.getAs("erratum_note"),
                    optional(r, "se_query"),
                    optional(r, "table"),
                    optional(r, "figure")));
        }
        return claims;
    }

    /** Runs every claim's query over the registered warehouse views and grades it. */
    public static List<Verdict> check(SparkSession spark, List<Claim> claims) {
        final List<Verdict> out = new ArrayList<>();
        for (Claim c : claims) {
            final String value = value(spark, c.query());
            if (value == null) {
                out.add(new Verdict(c, PublishedTable.NULL_SHOWN, null, "not computed"));
                continue;
            }
            if (c.essayValue().strip().equalsIgnoreCase(OPEN)) {
                out.add(new Verdict(c, value, null, "answered"));
                continue;
            }
            final boolean same = same(c.essayValue(), value);
            if (same && c.erratumQuery() != null && !c.erratumQuery().isBlank()) {
                out.add(new Verdict(
                        c,
                        display(c.essayValue(), value),
                        display(c.essayValue(), value(spark, c.erratumQuery())),
                        "erratum"));
            } else if (!same && !c.seQuery().isEmpty()) {
                final String se = value(spark, c.seQuery());
                final boolean within = se != null && withinSamplingError(c.essayValue(), value, se);
                out.add(new Verdict(
                        c,
                        display(c.essayValue(), value),
                        null,
                        within ? "within sampling error" : "differs",
                        se == null ? null : display(c.essayValue(), se)));
            } else {
                out.add(new Verdict(c, display(c.essayValue(), value), null, same ? "matches" : "differs"));
            }
        }
        return out;
    }

    /** Whether |census − essay| ≤ {@value #SAMPLING_THRESHOLD} standard errors (numbers only). */
    static boolean withinSamplingError(String essay, String census, String se) {
        final BigDecimal e = number(essay);
        final BigDecimal c = number(census);
        final BigDecimal s = number(se);
        return e != null
                && c != null
                && s != null
                && c.subtract(e).abs().doubleValue() <= SAMPLING_THRESHOLD * s.doubleValue();
    }

    /** A column a data file may leave out, stripped; empty when absent or blank. */
    static String optional(Row r, String column) {
        if (!Arrays.asList(r.schema().fieldNames()).contains(column)) {
            return "";
        }
        final String v = r.getAs(column);
        return v == null ? "" : v.strip();
    }

    /** The rows of a data file of the page ({@code what}: its name in a message), read by Spark's CSV reader. */
    static List<Row> rows(SparkSession spark, Path file, String what) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no " + what + " file at " + file);
        }
        return DriverRows.of(spark.read()
                .option("header", "true")
                .option("multiLine", "true")
                .option("escape", "\"")
                .csv(file.toString()));
    }

    /**
     * The first column of the first row, or null when the query reads a table that is absent (its
     * census was not run). Any other failure — a query that names no column of its table, a file
     * gone from under a read, an executor lost — fails with the query named: a verdict of "not
     * computed" would hide it on the page.
     */
    static String value(SparkSession spark, String query) {
        try {
            final List<Row> rows = DriverRows.of(spark.sql(query).limit(1));
            return rows.isEmpty() || rows.get(0).isNullAt(0)
                    ? null
                    : rows.get(0).get(0).toString();
        } catch (Exception e) {
            if (e instanceof AnalysisException a && "TABLE_OR_VIEW_NOT_FOUND".equals(a.getErrorClass())) {
                return null;
            }
            throw new IllegalStateException("the query failed: " + query, e);
        }
    }

    /**
     * Whether the census value equals the essay's, numbers compared at the essay's precision
     * (62 matches 62.4; 99.1 matches 99.06); words compared without case.
     */
    static boolean same(String essay, String census) {
        final BigDecimal e = number(essay);
        final BigDecimal c = number(census);
        if (e != null && c != null) {
            return c.setScale(Math.max(0, e.scale()), RoundingMode.HALF_UP).compareTo(e) == 0;
        }
        return essay.strip().equalsIgnoreCase(census.strip());
    }

    /** A census value shown at the essay value's precision plus one digit. */
    static String display(String essay, String census) {
        if (census == null) {
            return PublishedTable.NULL_SHOWN;
        }
        final BigDecimal e = number(essay);
        final BigDecimal c = number(census);
        if (e != null && c != null && c.scale() > e.scale() + 1) {
            return c.setScale(e.scale() + 1, RoundingMode.HALF_UP).toPlainString();
        }
        return census;
    }

    private static BigDecimal number(String s) {
        try {
            return new BigDecimal(s.strip().replace(",", "").replace("%", ""));
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
