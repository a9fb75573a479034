package org.gamecensus.schemas.hackenbush;

import static org.gamecensus.schemas.DatasetSchema.field;

import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.schemas.DatasetSchema;

/** The datasets of the general Green Hackenbush census. */
public final class HackenbushSchemas {

    /** Table {@code hackenbush}: one row per grounded multigraph up to isomorphism, partitioned by edges. */
    public static final DatasetSchema GRAPHS = new DatasetSchema(
                    "hackenbush",
                    1,
                    new StructType(new StructField[] {
                        field("vertices", DataTypes.IntegerType, false, "vertices, the ground (vertex 0) included"),
                        field(
                                "edge_list",
                                DataTypes.StringType,
                                false,
                                "edges u-v, vertex 0 the ground; u-u is a loop"),
                        field("loops", DataTypes.IntegerType, false, "loops"),
                        field("grundy", DataTypes.IntegerType, false, "value by brute force over edge subsets"),
                        field("fusion_value", DataTypes.IntegerType, false, "value by the fusion and colon principles"),
                        field("agree", DataTypes.BooleanType, false, "the two values agree"),
                        field("edges", DataTypes.IntegerType, false, "number of edges (partition key)"),
                    }),
                    List.of("edges"),
                    "every small multigraph on the ground: brute force against the fusion principle")
            .withDistinctColumns("edge_list")
            .withRowNoun("graphs");

    public static final List<DatasetSchema> ALL = List.of(GRAPHS);

    private HackenbushSchemas() {}
}
