package org.gamecensus.schemas.lumberjack;

import static org.gamecensus.schemas.DatasetSchema.field;

import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.schemas.DatasetSchema;

/** The datasets of the Lumberjack census (Green Hackenbush on rooted trees). */
public final class LumberjackSchemas {

    /** Table {@code lumberjack}: one row per unlabelled rooted tree, partitioned by number of edges. */
    public static final DatasetSchema TREES = new DatasetSchema(
                    "lumberjack",
                    1,
                    new StructType(new StructField[] {
                        field(
                                "encoding",
                                DataTypes.StringType,
                                false,
                                "canonical parenthesis string: a pair per vertex, its children inside, root outermost"),
                        field("height", DataTypes.IntegerType, false, "edges on the longest path from the root"),
                        field(
                                "branch_vertices",
                                DataTypes.IntegerType,
                                false,
                                "vertices of degree >= 3: applications of the Tuft principle the tree needs"),
                        field(
                                "grundy",
                                DataTypes.IntegerType,
                                false,
                                "Grundy value by brute force over hack positions"),
                        field("tuft_value", DataTypes.IntegerType, false, "value by the Tuft principle"),
                        field("winning_hacks", DataTypes.IntegerType, false, "hacks that leave value 0"),
                        field("agree", DataTypes.BooleanType, false, "brute force and Tuft principle agree"),
                        field("edges", DataTypes.IntegerType, false, "number of edges (partition key)"),
                    }),
                    List.of("edges"),
                    "every rooted tree: brute-force Grundy value against the Tuft principle")
            .withDistinctColumns("encoding")
            .withRowNoun("trees");

    public static final List<DatasetSchema> ALL = List.of(TREES);

    private LumberjackSchemas() {}
}
