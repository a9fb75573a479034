package org.gamecensus.jobs.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.gamecensus.jobs.census.Manifests;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.schemas.hex.HexSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The layered solve on Spark against the table solve, row for row (both move orders and four
 * boards are checked in memory by the kernel's test).
 */
class HexLayeredSolveTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    private Dataset<Row> hex(Warehouse w, HexBoard board, String first) {
        return spark().read().parquet(w.tablePath("hex"))
                .where(functions.col("board").equalTo(board.name()).and(functions.col("first").equalTo(first)));
    }

    @Test
    void layersAndTableAgreeRowForRowOn3x4() {
        final HexBoard board = new HexBoard(3, 4);
        final Warehouse table = new Warehouse(tmp.resolve("table"));
        HexJob.census(spark(), table, board, HexBoard.Side.DOWN, 0);
        final Warehouse layers = new Warehouse(tmp.resolve("layers"));
        final HexJob.LayeredSummary summary = HexJob.censusByLayers(spark(), layers, board, HexBoard.Side.DOWN, 0);
        assertEquals(12, summary.layers().size(), "one layer per stone count 0..11");
        long positions = 0;
        for (HexLayeredSolve.Layer l : summary.layers()) {
            positions += l.positions();
        }
        final Dataset<Row> expected = hex(table, board, "down");
        assertEquals(expected.count(), positions, "the layers hold every live position");
        assertEquals(expected.count(), summary.census().positions());
        // Every column: the exact verdict, and the rules graded against it.
        assertDataFrameNoOrderEquals(expected, hex(layers, board, "down"));
        assertEquals(List.of(), Manifests.verify(spark(), layers, HexSchemas.ALL, new java.util.ArrayList<>()));
    }
}
