package org.gamecensus.jobs.census;

import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RuntimeConfig;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.plans.logical.Generate;
import org.apache.spark.sql.catalyst.plans.logical.LogicalPlan;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.QueryExecution$;
import org.apache.spark.sql.execution.SQLExecution;
import scala.Option;
import scala.collection.JavaConverters;
import scala.math.BigInt;

/**
 * Collects a small result's rows on the driver, as {@link Dataset#collectAsList()} does, without
 * generating Spark's row deserializer: that code generation initialises Scala's runtime reflection
 * (about a thousand classes of {@code scala-reflect}) the first time a string column is collected
 * in a JVM. The rows are converted by Spark's type converters instead, to the same Java values
 * (String, Long, Double, Boolean, java.math.BigDecimal, …), and the query still runs as one SQL
 * execution, as {@code collect} runs it.
 *
 * <p>A query over small inputs runs interpreted: Spark's expressions evaluated as objects, as
 * Spark does when its code generation fails, instead of Java source generated and compiled by
 * Janino for each stage. A census's tables, figures and claims are mostly aggregates of a few
 * thousand rows, and in a fresh JVM compiling their code costs more than running it (50–200 ms a
 * query). Small means that Spark's size estimate of every step of the plan, its subqueries'
 * included, is at most {@link #INTERPRETED_BYTES} (a join's estimate is the product of its
 * sides'), and that no step is a generator ({@code explode}), whose rows the estimate does not
 * count. The values are the same either way; only the time differs.
 */
public final class DriverRows {

    /** The largest estimated size of any step of a query that runs interpreted. */
    static final long INTERPRETED_BYTES = 1L << 20;

    private static final String WHOLE_STAGE = "spark.sql.codegen.wholeStage";

    /** Spark's switch between generated and interpreted expressions (internal; honoured by Spark 3.5). */
    private static final String FACTORY_MODE = "spark.sql.codegen.factoryMode";

    /** Held while a query runs with the settings changed. */
    private static final Object SETTINGS = new Object();

    private DriverRows() {}

    /** The rows of {@code result}, in its order, as an unmodifiable list. */
    public static List<Row> of(Dataset<Row> result) {
        return of(result, INTERPRETED_BYTES);
    }

    /** {@link #of(Dataset)}, interpreted when no step of the plan is estimated above {@code interpretedBytes}. */
    static List<Row> of(Dataset<Row> result, long interpretedBytes) {
        if (!small(result.queryExecution().optimizedPlan(), BigInt.apply(interpretedBytes))) {
            return collect(result);
        }
        final SparkSession spark = result.sparkSession();
        // The session's settings hold for the query's planning and for its tasks (Spark passes them
        // on with each job); the lock keeps two threads from restoring each other's settings. (Not
        // the session itself: Scala initialises a session's lazy fields under its monitor.)
        synchronized (SETTINGS) {
            final RuntimeConfig conf = spark.conf();
            // The session's own settings (getOption would give Spark's defaults too).
            final Option<String> wholeStage = conf.getAll().get(WHOLE_STAGE);
            final Option<String> factoryMode = conf.getAll().get(FACTORY_MODE);
            conf.set(WHOLE_STAGE, false);
            conf.set(FACTORY_MODE, "NO_CODEGEN");
            try {
                return collect(result);
            } finally {
                restore(conf, WHOLE_STAGE, wholeStage);
                restore(conf, FACTORY_MODE, factoryMode);
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

    /** Whether no step of {@code plan} or of its subqueries is a generator or estimated above {@code limit}. */
    static boolean small(LogicalPlan plan, BigInt limit) {
        if (plan instanceof Generate || plan.stats().sizeInBytes().$greater(limit)) {
            return false;
        }
        for (LogicalPlan child : JavaConverters.seqAsJavaList(plan.children())) {
            if (!small(child, limit)) {
                return false;
            }
        }
        for (LogicalPlan subquery : JavaConverters.seqAsJavaList(plan.subqueries())) {
            if (!small(subquery, limit)) {
                return false;
            }
        }
        return true;
    }

    private static List<Row> collect(Dataset<Row> result) {
        // As Spark 3.5's Dataset.collect runs its plan (Dataset.withAction), the deserializer aside.
        final QueryExecution execution = result.queryExecution();
        final Row[] rows = SQLExecution.withNewExecutionId(
                execution,
                Option.apply("collect"),
                () -> QueryExecution$.MODULE$.withInternalError("The \"collect\" action failed.", () -> {
                    execution.executedPlan().resetMetrics();
                    return execution.executedPlan().executeCollectPublic();
                }));
        return List.of(rows);
    }

    private static void restore(RuntimeConfig conf, String key, Option<String> value) {
        if (value.isDefined()) {
            conf.set(key, value.get());
        } else {
            conf.unset(key);
        }
    }
}
