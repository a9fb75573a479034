package org.gamecensus.jobs.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.SliceCommit;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HexJobTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    @Test
    void rowsDoNotDependOnThePartitionCount() {
        final HexBoard b = new HexBoard(3, 3);
        final Dataset<Row> one = HexJob.positions(spark(), b, Side.ACROSS, 1);
        final Dataset<Row> many = HexJob.positions(spark(), b, Side.ACROSS, 9);
        assertDataFrameNoOrderEquals(one, many);
    }

    @Test
    void samplesDoNotDependOnThePartitionCount() {
        final HexBoard b = new HexBoard(3, 3);
        assertDataFrameNoOrderEquals(
                HexJob.sample(spark(), b, Side.DOWN, 200, 7, 1), HexJob.sample(spark(), b, Side.DOWN, 200, 7, 6));
    }

    @Test
    void emptyBoardWinners() {
        final Warehouse warehouse = new Warehouse(tmp);
        assertEquals(14, HexJob.emptyBoards(spark(), warehouse, 6), "r x c with r·c <= 6");
        final PublishedTable t = HexTables.publish(spark(), warehouse).stream()
                .filter(x -> x.name().equals("hex_empty_board"))
                .findFirst()
                .orElseThrow();
        final Map<String, String> winner = new HashMap<>();
        for (List<String> r : t.rows()) {
            winner.put(r.get(0) + "/" + r.get(1), r.get(2));
        }
        assertEquals("down", winner.get("2x2/down"));
        assertEquals("across", winner.get("2x2/across"));
        assertEquals("down", winner.get("2x3/across"), "the nearer edges win moving second");
        assertEquals("across", winner.get("3x2/down"));
        assertEquals("down", winner.get("1x6/across"), "one row: any Down stone joins top and bottom");
        assertEquals(28, t.rows().size());
    }

    @Test
    void thePotentialsRowsHaveTheirOwnPartitionsBesideTheCircuitRules() {
        final Warehouse warehouse = new Warehouse(tmp);
        final SliceCommit potential = HexJob.potentialDefender(6);
        assertEquals(
                List.of("2x2", "2x3", "3x2"),
                HexJob.boardsUpTo(6).stream().map(HexBoard::name).toList());
        potential.claim(warehouse);
        final SliceCommit.Timed t = potential.commit(spark(), warehouse, 0);
        assertEquals(3 * 2 * 3, t.rows(), "three boards, two first players, three tie policies");
        // The circuit rules' census of 2x3 writes its own partitions and leaves the potential's.
        HexJob.census(spark(), warehouse, new HexBoard(2, 3), Side.DOWN, 0);
        final List<Row> rows = spark().read()
                .parquet(warehouse.tablePath("hex_adversarial"))
                .groupBy("board", "rule")
                .count()
                .orderBy("board", "rule")
                .collectAsList();
        assertEquals(
                List.of("2x2/potential/6", "2x3/current/4", "2x3/potential/6", "2x3/ratio/4", "3x2/potential/6"),
                rows.stream()
                        .map(r -> r.getString(0) + "/" + r.getString(1) + "/" + r.getLong(2))
                        .toList());
        final PublishedTable table = HexTables.publish(spark(), warehouse).stream()
                .filter(x -> x.name().equals("hex_potential_defender"))
                .findFirst()
                .orElseThrow();
        assertEquals(
                List.of("board", "first", "side", "moving", "lowest", "defender_best", "opponent_pick", "losing_line"),
                table.columns());
        assertEquals(6, table.rows().size(), "a row per board and first player");
        // The side that wins the empty board, as hex_empty_board gives it: 2x3 goes to Down either way.
        table.rows().stream()
                .filter(r -> r.get(0).equals("2x3"))
                .forEach(r -> assertEquals("down", r.get(2), r.toString()));
        Assertions.assertThrows(UsageException.class, () -> HexJob.potentialDefender(21));
    }

    @Test
    void theCommittedRulesAreCheckedOnceABoardAndPublishedBesideTheRunningRule() throws Exception {
        final Warehouse warehouse = new Warehouse(tmp);
        final SliceCommit committed =
                HexJob.committedRules(List.of(new HexBoard(2, 3), new HexBoard(3, 2), new HexBoard(2, 3)));
        assertEquals(2 * 8, committed.ids().size(), "2x3 listed twice is checked once: 8 cases a board");
        assertEquals(2 * 4, committed.partitions().size(), "a partition per board, rule and variant");
        committed.claim(warehouse);
        assertEquals(16, committed.commit(spark(), warehouse, 0).rows());
        HexJob.census(spark(), warehouse, new HexBoard(2, 3), Side.DOWN, 0);
        final PublishedTable table = HexTables.publish(spark(), warehouse).stream()
                .filter(x -> x.name().equals("hex_committed"))
                .findFirst()
                .orElseThrow();
        assertEquals(8, table.rows().size(), "a row per board, first player and rule");
        // The running rule's verdict sits beside the committed ones where the board was censused.
        // (the census of 2x3 checks the running rules for both first players).
        table.rows().forEach(r -> assertEquals(r.get(0).equals("2x3") ? "yes" : null, r.get(5), r.toString()));
        Assertions.assertThrows(
                UsageException.class, () -> HexJob.committedRules(List.of(new HexBoard(4, 6))), "24 cells");
    }

    @Test
    void aTableWrittenUnderAnotherPartitionLayoutIsRefusedNotMixed() throws Exception {
        final Warehouse warehouse = new Warehouse(tmp);
        // hex_adversarial as schema version 1 left it: partitioned by board alone.
        final Path table = tmp.resolve("warehouse/hex_adversarial");
        Files.createDirectories(table);
        Files.writeString(
                table.resolve("_schema.json"),
                "{\"table\":\"hex_adversarial\",\"version\":1,\"partitionColumns\":[\"board\"],\"schema\":{}}\n");
        final UsageException e = Assertions.assertThrows(
                UsageException.class, () -> HexJob.potentialDefender(6).commit(spark(), warehouse, 0));
        Assertions.assertTrue(
                e.getMessage().contains("partitioned by board in this warehouse")
                        && e.getMessage().contains("partitioned by board,rule,variant"),
                e.getMessage());
    }

    @Test
    void threeByThreeAndThreeByFourTablesReproduceTheEssay() {
        final Warehouse warehouse = new Warehouse(tmp);
        HexJob.census(spark(), warehouse, new HexBoard(3, 3), Side.DOWN, 0);
        final HexJob.Summary s34 = HexJob.census(spark(), warehouse, new HexBoard(3, 4), Side.DOWN, 0);
        assertEquals(69_666, s34.winnable());
        HexJob.sampleCensus(spark(), warehouse, new HexBoard(3, 4), Side.DOWN, 300, 11, 0);
        final List<PublishedTable> tables = HexTables.publish(spark(), warehouse);
        final PublishedTable accuracy = tables.get(0);
        assertEquals("hex_accuracy", accuracy.name());
        assertEquals(List.of("3x3", "down"), accuracy.rows().get(0).subList(0, 2));
        assertEquals("55.0", accuracy.rows().get(0).get(4), "3x3 random");
        Assertions.assertTrue(Double.parseDouble(accuracy.rows().get(0).get(5)) > 98, "3x3 ratio above 98");
        Assertions.assertTrue(Double.parseDouble(accuracy.rows().get(0).get(6)) > 98, "3x3 current above 98");
        assertEquals(
                List.of("3x4", "down", "101243", "69666", "62.4", "99.1", "99.2"),
                accuracy.rows().get(1).subList(0, 7));
        assertEquals("potential_pct", accuracy.columns().get(7));
        final PublishedTable adversarial = tables.stream()
                .filter(t -> t.name().equals("hex_adversarial_table"))
                .findFirst()
                .orElseThrow();
        // 3x4: Down holds moving first, loses moving second (both rules, both variants); 3x3 holds.
        long holds =
                adversarial.rows().stream().filter(r -> r.get(5).equals("yes")).count();
        long loses =
                adversarial.rows().stream().filter(r -> r.get(5).equals("no")).count();
        assertEquals(12, holds);
        assertEquals(4, loses);
        adversarial.rows().stream().filter(r -> r.get(5).equals("no")).forEach(r -> {
            assertEquals("3x4", r.get(0));
            assertEquals("second", r.get(2));
        });
        final PublishedTable sample = tables.stream()
                .filter(t -> t.name().equals("hex_sample"))
                .findFirst()
                .orElseThrow();
        assertEquals("300", sample.rows().get(0).get(3));
        assertEquals("99.1", sample.rows().get(0).get(sample.columns().indexOf("census_ratio_pct")));
    }
}
