package org.gamecensus.jobs.hex;

import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import org.gamecensus.jobs.census.PartitionSummaries;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.PublishedTables;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.hex.HexExactSolver;
import org.gamecensus.schemas.hex.HexSchemas;

/** The Hex census's published tables, by Spark SQL over the warehouse. */
public final class HexTables {

    private static final String BOARD_ORDER =
            "CAST(split(board, 'x')[0] AS INT) * CAST(split(board, 'x')[1] AS INT), board";

    static final String ACCURACY = "SELECT board, first, SUM(positions) AS positions, SUM(winnable) AS winnable, "
            + "ROUND(100 * CAST(SUM(CAST(winning_sum AS DECIMAL(22, 10)) / empty_cells) / NULLIF(SUM(winnable), 0) AS DOUBLE), 1) "
            + "AS random_pct, "
            + "ROUND(100 * (SUM(ratio_wins) / NULLIF(SUM(winnable), 0)), 1) AS ratio_pct, "
            + "ROUND(100 * (SUM(current_wins) / NULLIF(SUM(winnable), 0)), 1) AS current_pct, "
            + "ROUND(100 * (SUM(potential_wins) / NULLIF(SUM(winnable), 0)), 1) AS potential_pct "
            + "FROM hex_counts GROUP BY board, first ORDER BY " + BOARD_ORDER + ", first";

    private static final String RANK_OF = "SELECT board, first, '%1$s' AS rule, %1$s_misses AS misses, "
            + "%1$s_rank_2 AS rank_2, %1$s_rank_3 AS rank_3, %1$s_rank_4 AS rank_4, %1$s_top3 AS top3 FROM hex_counts";

    static final String RANK = "SELECT board, first, rule, SUM(misses) AS misses, SUM(rank_2) AS rank_2, "
            + "SUM(rank_3) AS rank_3, SUM(rank_4) AS rank_4_or_lower, "
            + "ROUND(100 * SUM(top3) / NULLIF(SUM(misses), 0), 1) AS top3_pct, "
            + "ROUND(100 * SUM(rank_4) / NULLIF(SUM(misses), 0), 1) AS rank_4_or_lower_pct FROM ("
            + String.format(Locale.ROOT, RANK_OF, "ratio") + " UNION ALL "
            + String.format(Locale.ROOT, RANK_OF, "current") + " UNION ALL "
            + String.format(Locale.ROOT, RANK_OF, "potential") + ") "
            + "GROUP BY board, first, rule HAVING SUM(misses) > 0 ORDER BY " + BOARD_ORDER + ", first, "
            + "CASE rule WHEN 'ratio' THEN 0 WHEN 'current' THEN 1 ELSE 2 END";

    static final String BY_STONES = "SELECT board, first, stones, winnable, "
            + "ROUND(100 * (ratio_wins / NULLIF(winnable, 0)), 1) AS ratio_pct, "
            + "ROUND(100 * (current_wins / NULLIF(winnable, 0)), 1) AS current_pct, "
            + "ROUND(100 * (potential_wins / NULLIF(winnable, 0)), 1) AS potential_pct "
            + "FROM hex_counts WHERE winnable > 0 ORDER BY " + BOARD_ORDER + ", first, stones";

    static final String ADVERSARIAL = "SELECT board, side, moving, rule, variant, holds, losing_line "
            + "FROM hex_adversarial WHERE rule IN ('ratio', 'current') AND variant IN ('plain', 'reply') "
            + "ORDER BY moving, " + BOARD_ORDER
            + ", side, rule DESC, variant";

    static final String COMMITTED = "SELECT board, first, side, moving, rule, "
            + "MAX(IF(variant = 'plain', holds, NULL)) AS running, "
            + "MAX(IF(variant = 'committed', holds, NULL)) AS committed, "
            + "MAX(IF(variant = 'committed-circuit', holds, NULL)) AS committed_circuit, "
            + "MAX(IF(variant = 'committed', losing_line, NULL)) AS committed_losing_line "
            + "FROM hex_adversarial WHERE rule IN ('ratio', 'current') GROUP BY board, first, side, moving, rule "
            + "HAVING MAX(IF(variant = 'committed', 1, 0)) = 1 ORDER BY " + BOARD_ORDER + ", first, rule DESC";

    static final String POTENTIAL = "SELECT board, first, side, moving, "
            + "MAX(IF(ties = 'lowest', holds, NULL)) AS lowest, "
            + "MAX(IF(ties = 'defender-best', holds, NULL)) AS defender_best, "
            + "MAX(IF(ties = 'opponent-pick', holds, NULL)) AS opponent_pick, "
            + "MAX(IF(ties = 'lowest', losing_line, NULL)) AS losing_line "
            + "FROM hex_adversarial WHERE rule = 'potential' GROUP BY board, first, side, moving "
            + "ORDER BY " + BOARD_ORDER + ", first";

    static final String SAMPLE =
            "WITH s AS (SELECT board, first, seed, COUNT(*) AS sampled, SUM(IF(winnable, 1, 0)) AS k, "
                    + "AVG(IF(winnable, IF(ratio_wins, 1, 0), NULL)) AS pr, AVG(IF(winnable, IF(current_wins, 1, 0), NULL)) AS pc "
                    + "FROM hex_sample GROUP BY board, first, seed) "
                    + "SELECT s.board, s.first, s.seed, s.sampled, s.k AS winnable, ROUND(100 * s.pr, 1) AS ratio_pct, "
                    + "ROUND(100 * SQRT(s.pr * (1 - s.pr) / s.k), 1) AS ratio_se_pct, ROUND(100 * s.pc, 1) AS current_pct, "
                    + "ROUND(100 * SQRT(s.pc * (1 - s.pc) / s.k), 1) AS current_se_pct%s "
                    + "FROM s%s ORDER BY s.board, s.first, s.seed";

