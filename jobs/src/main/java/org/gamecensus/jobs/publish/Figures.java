package org.gamecensus.jobs.publish;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.DriverRows;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.lumberjack.RootedTree;
import org.gamecensus.kernel.lumberjack.TuftPrinciple;

/**
 * The essays' figures, redrawn from the warehouse (never recomputed) into {@code figures/}, as SVG with a PNG copy: each
 * method reads rows with Spark SQL and hands them to one drawing class. Returns the figures
 * written, as (file name, caption), for the index page.
 */
public final class Figures {

    /** A written figure. */
    public record Figure(String census, String file, String caption) {}

    private Figures() {}

    /**
     * Draws every figure whose views are present and writes each as SVG with a PNG copy into
     * {@code dir}. Figures an earlier publish drew and this one does not are removed by the
     * publication this one commits ({@code Publication}).
     */
    public static List<Figure> draw(SparkSession spark, List<String> views, Path dir) {
        final Map<String, Picture> pictures = new LinkedHashMap<>();
        final List<Figure> figures = draw(spark, views, pictures);
        pictures.forEach((file, picture) -> Svg.write(dir.resolve(file), picture));
        return figures;
    }

    /** Draws every figure whose views are present, into {@code sink} keyed by file name; writes nothing. */
    static List<Figure> draw(SparkSession spark, List<String> views, Map<String, Picture> sink) {
        final List<Figure> out = new ArrayList<>();
        if (views.contains("switching") && views.contains("switching_hosts")) {
            switching(spark, sink, out);
        }
        if (views.contains("switching_hosts") && views.contains("switching_decided")) {
            bridgit(spark, sink, out);
        }
        if (views.contains("cram")) {
            cram(spark, sink, out);
        }
        if (views.contains("hex")) {
            hexByBoard(spark, sink, out);
            hexByStones(spark, sink, out);
        }
        if (views.contains("hex_adversarial")) {
            hexCommitted(spark, sink, out);
            hexLosingLines(spark, sink, out);
        }
        if (views.contains("lumberjack")) {
            lumberjack(spark, sink, out);
        }
        return out;
    }

    private static void switching(SparkSession spark, Map<String, Picture> sink, List<Figure> out) {
        for (Row r : DriverRows.of(
                spark.sql(
                        "SELECT h.host, h.vertices, h.s, h.t, h.link_list, s.outcome, s.tree_a, s.tree_b "
                                + "FROM switching_hosts h JOIN switching s ON s.host = h.host AND s.links = h.links ORDER BY h.links, h.host"))) {
            final String host = r.getString(0);
            final int n = r.getInt(1);
            final String verdict = switch (r.getString(5)) {
                case "L" -> "Short wins whoever starts";
                case "R" -> "Cut wins whoever starts";
                case "N" -> "whoever starts wins";
                default -> "whoever moves second wins";
            };
            final String file = "switching_" + safe(host) + ".svg";
            final double[][] at = HostLayout.of(n, r.getInt(2), r.getInt(3), links(r.getString(4)), 420, 30, 320);
            // Cropped to the drawing: below its lowest vertex, room for the trees' legend.
            double bottom = 0;
            for (double[] p : at) {
                bottom = Math.max(bottom, p[1]);
            }
            sink.put(
                    file,
                    HostGraphDrawing.draw(
                            host + ": " + verdict,
                            r.getString(4),
                            r.getInt(2),
                            r.getInt(3),
                            at,
                            r.isNullAt(6) ? null : r.getLong(6),
                            r.isNullAt(7) ? null : r.getLong(7),
                            420,
                            (int) Math.ceil(bottom) + (r.isNullAt(6) ? 24 : 56)));
            out.add(new Figure(
                    "switching",
                    file,
                    host + " with s and t marked; " + verdict
                            + (r.isNullAt(6) ? "" : "; the criterion's two spanning trees in blue and orange")));
        }
        for (Map.Entry<String, Map<String, Number>> e : outcomeClasses(spark).entrySet()) {
            final Map<String, Number> bars = e.getValue();
            long subgraphs = 0;
            for (Number n : bars.values()) {
                subgraphs += n.longValue();
            }
            final String host = e.getKey();
            final String file = "switching_outcomes_" + safe(host) + ".svg";
            sink.put(
                    file,
                    Charts.bars(
                            "Outcome classes of the " + subgraphs + " subgraphs of " + host,
                            "outcome",
                            "subgraphs",
                            Map.of("subgraphs", bars),
                            false));
            out.add(new Figure(
                    "switching",
                    file,
                    "The outcome classes of every subgraph of " + host
                            + ": Short wins whoever starts (L), Cut does (R), the first player does (N), the second"
                            + " (P); look for which classes are empty"));
        }
    }

