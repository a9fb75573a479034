package org.gamecensus.jobs.cram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.gamecensus.jobs.census.CensusFailure;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CramJobTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    private static Map<String, List<String>> bySize(PublishedTable t) {
        return t.rows().stream().collect(Collectors.toMap(r -> r.get(0), r -> r));
    }

    private static String cell(PublishedTable t, String size, String column) {
        return bySize(t).get(size).get(t.columns().indexOf(column));
    }

    @Test
    void theSizeEstimateIsCloseToTheCatalogue() {
        // The catalogue has 1,042 shapes to 8 squares and 174,036 to 12 (counted by the census).
        final double at8 = CramJob.estimatedShapes(8);
        final double at12 = CramJob.estimatedShapes(12);
        Assertions.assertTrue(Math.abs(at8 / 1042 - 1) < 0.1, "estimate to 8: " + at8);
        Assertions.assertTrue(Math.abs(at12 / 174_036 - 1) < 0.1, "estimate to 12: " + at12);
    }

    @Test
    void rowsDoNotDependOnThePartitionCount() {
        final Dataset<Row> one = CramJob.shapes(spark(), 7, 1);
        final Dataset<Row> five = CramJob.shapes(spark(), 7, 5);
        assertEquals(1 + 2 + 3 + 9 + 21 + 68 + 208, five.count());
        assertDataFrameNoOrderEquals(one, five);
    }

    @Test
    void theEssaysLaxFiguresAndTheStrictCorrection() {
        final Warehouse warehouse = new Warehouse(tmp);
        final CramJob.Summary summary = CramJob.census(spark(), warehouse, 8, 0);
        assertEquals(1042, summary.shapes());
        assertEquals(968, summary.firstPlayerWins());
        final List<PublishedTable> tables = CramTables.publish(spark(), warehouse, 8);
        final PublishedTable pairing = tables.get(0);
        assertEquals("cram_pairing", pairing.name());
        // The essay's figures, under its lax test.
        assertEquals("1042", cell(pairing, "total", "shapes"));
        assertEquals("968", cell(pairing, "total", "first_player_wins"));
        assertEquals("74", cell(pairing, "total", "second_player_wins"));
        assertEquals("12", cell(pairing, "total", "paired_lax"));
        assertEquals("288", cell(pairing, "total", "with_route_lax"));
        assertEquals("360", cell(pairing, "total", "route_moves_lax"));
        assertEquals("242", cell(pairing, "total", "one_route_lax"));
        assertEquals("479", cell(pairing, "total", "even_wins_no_route_lax"));
        assertEquals("852", cell(pairing, "total", "no_involution"));
        assertEquals("711", cell(pairing, "8", "first_player_wins"));
        // By even size: 8 of 8, 44 of 46, 236 of 711; odd sizes none.
        for (String[] s : new String[][] {{"4", "8", "8"}, {"6", "44", "46"}, {"8", "236", "711"}}) {
            assertEquals(s[1], cell(pairing, s[0], "with_route_lax"), "size " + s[0]);
            assertEquals(s[2], cell(pairing, s[0], "first_player_wins"), "size " + s[0]);
        }
        for (String odd : List.of("1", "3", "5", "7")) {
            assertEquals("0", cell(pairing, odd, "with_route_lax"));
        }
        // The strict test removes moves: fewer routes, all of them winning.
        Assertions.assertTrue(Integer.parseInt(cell(pairing, "total", "with_route_strict")) < 288);
        Assertions.assertTrue(Integer.parseInt(cell(pairing, "total", "route_moves_strict")) < 360);
        warehouse.registerViews(spark());
        assertEquals(
                0L,
                spark().sql("SELECT * FROM cram LATERAL VIEW explode(routes) t AS r "
                                + "WHERE r.strict AND r.remainder_grundy <> 0")
                        .count(),
                "every strict route wins");
        final long laxLosing = spark().sql("SELECT * FROM cram LATERAL VIEW explode(routes) t AS r "
                        + "WHERE outcome = 'N' AND NOT r.strict AND r.loses")
                .count();
        final PublishedTable losing = tables.stream()
                .filter(t -> t.name().equals("cram_lax_losing_moves"))
                .findFirst()
                .orElseThrow();
        assertEquals(laxLosing, losing.rows().size());
        Assertions.assertTrue(laxLosing > 0, "the erratum is real: some lax moves lose");
        final PublishedTable share = tables.stream()
                .filter(t -> t.name().equals("cram_route_share"))
                .findFirst()
                .orElseThrow();
        assertEquals(List.of("8", "711", "236", "33.2"), share.rows().get(3).subList(0, 4));
        // Two moves away at 8 squares (the kernel's moves match the plain definition shape by shape
        // in CramKernelTest): 725 shapes laxly, 14 of them second-player wins, 711 strictly.
        final PublishedTable twoMoves = tables.stream()
                .filter(t -> t.name().equals("cram_two_moves"))
                .findFirst()
                .orElseThrow();
        assertEquals("725", cell(twoMoves, "8", "two_moves_lax"));
        assertEquals("711", cell(twoMoves, "8", "two_moves_strict"));
        assertEquals("14", cell(twoMoves, "8", "second_player_wins_lax"));
        assertEquals("4396", cell(twoMoves, "8", "moves_lax"));
        assertEquals("2620", cell(twoMoves, "8", "moves_strict"));
        assertEquals("1776", cell(twoMoves, "8", "lax_moves_losing"));
        assertEquals("0", cell(twoMoves, "6", "two_moves_lax"));
        assertEquals(
                0L,
                spark().sql("SELECT * FROM cram LATERAL VIEW explode(two_moves) t AS m " + "WHERE m.strict AND m.loses")
                        .count(),
                "every strict two-moves-away move wins");
        final PublishedTable twoMovesLosing = tables.stream()
                .filter(t -> t.name().equals("cram_two_moves_losing"))
                .findFirst()
                .orElseThrow();
        assertEquals(1776, twoMovesLosing.rows().size());
        for (String name : List.of(
                "cram_pairing",
                "cram_lax_losing_moves",
                "cram_route_share",
                "cram_two_moves",
                "cram_two_moves_losing",
                "cram_hybrid",
                "cram_catalogue")) {
            Assertions.assertTrue(Files.isRegularFile(warehouse.tablesDir().resolve(name + ".csv")), name);
        }
    }

    @Test
    void aBrokenInvariantFailsTheCheck() {
        final Dataset<Row> rows = CramJob.shapes(spark(), 5, 2);
        CramJob.check(rows);
        final Dataset<Row> doctored = rows.withColumn(
                "violations",
                functions
                        .when(functions.col("picture").equalTo("##/##"), "odd shape with 1 route(s)")
                        .otherwise(functions.col("violations")));
        final CensusFailure failure = assertThrows(CensusFailure.class, () -> CramJob.check(doctored));
        Assertions.assertTrue(failure.getMessage().contains("##/##"), failure.getMessage());
    }

    @Test
    void theEssaysTablesKeepTheirSizeWhileTheRouteShareFollowsTheCensus() {
        final Warehouse warehouse = new Warehouse(tmp.resolve("trend"));
        CramJob.census(spark(), warehouse, 8, 0);
        final Map<String, PublishedTable> tables = CramTables.publish(spark(), warehouse, 6, 8).stream()
                .collect(Collectors.toMap(PublishedTable::name, t -> t));
        assertEquals(
                List.of("1", "2", "3", "4", "5", "6", "total"),
                tables.get("cram_pairing").rows().stream().map(r -> r.get(0)).toList());
        assertEquals(
                List.of("2", "4", "6", "8"),
                tables.get("cram_route_share").rows().stream()
                        .map(r -> r.get(0))
                        .toList(),
                "even sizes with first-player wins, to the census's size");
    }
}
