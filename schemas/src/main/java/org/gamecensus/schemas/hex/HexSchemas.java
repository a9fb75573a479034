package org.gamecensus.schemas.hex;

import static org.gamecensus.schemas.DatasetSchema.field;

import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.schemas.DatasetSchema;
import org.gamecensus.schemas.PartitionSummary;
import org.gamecensus.schemas.PartitionSummary.Measure;
import org.gamecensus.schemas.PartitionSummary.Term;

/** The datasets of the Hex circuit census. Cells are numbered row·columns + column; masks set bit cell. */
public final class HexSchemas {

    /** The rules' columns (two circuit rules, the potential). */
    private static final StructField[] RULES = {
        field(
                "ratio_pick",
                DataTypes.IntegerType,
                true,
                "the ratio rule's cell (winnable positions only; circuits solved in the orientation of the"
                        + " smaller masks, so a position and its half-turn pick mapped cells)"),
        field("ratio_wins", DataTypes.BooleanType, true, "the ratio rule's cell wins"),
        field("current_pick", DataTypes.IntegerType, true, "the current rule's cell (winnable positions only)"),
        field("current_wins", DataTypes.BooleanType, true, "the current rule's cell wins"),
        field("ratio_rank", DataTypes.IntegerType, true, "on a ratio-rule miss, rank of the best-placed winning cell"),
        field(
                "current_rank",
                DataTypes.IntegerType,
                true,
                "on a current-rule miss, rank of the best-placed winning cell"),
        field(
                "potential_pick",
                DataTypes.IntegerType,
                true,
                "the Erdős–Selfridge potential's cell for the mover, lowest of ties (winnable positions only)"),
        field("potential_wins", DataTypes.BooleanType, true, "the potential's cell wins"),
        field(
                "potential_rank",
                DataTypes.IntegerType,
                true,
                "on a potential miss, rank of the best-placed winning cell"),
    };

    /**
     * Table {@code hex}: one row per live position, partitioned by board and first player. Version 3
     * solves each circuit in the orientation of the smaller masks (a position or its half-turn), so
     * the ratio rule may pick another of two cells whose scores agree to the rounding of the solve.
     */
    public static final DatasetSchema POSITIONS = new DatasetSchema(
                    "hex",
                    3,
                    columns(
                            new StructField[] {
                                field("down_mask", DataTypes.IntegerType, false, "Down's stones"),
                                field("across_mask", DataTypes.IntegerType, false, "Across's stones"),
                                field("stones", DataTypes.IntegerType, false, "stones on the board"),
                                field("to_move", DataTypes.StringType, false, "down or across"),
                                field(
                                        "winnable",
                                        DataTypes.BooleanType,
                                        false,
                                        "the mover has a winning cell (exhaustive search)"),
                                field("winning_mask", DataTypes.IntegerType, false, "the mover's winning cells"),
                                field("winning_count", DataTypes.IntegerType, false, "number of winning cells"),
                                field("empty_cells", DataTypes.IntegerType, false, "number of empty cells"),
                            },
                            RULES,
                            new StructField[] {
                                field("board", DataTypes.StringType, false, "RxC (partition key)"),
                                field(
                                        "first",
                                        DataTypes.StringType,
                                        false,
                                        "who moved first: down or across (partition key)"),
                            }),
                    List.of("board", "first"),
                    "every live Hex position: exact verdict, the two circuit rules and the potential")
            .withRowNoun("positions")
            .withSummary(counts());

    /**
     * Table {@code hex_adversarial}: does a rule hold the winning side against every reply. Version
     * 3: the circuit rules' circuits are solved in the orientation of the smaller masks, as in
     * {@code hex} version 3.
     */
    public static final DatasetSchema ADVERSARIAL = new DatasetSchema(
                    "hex_adversarial",
                    3,
                    new StructType(new StructField[] {
                        field("first", DataTypes.StringType, false, "who moves first"),
                        field(
                                "ties",
                                DataTypes.StringType,
                                false,
                                "who picks among the rule's tied cells: lowest (the lowest-numbered cell), defender-best or"
                                        + " opponent-pick; lowest for the circuit rules"),
                        field(
                                "side",
                                DataTypes.StringType,
                                false,
                                "the side the rule plays: the one that wins the empty board"),
                        field("moving", DataTypes.StringType, false, "first or second"),
                        field("holds", DataTypes.BooleanType, false, "the rule wins on every line"),
                        field(
                                "losing_line",
                                DataTypes.StringType,
                                true,
                                "one losing line, cells from the empty board, space-separated (under lowest ties)"),
                        field("board", DataTypes.StringType, false, "RxC (partition key)"),
                        field(
                                "rule",
                                DataTypes.StringType,
                                false,
                                "ratio or current (circuit rules), or potential (Erdős–Selfridge); partition key"),
                        field(
                                "variant",
                                DataTypes.StringType,
                                false,
                                "plain; reply (only cells next to the opponent's last stone); committed (a reply table and a"
                                        + " fixed order built once); committed-circuit (the table, then the running rule);"
                                        + " partition key"),
                    }),
                    List.of("board", "rule", "variant"),
                    "circuit rules and the Erdős–Selfridge potential against every reply")
            .withRowNoun("cases");