    /** What switching_outcomes_HOST shows: for each host censused whole (1,024 subgraphs or more), its subgraphs by class. */
    static Map<String, Map<String, Number>> outcomeClasses(SparkSession spark) {
        final Map<String, Map<String, Number>> hosts = new LinkedHashMap<>();
        for (Row r : DriverRows.of(spark.sql("SELECT host, SUM(IF(outcome = 'L', 1, 0)), SUM(IF(outcome = 'R', 1, 0)), "
                + "SUM(IF(outcome = 'N', 1, 0)), SUM(IF(outcome = 'P', 1, 0)) FROM switching GROUP BY host "
                + "HAVING COUNT(*) >= 1024 ORDER BY host"))) {
            final Map<String, Number> bars = new LinkedHashMap<>();
            bars.put("L (Short)", r.getLong(1));
            bars.put("R (Cut)", r.getLong(2));
            bars.put("N (first mover)", r.getLong(3));
            bars.put("P (second mover)", r.getLong(4));
            hosts.put(r.getString(0), bars);
        }
        return hosts;
    }

    private static void bridgit(SparkSession spark, Map<String, Picture> sink, List<Figure> out) {
        final List<Row> rows = DriverRows.of(
                spark.sql(
                        "SELECT h.host, h.link_list, d.criterion_outcome FROM switching_hosts h "
                                + "JOIN switching_decided d ON d.host = h.host WHERE h.host LIKE 'bridgit:%' ORDER BY h.links"));
        for (Row r : rows) {
            final int n = Integer.parseInt(r.getString(0).substring("bridgit:".length()));
            if (n < 2 || n > 4) {
                continue;
            }
            final String file = "switching_bridgit_" + n + ".svg";
            sink.put(
                    file,
                    BridgitDrawing.draw(
                            n, r.getString(1), "N".equals(r.getString(2)) ? "whoever starts wins" : r.getString(2)));
            out.add(new Figure(
                    "switching",
                    file,
                    "The Bridg-It board " + n + "×" + (n + 1)
                            + " (Short's dots black, Cut's vermillion) and the switching graph it is: each inner"
                            + " dot of Short's a vertex, each home column merged into s or t"));
        }
    }

