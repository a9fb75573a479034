package org.gamecensus.schemas.cram;

import static org.gamecensus.schemas.DatasetSchema.field;

import java.util.List;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.schemas.DatasetSchema;

/**
 * The datasets of the Cram pairing census. Squares are (row, column) in the shape's own bounding
 * box, row 0 at the top; {@code picture} draws the box row by row.
 */
public final class CramSchemas {

    /** One route: a domino whose removal leaves a remainder its own half-turn pairs (laxly). */
    public static final StructType ROUTE = dominoMove("the remainder is paired strictly (no self-mapped domino)");

    /** One move two moves from a pairing: every reply leaves a set one move from a pairing. */
    public static final StructType TWO_MOVES = dominoMove("the move also counts under the strict test");

    /** Table {@code cram}: one row per catalogue shape, partitioned by size. */
    public static final DatasetSchema SHAPES = new DatasetSchema(
                    "cram",
                    3,
                    new StructType(new StructField[] {
                        field(
                                "shape_id",
                                DataTypes.LongType,
                                false,
                                "canonical id: width << 56 | row-major mask, least of the shape's images under the"
                                        + " catalogue's group; a box over 56 cells: bit 63, width << 56, (squares - 1) << 52,"
                                        + " colex rank of the mask"),
                        field("height", DataTypes.IntegerType, false, "rows of the bounding box"),
                        field("width", DataTypes.IntegerType, false, "columns of the bounding box"),
                        field("picture", DataTypes.StringType, false, "rows of # and . joined by /, top row first"),
                        field("grundy", DataTypes.IntegerType, false, "Grundy value (Sprague-Grundy recursion)"),
                        field(
                                "outcome",
                                DataTypes.StringType,
                                false,
                                "N first player wins (Grundy != 0), P second player wins"),
                        field(
                                "symmetries",
                                new ArrayType(DataTypes.StringType, false),
                                false,
                                "symmetries of the square (about the shape's own box) that map it to itself"),
                        field(
                                "involution_free",
                                DataTypes.BooleanType,
                                false,
                                "no symmetry but the identity maps the shape to itself"),
                        field(
                                "paired_lax",
                                DataTypes.BooleanType,
                                false,
                                "the half-turn maps it to itself and fixes no square"),
                        field(
                                "paired_strict",
                                DataTypes.BooleanType,
                                false,
                                "paired_lax and no domino is its own image"),
                        field(
                                "routes_lax",
                                DataTypes.IntegerType,
                                false,
                                "dominoes leaving a (non-empty) remainder paired laxly"),
                        field(
                                "routes_strict",
                                DataTypes.IntegerType,
                                false,
                                "dominoes leaving a remainder paired strictly"),
                        field(
                                "lax_losing_routes",
                                DataTypes.IntegerType,
                                false,
                                "lax-only routes whose remainder is a first-player win"),
                        field("routes", new ArrayType(ROUTE, false), false, "the route dominoes, lax and strict"),
                        field(
                                "two_moves_lax",
                                DataTypes.IntegerType,
                                false,
                                "moves after which every reply leaves a set one move from a lax pairing"),
                        field(
                                "two_moves_strict",
                                DataTypes.IntegerType,
                                false,
                                "moves after which every reply leaves a set one move from a strict pairing"),
                        field(
                                "two_moves_lax_losing",
                                DataTypes.IntegerType,
                                false,
                                "two-moves-away moves (lax) whose remainder is a first-player win"),
                        field(
                                "two_moves",
                                new ArrayType(TWO_MOVES, false),
                                false,
                                "the two-moves-away dominoes, lax and strict"),
                        field(
                                "fixed_count",
                                DataTypes.IntegerType,
                                false,
                                "fixed polyominoes (translation only) this shape stands for"),
                        field(
                                "nodes_plain",
                                DataTypes.LongType,
                                false,
                                "win/loss search nodes without the pairing check"),
                        field(
                                "nodes_hybrid",
                                DataTypes.LongType,
                                false,
                                "win/loss search nodes with the pairing check first"),
                        field(
                                "violations",
                                DataTypes.StringType,
                                true,
                                "broken invariants (null in a published warehouse)"),
                        field("squares", DataTypes.IntegerType, false, "number of squares (partition key)"),
                    }),
                    List.of("squares"),
                    "every Cram shape: Grundy value, symmetries, pairings and routes to a pairing")
            .withDistinctColumns("picture")
            .withRowNoun("shapes");

    /** Every Cram dataset. */
    public static final List<DatasetSchema> ALL = List.of(SHAPES);

    private CramSchemas() {}

    /** A domino move: its two squares, whether it counts strictly ({@code strictMeans}), what it leaves. */
    private static StructType dominoMove(String strictMeans) {
        return new StructType(new StructField[] {
            field("r1", DataTypes.IntegerType, false, "row of the domino's first square"),
            field("c1", DataTypes.IntegerType, false, "column of the domino's first square"),
            field("r2", DataTypes.IntegerType, false, "row of the domino's second square"),
            field("c2", DataTypes.IntegerType, false, "column of the domino's second square"),
            field("strict", DataTypes.BooleanType, false, strictMeans),
            field("remainder_grundy", DataTypes.IntegerType, false, "Grundy value of the remainder"),
            field("loses", DataTypes.BooleanType, false, "the move loses: the remainder is not a second-player win"),
        });
    }
}
