package org.gamecensus.jobs.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.spark.SparkThrowable;
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

    /** The SQLSTATE classes of errors that a query brings on itself ({@link #queryError}). */
    private static final Set<String> QUERY_STATES = Set.of("21", "22", "42", "P0");

    /** The package of Spark SQL's expressions, the code generated for them included. */
    private static final String EXPRESSIONS = "org.apache.spark.sql.catalyst.expressions.";

    /** Spark's loggers of a failed task, each with its stack trace: off for a query, whose failure is one line. */
    private static final Map<String, Level> TASK_FAILURE_LOGGERS = Map.of(
            "org.apache.spark.executor.Executor", Level.OFF, "org.apache.spark.scheduler.TaskSetManager", Level.OFF);

    @Mixin
    CommandOptions.Read options;

    @Option(
            names = "--format",
            paramLabel = "csv|table",
            description = "csv: a header line and one line a row, NULL an empty field and an empty string \"\";"
                    + " table: aligned columns, NULL shown as NULL (default)")
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
        // The views are what a query reads: not files named in it (parquet.`/any/path`), which would
        // read past the manifests, and anything else the driver may read.
        spark.conf().set("spark.sql.runSQLOnFiles", "false");
        // A query that fails in its tasks (raise_error, a bad cast under ANSI) is reported in one line below.
        final Map<String, Level> levels = new HashMap<>();
        TASK_FAILURE_LOGGERS
                .keySet()
                .forEach(n -> levels.put(n, LogManager.getLogger(n).getLevel()));
        Configurator.setLevel(TASK_FAILURE_LOGGERS);
        final PublishedTable table;
        try {
            table = query(spark, warehouse);
        } finally {
            Configurator.setLevel(levels); // the loggers as they were, for what runs next in this JVM
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

    /** The query's result; a query that commits overtake runs again. */
    private PublishedTable query(SparkSession spark, Warehouse warehouse) {
        final String q = query.get(0);
        ReadOnlyQuery.parsed(spark, q);
        PublishedTable table = null;
        // A commit that replaces a partition while the query reads it moves the files the views
        // name: the query fails on a missing file, and runs again on the state committed since.
        for (int attempt = 1; table == null; attempt++) {
            try {
                // The views to analyse the query against, then again with the files of the tables
                // it reads checked against their manifests.
                warehouse.registerViews(spark, view -> false);
                final Set<String> read = ReadOnlyQuery.analysed(spark, q);
                if (!read.isEmpty()) {
                    warehouse.registerViews(spark, read::contains);
                }
                table = PublishedTable.of("query", "query", spark.sql(q), List.of());
            } catch (Exception e) { // Spark's AnalysisException is checked in Java's eyes but thrown unchecked
                if (Warehouse.isMissingFile(e)) {
                    if (!warehouse.committedSinceViews()) {
                        throw new IllegalStateException(
                                "a file the manifests list is missing, and no commit moved it: the warehouse is"
                                        + " damaged (census verify names the partitions): "
                                        + CensusCli.firstLine(e.getMessage()),
                                e);
                    }
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
                final Throwable refused = queryError(e);
                if (refused != null) {
                    throw new UsageException("bad query: " + CensusCli.firstLine(refused.getMessage()));
                }
                if (e instanceof RuntimeException r) {
                    throw r;
                }
                throw new IllegalStateException(e);
            }
        }
        return table;
    }

    /**
     * The error the query itself raised in its tasks, or null: the first of {@code e}'s causes
     * that is either of a SQLSTATE class that blames the statement or its data — 21 cardinality (a
     * scalar subquery of two rows), 22 data (a division by zero or a bad cast under ANSI), 42 syntax
     * or access, P0 raised by the query — or a plain {@link RuntimeException} thrown by the
     * evaluation of one of its expressions, generated code or not, as {@code raise_error} and
     * {@code assert_true} throw it (not a subclass: a null pointer, an index out of bounds). A
     * failure to read or run stays an error (exit 3).
     */
    static Throwable queryError(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SparkThrowable s
                    && s.getSqlState() != null
                    && QUERY_STATES.contains(s.getSqlState().substring(0, 2))) {
                return t;
            }
            final StackTraceElement[] at = t.getStackTrace();
            if (t.getClass() == RuntimeException.class
                    && at.length > 0
                    && at[0].getClassName().startsWith(EXPRESSIONS)) {
                return t;
            }
        }
        return null;
    }

    /**
     * The result in aligned columns, NULL shown as Spark's shell and DuckDB's show it. Where there
     * are two columns or more, line breaks and tabs within a cell are shown as {@code \n}, {@code
     * \r}, {@code \t}, which keep the columns aligned (the csv format gives them as they are); a
     * single column (EXPLAIN's plan) is printed as it is.
     */
    private static void printAligned(PublishedTable table, PrintWriter out) {
        final List<String> columns = table.columns();
        final boolean escaped = columns.size() > 1;
        final int[] width = new int[columns.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = aligned(columns.get(i), escaped).length();
            for (List<String> row : table.rows()) {
                width[i] = Math.max(width[i], aligned(row.get(i), escaped).length());
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
                final String cell = aligned(row.get(i), escaped);
                b.append(cell).append(" ".repeat(width[i] - cell.length()));
            }
            out.println(b.toString().stripTrailing());
        }
        out.println("(" + table.rows().size() + " rows)");
    }

    private static String aligned(String cell, boolean escaped) {
        if (cell == null) {
            return "NULL";
        }
        return escaped ? cell.replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t") : cell;
    }
}