    private static void cram(SparkSession spark, Map<String, Picture> sink, List<Figure> out) {
        final List<ShapeDrawing.Shape> shapes = new ArrayList<>();
        for (Row r :
                DriverRows.of(spark.sql("SELECT picture, routes FROM cram_run WHERE outcome = 'N' AND routes_lax > 0 "
                        + "ORDER BY squares, shape_id"))) {
            final List<int[]> routes = new ArrayList<>();
            for (Row d : r.<Row>getList(1)) {
                routes.add(new int[] {
                    d.getInt(0), d.getInt(1), d.getInt(2), d.getInt(3), d.getBoolean(4) ? 1 : 0, d.getBoolean(6) ? 1 : 0
                });
            }
            shapes.add(new ShapeDrawing.Shape(r.getString(0), routes));
        }
        // Pages of small multiples a screen shows whole: 8 across, 6 down.
        final int perPage = ShapeDrawing.COLUMNS * ShapeDrawing.ROWS;
        final int pages = (shapes.size() + perPage - 1) / perPage;
        for (int page = 0; page < pages; page++) {
            final int from = page * perPage;
            final int to = Math.min(shapes.size(), from + perPage);
            final String file = "cram_routes_" + (page + 1) + ".svg";
            sink.put(
                    file,
                    ShapeDrawing.draw(
                            "First-player wins with a route to a pairing: " + (from + 1) + "–" + to + " of "
                                    + shapes.size() + " shapes",
                            shapes.subList(from, to)));
            out.add(new Figure(
                    "cram",
                    file,
                    "First-player wins with a route one move from a pairing, page " + (page + 1) + " of " + pages
                            + " (smallest shapes first): look for the dashed red dominoes, lax routes that lose"
                            + " because the remainder keeps a domino its half-turn maps onto itself"));
        }
        final Map<Integer, Number> lax = new LinkedHashMap<>();
        final Map<Integer, Number> strict = new LinkedHashMap<>();
        for (Row r : DriverRows.of(spark.sql("SELECT squares, 100 * SUM(IF(routes_lax > 0, 1, 0)) / COUNT(*), "
                + "100 * SUM(IF(routes_strict > 0, 1, 0)) / COUNT(*) FROM cram_trend WHERE outcome = 'N' AND squares % 2 = 0 "
                + "GROUP BY squares ORDER BY squares"))) {
            lax.put(r.getInt(0), r.getDouble(1));
            strict.put(r.getInt(0), r.getDouble(2));
        }
        final Map<String, Map<Integer, Number>> series = new LinkedHashMap<>();
        series.put("lax test (the essay's)", lax);
        series.put("strict test", strict);
        sink.put(
                "cram_route_share.svg",
                Charts.numericLines("Even first-player wins with a route to a pairing", "squares", "per cent", series));
        out.add(new Figure(
                "cram",
                "cram_route_share.svg",
                "The share of even first-player wins with a route, by size, lax and strict: look at how the"
                        + " share changes as shapes grow beyond the essay's eight squares, and at the gap between"
                        + " the lax test (the essay's) and the strict one"));
        final Map<String, Map<Integer, Number>> reach = cramReach(spark);
        sink.put(
                "cram_two_moves.svg",
                Charts.numericLines(
                        "Even first-player wins one and two moves from a pairing", "squares", "per cent", reach));
        out.add(new Figure(
                "cram",
                "cram_two_moves.svg",
                "The share of even first-player wins with a move to a pairing (one move away) and with a move"
                        + " after which every reply leaves one (two moves away), by size, strict and lax: look at"
                        + " the sizes where two moves away reaches shapes one move away does not"));
    }

    /** Accuracy against board size: random, the circuit rules and the potential on every board censused, Down first. */
    private static void hexByBoard(SparkSession spark, Map<String, Picture> sink, List<Figure> out) {
        final Map<String, Map<String, Number>> series = accuracyByBoard(spark);
        if (series.get("random").size() < 2) {
            return;
        }
        sink.put(
                "hex_accuracy_by_board.svg",
                Charts.lines(
                        "Hex (Down first): winning picks by board, smallest first",
                        "board",
                        "per cent of winnable positions",
                        series));
        out.add(new Figure(
                "hex",
                "hex_accuracy_by_board.svg",
                "Accuracy against board size: a random empty cell, the two circuit rules and the potential,"
                        + " Down first: look at whether each rule's lead over a random cell holds as boards grow"));
    }

    /**
     * What hex_accuracy_by_board shows: per board (smallest first), Down first, the per cent of
     * winnable positions where a random cell (on average), each circuit rule and the potential win.
     * The random cell's average is a sum of decimal quotients (each a whole-number total by empty
     * cells over their count, to 21 places; the cast holds totals below 10^12), so no order of the
     * rows, which partitions set, moves its last bits; the other sums are whole numbers.
     */
    static Map<String, Map<String, Number>> accuracyByBoard(SparkSession spark) {
        final Map<String, Map<String, Number>> series = new LinkedHashMap<>();
        for (String rule : List.of("random", "ratio rule", "current rule", "Erdős–Selfridge potential")) {
            series.put(rule, new LinkedHashMap<>());
        }
        for (Row r : DriverRows.of(
                spark.sql("SELECT board, 100 * CAST(SUM(CAST(w AS DECIMAL(22, 10)) / e) / SUM(n) AS DOUBLE), "
                        + "100 * (SUM(ratio) / SUM(n)), 100 * (SUM(current) / SUM(n)), 100 * (SUM(potential) / SUM(n)) "
                        + "FROM (SELECT board, empty_cells AS e, COUNT(*) AS n, SUM(winning_count) AS w, "
                        + "SUM(IF(ratio_wins, 1, 0)) AS ratio, SUM(IF(current_wins, 1, 0)) AS current, "
                        + "SUM(IF(potential_wins, 1, 0)) AS potential FROM hex WHERE first = 'down' AND winnable "
                        + "GROUP BY board, empty_cells) GROUP BY board "
                        + "ORDER BY CAST(split(board, 'x')[0] AS INT) * CAST(split(board, 'x')[1] AS INT), board"))) {
            int i = 1;
            for (Map<String, Number> s : series.values()) {
                s.put(r.getString(0), r.getDouble(i++));
            }
        }
        return series;
    }

