package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.jobs.hackenbush.HackenbushJob;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.schemas.DatasetSchema;
import org.gamecensus.schemas.cram.CramSchemas;
import org.gamecensus.schemas.hackenbush.HackenbushSchemas;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.junit.jupiter.api.Test;

/**
 * The columns a census's schema declares distinct (written without a dictionary) hold a
 * different value in every row of a small census: a column declared so wrongly would lose its
 * dictionary's compression and Spark's fast dictionary reads.
 */
class DistinctColumnsTest extends SparkCensusTest {

    private static void assertDistinct(DatasetSchema schema, Dataset<Row> rows) {
        assertFalse(schema.distinctColumns().isEmpty(), schema.table() + " declares a distinct column");
        final long n = rows.count();
        for (String column : schema.distinctColumns()) {
            assertEquals(n, rows.select(column).distinct().count(), schema.table() + "." + column + ": a value a row");
        }
    }

    @Test
    void aCramShapesPictureIsItsOwn() {
        assertDistinct(CramSchemas.SHAPES, CramJob.shapes(spark(), 8, 4));
    }

    @Test
    void aRootedTreesEncodingIsItsOwn() {
        assertDistinct(LumberjackSchemas.TREES, LumberjackJob.trees(spark(), 11, 4));
    }

    @Test
    void aMultigraphsEdgeListIsItsOwn() {
        assertDistinct(HackenbushSchemas.GRAPHS, HackenbushJob.graphs(spark(), 4, 6, 4));
    }
}
