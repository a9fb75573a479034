package org.gamecensus.schemas.switching;

import static org.gamecensus.schemas.DatasetSchema.field;

import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.schemas.DatasetSchema;

/** The datasets of the switching census. Link masks use the host's link numbering (bit i = link i). */
public final class SwitchingSchemas {

    /** Table {@code switching}: one row per subgraph (link subset) of a host, partitioned by host. */
    public static final DatasetSchema SUBGRAPHS = new DatasetSchema(
                    "switching",
                    2,
                    new StructType(new StructField[] {
                        field("mask", DataTypes.LongType, false, "the subgraph: bit i set when host link i is present"),
                        field("links", DataTypes.IntegerType, false, "number of links in the subgraph"),
                        field(
                                "outcome",
                                DataTypes.StringType,
                                false,
                                "L Short wins whoever starts, R Cut wins whoever starts, N the first mover wins, P the second"),
                        field(
                                "solver_short_first",
                                DataTypes.BooleanType,
                                false,
                                "exhaustive solver: Short wins moving first"),
                        field(
                                "solver_short_second",
                                DataTypes.BooleanType,
                                false,
                                "exhaustive solver: Short wins moving second"),
                        field(
                                "criterion_short_first",
                                DataTypes.BooleanType,
                                false,
                                "Lehman's criterion: Short wins moving first"),
                        field(
                                "criterion_short_second",
                                DataTypes.BooleanType,
                                false,
                                "Lehman's criterion: Short wins moving second"),
                        field("agree", DataTypes.BooleanType, false, "solver and criterion agree for both starts"),
                        field(
                                "tree_a",
                                DataTypes.LongType,
                                true,
                                "first certificate tree (link mask) when Short wins moving second"),
                        field(
                                "tree_b",
                                DataTypes.LongType,
                                true,
                                "second certificate tree (link mask), edge-disjoint from tree_a"),
                        field(
                                "winning_openings",
                                DataTypes.LongType,
                                false,
                                "links whose securing as Short's opening meets the criterion"),
                        field("winning_opening_count", DataTypes.IntegerType, false, "number of winning openings"),
                        field(
                                "solver_nodes",
                                DataTypes.LongType,
                                false,
                                "nodes the solver searched for this subgraph's orbit (both starts)"),
                        field(
                                "solved_as",
                                DataTypes.LongType,
                                false,
                                "the isomorphic subgraph (orbit representative) the solver searched"),
                        field("host", DataTypes.StringType, false, "host graph (partition key)"),
                    }),
                    List.of("host"),
                    "every subgraph of a host, decided by the solver and by Lehman's criterion")
            .withRowNoun("subgraphs");

    /** Table {@code switching_hosts}: one row per host graph censused or decided. */
    public static final DatasetSchema HOSTS = new DatasetSchema(
                    "switching_hosts",
                    1,
                    new StructType(new StructField[] {
                        field("vertices", DataTypes.IntegerType, false, "number of vertices"),
                        field("links", DataTypes.IntegerType, false, "number of links"),
                        field("s", DataTypes.IntegerType, false, "Short's first mark"),
                        field("t", DataTypes.IntegerType, false, "Short's second mark"),
                        field(
                                "link_list",
                                DataTypes.StringType,
                                false,
                                "links in order, 'u-v u-v …'; link i is bit i of every mask"),
                        field(
                                "automorphisms",
                                DataTypes.IntegerType,
                                false,
                                "automorphisms keeping {s, t} used to share solves"),
                        field("host", DataTypes.StringType, false, "host graph (partition key)"),
                    }),
                    List.of("host"),
                    "the host graphs: vertices, marks and link numbering")
            .withRowNoun("hosts");

    /** Table {@code switching_decided}: one row per whole host decided on its own (e.g. Bridg-It boards). */
    public static final DatasetSchema DECIDED = new DatasetSchema(
                    "switching_decided",
                    2,
                    new StructType(new StructField[] {
                        field("vertices", DataTypes.IntegerType, false, "number of vertices"),
                        field("links", DataTypes.IntegerType, false, "number of links"),
                        field(
                                "criterion_short_first",
                                DataTypes.BooleanType,
                                false,
                                "Lehman's criterion: Short wins moving first"),
                        field(
                                "criterion_short_second",
                                DataTypes.BooleanType,
                                false,
                                "Lehman's criterion: Short wins moving second"),
                        field("criterion_outcome", DataTypes.StringType, false, "outcome class by the criterion"),
                        field(
                                "solver_short_first",
                                DataTypes.BooleanType,
                                true,
                                "exhaustive solver, null when over its node budget"),
                        field(
                                "solver_short_second",
                                DataTypes.BooleanType,
                                true,
                                "exhaustive solver, null when over its node budget"),
                        field(
                                "solver_outcome",
                                DataTypes.StringType,
                                true,
                                "outcome class by the solver, null when over budget"),
                        field(
                                "solver_nodes",
                                DataTypes.LongType,
                                false,
                                "nodes the solver searched (up to its budget)"),
                        field(
                                "agree",
                                DataTypes.BooleanType,
                                true,
                                "solver and criterion agree on both outcomes and on Short's winning openings, null when the"
                                        + " solver gave up"),
                        field(
                                "tree_a",
                                DataTypes.LongType,
                                true,
                                "first certificate tree when Short wins moving second"),
                        field("tree_b", DataTypes.LongType, true, "second certificate tree"),
                        field(
                                "winning_openings",
                                DataTypes.LongType,
                                false,
                                "links whose securing as Short's opening meets the criterion"),
                        field("winning_opening_count", DataTypes.IntegerType, false, "number of winning openings"),
                        field(
                                "solver_winning_openings",
                                DataTypes.LongType,
                                true,
                                "links whose securing as Short's opening wins by the solver, null when over budget"),
                        field("host", DataTypes.StringType, false, "host graph (partition key)"),
                    }),
                    List.of("host"),
                    "whole host graphs decided on their own, such as Bridg-It boards")
            .withRowNoun("hosts");

    /** Every switching dataset. */
    public static final List<DatasetSchema> ALL = List.of(SUBGRAPHS, HOSTS, DECIDED);

    private SwitchingSchemas() {}
}
