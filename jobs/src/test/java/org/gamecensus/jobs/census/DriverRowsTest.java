package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RuntimeConfig;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.WholeStageCodegenExec;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.collection.Iterator;

class DriverRowsTest extends SparkCensusTest {

    /** A column of every type the tables, figures, claims and queries collect, nulls among them. */
    private static final String EVERY_TYPE = "SELECT id, CAST(id AS INT) AS i, CAST(id AS SMALLINT) AS s, "
            + "IF(id % 3 = 0, NULL, concat('row ', id, ' é')) AS text, id % 2 = 0 AS even, "
            + "ROUND(100 * id / 7, 1) AS pct, CAST(id / 3 AS DECIMAL(10, 4)) AS dec, "
            + "IF(id = 2, NULL, sequence(0, id)) AS ints, map('k', id) AS m, named_struct('a', id, 'b', 'x') AS st, "
            + "date_add(DATE'2026-01-01', CAST(id AS INT)) AS day, CAST(NULL AS DOUBLE) AS nothing "
            + "FROM range(0, 40, 1, 3) ORDER BY id DESC";

    /** Grouped, summed and sorted: at least one stage of generated code when Spark generates it. */
    private static final String GROUPED = "SELECT id %% 7 AS k, SUM(id) AS s, MAX(concat('x', id)) AS m "
            + "FROM range(0, %d, 1, 2) GROUP BY id %% 7 ORDER BY k";

    @Test
    void givesTheRowsCollectGivesOfEveryTypeInOrder() {
        final Dataset<Row> rows = spark().sql(EVERY_TYPE);
        final List<Row> expected = rows.collectAsList();
        final Dataset<Row> fresh = spark().sql(EVERY_TYPE);
        final List<Row> actual = DriverRows.of(fresh);
        assertEquals(0, generatedStages(fresh), "a small query, run interpreted");
        assertEquals(expected, actual);
        assertEquals(expected, DriverRows.of(spark().sql(EVERY_TYPE), -1), "and on generated code");
        for (int r = 0; r < expected.size(); r++) {
            for (int c = 0; c < expected.get(r).length(); c++) {
                final Object e = expected.get(r).get(c);
                final Object a = actual.get(r).get(c);
                assertEquals(
                        e == null ? null : e.getClass(), a == null ? null : a.getClass(), "row " + r + " column " + c);
            }
        }
        assertEquals(39L, actual.get(0).getLong(0), "in the query's order");
        assertEquals("row 1 é", actual.get(38).<String>getAs("text"), "fields by name, strings as Java strings");
    }

    @Test
    void firstIsTheFirstRowAndAnEmptyResultHasNone() {
        assertEquals(spark().sql(EVERY_TYPE).first(), DriverRows.first(spark().sql(EVERY_TYPE)));
        assertThrows(NoSuchElementException.class, () -> DriverRows.first(spark().sql("SELECT 1 WHERE false")));
        assertEquals(List.of(), DriverRows.of(spark().sql("SELECT 1 WHERE false")));
    }

    @Test
    void aQueryFailingInItsTasksFailsAsCollectFails() {
        final String q = "SELECT IF(id = 5, raise_error('boom at five'), id) FROM range(10)";
        final Exception expected =
                assertThrows(Exception.class, () -> spark().sql(q).collectAsList());
        final Exception actual = assertThrows(Exception.class, () -> DriverRows.of(spark().sql(q)));
        assertEquals(expected.getClass(), actual.getClass());
        assertEquals(rootMessage(expected), rootMessage(actual));
    }

