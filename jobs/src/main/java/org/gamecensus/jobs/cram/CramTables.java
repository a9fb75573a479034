package org.gamecensus.jobs.cram;

import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.DriverRows;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.PublishedTables;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.schemas.cram.CramSchemas;

/**
 * The Cram census's published tables, by Spark SQL over the shapes of 1..N squares in the
 * warehouse (view {@code cram_run}). Lax and strict figures stand side by side: the essay used
 * the lax test (no fixed square), the correct one also forbids a domino mapped onto itself.
 */
public final class CramTables {

    private static final String SIZE = "COALESCE(CAST(squares AS STRING), 'total') AS size";
    private static final String ORDER = " GROUP BY ROLLUP(squares) ORDER BY size = 'total', CAST(size AS INT)";

    static final String PAIRING = "SELECT " + SIZE + ", COUNT(*) AS shapes, "
            + "SUM(IF(outcome = 'N', 1, 0)) AS first_player_wins, SUM(IF(outcome = 'P', 1, 0)) AS second_player_wins, "
            + "SUM(IF(outcome = 'P' AND paired_lax, 1, 0)) AS paired_lax, "
            + "SUM(IF(outcome = 'P' AND paired_strict, 1, 0)) AS paired_strict, "
            + "SUM(IF(outcome = 'N' AND routes_lax > 0, 1, 0)) AS with_route_lax, "
            + "SUM(IF(outcome = 'N' AND routes_strict > 0, 1, 0)) AS with_route_strict, "
            + "SUM(IF(outcome = 'N', routes_lax, 0)) AS route_moves_lax, "
            + "SUM(IF(outcome = 'N', routes_strict, 0)) AS route_moves_strict, "
            + "SUM(IF(outcome = 'N' AND routes_lax = 1, 1, 0)) AS one_route_lax, "
            + "SUM(IF(outcome = 'N' AND routes_strict = 1, 1, 0)) AS one_route_strict, "
            + "SUM(IF(outcome = 'N' AND squares % 2 = 0 AND routes_lax = 0, 1, 0)) AS even_wins_no_route_lax, "
            + "SUM(IF(outcome = 'N' AND squares % 2 = 0 AND routes_strict = 0, 1, 0)) AS even_wins_no_route_strict, "
            + "SUM(IF(involution_free, 1, 0)) AS no_involution "
            + "FROM cram_run" + ORDER;

    static final String ERRATUM = "SELECT SUM(IF(outcome = 'N', routes_lax - routes_strict, 0)), "
            + "SUM(IF(outcome = 'N', lax_losing_routes, 0)), SUM(IF(outcome = 'N', routes_lax, 0)), "
            + "SUM(IF(outcome = 'N' AND routes_lax > 0 AND routes_strict = 0, 1, 0)) FROM cram_run";

    static final String LAX_LOSING = "SELECT squares, picture, "
            + "concat('(', r.r1, ',', r.c1, ')-(', r.r2, ',', r.c2, ')') AS domino, r.remainder_grundy "
            + "FROM cram_run LATERAL VIEW explode(routes) t AS r "
            + "WHERE outcome = 'N' AND NOT r.strict AND r.loses ORDER BY squares, shape_id, r.r1, r.c1, r.r2, r.c2";

    static final String ROUTE_SHARE = "SELECT squares, SUM(IF(outcome = 'N', 1, 0)) AS even_first_player_wins, "
            + "SUM(IF(outcome = 'N' AND routes_lax > 0, 1, 0)) AS with_route_lax, "
            + "ROUND(100 * SUM(IF(outcome = 'N' AND routes_lax > 0, 1, 0)) / SUM(IF(outcome = 'N', 1, 0)), 1) AS share_lax_pct, "
            + "SUM(IF(outcome = 'N' AND routes_strict > 0, 1, 0)) AS with_route_strict, "
            + "ROUND(100 * SUM(IF(outcome = 'N' AND routes_strict > 0, 1, 0)) / SUM(IF(outcome = 'N', 1, 0)), 1) AS share_strict_pct "
            + "FROM cram_trend WHERE squares % 2 = 0 GROUP BY squares HAVING SUM(IF(outcome = 'N', 1, 0)) > 0 "
            + "ORDER BY squares";

