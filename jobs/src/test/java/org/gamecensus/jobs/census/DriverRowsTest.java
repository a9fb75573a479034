package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.NoSuchElementException;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.junit.jupiter.api.Test;

class DriverRowsTest extends SparkCensusTest {

    /** A column of every type the tables, figures, claims and queries collect, nulls among them. */
    private static final String EVERY_TYPE = "SELECT id, CAST(id AS INT) AS i, CAST(id AS SMALLINT) AS s, "
            + "IF(id % 3 = 0, NULL, concat('row ', id, ' é')) AS text, id % 2 = 0 AS even, "
            + "ROUND(100 * id / 7, 1) AS pct, CAST(id / 3 AS DECIMAL(10, 4)) AS dec, "
            + "IF(id = 2, NULL, sequence(0, id)) AS ints, map('k', id) AS m, named_struct('a', id, 'b', 'x') AS st, "
            + "date_add(DATE'2026-01-01', CAST(id AS INT)) AS day, CAST(NULL AS DOUBLE) AS nothing "
            + "FROM range(0, 40, 1, 3) ORDER BY id DESC";

    @Test
    void givesTheRowsCollectGivesOfEveryTypeInOrder() {
        final Dataset<Row> rows = spark().sql(EVERY_TYPE);
        final List<Row> expected = rows.collectAsList();
        final List<Row> actual = DriverRows.of(rows);
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

    private static String rootMessage(Throwable t) {
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getClass().getName() + ": " + t.getMessage();
    }
}
