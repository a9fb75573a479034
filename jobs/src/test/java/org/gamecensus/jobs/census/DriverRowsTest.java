package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.File;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.apache.spark.metrics.source.CodegenMetrics;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RuntimeConfig;
import org.apache.spark.sql.execution.QueryExecution;
import org.apache.spark.sql.execution.SparkPlan;
import org.apache.spark.sql.execution.WholeStageCodegenExec;
import org.apache.spark.sql.execution.adaptive.AdaptiveSparkPlanExec;
import org.apache.spark.sql.execution.adaptive.QueryStageExec;
import org.apache.spark.sql.util.QueryExecutionListener;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
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

    /** The plans the session ran, as its listeners hear of them. */
    private final List<QueryExecution> ran = new CopyOnWriteArrayList<>();

    private final QueryExecutionListener listener = new QueryExecutionListener() {
        @Override
        public void onSuccess(String funcName, QueryExecution qe, long durationNs) {
            ran.add(qe);
        }

        @Override
        public void onFailure(String funcName, QueryExecution qe, Exception exception) {
            ran.add(qe);
        }
    };

    @BeforeEach
    void listen() {
        spark().listenerManager().register(listener);
    }

    @AfterEach
    void stopListening() {
        spark().listenerManager().unregister(listener);
    }

    @Test
    void givesTheRowsCollectGivesOfEveryTypeInOrder() {
        final List<Row> expected = spark().sql(EVERY_TYPE).collectAsList();
        final List<Row> actual = DriverRows.of(spark().sql(EVERY_TYPE));
        assertEquals(0, generatedStagesOfTheLastRun(), "a small query, run interpreted");
        assertEquals(expected, actual);
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
        assertEquals(expected, DriverRows.of(spark().sql(EVERY_TYPE), -1), "and on generated code");
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
        final Exception generated = assertThrows(Exception.class, () -> DriverRows.of(spark().sql(q), -1));
        assertEquals(rootMessage(expected), rootMessage(generated));
    }

    @Test
    void aQueryReadingLittleRunsInterpretedAndOneReadingMoreOnGeneratedCode() {
        // range(0, n) is 8n bytes to Spark's estimate: 1,000 rows are 8,000 bytes, 200,000 rows 1.6 MB.
        final Dataset<Row> small = spark().sql(String.format(Locale.ROOT, GROUPED, 1_000));
        assertEquals(
                BigInteger.valueOf(8_000),
                DriverRows.inputBytes(small.queryExecution().withCachedData()));
        final List<Row> interpreted = DriverRows.of(small);
        assertEquals(0, generatedStagesOfTheLastRun());
        assertEquals(7, interpreted.size());
        assertEquals(
                List.of(0L, 71_071L, "x994"),
                List.of(
                        interpreted.get(0).get(0),
                        interpreted.get(0).get(1),
                        interpreted.get(0).get(2)));
        assertEquals(interpreted, DriverRows.of(spark().sql(String.format(Locale.ROOT, GROUPED, 1_000)), -1));
        Assertions.assertTrue(generatedStagesOfTheLastRun() > 0, "-1: never interpreted");

        final Dataset<Row> large = spark().sql(String.format(Locale.ROOT, GROUPED, 200_000));
        assertEquals(large.collectAsList(), DriverRows.of(spark().sql(String.format(Locale.ROOT, GROUPED, 200_000))));
        Assertions.assertTrue(
                generatedStagesOfTheLastRun() > 0,
                "over " + DriverRows.INTERPRETED_MAX_BYTES + " bytes: generated code");
    }

    @Test
    void theTablesKindsOfFigureAreTheSameInterpretedAndOnGeneratedCode() {
        final String q = "SELECT k, COUNT(*) AS n, SUM(d) AS sd, AVG(d) AS ad, SUM(dec) AS sdec, AVG(dec) AS adec, "
                + "ROUND(100 * (SUM(IF(id % 3 = 0, 1, 0)) / NULLIF(COUNT(*), 0)), 1) AS pct, "
                + "ROUND(100 * SQRT(AVG(f) * (1 - AVG(f)) / COUNT(*)), 1) AS se, ROUND(AVG(d), 3) AS r, "
                + "CAST(SUM(CAST(xxhash64(id, d, dec, s) AS DECIMAL(38, 0))) AS STRING) AS checksum, "
                + "MAX(s) AS ms, concat_ws(' ', sort_array(collect_set(CAST(id % 4 AS STRING)))) AS cells "
                + "FROM (SELECT id, id % 5 AS k, CAST(id AS DOUBLE) / 7 AS d, CAST(id AS DECIMAL(10, 2)) / 3 AS dec, "
                + "IF(id % 2 = 0, 1.0D, 0.0D) AS f, concat('s', id) AS s FROM range(0, 2000, 1, 3)) "
                + "GROUP BY k ORDER BY k";
        final List<Row> rows = DriverRows.of(spark().sql(q));
        assertEquals(0, generatedStagesOfTheLastRun());
        assertEquals(5, rows.size());
        assertEquals(rows, DriverRows.of(spark().sql(q), -1));
    }

    @Test
    void aQueryRunInterpretedCompilesNoExpression() {
        // Unique literals: code generated for them cannot come from Spark's cache of compiled classes.
        final long before = CodegenMetrics.METRIC_COMPILATION_TIME().getCount();
        DriverRows.of(spark().sql("SELECT id * 7919 + 104729 AS x FROM range(0, 10, 1, 1)"));
        assertEquals(before, CodegenMetrics.METRIC_COMPILATION_TIME().getCount(), "no projection compiled");
        DriverRows.of(spark().sql("SELECT id * 7919 + 104723 AS x FROM range(0, 10, 1, 1)"), -1);
        Assertions.assertTrue(CodegenMetrics.METRIC_COMPILATION_TIME().getCount() > before, "one compiled: -1");
    }

    @Test
    void aQueryThatCanMultiplyItsRowsKeepsGeneratedCode() {
        assertEquals(
                2000,
                DriverRows.of(spark().sql("SELECT explode(sequence(1, 2000)) AS x"))
                        .size());
        Assertions.assertTrue(generatedStagesOfTheLastRun() > 0, "a generator");
        assertEquals(
                44_850L,
                DriverRows.of(spark().sql("SELECT COUNT(*) FROM range(0, 300) a JOIN range(0, 300) b ON a.id < b.id"))
                        .get(0)
                        .getLong(0));
        Assertions.assertTrue(generatedStagesOfTheLastRun() > 0, "a join without an equality");
        assertEquals(
                299,
                DriverRows.of(
                                spark().sql(
                                                "SELECT a.id, b.id FROM range(0, 300) a JOIN range(0, 300) b ON a.id = b.id + 1 ORDER BY 1"))
                        .size());
        assertEquals(0, generatedStagesOfTheLastRun(), "a join on an equality, interpreted");
    }

    @Test
    void aQueryOverACachedDatasetKeepsTheSettingsItWasCachedUnder(@TempDir Path dir) {
        // A small Parquet table, cached: its cached plan's columnar scan asserts whole-stage code.
        final String small = dir.resolve("small").toString();
        spark().range(0, 30, 1, 2).selectExpr("id", "id % 3 AS k").write().parquet(small);
        final Dataset<Row> cached =
                spark().read().parquet(small).groupBy("k").count().persist();
        try {
            assertEquals(3, DriverRows.of(cached.orderBy("k")).size());
            Assertions.assertTrue(generatedStagesOfTheLastRun() > 0, "building it");
            final Dataset<Row> again = cached.where("k > 0").orderBy("k");
            Assertions.assertTrue(
                    DriverRows.readsCachedData(again.queryExecution().withCachedData()));
            assertEquals(
                    List.of(1L, 2L),
                    DriverRows.of(again).stream().map(r -> r.getLong(0)).toList());
            Assertions.assertTrue(generatedStagesOfTheLastRun() > 0, "built: still generated code");
        } finally {
            cached.unpersist(true);
        }
    }

    @Test
    void theSessionsSettingsAreAsBeforeAfterAQueryRunInterpretedEvenAFailedOne() {
        final RuntimeConfig conf = spark().conf();
        final String wholeStage = "spark.sql.codegen.wholeStage";
        final String factory = "spark.sql.codegen.factoryMode";
        final String wasWholeStage = conf.contains(wholeStage) ? conf.get(wholeStage) : null;
        final String wasFactory = conf.contains(factory) ? conf.get(factory) : null;
        try {
            // One set, one unset; then the other way round (defaults: true and FALLBACK).
            conf.set(wholeStage, "true");
            conf.unset(factory);
            runOneAndFailOne();
            assertEquals("true", conf.contains(wholeStage) ? conf.get(wholeStage) : null, "set before: as it was");
            Assertions.assertFalse(conf.contains(factory), "unset before: unset");
            conf.unset(wholeStage);
            conf.set(factory, "CODEGEN_ONLY");
            runOneAndFailOne();
            Assertions.assertFalse(conf.contains(wholeStage), "unset before: unset");
            assertEquals("CODEGEN_ONLY", conf.contains(factory) ? conf.get(factory) : null, "set before: as it was");
        } finally {
            restore(conf, wholeStage, wasWholeStage);
            restore(conf, factory, wasFactory);
        }
    }

    private void runOneAndFailOne() {
        assertEquals(
                7,
                DriverRows.of(spark().sql(String.format(Locale.ROOT, GROUPED, 10)))
                        .size());
        assertThrows(
                Exception.class,
                () -> DriverRows.of(spark().sql("SELECT IF(id = 5, raise_error('boom at five'), id) FROM range(10)")));
    }

    private static void restore(RuntimeConfig conf, String key, String value) {
        if (value == null) {
            conf.unset(key);
        } else {
            conf.set(key, value);
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
        return DriverRows.inputBytes(spark().sql(sql).queryExecution().withCachedData());
    }

    private static long parquetBytes(String dir) throws Exception {
        try (Stream<Path> files = Files.list(Path.of(dir))) {
            return files.filter(f -> f.getFileName().toString().endsWith(".parquet"))
                    .mapToLong(f -> new File(f.toString()).length())
                    .sum();
        }
    }

    private static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getClass().getName() + ": " + t.getMessage();
    }

    /** The stages of generated code in the plan the session ran last (adaptive plans: their final plan). */
    private int generatedStagesOfTheLastRun() {
        try {
            spark().sparkContext().listenerBus().waitUntilEmpty();
        } catch (TimeoutException e) {
            throw new AssertionError("the listeners did not hear of the query", e);
        }
        Assertions.assertFalse(ran.isEmpty(), "a query ran");
        return generatedStages(ran.get(ran.size() - 1).executedPlan());
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
