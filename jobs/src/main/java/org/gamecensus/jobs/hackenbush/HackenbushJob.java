package org.gamecensus.jobs.hackenbush;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.census.CensusCommit;
import org.gamecensus.jobs.census.CensusDatasets;
import org.gamecensus.jobs.census.RowCondition;
import org.gamecensus.jobs.census.SizeLimit;
import org.gamecensus.jobs.census.SliceCensus;
import org.gamecensus.jobs.census.SliceCommit;
import org.gamecensus.jobs.census.TablePartition;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.schemas.hackenbush.HackenbushSchemas;

/**
 * The general Green Hackenbush census: every multigraph on the ground with up to V vertices and
 * E edges, up to isomorphism; a slice is one (vertices, edges) pair.
 */
public final class HackenbushJob {

    public static final int DEFAULT_MAX_VERTICES = 4;

    public static final int DEFAULT_MAX_EDGES = 6;

    public static final int MAX_VERTICES = 6;

    public static final int MAX_EDGES = 12;

    /** Largest estimated census accepted by default (setting {@code hackenbush.max-graphs}). */
    public static final long DEFAULT_MAX_GRAPHS = 20_000_000L;

    /** The check of every graph: brute force and the fusion principle agree. */
    public static final CensusCommit.Check CHECK = new CensusCommit.Check(
            RowCondition.isFalse("agree"),
            "graph(s) where brute force and the fusion principle disagree",
            "edges",
            "edge_list",
            "grundy",
            "fusion_value");

    private HackenbushJob() {}

    /**
     * An upper estimate of the multigraphs enumerated before isomorphism is taken out: for each
     * vertex count v, the multisets of at most maxEdges edges over the v(v+1)/2 vertex pairs and
     * loops plus the v links to the ground.
     */
    public static double estimatedGraphs(long maxVertices, long maxEdges) {
        double sum = 0;
        for (long v = 1; v <= maxVertices; v++) {
            final long slots = v * (v + 1) / 2 + v;
            double multisets = 1; // C(slots + e - 1, e), built up over e
            for (long e = 0; e <= maxEdges; e++) {
                if (e > 0) {
                    multisets = multisets * (slots + e - 1) / e;
                }
                sum += multisets;
            }
        }
        return sum;
    }

    /** Refuses a census above {@code maxGraphs} estimated graphs. */
    public static void checkSize(long maxVertices, long maxEdges, long maxGraphs) {
        check(maxVertices, maxEdges);
        SizeLimit.check(
                "the hackenbush census to " + maxVertices + " vertices and " + maxEdges + " edges",
                "multigraphs before isomorphism",
                estimatedGraphs(maxVertices, maxEdges),
                maxGraphs,
                "hackenbush.max-graphs");
    }

    public static void check(long maxVertices, long maxEdges) {
        if (maxVertices < 1 || maxVertices > MAX_VERTICES) {
            throw new UsageException("--max-vertices must be 1.." + MAX_VERTICES + ", got " + maxVertices);
        }
        if (maxEdges < 0 || maxEdges > MAX_EDGES) {
            throw new UsageException("--max-edges must be 0.." + MAX_EDGES + " for hackenbush, got " + maxEdges);
        }
    }

    public static Dataset<Row> graphs(SparkSession spark, int maxVertices, int maxEdges, int partitions) {
        return slices(spark, maxVertices, maxEdges, partitions).rows(spark);
    }

    /** The census in {@code partitions} partitions (0: the default), as a dataset takes it. */
    public static SliceCensus slices(SparkSession spark, int maxVertices, int maxEdges, int partitions) {
        final SliceCommit plan = plan(maxVertices, maxEdges);
        return new SliceCensus(
                plan.ids(),
                partitions > 0
                        ? partitions
                        : CensusDatasets.defaultPartitions(spark, plan.ids().size()),
                plan.kernel(),
                plan.schema());
    }

    /** The census of up to {@code maxVertices} vertices and {@code maxEdges} edges, as the commit takes it. */
    public static SliceCommit plan(int maxVertices, int maxEdges) {
        check(maxVertices, maxEdges);
        final List<Long> ids = new ArrayList<>();
        for (int e = maxEdges; e >= 0; e--) { // largest first: they cost most
            for (int v = 1; v <= maxVertices; v++) {
                ids.add((long) v * 64 + e);
            }
        }
        return new SliceCommit(
                HackenbushSchemas.GRAPHS,
                TablePartition.range(0, maxEdges, parameters(maxVertices)),
                ids,
                new HackenbushSlices(maxEdges),
                "graphs-" + maxVertices + "-" + maxEdges,
                CHECK,
                List.of());
    }

    public record Summary(long graphs, long seconds) {
        @Override
        public String toString() {
            return "hackenbush census: " + graphs + " graphs; brute force and the fusion principle agree on all ("
                    + seconds + " s)";
        }
    }

    /**
     * What a partition ({@code edges=e}) is a census of beyond its edge count: the graphs of up to
     * {@code maxVertices} vertices, the ground included (a census of other vertices holds other graphs).
     */
    static String parameters(int maxVertices) {
        return "graphs of up to " + maxVertices + " vertices";
    }

    /** Runs the census, checks it and commits it (the partitions of edges 0..maxEdges). */
    public static Summary census(
            SparkSession spark, Warehouse warehouse, int maxVertices, int maxEdges, int partitions) {
        final SliceCommit.Timed t = plan(maxVertices, maxEdges).commit(spark, warehouse, partitions);
        return new Summary(t.rows(), t.seconds());
    }
}