    /** What hex_accuracy_by_stones_BOARD shows: per stone count, Down first, each rule's per cent of winning picks. */
    static Map<String, Map<Integer, Number>> accuracyByStones(SparkSession spark, String board) {
        final Map<Integer, Number> ratio = new LinkedHashMap<>();
        final Map<Integer, Number> current = new LinkedHashMap<>();
        final Map<Integer, Number> potential = new LinkedHashMap<>();
        for (Row r : DriverRows.of(
                spark.sql("SELECT stones, 100 * AVG(IF(ratio_wins, 1, 0)), 100 * AVG(IF(current_wins, 1, 0)), "
                        + "100 * AVG(IF(potential_wins, 1, 0)) "
                        + "FROM hex WHERE board = '" + board + "' AND first = 'down' AND winnable GROUP BY stones "
                        + "ORDER BY stones"))) {
            ratio.put(r.getInt(0), r.getDouble(1));
            current.put(r.getInt(0), r.getDouble(2));
            potential.put(r.getInt(0), r.getDouble(3));
        }
        final Map<String, Map<Integer, Number>> series = new LinkedHashMap<>();
        series.put("ratio rule", ratio);
        series.put("current rule", current);
        series.put("Erdős–Selfridge potential", potential);
        return series;
    }

    private static void hexByStones(SparkSession spark, Map<String, Picture> sink, List<Figure> out) {
        for (Row b : DriverRows.of(spark.sql("SELECT DISTINCT board FROM hex WHERE first = 'down' ORDER BY board"))) {
            final String board = b.getString(0);
            final Map<String, Map<Integer, Number>> series = accuracyByStones(spark, board);
            if (series.get("ratio rule").size() < 2) {
                continue;
            }
            final String file = "hex_accuracy_by_stones_" + board + ".svg";
            sink.put(
                    file,
                    Charts.numericLines(
                            "Hex " + board + " (Down first): winning picks by stones on the board",
                            "stones",
                            "per cent of winnable positions",
                            series));
            out.add(new Figure(
                    "hex",
                    file,
                    "Accuracy of the circuit rules and the potential by number of stones, " + board
                            + ": look at which stone counts the misses fall on, and where the potential and the"
                            + " circuit part"));
        }
    }

    /**
     * The committed circuit rules beside the running rule: on each board checked, the cases held of
     * the four (two rules, each first player) by the running rule, the committed table, and the
     * table with the circuit as fallback.
     */
    private static void hexCommitted(SparkSession spark, Map<String, Picture> sink, List<Figure> out) {
        final Map<String, Map<String, Number>> series = committedHeld(spark);
        final String[] names = series.keySet().toArray(new String[0]);
        if (series.get(names[0]).isEmpty()) {
            return;
        }
        sink.put(
                "hex_committed.svg",
                Charts.bars(
                        "Hex: cases held of four (two rules, each first player), by board",
                        "board",
                        "cases held",
                        series,
                        false));
        out.add(new Figure(
                "hex",
                "hex_committed.svg",
                "The circuit rules consulted at every move, committed to a table of replies chosen once, and"
                        + " committed with the circuit as fallback: cases held on each board both censused and"
                        + " checked; look at 3×4 and 4×3, where the running rule loses moving second"));
    }

