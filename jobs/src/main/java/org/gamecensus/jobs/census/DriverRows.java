package org.gamecensus.jobs.census;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.function.Supplier;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RuntimeConfig;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.planning.ExtractEquiJoinKeys;
import org.apache.spark.sql.catalyst.plans.logical.Generate;
import org.apache.spark.sql.catalyst.plans.logical.Join;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.CommandExecutionMode;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.QueryExecution$;
import org.apache.spark.sql.execution.SQLExecution;
import org.apache.spark.sql.execution.columnar.InMemoryRelation;
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
 *       of its inputs), cannot multiply its rows (no generator such as {@code explode}, no join
 *       without an equality) and reads no cached dataset is planned afresh and run on Spark's
 *       interpreted operators and expressions: generating and compiling Java for each of its
 *       stages costs a cold JVM more than interpreting that little input does. A published table
 *       over a census's kept counts, its adversarial rows or a small census is such a query; one
 *       that reads a census's rows in full keeps the generated code. The rows are the same either
 *       way.
 * </ul>
 */
public final class DriverRows {

    /**
     * The most bytes a query's inputs may hold, as Spark estimates them before it runs the query
     * (a Parquet table: its files' size; a local relation: its rows at Spark's default widths), for
     * it to run interpreted: below the size at which interpreting costs more than generating the
     * code of a query's stages.
     */
    static final long INTERPRETED_MAX_BYTES = 1L << 20;

    /** Spark's settings for a query run interpreted: no whole-stage code, interpreted expressions. */
    private static final Map<String, String> INTERPRETED = Map.of(
            SQLConf.WHOLESTAGE_CODEGEN_ENABLED().key(),
            "false",
            SQLConf.CODEGEN_FACTORY_MODE().key(),
            "NO_CODEGEN");

    private DriverRows() {}

    /** The rows of {@code result}, in its order, as an unmodifiable list. */
    public static List<Row> of(Dataset<Row> result) {
        return of(result, INTERPRETED_MAX_BYTES);
    }

    /**
     * The rows of {@code result}, run interpreted when its inputs hold at most {@code
     * interpretedMaxBytes} and it cannot multiply its rows (-1: never).
     */
    static List<Row> of(Dataset<Row> result, long interpretedMaxBytes) {
        final QueryExecution execution = result.queryExecution();
        // The query as analysed, cached data in place: the plan Spark optimises and runs.
        final LogicalPlan plan = execution.withCachedData();
        if (!readsCachedData(plan)
                && !multipliesRows(plan)
                && inputBytes(plan).compareTo(BigInteger.valueOf(interpretedMaxBytes)) <= 0) {
            // Planned afresh under the settings: every physical step made the same way.
            final SparkSession spark = result.sparkSession();
            return withSettings(
                    spark.conf(),
                    INTERPRETED,
                    () -> collect(spark.sessionState().executePlan(execution.analyzed(), CommandExecutionMode.ALL())));
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
     * (Spark's statistics, summed; a relation of unknown size counts as Spark's default size, more
     * than any limit here).
     */
    static BigInteger inputBytes(LogicalPlan plan) {
        BigInteger bytes = BigInteger.ZERO;
        for (final LogicalPlan step : steps(plan)) {
            if (step.children().isEmpty()) {
                bytes = bytes.add(step.stats().sizeInBytes().bigInteger());
            }
        }
        return bytes;
    }

    /**
     * Whether {@code plan} (or a subquery) reads a cached dataset. Its physical plan was made when
     * it was cached, under the settings of then, and Spark's columnar steps assert those settings
     * when the plan is copied: a Parquet scan is columnar only with whole-stage code, so a cached
     * scan's {@code ColumnarToRowExec} fails under the interpreted settings.
     */
    static boolean readsCachedData(LogicalPlan plan) {
        return steps(plan).stream().anyMatch(step -> step instanceof InMemoryRelation);
    }

    /**
     * Whether {@code plan} (or a subquery) can give more rows than it reads by more than a
     * constant factor: a generator ({@code explode(sequence(1, n))} reads one row) or a join
     * without an equality between its sides (a nested loop over both).
     */
    static boolean multipliesRows(LogicalPlan plan) {
        return steps(plan).stream()
                .anyMatch(step -> step instanceof Generate
                        || step instanceof Join join
                                && ExtractEquiJoinKeys.unapply(join).isEmpty());
    }

    /** {@code plan}, every step below it and every step of its subqueries. */
    private static List<LogicalPlan> steps(LogicalPlan plan) {
        final List<LogicalPlan> steps = new ArrayList<>();
        final Deque<LogicalPlan> next = new ArrayDeque<>(List.of(plan));
        while (!next.isEmpty()) {
            final LogicalPlan step = next.pop();
            steps.add(step);
            for (final Iterator<LogicalPlan> c = step.children().iterator(); c.hasNext(); ) {
                next.push(c.next());
            }
            for (final Iterator<LogicalPlan> q = step.subqueries().iterator(); q.hasNext(); ) {
                next.push(q.next());
            }
        }
        return steps;
    }

    /**
     * Runs {@code action} with the session's {@code settings} (key, value pairs) changed, and puts
     * back each one as it was (set to its former value, or unset) whatever the action does. The
     * settings are the session's: the query runs on the calling thread, which the commands'
     * queries are all run on, one after another.
     */
    private static <T> T withSettings(RuntimeConfig conf, Map<String, String> settings, Supplier<T> action) {
        // contains: set in the session (getOption would also give a setting's default); null: unset.
        final Map<String, String> former = new HashMap<>();
        for (final String key : settings.keySet()) {
            former.put(key, conf.contains(key) ? conf.get(key) : null);
        }
        try {
            settings.forEach(conf::set);
            return action.get();
        } finally {
            former.forEach((key, value) -> {
                if (value == null) {
                    conf.unset(key);
                } else {
                    conf.set(key, value);
                }
            });
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