    private HexTables() {}

    public static List<PublishedTable> publish(SparkSession spark, Warehouse warehouse) {
        final PublishedTables tables = PublishedTables.over(
                spark,
                warehouse,
                List.of(HexSchemas.POSITIONS, HexSchemas.ADVERSARIAL, HexSchemas.SAMPLE, HexSchemas.EMPTY_BOARD));
        // The census counted by board, first player and stones (HexSchemas.POSITIONS's summary, kept
        // with each partition as it was written): every figure of the tables below is a sum of these
        // counts (random_pct: of winning_sum / empty_cells), so they read a few rows per board rather
        // than every position. A percentage is 100 · (sum / count), as Spark's AVG computes it, so the
        // figures are AVG's over the rows to the bit; random_pct sums its quotients as decimals (to 21
        // places), so no order of the summary's rows moves it.
        // Kept in memory only when some partition is counted from its rows (every kept count: a
        // local relation, read as it is).
        final Dataset<Row> summary =
                tables.has("hex") ? PartitionSummaries.of(spark, warehouse, HexSchemas.POSITIONS) : null;
        final Dataset<Row> counts =
                summary == null || summary.isLocal() ? summary : summary.persist(StorageLevel.MEMORY_AND_DISK());
        if (counts != null) {
            counts.createOrReplaceTempView("hex_counts");
        }
        try {
            if (tables.has("hex")) {
                tables.add(
                        "hex_accuracy",
                        "Hex: how often each rule takes a winning cell",
                        ACCURACY,
                        "Over every live position (counts fit alternate play, no completed"
                                + " chain), each counted once. Percentages are over the winnable positions; random is the"
                                + " average share of winning cells among the empty ones; potential: the Erdős–Selfridge"
                                + " potential played for the mover against the opponent's minimal winning sets, the"
                                + " lowest of tied cells.");
                tables.add(
                        "hex_rank",
                        "Hex: where the winning cell stands on a rule's misses",
                        RANK,
                        "rank: the place of the best-placed winning cell when the empty cells are"
                                + " ordered by the rule's score (ties to the lowest cell).");
                tables.add("hex_by_stones", "Hex: accuracy by number of stones on the board", BY_STONES);
            }
            if (tables.has("hex_adversarial")) {
                tables.add(
                        "hex_adversarial_table",
                        "Hex: does the rule hold the winning side against every reply?",
                        ADVERSARIAL,
                        "The rule plays the side that wins the empty board with perfect play; every opponent reply"
                                + " is tried at every turn. losing_line: the cells of one losing game from the empty board,"
                                + " in move order (cell = row · columns + column). reply: the rule picks only among cells"
                                + " next to the opponent's last stone.");
            }
            if (tables.has("hex_adversarial")) {
                tables.add(
                        "hex_potential_defender",
                        "Hex: the Erdős–Selfridge potential as a defender",
                        POTENTIAL,
                        "The rule plays the side that wins the empty board and takes the empty cell through which the"
                                + " opponent's live minimal winning sets weigh most (each weighted 2^−e, e its empty cells;"
                                + " exact sums); it never looks for its own winning cell. Every opponent reply is tried."
                                + " Where cells tie, lowest: the lowest-numbered; defender_best: the defender chooses among"
                                + " them, position by position; opponent_pick: the opponent does. losing_line: under lowest"
                                + " ties (cell = row · columns + column).");
            }
            if (tables.has("hex_adversarial")) {
                tables.add(
                        "hex_committed",
                        "Hex: circuit rules committed at the start",
                        COMMITTED,
                        "The rule plays the side that wins the empty board. From P0 (the empty board, or after the"
                                + " rule's first move when it moves first) it builds once a reply table (its choice after"
                                + " each opponent cell) and a fixed order (P0's empty cells by its score, best first)."
                                + " committed: after the opponent plays x, the table's reply if it is empty, else the first"
                                + " empty cell of the order; committed_circuit: else the running rule's choice. running:"
                                + " the rule consulted at every move (— where the board was not censused). Every opponent"
                                + " reply is tried.");
            }
            if (tables.has("hex_sample")) {
                final boolean full = tables.has("hex");
                final String sql = String.format(
                        Locale.ROOT,
                        SAMPLE,
                        full ? ", a.ratio_pct AS census_ratio_pct, a.current_pct AS census_current_pct" : "",
                        full
                                ? " LEFT JOIN (" + ACCURACY.substring(0, ACCURACY.indexOf(" ORDER BY")) + ") a"
                                        + " ON a.board = s.board AND a.first = s.first"
                                : "");
                tables.add(
                        "hex_sample",
                        "Hex: sampled positions beside the full census",
                        sql,
                        "Sample i plays a random game from the empty board (uniform over empty"
                                + " cells) until a chain is completed and takes the position at a move number uniform over"
                                + " the game's live positions; its generator is seeded by (seed, i) alone, so the sample"
                                + " does not depend on the partitioning. se: standard error of the percentage.");
            }
            if (tables.has("hex_empty_board")) {
                tables.add(
                        "hex_empty_board",
                        "Hex: who wins the empty board",
                        "SELECT board, first, winner, winning_first_moves FROM hex_empty_board "
                                + "ORDER BY rows * cols, rows, first",
                        "By exhaustive search. winning_first_moves: how many of the first"
                                + " player's opening cells win (each proven; boards up to "
                                + HexExactSolver.LISTED_OPENINGS_CELLS + " cells).");
            }
        } finally {
            if (counts != null) {
                spark.catalog().dropTempView("hex_counts");
                counts.unpersist();
            }
        }
        return tables.write();
    }
}