    /**
     * What cram_two_moves shows: by even size, the per cent of first-player wins one move and two
     * moves from a pairing, strict and lax (view {@code cram_trend}).
     */
    static Map<String, Map<Integer, Number>> cramReach(SparkSession spark) {
        final Map<String, Map<Integer, Number>> reach = new LinkedHashMap<>();
        final String[] names = {
            "one move away, strict", "two moves away, strict", "one move away, lax", "two moves away, lax"
        };
        for (String name : names) {
            reach.put(name, new LinkedHashMap<>());
        }
        for (Row r : DriverRows.of(spark.sql("SELECT squares, 100 * AVG(IF(routes_strict > 0, 1, 0)), "
                + "100 * AVG(IF(two_moves_strict > 0, 1, 0)), 100 * AVG(IF(routes_lax > 0, 1, 0)), "
                + "100 * AVG(IF(two_moves_lax > 0, 1, 0)) FROM cram_trend "
                + "WHERE outcome = 'N' AND squares % 2 = 0 GROUP BY squares ORDER BY squares"))) {
            for (int i = 0; i < names.length; i++) {
                reach.get(names[i]).put(r.getInt(0), r.getDouble(i + 1));
            }
        }
        return reach;
    }

    /**
     * What hex_committed shows: for the running rule, the committed table and the table with the
     * circuit as fallback, the cases held (two rules, each first player) on each board both
     * censused and checked, smallest board first.
     */
    static Map<String, Map<String, Number>> committedHeld(SparkSession spark) {
        final Map<String, Map<String, Number>> series = new LinkedHashMap<>();
        final String[] names = {"running rule", "committed table", "committed table, circuit as fallback"};
        for (String name : names) {
            series.put(name, new LinkedHashMap<>());
        }
        for (Row r : DriverRows.of(spark.sql("SELECT board, SUM(IF(variant = 'plain' AND holds, 1, 0)), "
                + "SUM(IF(variant = 'committed' AND holds, 1, 0)), "
                + "SUM(IF(variant = 'committed-circuit' AND holds, 1, 0)) FROM hex_adversarial "
                + "WHERE rule IN ('ratio', 'current') AND variant IN ('plain', 'committed', 'committed-circuit') "
                + "GROUP BY board HAVING SUM(IF(variant = 'committed', 1, 0)) > 0 "
                + "AND SUM(IF(variant = 'plain', 1, 0)) > 0 "
                + "ORDER BY CAST(split(board, 'x')[0] AS INT) * CAST(split(board, 'x')[1] AS INT), board"))) {
            for (int i = 0; i < names.length; i++) {
                series.get(names[i]).put(r.getString(0), r.getLong(i + 1));
            }
        }
        return series;
    }

    private static void hexLosingLines(SparkSession spark, Map<String, Picture> sink, List<Figure> out) {
        final LosingMove where = new LosingMove();
        for (Row r : DriverRows.of(
                spark.sql("SELECT board, first, rule, variant, side, moving, losing_line FROM hex_adversarial "
                        + "WHERE NOT holds AND (rule IN ('ratio', 'current') AND variant IN ('plain', 'reply') "
                        + "OR rule IN ('ratio', 'current') AND board = '3x4' "
                        + "OR rule = 'potential' AND ties = 'lowest') ORDER BY board, first, rule, variant"))) {
            final HexBoard board = HexBoard.parse(r.getString(0));
            final String[] rc = r.getString(0).split("x");
            final String[] cells = r.getString(6).split(" ");
            final int[] line = new int[cells.length];
            for (int i = 0; i < cells.length; i++) {
                line[i] = Integer.parseInt(cells[i]);
            }
            final String file = "hex_losing_" + r.getString(0) + "_" + r.getString(1) + "_" + r.getString(2) + "_"
                    + r.getString(3) + ".svg";
            sink.put(
                    file,
                    HexLineDrawing.draw(
                            new String[] {
                                r.getString(0) + ": " + ruleName(r.getString(2)) + " (" + r.getString(3) + ")",
                                "playing " + r.getString(4) + ", moving " + r.getString(5) + ", it loses"
                            },
                            Integer.parseInt(rc[0]),
                            Integer.parseInt(rc[1]),
                            line,
                            "down".equals(r.getString(1)),
                            where.find(
                                    board,
                                    HexBoard.Side.parse(r.getString(1)),
                                    HexBoard.Side.parse(r.getString(4)),
                                    line)));
            out.add(new Figure(
                    "hex",
                    file,
                    "A losing line: " + r.getString(0) + ", " + ruleName(r.getString(2)) + ", " + r.getString(3)
                            + ", stones numbered in move order; the black ring marks the rule's losing move, the"
                            + " yellow ring the reply that refutes it"));
        }
    }

