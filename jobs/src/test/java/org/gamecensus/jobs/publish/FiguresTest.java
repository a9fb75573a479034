package org.gamecensus.jobs.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.jobs.cram.CramTables;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.jobs.hex.HexTables;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.jobs.switching.SwitchingTables;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexExactSolver;
import org.gamecensus.kernel.switching.SwitchingHost;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the figures show, checked on their data rather than their pixels. */
class FiguresTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    /**
     * lumberjack_values: every size a column, in numeric order (sorted as text, 10 and 11 would
     * come before 2), and every tree counted once, in the cell of its size and value.
     */
    @Test
    void lumberjackValuesTakeEverySizeInNumericOrderAndCountEveryTree() {
        final Warehouse w = new Warehouse(tmp);
        LumberjackJob.census(spark(), w, 11, 0);
        w.registerViews(spark());
        spark().table("lumberjack").createOrReplaceTempView("lumberjack_run");
        final ShareHeatmap.Counts data = Figures.lumberjackValues(spark());
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), data.xs());
        assertEquals(0, data.ys().get(0));
        long total = 0;
        for (long[] column : data.counts()) {
            for (long c : column) {
                total += c;
            }
        }
        assertEquals(spark().table("lumberjack").count(), total);
        for (Row r : spark().sql("SELECT edges, grundy, COUNT(*) FROM lumberjack GROUP BY edges, grundy")
                .collectAsList()) {
            assertEquals(r.getLong(2), data.counts()[r.getInt(0)][r.getInt(1)], r.toString());
        }
    }

    /**
     * Every losing line of the circuit rules on 3×4 and 4×3 has its losing move marked: a move of
     * the rule's side, before which that side had a winning cell and after which the opponent
     * has one; the refutation is the reply that follows.
     */
    @Test
    void losingLinesMarkTheRulesLosingMoveAndItsRefutation() {
        final LosingMove where = new LosingMove();
        int lines = 0;
        for (String name : List.of("3x4", "4x3")) {
            final HexBoard board = HexBoard.parse(name);
            for (Row r : HexJob.adversarial(spark(), board)
                    .where("NOT holds")
                    .select("first", "side", "losing_line")
                    .collectAsList()) {
                final HexBoard.Side first = HexBoard.Side.parse(r.getString(0));
                final HexBoard.Side rule = HexBoard.Side.parse(r.getString(1));
                final int[] line = Arrays.stream(r.getString(2).split(" "))
                        .mapToInt(Integer::parseInt)
                        .toArray();
                final LosingMove.Marks marks = where.find(board, first, rule, line);
                Assertions.assertTrue(marks.losing() >= 0, name + " " + r);
                assertEquals(marks.losing() + 1, marks.refutation());
                final HexExactSolver solver = new HexExactSolver(board, first);
                int down = 0;
                int across = 0;
                for (int i = 0; i <= marks.losing(); i++) {
                    final HexBoard.Side mover = solver.mover(down, across);
                    if (i == marks.losing()) {
                        assertEquals(rule, mover, "the losing move is the rule's");
                        Assertions.assertTrue(solver.winningCells(down, across) != 0, "it had a win before");
                    }
                    if (mover == HexBoard.Side.DOWN) {
                        down |= 1 << line[i];
                    } else {
                        across |= 1 << line[i];
                    }
                }
                Assertions.assertTrue(solver.winnable(down, across), "the opponent wins after it");
                lines++;
            }
        }
        Assertions.assertTrue(lines >= 4, "losing lines checked: " + lines);
    }

    /**
     * hex_committed's bars are hex_adversarial's held cases, board by board, on the boards both
     * censused and checked (3×4, checked but not censused here, has no running rule to stand
     * beside, so no bars).
     */
    @Test
    void committedBarsCountTheCasesHeldOnBoardsCensusedAndChecked() {
        final Warehouse w = new Warehouse(tmp.resolve("committed"));
        for (HexBoard.Side first : HexBoard.Side.values()) {
            HexJob.census(spark(), w, new HexBoard(2, 3), first, 0);
            HexJob.census(spark(), w, new HexBoard(3, 3), first, 0);
        }
        HexJob.committedRules(List.of(new HexBoard(2, 3), new HexBoard(3, 3), new HexBoard(3, 4)))
                .commit(spark(), w, 0);
        w.registerViews(spark());
        final Map<String, Map<String, Number>> bars = Figures.committedHeld(spark());
        final String[] variants = {"plain", "committed", "committed-circuit"};
        int i = 0;
        for (Map<String, Number> series : bars.values()) {
            assertEquals(List.of("2x3", "3x3"), List.copyOf(series.keySet()));
            for (Map.Entry<String, Number> bar : series.entrySet()) {
                final long held = spark().sql("SELECT COUNT(*) FROM hex_adversarial WHERE board = '" + bar.getKey()
                                + "' AND variant = '" + variants[i] + "' AND rule IN ('ratio', 'current') AND holds")
                        .first()
                        .getLong(0);
                assertEquals(held, bar.getValue().longValue(), variants[i] + " " + bar.getKey());
            }
            i++;
        }
        assertEquals(3, i);
    }

    /** cram_two_moves' points are the published tables' shares, size by size. */
    @Test
    void cramSharesAreThoseOfTheTables() {
        final Warehouse w = new Warehouse(tmp.resolve("cram"));
        CramJob.census(spark(), w, 10, 0);
        final Map<String, PublishedTable> tables =
                CramTables.publish(spark(), w, 8, 10).stream().collect(Collectors.toMap(PublishedTable::name, t -> t));
        final Map<String, Map<Integer, Number>> reach = Figures.cramReach(spark());
        for (List<String> row : tables.get("cram_two_moves").rows()) {
            final int size = Integer.parseInt(row.get(0));
            final String pct = row.get(tables.get("cram_two_moves").columns().indexOf("share_strict_pct"));
            assertEquals(
                    Double.parseDouble(pct),
                    reach.get("two moves away, strict").get(size).doubleValue(),
                    0.05,
                    "two moves away at " + size);
        }
        for (List<String> row : tables.get("cram_route_share").rows()) {
            final int size = Integer.parseInt(row.get(0));
            final PublishedTable share = tables.get("cram_route_share");
            assertEquals(
                    Double.parseDouble(row.get(share.columns().indexOf("share_strict_pct"))),
                    reach.get("one move away, strict").get(size).doubleValue(),
                    0.05,
                    "one move away at " + size);
            assertEquals(
                    Double.parseDouble(row.get(share.columns().indexOf("share_lax_pct"))),
                    reach.get("one move away, lax").get(size).doubleValue(),
                    0.05,
                    "one move away, lax, at " + size);
        }
        assertEquals(
                List.of(2, 4, 6, 8, 10),
                List.copyOf(reach.get("two moves away, lax").keySet()));
    }

    /** switching_outcomes_K5's bars are switching_outcomes' row for K5, class by class, and sum to its subgraphs. */
    @Test
    void outcomeBarsAreTheOutcomesTableRow() {
        final Warehouse w = new Warehouse(tmp.resolve("switching"));
        SwitchingJob.census(spark(), w, SwitchingHosts.complete(5), 0);
        SwitchingJob.census(spark(), w, SwitchingHosts.complete(4), 0);
        final PublishedTable outcomes = SwitchingTables.publish(spark(), w).stream()
                .filter(t -> t.name().equals("switching_outcomes"))
                .findFirst()
                .orElseThrow();
        final Map<String, Map<String, Number>> bars = Figures.outcomeClasses(spark());
        assertEquals(List.of("K5"), List.copyOf(bars.keySet()), "K4's 64 subgraphs get no chart");
        final List<String> k5 = outcomes.rows().stream()
                .filter(r -> r.get(0).equals("K5"))
                .findFirst()
                .orElseThrow();
        long sum = 0;
        for (String outcome : List.of("L", "R", "N", "P")) {
            final Number bar = bars.get("K5").entrySet().stream()
                    .filter(e -> e.getKey().startsWith(outcome + " "))
                    .findFirst()
                    .orElseThrow()
                    .getValue();
            assertEquals(Long.parseLong(k5.get(outcomes.columns().indexOf(outcome))), bar.longValue(), outcome);
            sum += bar.longValue();
        }
        assertEquals(Long.parseLong(k5.get(outcomes.columns().indexOf("subgraphs"))), sum);
    }

    /**
     * hex_accuracy_by_board's points are the same doubles, to the bit, whatever the partitions:
     * the rows read in one partition, and in seven in the reverse order. A random cell's average
     * summed in doubles took its last bits from the order of the partial sums.
     */
    @Test
    void accuracyPointsDoNotDependOnThePartitions() {
        final Warehouse w = new Warehouse(tmp.resolve("partitions"));
        HexJob.census(spark(), w, new HexBoard(2, 4), HexBoard.Side.DOWN, 0);
        HexJob.census(spark(), w, new HexBoard(3, 3), HexBoard.Side.DOWN, 0);
        HexTables.publish(spark(), w);
        final Dataset<Row> hex = spark().table("hex");
        final List<Row> rows = hex.collectAsList();
        final List<Row> reversed = new ArrayList<>(rows);
        Collections.reverse(reversed);
        try {
            spark().createDataFrame(rows, hex.schema()).repartition(1).createOrReplaceTempView("hex");
            final Map<String, Map<String, Number>> one = Figures.accuracyByBoard(spark());
            spark().createDataFrame(reversed, hex.schema()).repartition(7).createOrReplaceTempView("hex");
            final Map<String, Map<String, Number>> seven = Figures.accuracyByBoard(spark());
            assertEquals(2, one.get("random").size(), "two boards");
            assertEquals(one, seven);
        } finally { // the other tests' views are their own
            spark().catalog().dropTempView("hex");
        }
    }

    /**
     * hex_accuracy_by_board's points are hex_accuracy's percentages (Down first), and
     * hex_accuracy_by_stones' are hex_by_stones', stone count by stone count.
     */
    @Test
    void accuracyPointsAreTheAccuracyTables() {
        final Warehouse w = new Warehouse(tmp.resolve("accuracy"));
        HexJob.census(spark(), w, new HexBoard(2, 3), HexBoard.Side.DOWN, 0);
        HexJob.census(spark(), w, new HexBoard(3, 3), HexBoard.Side.DOWN, 0);
        final Map<String, PublishedTable> tables =
                HexTables.publish(spark(), w).stream().collect(Collectors.toMap(PublishedTable::name, t -> t));
        final Map<String, Map<String, Number>> byBoard = Figures.accuracyByBoard(spark());
        final PublishedTable accuracy = tables.get("hex_accuracy");
        final String[][] columns = {
            {"random", "random_pct"},
            {"ratio rule", "ratio_pct"},
            {"current rule", "current_pct"},
            {"Erdős–Selfridge potential", "potential_pct"}
        };
        int checked = 0;
        for (List<String> row : accuracy.rows()) {
            for (String[] c : columns) {
                assertEquals(
                        Double.parseDouble(row.get(accuracy.columns().indexOf(c[1]))),
                        byBoard.get(c[0]).get(row.get(0)).doubleValue(),
                        0.05,
                        row.get(0) + " " + c[0]);
                checked++;
            }
        }
        assertEquals(8, checked, "two boards, four series");
        final PublishedTable byStones = tables.get("hex_by_stones");
        for (List<String> row : byStones.rows()) {
            final Map<String, Map<Integer, Number>> points = Figures.accuracyByStones(spark(), row.get(0));
            final int stones = Integer.parseInt(row.get(byStones.columns().indexOf("stones")));
            assertEquals(
                    Double.parseDouble(row.get(byStones.columns().indexOf("ratio_pct"))),
                    points.get("ratio rule").get(stones).doubleValue(),
                    0.05,
                    row.toString());
            assertEquals(
                    Double.parseDouble(row.get(byStones.columns().indexOf("potential_pct"))),
                    points.get("Erdős–Selfridge potential").get(stones).doubleValue(),
                    0.05,
                    row.toString());
        }
    }

    /**
     * lumberjack_tuft_example starts from the smallest tree of the census with four vertices of
     * degree ≥ 3 and value 4 and ends, tuft by tuft, at the stalk of height 4 (the same value).
     */
    @Test
    void theTuftExampleEndsAtAStalkOfItsTreesValue() {
        final Warehouse w = new Warehouse(tmp.resolve("tuft"));
        LumberjackJob.census(spark(), w, 12, 0);
        w.registerViews(spark());
        spark().table("lumberjack").createOrReplaceTempView("lumberjack_run");
        final List<String> trees = Figures.tuftExample(spark());
        Assertions.assertTrue(trees.size() > 2, "a reduction in steps: " + trees);
        final Row first = spark().sql(
                        "SELECT encoding, grundy, branch_vertices, edges FROM lumberjack WHERE encoding = '"
                                + trees.get(0) + "'")
                .first();
        assertEquals(4, first.getInt(1));
        assertEquals(4, first.getInt(2));
        assertEquals(
                0L,
                spark().sql("SELECT * FROM lumberjack WHERE branch_vertices = 4 AND grundy = 4 AND edges < "
                                + first.getInt(3))
                        .count(),
                "the smallest such tree");
        assertEquals("(".repeat(5) + ")".repeat(5), trees.get(trees.size() - 1), "a stalk of height 4");
    }

    /**
     * A Bridg-It graph is drawn on its board's lines: each link of the host the census decides
     * joins two inner dots one cell apart (a bridge), or s to the first inner column, or the last
     * inner column to t; and the picture ends just past t (or its title), with no band beside it.
     */
    @Test
    void bridgitGraphsLieOnTheirBoardsAndArePictureWide() {
        for (int n = 2; n <= 4; n++) {
            final SwitchingHost host = SwitchingHosts.bridgit(n);
            final double[][] at = BridgitDrawing.graphPositions(n);
            assertEquals(host.vertexCount(), at.length, "a position for every vertex");
            // s and t where the home columns were, halfway down.
            Assertions.assertArrayEquals(new double[] {0, n / 2.0}, at[0], 1e-9, "s");
            Assertions.assertArrayEquals(new double[] {n, n / 2.0}, at[1], 1e-9, "t");
            for (String link : host.linksText().split(" ")) {
                final String[] e = link.split("-");
                final int u = Integer.parseInt(e[0]);
                final int v = Integer.parseInt(e[1]);
                final double[] a = at[u];
                final double[] b = at[v];
                if (u >= 2 && v >= 2) {
                    assertEquals(1.0, Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]), 1e-9, "a bridge: " + link);
                } else {
                    final double[] end = u < 2 ? b : a;
                    assertEquals(Math.min(u, v) == 0 ? 1.0 : n - 1.0, end[0], 1e-9, "a home link: " + link);
                }
            }
            final Picture p = BridgitDrawing.draw(n, host.linksText(), "whoever starts wins");
            final double t = 30 + (n + 2) * 48 + n * 48; // the board's left margin, the board and the gap, the graph
            Assertions.assertTrue(p.width() >= t + 12, "t and its label inside: " + p.width());
            Assertions.assertTrue(
                    p.width()
                            <= Math.max(
                                            t + 30,
                                            20
                                                    + FigureTheme.textWidth(
                                                            FigureTheme.TITLE,
                                                            "Bridg-It " + n + "×" + (n + 1)
                                                                    + " and its switching graph: whoever starts wins"))
                                    + 1,
                    "no band past t: " + p.width());
        }
    }

    /** A losing line's picture is as wide as its rhombus (or its text), not a fixed 560 px. */
    @Test
    void aLosingLineIsCroppedToItsBoard() {
        final Picture p = HexLineDrawing.draw(
                new String[] {"3x4", "x"}, 3, 4, new int[] {0, 1}, true, new LosingMove.Marks(-1, -1));
        final double cell = Math.sqrt(3) * 24;
        final double rhombus = 30 + cell * (4 + (3 - 1) / 2.0) + 20;
        final double legend = 20
                + FigureTheme.textWidth(
                        FigureTheme.SMALL,
                        "black ring: the rule's losing move;" + " yellow ring: the reply that refutes it");
        assertEquals(Math.ceil(Math.max(rhombus, legend)), p.width(), 1.0);
        Assertions.assertTrue(p.width() < 560, "narrower than the old fixed width: " + p.width());
    }

    /**
     * A numeric x axis puts each point at its value: with x = 0, 2, 3 the gap from 0 to 2 is twice
     * the gap from 2 to 3 (a category axis spaces them evenly, hiding the missing 1).
     */
    @Test
    void numericLinesSpaceThePointsByTheirValues() {
        final Map<Integer, Number> points = new LinkedHashMap<>();
        points.put(0, 50);
        points.put(2, 60);
        points.put(3, 70);
        final String svg =
                Charts.numericLines("t", "x", "y", Map.of("s", points)).svg();
        // JFreeSVG draws a point's circle as a path of curves from its rightmost point; the
        // legend's marker sits below the plot.
        final List<Double> xs = new ArrayList<>();
        final Matcher m = Pattern.compile("<path d='M([0-9.]+),([0-9.]+)C").matcher(svg);
        while (m.find()) {
            final double x = Double.parseDouble(m.group(1));
            if (Double.parseDouble(m.group(2)) < Charts.HEIGHT - 60 && !xs.contains(x)) {
                xs.add(x);
            }
        }
        assertEquals(3, xs.size(), "three points drawn: " + xs);
        xs.sort(null);
        final double first = xs.get(1) - xs.get(0);
        final double second = xs.get(2) - xs.get(1);
        assertEquals(2 * second, first, 0.5, "x positions " + xs);
    }
}
