package org.gamecensus.jobs.lumberjack;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.DriverRows;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.PublishedTables;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.lumberjack.RootedTree;
import org.gamecensus.kernel.lumberjack.TuftPrinciple;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;

/** The Lumberjack census's published tables, by Spark SQL over trees of 0..N edges. */
public final class LumberjackTables {

    static final String SUMMARY = "SELECT edges, COUNT(*) AS trees, SUM(IF(grundy = 0, 1, 0)) AS p_positions, "
            + "SUM(IF(agree, 1, 0)) AS agree, MAX(grundy) AS largest_value, ROUND(AVG(grundy), 3) AS mean_value, "
            + "MAX(branch_vertices) AS most_branch_vertices FROM lumberjack_run GROUP BY edges ORDER BY edges";

    static final String VALUES = "SELECT edges, grundy AS value, COUNT(*) AS trees FROM lumberjack_run "
            + "GROUP BY edges, grundy ORDER BY edges, grundy";

    static final String EXAMPLE = "SELECT encoding, edges, grundy FROM lumberjack_run "
            + "WHERE branch_vertices = %d AND grundy = %d ORDER BY edges, encoding LIMIT 1";

    /** The essay's example: a tree needing four applications of the principle, with value 4. */
    static final int EXAMPLE_APPLICATIONS = 4;

    static final int EXAMPLE_VALUE = 4;

    private LumberjackTables() {}

    public static List<PublishedTable> publish(SparkSession spark, Warehouse warehouse, int maxEdges) {
        final PublishedTables tables = PublishedTables.over(spark, warehouse, LumberjackSchemas.ALL);
        if (!tables.has("lumberjack")) {
            return tables.write();
        }
        spark.sql("SELECT * FROM lumberjack WHERE edges <= " + maxEdges).createOrReplaceTempView("lumberjack_run");
        tables.add(
                "lumberjack_summary",
                "Lumberjack: every rooted tree of 0–" + maxEdges + " edges",
                SUMMARY,
                "agree: trees where the brute-force search over hack positions and the Tuft"
                        + " principle give the same value. Trees with an odd number of edges are never P-positions: a"
                        + " tree's value has the parity of its edge count.");
        tables.add("lumberjack_values", "Lumberjack: distribution of values by number of edges", VALUES);
        final List<Row> example =
                DriverRows.of(spark.sql(String.format(Locale.ROOT, EXAMPLE, EXAMPLE_APPLICATIONS, EXAMPLE_VALUE)));
        if (!example.isEmpty()) {
            final RootedTree tree = RootedTree.parse(example.get(0).getString(0));
            final List<List<String>> rows = new ArrayList<>();
            int step = 0;
            for (String[] s : TuftPrinciple.steps(tree)) {
                rows.add(List.of(String.valueOf(step++), s[0], s[1]));
            }
            tables.add(new PublishedTable(
                    "lumberjack_tuft_example",
                    "Lumberjack: the smallest tree with " + EXAMPLE_APPLICATIONS + " vertices of degree ≥ 3 and value "
                            + EXAMPLE_VALUE + ", reduced one tuft at a time",
                    List.of("step", "tree", "reduction"),
                    rows,
                    List.of("Smallest by edges, then by parenthesis string. Each step replaces the paths meeting at a"
                            + " deepest branching vertex by one path of the nim-sum of their lengths; the last tree is a"
                            + " stalk whose height is the value.")));
        }
        return tables.write();
    }
}