    /**
     * Table {@code hex_sample}: positions sampled along random games. Version 2: the circuit rules'
     * circuits are solved in the orientation of the smaller masks, as in {@code hex} version 3.
     */
    public static final DatasetSchema SAMPLE = new DatasetSchema(
                    "hex_sample",
                    2,
                    new StructType(new StructField[] {
                        field("first", DataTypes.StringType, false, "who moved first"),
                        field("seed", DataTypes.LongType, false, "the sample's seed"),
                        field(
                                "sample_index",
                                DataTypes.LongType,
                                false,
                                "sample i, drawn from a generator seeded by (seed, i)"),
                        field("down_mask", DataTypes.IntegerType, false, "Down's stones"),
                        field("across_mask", DataTypes.IntegerType, false, "Across's stones"),
                        field("stones", DataTypes.IntegerType, false, "stones on the board"),
                        field("winnable", DataTypes.BooleanType, false, "the mover has a winning cell"),
                        field("winning_count", DataTypes.IntegerType, false, "number of winning cells"),
                        field("empty_cells", DataTypes.IntegerType, false, "number of empty cells"),
                        field("ratio_wins", DataTypes.BooleanType, true, "the ratio rule's cell wins (winnable only)"),
                        field(
                                "current_wins",
                                DataTypes.BooleanType,
                                true,
                                "the current rule's cell wins (winnable only)"),
                        field("board", DataTypes.StringType, false, "RxC (partition key)"),
                    }),
                    List.of("board"),
                    "Hex positions at uniformly random move numbers along random games")
            .withRowNoun("positions");

    /** Table {@code hex_empty_board}: who wins the empty board, by exhaustive search. */
    public static final DatasetSchema EMPTY_BOARD = new DatasetSchema(
                    "hex_empty_board",
                    1,
                    new StructType(new StructField[] {
                        field("rows", DataTypes.IntegerType, false, "rows of the board"),
                        field("cols", DataTypes.IntegerType, false, "columns of the board"),
                        field("first", DataTypes.StringType, false, "who moves first"),
                        field("winner", DataTypes.StringType, false, "who wins the empty board with perfect play"),
                        field(
                                "winning_first_moves",
                                DataTypes.IntegerType,
                                true,
                                "how many first moves win (boards up to 20 cells; null above)"),
                        field("board", DataTypes.StringType, false, "RxC (partition key)"),
                    }),
                    List.of("board"),
                    "who wins the empty Hex board")
            .withRowNoun("boards");

    /**
     * Table {@code hex_layers}: the layered retrograde solve, one row per live position, partitioned
     * by board, first player and stones (a layer): what settling the layer below needs of a
     * position, its verdict and both circuits' resistances. Layer k is settled and graded from
     * layer k + 1 alone: its winning cells from the children's verdicts, the ratio rule from the
     * children's circuit resistances; the same pass writes its rows of {@code hex}. Version 5
     * keeps only those columns (the rules' picks and the winning cells are in {@code hex}, written
     * in the same pass); version 4 solved each circuit in the orientation of the smaller masks,
     * version 3 added the potential's pick, version 2 the resistances and the rules' picks
     * (version 1 held the verdict only).
     */
    public static final DatasetSchema LAYERS = new DatasetSchema(
                    "hex_layers",
                    5,
                    new StructType(new StructField[] {
                        field("down_mask", DataTypes.IntegerType, false, "Down's stones"),
                        field("across_mask", DataTypes.IntegerType, false, "Across's stones"),
                        field("winnable", DataTypes.BooleanType, false, "the mover has a winning cell"),
                        field(
                                "down_resistance",
                                DataTypes.DoubleType,
                                false,
                                "Down's circuit resistance (Infinity: no route)"),
                        field(
                                "across_resistance",
                                DataTypes.DoubleType,
                                false,
                                "Across's circuit resistance (Infinity: no route)"),
                        field("board", DataTypes.StringType, false, "RxC (partition key)"),
                        field("first", DataTypes.StringType, false, "who moved first (partition key)"),
                        field("stones", DataTypes.IntegerType, false, "stones on the board: the layer (partition key)"),
                    }),
                    List.of("board", "first", "stones"),
                    "the layered retrograde solve of Hex, layer by layer")
            .withRowNoun("positions");

    public static final List<DatasetSchema> ALL = List.of(POSITIONS, ADVERSARIAL, SAMPLE, EMPTY_BOARD, LAYERS);

    private HexSchemas() {}

    /** A schema of the given columns, in order. */
    private static StructType columns(StructField[]... parts) {
        StructType t = new StructType();
        for (StructField[] part : parts) {
            for (StructField f : part) {
                t = t.add(f);
            }
        }
        return t;
    }

    /**
     * What {@code hex}'s published tables read, counted with each partition by stones: the
     * positions, the winnable ones and their winning cells, each rule's wins among them, and each
     * rule's misses by the rank of the best-placed winning cell (2, 3, 4 or lower; top 3).
     */
    private static PartitionSummary counts() {
        final List<Measure> m = new ArrayList<>(List.of(
                Measure.count("positions"),
                Measure.count("winnable", Term.isTrue("winnable")),
                Measure.sum("winning_sum", "winning_count", Term.isTrue("winnable"))));
        for (String rule : List.of("ratio", "current", "potential")) {
            m.add(Measure.count(rule + "_wins", Term.isTrue("winnable"), Term.isTrue(rule + "_wins")));
        }
        for (String rule : List.of("ratio", "current", "potential")) {
            final String rank = rule + "_rank";
            m.add(Measure.count(rule + "_misses", Term.notNull(rank)));
            m.add(Measure.count(rule + "_rank_2", Term.equal(rank, 2)));
            m.add(Measure.count(rule + "_rank_3", Term.equal(rank, 3)));
            m.add(Measure.count(rule + "_rank_4", Term.atLeast(rank, 4)));
            m.add(Measure.count(rule + "_top3", Term.atMost(rank, 3)));
        }
        return new PartitionSummary(List.of("stones", "empty_cells"), m);
    }
}
