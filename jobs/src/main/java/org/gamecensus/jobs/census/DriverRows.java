package org.gamecensus.jobs.census;

import java.math.BigInteger;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RuntimeConfig;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.QueryExecution$;
import org.apache.spark.sql.execution.SQLExecution;
import org.apache.spark.sql.internal.SQLConf;
import scala.Option;
import scala.collection.Iterator;

/**
 * Collects a small result's rows on the driver, as {@link Dataset#collectAsList()} does, with two
 * differences in how, none in what:
 *
 * <ul>
 *   <li>Spark's row deserializer is not generated: that code generation initialises Scala's runtime
 *       reflection (about a thousand classes of {@code scala-reflect}) the first time a string
 *       column is collected in a JVM. The rows are converted by Spark's type converters instead, to
 *       the same Java values (String, Long, Double, Boolean, java.math.BigDecimal, …), and the query
 *       still runs as one SQL execution, as {@code collect} runs it.
 *   <li>A query that reads little ({@link #INTERPRETED_MAX_BYTES} at most, by Spark's own estimate
 *       of its inputs) runs on Spark's interpreted operators and expressions: generating and
 *       compiling Java for each of its stages costs a cold JVM a tenth of a second or more, more
 *       than interpreting a megabyte of input. A published table over a census's kept counts, its
 *       adversarial rows or a small census is such a query; one that reads a census's rows in full
 *       keeps the generated code. The results are the same either way.
 * </ul>
 */
public final class DriverRows {

    /**
     * The most bytes a query's inputs may hold, as Spark estimates them before it runs the query
     * (a Parquet table: its files' size; a local or cached relation: its rows' size), for it to
     * run interpreted. Interpreting costs about 0.06 s more a megabyte of Parquet than generated
     * code does, on two cores; generating the code of a query's stages 0.1 to 0.2 s.
     */
    static final long INTERPRETED_MAX_BYTES = 1L << 20;

    /** Spark's settings for a query run interpreted: no whole-stage code, interpreted expressions. */
    private static final String[][] INTERPRETED = {
        {SQLConf.WHOLESTAGE_CODEGEN_ENABLED().key(), "false"},
        {SQLConf.CODEGEN_FACTORY_MODE().key(), "NO_CODEGEN"}
    };

    private DriverRows() {}

    /** The rows of {@code result}, in its order, as an unmodifiable list. */
    public static List<Row> of(Dataset<Row> result) {
        return of(result, INTERPRETED_MAX_BYTES);
    }

    /**
     * The rows of {@code result}, run interpreted when its inputs hold at most {@code
     * interpretedMaxBytes} (−1: never).
     */
    static List<Row> of(Dataset<Row> result, long interpretedMaxBytes) {
        final QueryExecution execution = result.queryExecution();
        if (inputBytes(execution.optimizedPlan()).compareTo(BigInteger.valueOf(interpretedMaxBytes)) <= 0) {
            return withSettings(result.sparkSession().conf(), INTERPRETED, () -> collect(execution));
        }
        return collect(execution);
    }

    private static List<Row> collect(QueryExecution execution) {
        // As Spark 3.5's Dataset.collect runs its plan (Dataset.withAction), the deserializer aside.
        final Row[] rows = SQLExecution.withNewExecutionId(
                execution,
                Option.apply("collect"),
                () -> QueryExecution$.MODULE$.withInternalError("The \"collect\" action failed.", () -> {
                    execution.executedPlan().resetMetrics();
                    return execution.executedPlan().executeCollectPublic();
                }));
        return List.of(rows);
    }

    /**
     * The estimated size of what {@code plan} reads: its leaves' and its subqueries' leaves'
     * (Spark's statistics, summed; a relation of unknown size counts as Spark's default size,
     * which is more than any threshold here).
     */
    static BigInteger inputBytes(LogicalPlan plan) {
        BigInteger bytes = BigInteger.ZERO;
        if (plan.children().isEmpty()) {
            bytes = plan.stats().sizeInBytes().bigInteger();
        }
        for (final Iterator<LogicalPlan> c = plan.children().iterator(); c.hasNext(); ) {
            bytes = bytes.add(inputBytes(c.next()));
        }
        for (final Iterator<LogicalPlan> s = plan.subqueries().iterator(); s.hasNext(); ) {
            bytes = bytes.add(inputBytes(s.next()));
        }
        return bytes;
    }

    /**
     * Runs {@code action} with the session's {@code settings} (key, value pairs) changed, and puts
     * back each one as it was (set to its former value, or unset) whatever the action does. The
     * settings are the session's: the query runs on the calling thread, which the commands'
     * queries are all run on, one after another.
     */
    private static <T> T withSettings(RuntimeConfig conf, String[][] settings, Supplier<T> action) {
        final String[] former = new String[settings.length];
        for (int i = 0; i < settings.length; i++) {
            // contains: set in the session (getOption would also give a setting's default).
            former[i] = conf.contains(settings[i][0]) ? conf.get(settings[i][0]) : null;
        }
        try {
            for (final String[] s : settings) {
                conf.set(s[0], s[1]);
            }
            return action.get();
        } finally {
            for (int i = 0; i < settings.length; i++) {
                if (former[i] == null) {
                    conf.unset(settings[i][0]);
                } else {
                    conf.set(settings[i][0], former[i]);
                }
            }
        }
    }

    /** The first row of {@code result}, as {@link Dataset#first()} gives it. */
    public static Row first(Dataset<Row> result) {
        final List<Row> rows = of(result.limit(1));
        if (rows.isEmpty()) {
            throw new NoSuchElementException("the query gave no row");
        }
        return rows.get(0);
    }
}