    static final String TWO_MOVES = "SELECT squares, COUNT(*) AS shapes, "
            + "SUM(IF(two_moves_lax > 0, 1, 0)) AS two_moves_lax, SUM(IF(two_moves_strict > 0, 1, 0)) AS two_moves_strict, "
            + "SUM(IF(outcome = 'P' AND two_moves_lax > 0, 1, 0)) AS second_player_wins_lax, "
            + "SUM(IF(outcome = 'N' AND routes_lax = 0 AND two_moves_lax > 0, 1, 0)) AS without_route_lax, "
            + "SUM(IF(outcome = 'N' AND routes_strict = 0 AND two_moves_strict > 0, 1, 0)) AS without_route_strict, "
            + "SUM(two_moves_lax) AS moves_lax, SUM(two_moves_strict) AS moves_strict, "
            + "SUM(two_moves_lax_losing) AS lax_moves_losing, "
            + "ROUND(100 * SUM(IF(outcome = 'N' AND two_moves_strict > 0, 1, 0)) / SUM(IF(outcome = 'N', 1, 0)), 1) "
            + "AS share_strict_pct "
            + "FROM cram_trend WHERE squares % 2 = 0 AND squares >= 2 GROUP BY squares ORDER BY squares";

    static final String TWO_MOVES_LOSING = "SELECT squares, picture, outcome, "
            + "concat('(', t.r1, ',', t.c1, ')-(', t.r2, ',', t.c2, ')') AS domino, t.remainder_grundy "
            + "FROM cram_trend LATERAL VIEW explode(two_moves) x AS t "
            + "WHERE t.loses ORDER BY squares, shape_id, t.r1, t.c1, t.r2, t.c2";

    static final String HYBRID = "SELECT " + SIZE + ", COUNT(*) AS shapes, SUM(nodes_plain) AS nodes_plain, "
            + "SUM(nodes_hybrid) AS nodes_hybrid, SUM(nodes_plain) - SUM(nodes_hybrid) AS nodes_saved, "
            + "ROUND(100 * (SUM(nodes_plain) - SUM(nodes_hybrid)) / SUM(nodes_plain), 1) AS saving_pct "
            + "FROM cram_run" + ORDER;

    static final String CATALOGUE = "SELECT " + SIZE + ", COUNT(*) AS shapes, SUM(fixed_count) AS fixed_polyominoes, "
            + "SUM(IF(involution_free, 1, 0)) AS no_involution, SUM(IF(paired_strict, 1, 0)) AS paired_strict, "
            + "MAX(grundy) AS largest_grundy FROM cram_run" + ORDER;

    private CramTables() {}

    /** Writes the tables for shapes of 1..maxSquares squares; returns them. */
    public static List<PublishedTable> publish(SparkSession spark, Warehouse warehouse, int maxSquares) {
        return publish(spark, warehouse, maxSquares, maxSquares);
    }

