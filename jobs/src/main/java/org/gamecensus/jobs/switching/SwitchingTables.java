package org.gamecensus.jobs.switching;

import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.PublishedTables;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.schemas.switching.SwitchingSchemas;

/** The switching census's published tables, aggregated by Spark SQL from the warehouse views. */
public final class SwitchingTables {

    private static final String TALLY = "SUM(CASE WHEN outcome = 'L' THEN 1 ELSE 0 END) AS L, "
            + "SUM(CASE WHEN outcome = 'R' THEN 1 ELSE 0 END) AS R, "
            + "SUM(CASE WHEN outcome = 'N' THEN 1 ELSE 0 END) AS N, "
            + "SUM(CASE WHEN outcome = 'P' THEN 1 ELSE 0 END) AS P";

    /** Outcome tally per host with the agreement count. */
    static final String OUTCOMES = "SELECT s.host, COUNT(*) AS subgraphs, " + TALLY + ", "
            + "SUM(CASE WHEN agree THEN 1 ELSE 0 END) AS agree, SUM(CASE WHEN agree THEN 0 ELSE 1 END) AS disagree, "
            + "SUM(CASE WHEN mask = solved_as THEN 1 ELSE 0 END) AS searched_by_solver "
            + "FROM switching s JOIN switching_hosts h ON s.host = h.host "
            + "GROUP BY s.host, h.links ORDER BY h.links, s.host";

    /** Outcome tally per host and number of links. */
    static final String BY_LINKS = "SELECT s.host, s.links, COUNT(*) AS subgraphs, " + TALLY
            + " FROM switching s JOIN switching_hosts h ON s.host = h.host "
            + "GROUP BY s.host, h.links, s.links ORDER BY h.links, s.host, s.links";

    /** The whole host graph of every census, with its verdict. */
    static final String WHOLE_HOSTS = "WITH tally AS (SELECT host, COUNT(*) AS subgraphs, "
            + "SUM(CASE WHEN outcome = 'R' THEN 1 ELSE 0 END) AS cut_wins FROM switching GROUP BY host) "
            + "SELECT h.host, h.vertices, h.links, 2 * (h.vertices - 1) AS links_two_trees_need, "
            + "CASE s.outcome WHEN 'L' THEN 'Short wins whoever starts' WHEN 'R' THEN 'Cut wins whoever starts' "
            + "WHEN 'N' THEN 'whoever starts wins' ELSE 'whoever moves second wins' END AS verdict, "
            + "s.outcome, s.criterion_short_second AS meets_criterion, t.subgraphs, t.cut_wins AS subgraphs_cut_wins "
            + "FROM switching_hosts h JOIN switching s ON s.host = h.host AND s.links = h.links "
            + "JOIN tally t ON t.host = h.host ORDER BY h.links, h.host";

    /** Whole Bridg-It boards. */
    static final String BRIDGIT =
            "SELECT concat(substring(d.host, 9), '×', CAST(substring(d.host, 9) AS INT) + 1) AS board, "
                    + "d.vertices, d.links, d.criterion_short_first AS short_first_wins, d.criterion_short_second AS short_second_wins, "
                    + "d.criterion_outcome AS outcome, d.solver_outcome, d.solver_nodes, "
                    + "d.winning_opening_count AS winning_openings, "
                    + "bit_count(d.solver_winning_openings) AS solver_winning_openings "
                    + "FROM switching_decided d WHERE d.host LIKE 'bridgit:%' ORDER BY d.links";

    private SwitchingTables() {}

    /** Aggregates the published tables from the warehouse and writes them under {@code tables/}. */
    public static List<PublishedTable> publish(SparkSession spark, Warehouse warehouse) {
        final PublishedTables tables = PublishedTables.over(spark, warehouse, SwitchingSchemas.ALL);
        if (tables.has("switching", "switching_hosts")) {
            tables.add(
                    "switching_outcomes",
                    "Switching census: outcome classes per host",
                    OUTCOMES,
                    "L: Short wins whoever starts; R: Cut wins whoever starts; N: whoever moves first wins;"
                            + " P: whoever moves second wins (impossible in this game, so a non-zero P is a bug).",
                    "agree: subgraphs where the exhaustive solver and Lehman's criterion (matroid partition)"
                            + " give the same verdict for both starts. searched_by_solver: subgraphs the solver"
                            + " searched itself; the others are isomorphic to one of them with {s, t} kept.");
            tables.add("switching_by_links", "Switching census: outcome classes by number of links", BY_LINKS);
            tables.add(
                    "switching_examples",
                    "Switching census: each host graph as a whole",
                    WHOLE_HOSTS,
                    "links_two_trees_need: 2(v − 1), the links two edge-disjoint spanning trees of all v vertices need;"
                            + " meets_criterion: Short, moving second, wins (two such trees on some W ∋ s, t).");
        }
        if (tables.has("switching_decided")) {
            tables.add(
                    "switching_bridgit",
                    "Bridg-It boards as switching graphs",
                    BRIDGIT,
                    "Short's dots form an n × (n+1) grid, home columns merged into s and t. The verdicts are"
                            + " Lehman's criterion's; solver_outcome is the exhaustive solver's where it finished"
                            + " within its node budget (— where it gave up), from the empty board and after each of"
                            + " Short's openings. winning_openings: Short's first links after which Short wins"
                            + " moving second, by the criterion; solver_winning_openings: the same by the solver.");
        }
        return tables.write();
    }
}