    private static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getClass().getName() + ": " + t.getMessage();
    }

    @Test
    void aQueryReadingLittleRunsInterpretedAndOneReadingMoreOnGeneratedCode() {
        // range(0, n) is 8n bytes to Spark's estimate: 1,000 rows are 8,000 bytes, 200,000 rows 1.6 MB.
        final Dataset<Row> small = spark().sql(String.format(GROUPED, 1_000));
        final Dataset<Row> smallGenerated = spark().sql(String.format(GROUPED, 1_000));
        final Dataset<Row> large = spark().sql(String.format(GROUPED, 200_000));
        assertEquals(
                BigInteger.valueOf(8_000),
                DriverRows.inputBytes(small.queryExecution().optimizedPlan()));

        final List<Row> interpreted = DriverRows.of(small);
        assertEquals(0, generatedStages(small));
        assertEquals(interpreted, DriverRows.of(smallGenerated, -1));
        Assertions.assertTrue(generatedStages(smallGenerated) > 0, "-1: never interpreted");
        assertEquals(7, interpreted.size());
        assertEquals(
                List.of(0L, 71_071L, "x994"),
                List.of(
                        interpreted.get(0).get(0),
                        interpreted.get(0).get(1),
                        interpreted.get(0).get(2)));

        assertEquals(large.collectAsList(), DriverRows.of(large));
        Assertions.assertTrue(
                generatedStages(large) > 0, "over " + DriverRows.INTERPRETED_MAX_BYTES + " bytes: generated code");
    }

    @Test
    void theSessionsSettingsAreAsBeforeAfterAQueryRunInterpretedEvenAFailedOne() {
        final RuntimeConfig conf = spark().conf();
        final String wholeStage = "spark.sql.codegen.wholeStage";
        final String factory = "spark.sql.codegen.factoryMode";
        final boolean wasSet = conf.contains(wholeStage);
        final String was = wasSet ? conf.get(wholeStage) : null;
        try {
            conf.set(wholeStage, "true");
            conf.unset(factory);
            DriverRows.of(spark().sql(String.format(GROUPED, 10)));
            assertThrows(
                    Exception.class,
                    () -> DriverRows.of(
                            spark().sql("SELECT IF(id = 5, raise_error('boom at five'), id) FROM range(10)")));
            assertEquals("true", conf.get(wholeStage), "set before: as it was");
            Assertions.assertFalse(conf.contains(factory), "unset before: unset");
        } finally {
            if (wasSet) {
                conf.set(wholeStage, was);
            } else {
                conf.unset(wholeStage);
            }
        }
    }

    @Test
    void theInputIsTheFilesATableReadsAndTheRelationsOfItsSubqueries(@TempDir Path dir) throws Exception {
        final String big = dir.resolve("big").toString();
        final String small = dir.resolve("small").toString();
        spark().range(0, 50_000, 1, 3).selectExpr("id", "id % 5 AS k").write().parquet(big);
        spark().range(0, 10, 1, 1).selectExpr("id").write().parquet(small);
        spark().read().parquet(big).createOrReplaceTempView("big");
        spark().read().parquet(small).createOrReplaceTempView("small");
        try {
            final long bigBytes = parquetBytes(big);
            final long smallBytes = parquetBytes(small);
            assertEquals(
                    BigInteger.valueOf(bigBytes), inputBytes("SELECT k, COUNT(*) FROM big WHERE id > 7 GROUP BY k"));
            assertEquals(
                    BigInteger.valueOf(bigBytes + smallBytes),
                    inputBytes("SELECT s.id, COUNT(*) FROM small s JOIN big b ON b.k = s.id GROUP BY s.id"));
            assertEquals(
                    BigInteger.valueOf(bigBytes + smallBytes),
                    inputBytes("SELECT id, (SELECT MAX(k) FROM big) AS m FROM small"),
                    "a scalar subquery's table too");
        } finally {
            spark().catalog().dropTempView("big");
            spark().catalog().dropTempView("small");
        }
    }

    private BigInteger inputBytes(String sql) {
        return DriverRows.inputBytes(spark().sql(sql).queryExecution().optimizedPlan());
    }

    private static long parquetBytes(String dir) throws Exception {
        try (Stream<Path> files = Files.list(Path.of(dir))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".parquet"))
                    .mapToLong(f -> new File(f.toString()).length())
                    .sum();
        }
    }

    /** The stages of generated code in the plan {@code rows} ran (adaptive plans: their final plan). */
    private static int generatedStages(Dataset<Row> rows) {
        return generatedStages(rows.queryExecution().executedPlan());
    }

    private static int generatedStages(SparkPlan plan) {
        if (plan instanceof AdaptiveSparkPlanExec adaptive) {
            return generatedStages(adaptive.executedPlan());
        }
        int n = plan instanceof WholeStageCodegenExec ? 1 : 0;
        if (plan instanceof QueryStageExec stage) {
            n += generatedStages(stage.plan());
        }
        for (final Iterator<SparkPlan> c = plan.children().iterator(); c.hasNext(); ) {
            n += generatedStages(c.next());
        }
        return n;
    }
}
