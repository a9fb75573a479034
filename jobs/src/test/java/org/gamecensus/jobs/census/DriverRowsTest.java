package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.api.java.UDF1;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.DataTypes;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import scala.math.BigInt;

class DriverRowsTest extends SparkCensusTest {

    /** A column of every type the tables, figures, claims and queries collect, nulls among them. */
    private static final String EVERY_TYPE = "SELECT id, CAST(id AS INT) AS i, CAST(id AS SMALLINT) AS s, "
            + "IF(id % 3 = 0, NULL, concat('row ', id, ' é')) AS text, id % 2 = 0 AS even, "
            + "ROUND(100 * id / 7, 1) AS pct, CAST(id / 3 AS DECIMAL(10, 4)) AS dec, "
            + "IF(id = 2, NULL, sequence(0, id)) AS ints, map('k', id) AS m, named_struct('a', id, 'b', 'x') AS st, "
            + "date_add(DATE'2026-01-01', CAST(id AS INT)) AS day, CAST(NULL AS DOUBLE) AS nothing "
            + "FROM range(0, 40, 1, 3) ORDER BY id DESC";

    @Test
    void givesTheRowsCollectGivesOfEveryTypeInOrderInterpreted() {
        Assertions.assertTrue(small(EVERY_TYPE), "a small query, run interpreted");
        givesTheRowsCollectGives(DriverRows.INTERPRETED_BYTES);
    }

    @Test
    void givesTheRowsCollectGivesOfEveryTypeInOrderCompiled() {
        givesTheRowsCollectGives(-1);
    }

    private void givesTheRowsCollectGives(long interpretedBytes) {
        final List<Row> expected = spark().sql(EVERY_TYPE).collectAsList();
        final List<Row> actual = DriverRows.of(spark().sql(EVERY_TYPE), interpretedBytes);
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

    @Test
    void onlyQueriesWhoseEveryStepIsSmallRunInterpreted() {
        Assertions.assertTrue(small("SELECT id % 7 AS k, COUNT(*) FROM range(1000) GROUP BY k ORDER BY k"));
        assertFalse(small("SELECT id % 7 AS k, COUNT(*) FROM range(10000000) GROUP BY k"), "a large input");
        assertFalse(
                small("SELECT COUNT(*) FROM range(100000) a JOIN range(100000) b ON a.id % 10 = b.id % 10"),
                "two small inputs, a join estimated at their product");
        assertFalse(small("SELECT explode(sequence(0, 100000000))"), "a generator's rows are not estimated");
        assertFalse(small("SELECT (SELECT MAX(id) FROM range(100000000)) AS m"), "a large subquery");
    }

    @Test
    void aSmallQuerysTasksRunInterpretedAndTheSessionsSettingsAreRestored() {
        spark().udf()
                .register(
                        "factory_mode",
                        (UDF1<Long, String>)
                                x -> SQLConf.get().getConfString("spark.sql.codegen.factoryMode", "FALLBACK"),
                        DataTypes.StringType);
        final String q = "SELECT DISTINCT factory_mode(id) FROM range(10)";
        assertEquals("NO_CODEGEN", DriverRows.of(spark().sql(q)).get(0).getString(0), "in the tasks");
        assertEquals("FALLBACK", DriverRows.of(spark().sql(q), -1).get(0).getString(0), "not small");
        assertFalse(spark().conf().getAll().contains("spark.sql.codegen.wholeStage"), "unset again");
        assertFalse(spark().conf().getAll().contains("spark.sql.codegen.factoryMode"), "unset again");
        spark().conf().set("spark.sql.codegen.wholeStage", "true");
        try {
            DriverRows.of(spark().sql(q));
            assertEquals("true", spark().conf().get("spark.sql.codegen.wholeStage"), "a setting of the session's kept");
        } finally {
            spark().conf().unset("spark.sql.codegen.wholeStage");
        }
    }

    private boolean small(String query) {
        return DriverRows.small(
                spark().sql(query).queryExecution().optimizedPlan(), BigInt.apply(DriverRows.INTERPRETED_BYTES));
    }

    private static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getClass().getName() + ": " + t.getMessage();
    }
}