    /**
     * Writes the tables for shapes of 1..maxSquares squares (view {@code cram_run}), and the route
     * share by size, the essay's trend, for shapes of 1..trendSquares (view {@code cram_trend}).
     */
    public static List<PublishedTable> publish(
            SparkSession spark, Warehouse warehouse, int maxSquares, int trendSquares) {
        final PublishedTables tables = PublishedTables.over(spark, warehouse, CramSchemas.ALL);
        if (!tables.has("cram")) {
            return tables.write();
        }
        spark.sql("SELECT * FROM cram WHERE squares <= " + maxSquares).createOrReplaceTempView("cram_run");
        spark.sql("SELECT * FROM cram WHERE squares <= " + trendSquares).createOrReplaceTempView("cram_trend");
        final Row e = DriverRows.first(spark.sql(ERRATUM));
        final long laxOnly = e.isNullAt(0) ? 0 : e.getLong(0);
        final long losing = e.isNullAt(1) ? 0 : e.getLong(1);
        final long laxMoves = e.isNullAt(2) ? 0 : e.getLong(2);
        final long onlyLax = e.isNullAt(3) ? 0 : e.getLong(3);
        tables.add(
                "cram_pairing",
                "Cram: pairings and routes to a pairing one move away, lax and strict test, shapes of 1–" + maxSquares
                        + " squares",
                PAIRING,
                "paired: second-player wins that the half-turn pairs. with_route: first-player wins with a domino"
                        + " whose removal leaves a (non-empty) remainder that the remainder's own half-turn pairs."
                        + " route_moves: such dominoes; one_route: shapes with exactly one;"
                        + " even_wins_no_route: even first-player wins with none; no_involution: no symmetry but"
                        + " the identity maps the shape to itself.",
                "Erratum: the lax test (the essay's) asks only that the half-turn fix no square; a pairing also"
                        + " needs that no domino be its own image. Of the " + laxMoves
                        + " lax route moves, "
                        + laxOnly + " pair only laxly, and " + losing
                        + " of those lose: they leave a central"
                        + " domino that the opponent can take, and the remainder's Grundy value is not 0. "
                        + onlyLax
                        + " first-player wins have lax routes but no strict one. The strict columns"
                        + " are the correct figures; every strict route was checked to leave Grundy value 0.");
        tables.add(
                "cram_lax_losing_moves",
                "Cram: lax route moves that lose (first-player wins, shapes of 1–" + maxSquares + " squares)",
                LAX_LOSING,
                "domino: its two squares as (row, column) in the shape's box, row 0 on top;"
                        + " remainder_grundy ≠ 0, so the opponent wins after it.");
        tables.add(
                "cram_route_share",
                "Cram: share of even first-player wins with a route to a pairing, by size",
                ROUTE_SHARE,
                "Odd shapes never have a route (an involution without fixed square"
                        + " pairs the squares, so their number is even); the census asserts it.");
        tables.add(
                "cram_two_moves",
                "Cram: shapes two moves from a pairing, lax and strict test, by even size",
                TWO_MOVES,
                "A move counts when the remainder has a move and every reply leaves a set with a domino whose"
                        + " removal leaves a (non-empty) set its own half-turn pairs. two_moves: shapes with such a"
                        + " move; second_player_wins_lax: second-player wins among the lax ones (their moves all"
                        + " lose); without_route: first-player wins with no route one move away; moves: the moves"
                        + " that count. Odd shapes have none, as for routes. Every strict move leaves Grundy value 0:"
                        + " the census asserts it. The lax test pairs any two squares, a lone domino included, so"
                        + " at eight squares, where the last reply leaves four, every such four with a domino is one"
                        + " move away laxly.");
        tables.add(
                "cram_two_moves_losing",
                "Cram: lax two-moves-away moves that lose, every size in the warehouse",
                TWO_MOVES_LOSING,
                "domino: its two squares as (row, column) in the shape's box, row 0 on top;"
                        + " remainder_grundy ≠ 0, so the opponent wins after it. None of them counts under the"
                        + " strict test.");
        tables.add(
                "cram_hybrid",
                "Cram: win/loss search nodes with and without checking for a pairing first",
                HYBRID,
                "Each shape searched from scratch, with a transposition table; the hybrid"
                        + " search first asks whether the position is paired (the mover loses) or one domino from a"
                        + " pairing (the mover wins).");
        tables.add(
                "cram_catalogue",
                "Cram: the catalogue of shapes (up to translation, half-turn and the two flips)",
                CATALOGUE,
                "fixed_polyominoes: the shapes' distinct images under translation alone,"
                        + " the enumerator's cross-check against the known fixed-polyomino counts.");
        return tables.write();
    }
}
