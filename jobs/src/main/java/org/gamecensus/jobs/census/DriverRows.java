package org.gamecensus.jobs.census;

import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.QueryExecution$;
import org.apache.spark.sql.execution.SQLExecution;
import scala.Option;

/**
 * Collects a small result's rows on the driver, as {@link Dataset#collectAsList()} does, without
 * generating Spark's row deserializer: that code generation initialises Scala's runtime reflection
 * (about a thousand classes of {@code scala-reflect}) the first time a string column is collected
 * in a JVM. The rows are converted by Spark's type converters instead, to the same Java values
 * (String, Long, Double, Boolean, java.math.BigDecimal, …), and the query still runs as one SQL
 * execution, as {@code collect} runs it.
 */
public final class DriverRows {

    private DriverRows() {}

    /** The rows of {@code result}, in its order, as an unmodifiable list. */
    public static List<Row> of(Dataset<Row> result) {
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

    /** The first row of {@code result}, as {@link Dataset#first()} gives it. */
    public static Row first(Dataset<Row> result) {
        final List<Row> rows = of(result.limit(1));
        if (rows.isEmpty()) {
            throw new NoSuchElementException("the query gave no row");
        }
        return rows.get(0);
    }
}
