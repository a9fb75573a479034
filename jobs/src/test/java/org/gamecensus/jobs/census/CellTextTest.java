package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CellTextTest extends SparkCensusTest {

    @Test
    void scalarsAreTheirTextBooleansYesOrNoAndNestedValuesJson() {
        final PublishedTable t = PublishedTable.of(
                "kinds",
                "Kinds",
                spark().sql("SELECT 7 AS i, 2.5D AS d, 'a\"b' AS s, true AS t, CAST(NULL AS INT) AS n, "
                        + "array(1, 2) AS arr, array('x', NULL) AS strs, map('k', CAST('NaN' AS DOUBLE)) AS m, "
                        + "named_struct('a', 1, 'b', array(false), 'c', date'2026-01-02') AS st, "
                        + "array(named_struct('p', 'tab\\there')) AS nested, unhex('00FF10') AS bytes, "
                        + "array(unhex('0A')) AS nested_bytes, CAST(1.50 AS DECIMAL(4, 2)) AS dec, "
                        + "array(CAST(0.25 AS FLOAT), CAST('-Infinity' AS DOUBLE)) AS floats, "
                        + "map(array(1, 2), 'x') AS array_key, map(named_struct('a', 1), 'y') AS struct_key, "
                        + "map(true, 1, false, 0) AS boolean_key, map(3, map('i', 'j')) AS int_key"),
                List.of());
        assertEquals(
                Arrays.asList(
                        "7",
                        "2.5",
                        "a\"b",
                        "yes",
                        null,
                        "[1, 2]",
                        "[\"x\", null]",
                        "{\"k\": \"NaN\"}",
                        "{\"a\": 1, \"b\": [false], \"c\": \"2026-01-02\"}",
                        "[{\"p\": \"tab\\u0009here\"}]",
                        "[00 FF 10]",
                        "[\"[0A]\"]",
                        "1.50",
                        "[0.25, \"-Infinity\"]",
                        "{\"[1, 2]\": \"x\"}",
                        "{\"{\\\"a\\\": 1}\": \"y\"}",
                        "{\"true\": 1, \"false\": 0}",
                        "{\"3\": {\"i\": \"j\"}}"),
                t.rows().get(0));
    }
}
