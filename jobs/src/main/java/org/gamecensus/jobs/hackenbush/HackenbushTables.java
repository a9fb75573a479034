package org.gamecensus.jobs.hackenbush;

import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.PublishedTables;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.schemas.hackenbush.HackenbushSchemas;

/** The published table of the Hackenbush census, computed by Spark SQL from the warehouse. */
public final class HackenbushTables {

    static final String SUMMARY = "SELECT vertices, edges, COUNT(*) AS graphs, SUM(IF(agree, 1, 0)) AS agree, "
            + "SUM(IF(grundy = 0, 1, 0)) AS p_positions, MAX(grundy) AS largest_value, "
            + "SUM(IF(loops > 0, 1, 0)) AS with_loops FROM hackenbush_run GROUP BY vertices, edges "
            + "ORDER BY vertices, edges";

    private HackenbushTables() {}

    /** Writes the published table for graphs of up to the given size. */
    public static List<PublishedTable> publish(SparkSession spark, Warehouse warehouse, int maxVertices, int maxEdges) {
        final PublishedTables tables = PublishedTables.over(spark, warehouse, HackenbushSchemas.ALL);
        if (!tables.has("hackenbush")) {
            return tables.write();
        }
        spark.sql("SELECT * FROM hackenbush WHERE vertices <= " + maxVertices + " AND edges <= " + maxEdges)
                .createOrReplaceTempView("hackenbush_run");
        tables.add(
                "hackenbush_summary",
                "Green Hackenbush: every multigraph on the ground, brute force against the fusion principle",
                SUMMARY,
                "Up to isomorphism fixing the ground; loops and parallel edges allowed;"
                        + " every vertex joined to the ground. agree: the brute force over edge subsets and the"
                        + " fusion principle (cycles fused, their edges loops worth 1, then the colon principle) give"
                        + " the same value.");
        return tables.write();
    }
}