    /** A rule as a caption names it: the ratio rule, the current rule, the potential (lowest tied cell). */
    private static String ruleName(String rule) {
        return rule.equals("potential") ? "the Erdős–Selfridge potential, lowest tied cell" : "the " + rule + " rule";
    }

    /**
     * What lumberjack_tuft_example shows: the smallest tree with four vertices of degree ≥ 3 and
     * value 4, then each tree the Tuft principle reduces it to, one tuft at a time (encodings);
     * none when the census does not reach such a tree.
     */
    static List<String> tuftExample(SparkSession spark) {
        final List<Row> example =
                DriverRows.of(spark.sql("SELECT encoding FROM lumberjack_run WHERE branch_vertices = 4 AND grundy = 4 "
                        + "ORDER BY edges, encoding LIMIT 1"));
        final List<String> trees = new ArrayList<>();
        if (!example.isEmpty()) {
            for (String[] s :
                    TuftPrinciple.steps(RootedTree.parse(example.get(0).getString(0)))) {
                trees.add(s[0]);
            }
        }
        return trees;
    }

    private static void lumberjack(SparkSession spark, Map<String, Picture> sink, List<Figure> out) {
        final List<String> trees = tuftExample(spark);
        if (!trees.isEmpty()) {
            final List<String> captions = new ArrayList<>();
            for (int step = 0; step < trees.size(); step++) {
                captions.add(step == 0 ? "the tree" : "step " + step);
            }
            final int value = trees.get(trees.size() - 1).length() / 2 - 1; // the last tree is a stalk
            sink.put(
                    "lumberjack_tuft_example.svg",
                    TreeDrawing.draw(
                            "The Tuft principle, one tuft at a time: a stalk of height " + value, trees, captions));
            out.add(new Figure(
                    "lumberjack",
                    "lumberjack_tuft_example.svg",
                    "The smallest tree with four vertices of degree"
                            + " ≥ 3 and value 4, reduced one tuft at a time to a stalk"));
        }
        sink.put(
                "lumberjack_values.svg",
                ShareHeatmap.draw(
                        "Values of every rooted tree: the share of each value, by number of edges",
                        "edges",
                        "value",
                        lumberjackValues(spark),
                        "trees"));
        out.add(new Figure(
                "lumberjack",
                "lumberjack_values.svg",
                "The distribution of values by number of edges, as shares of each size's trees: every size shows:"
                        + " look at how the values spread to larger ones as trees grow, and at the parity of"
                        + " value against edges"));
    }

    /** Trees by edges (in numeric order) and value (0 to the largest): what lumberjack_values shows. */
    static ShareHeatmap.Counts lumberjackValues(SparkSession spark) {
        final List<Row> rows = DriverRows.of(spark.sql(
                "SELECT edges, grundy, COUNT(*) FROM lumberjack_run GROUP BY edges, grundy ORDER BY edges, grundy"));
        final List<Integer> edges = new ArrayList<>();
        int maxValue = 0;
        for (Row r : rows) {
            if (edges.isEmpty() || edges.get(edges.size() - 1) != r.getInt(0)) {
                edges.add(r.getInt(0));
            }
            maxValue = Math.max(maxValue, r.getInt(1));
        }
        final List<Integer> values = new ArrayList<>();
        for (int v = 0; v <= maxValue; v++) {
            values.add(v);
        }
        final long[][] counts = new long[edges.size()][values.size()];
        for (Row r : rows) {
            counts[edges.indexOf(r.getInt(0))][r.getInt(1)] = r.getLong(2);
        }
        return new ShareHeatmap.Counts(edges, values, counts);
    }

    private static String[] links(String linkList) {
        return linkList.isBlank() ? new String[0] : linkList.split(" ");
    }

    private static String safe(String name) {
        return name.replaceAll("[^A-Za-z0-9]+", "_");
    }
}
