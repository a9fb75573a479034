package org.gamecensus.jobs.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.spark.sql.AnalysisException;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.Censuses;
import org.gamecensus.jobs.census.CommandOptions;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.schemas.DatasetSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code census sql}: one Spark SQL query over the warehouse, every table a view of its committed
 * partitions; read-only ({@link ReadOnlyQuery}), rerun when a commit moves the files it read.
 */
@Command(
        name = "sql",
        header = "query the warehouse with Spark SQL (read-only)",
        description = "Runs one Spark SQL query over the warehouse; every table is a view named after it,"
                + " of its committed partitions: the files their manifests list, once no commit is in progress (a query that a"
                + " commit overtakes runs again). Read-only: statements that change state or run code (DROP, CREATE, INSERT,"
                + " CACHE, SET, ADD JAR, reflect, TRANSFORM, ...) are refused.")
final class SqlCommand implements Callable<Integer> {

    /** How many times a query runs that commits keep moving files from under. */
    private static final int ATTEMPTS = 5;

    @Mixin
    CommandOptions.Read options;

    @Option(
            names = "--format",
            paramLabel = "csv|table",
            description = "csv: a header line and one line a row;" + " table: aligned columns (default)")
    String format = "table";

    @Parameters(paramLabel = "QUERY", arity = "0..*", description = "the query, in quotes")
    List<String> query = new ArrayList<>();

    /** The views a query may name, for the help: every table of every census. */
    static String views() {
        final List<String> names = new ArrayList<>();
        for (DatasetSchema s : Censuses.schemas()) {
            names.add(s.table());
        }
        return "Views: " + String.join(", ", names) + ".";
    }

    @Override
    public Integer call() {
        if (query.size() != 1) {
            throw new UsageException("'sql' takes exactly one query, in quotes");
        }
        if (!format.equals("csv") && !format.equals("table")) {
            throw new UsageException("--format must be csv or table, got '" + format + "'");
        }
        final Warehouse warehouse = options.warehouse(false);
        if (warehouse.tables().isEmpty()) {
            throw new UsageException("no warehouse at " + warehouse.root() + " (run a census first)");
        }
        final SparkSession spark = options.userSession("census sql");
        final String q = query.get(0);
        ReadOnlyQuery.parsed(spark, q);
        PublishedTable table = null;
        // A commit that replaces a partition while the query reads it moves the files the views
        // name: the query fails on a missing file, and runs again on the state committed since.
        for (int attempt = 1; table == null; attempt++) {
            try {
                warehouse.registerViews(spark);
                ReadOnlyQuery.analysed(spark, q);
                table = PublishedTable.of("query", "query", spark.sql(q), List.of());
            } catch (Exception e) { // Spark's AnalysisException is checked in Java's eyes but thrown unchecked
                if (Warehouse.isMissingFile(e)) {
                    if (attempt < ATTEMPTS) {
                        continue;
                    }
                    throw new IllegalStateException(
                            "commits kept moving the files the query read (" + ATTEMPTS + " attempts): "
                                    + CensusCli.oneLine(e.getMessage()),
                            e);
                }
                if (e instanceof AnalysisException a) {
                    throw new UsageException("bad query: " + CensusCli.oneLine(a.getSimpleMessage()));
                }
                if (e instanceof RuntimeException r) {
                    throw r;
                }
                throw new IllegalStateException(e);
            }
        }
        final PrintWriter out = options.out();
        if (format.equals("csv")) {
            out.print(table.toCsv());
        } else {
            printAligned(table, out);
        }
        out.flush();
        return 0;
    }

    private static void printAligned(PublishedTable table, PrintWriter out) {
        final List<String> columns = table.columns();
        final int[] width = new int[columns.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = columns.get(i).length();
            for (List<String> row : table.rows()) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        final List<List<String>> lines = new ArrayList<>();
        lines.add(columns);
        lines.addAll(table.rows());
        for (List<String> row : lines) {
            final StringBuilder b = new StringBuilder();
            for (int i = 0; i < width.length; i++) {
                if (i > 0) {
                    b.append("  ");
                }
                b.append(String.format("%-" + width[i] + "s", row.get(i)));
            }
            out.println(b.toString().stripTrailing());
        }
        out.println("(" + table.rows().size() + " rows)");
    }
}
