package org.gamecensus.jobs.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.gamecensus.jobs.census.CensusFailure;
import org.gamecensus.jobs.census.Manifests;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.schemas.hex.HexSchemas;
import org.junit.jupiter.api.Assertions;
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
        return spark().read()
                .parquet(w.tablePath("hex"))
                .where(functions
                        .col("board")
                        .equalTo(board.name())
                        .and(functions.col("first").equalTo(first)));
    }

    /** The stone counts of the layers committed to {@code w}'s hex_layers, from the last. */
    private List<Integer> committedLayers(Warehouse w) {
        return spark().read()
                .parquet(w.tablePath("hex_layers"))
                .select("stones")
                .distinct()
                .orderBy(functions.desc("stones"))
                .as(Encoders.INT())
                .collectAsList();
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
        assertEquals(
                List.of(), Manifests.verify(spark(), layers, HexSchemas.ALL).problems());
        assertFalse(Files.exists(tmp.resolve("layers/warehouse/_chunks")), "a finished run leaves no run state");
    }

    @Test
    void anEmptyBoardVerdictAgainstTheSearchPublishesNothingOfIt() {
        final HexBoard board = new HexBoard(2, 2);
        final Warehouse layers = new Warehouse(tmp.resolve("layers22"));
        // 2x2, Down first: the first player wins the empty board; say the search found it lost.
        final CensusFailure failure = assertThrows(
                CensusFailure.class, () -> HexLayeredSolve.solve(spark(), layers, board, HexBoard.Side.DOWN, 0, false));
        Assertions.assertTrue(
                failure.getMessage().contains("empty boards whose verdict differs"), failure.getMessage());
        assertFalse(layers.has("hex"), "nothing of hex published");
        assertEquals(List.of(3, 2, 1), committedLayers(layers), "the empty board's layer is not published");
    }

    @Test
    void aStoppedRunKeepsItsLayersAndTheRerunEqualsTheTable() throws IOException {
        final HexBoard board = new HexBoard(3, 3);
        final Warehouse table = new Warehouse(tmp.resolve("table33"));
        HexJob.census(spark(), table, board, HexBoard.Side.ACROSS, 0);
        final Warehouse layers = new Warehouse(tmp.resolve("layers33"));
        spark().conf().set(HexLayeredSolve.STOP_AFTER, "4");
        try {
            assertThrows(
                    CensusFailure.class, () -> HexJob.censusByLayers(spark(), layers, board, HexBoard.Side.ACROSS, 0));
        } finally {
            spark().conf().unset(HexLayeredSolve.STOP_AFTER);
        }
        assertEquals(List.of(8, 7, 6, 5), committedLayers(layers), "four layers committed");
        assertFalse(layers.has("hex"), "nothing of hex published");
        // A layer whose hex_layers partition is gone is settled again, even though its rows of hex are kept.
        final Path layer5 = tmp.resolve("layers33/warehouse/hex_layers/board=3x3/first=across/stones=5");
        try (var files = Files.list(layer5)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        final HexJob.LayeredSummary resumed = HexJob.censusByLayers(spark(), layers, board, HexBoard.Side.ACROSS, 0);
        assertEquals(
                List.of(8, 7, 6),
                resumed.layers().stream()
                        .filter(HexLayeredSolve.Layer::resumed)
                        .map(HexLayeredSolve.Layer::stones)
                        .toList(),
                "the three intact kept");
        assertDataFrameNoOrderEquals(hex(table, board, "across"), hex(layers, board, "across"));
        assertEquals(
                List.of(), Manifests.verify(spark(), layers, HexSchemas.ALL).problems());
        // Finished: no run state is left, so the next run settles every layer afresh.
        assertFalse(Files.exists(tmp.resolve("layers33/warehouse/_chunks")), "the finished run's state is gone");
        final HexJob.LayeredSummary again = HexJob.censusByLayers(spark(), layers, board, HexBoard.Side.ACROSS, 0);
        assertEquals(
                0,
                again.layers().stream().filter(HexLayeredSolve.Layer::resumed).count(),
                "all afresh");
        assertDataFrameNoOrderEquals(hex(table, board, "across"), hex(layers, board, "across"));
    }
}
