package org.gamecensus.jobs.cram;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.gamecensus.jobs.census.SliceKernel;
import org.gamecensus.jobs.census.SliceRows;
import org.gamecensus.kernel.cram.CramCensusKernel;
import org.gamecensus.kernel.cram.CramShapeVerdict;
import org.gamecensus.kernel.cram.DominoMoves;
import org.gamecensus.kernel.cram.Region;
import scala.collection.JavaConverters;
import scala.collection.Seq;

/**
 * The Cram catalogue cut into {@value #SLICES} slices of the enumeration tree (a fixed number,
 * so rows never depend on the cluster). Each partition builds one {@link CramCensusKernel}, whose
 * Grundy table then serves all its slices.
 */
public final class CramSlices implements SliceKernel {

    private static final long serialVersionUID = 1L;
    /** Slices of the catalogue. */
    public static final int SLICES = 64;

    private final int maxSquares;

    public CramSlices(int maxSquares) {
        this.maxSquares = maxSquares;
    }

    @Override
    public Iterator<Row> decide(Iterator<Long> sliceIds) {
        final CramCensusKernel kernel = new CramCensusKernel(maxSquares, SLICES);
        return SliceRows.of(sliceIds, (id, out) -> kernel.decideSlice((int) id, v -> out.accept(toRow(v))));
    }

    /** Spark's row encoder takes Scala sequences for array columns. */
    private static <T> Seq<T> seq(List<T> list) {
        return JavaConverters.asScalaBuffer(list);
    }

    /** Moves as rows of CramSchemas' domino-move struct (routes and two-moves-away alike). */
    private static List<Row> moves(DominoMoves m) {
        final List<Row> rows = new ArrayList<>(m.count());
        for (int i = 0; i < m.count(); i++) {
            rows.add(RowFactory.create(
                    m.r1(i), m.c1(i), m.r2(i), m.c2(i), m.strict(i), m.remainderGrundy(i), m.loses(i)));
        }
        return rows;
    }

    static Row toRow(CramShapeVerdict v) {
        final List<String> symmetries = new ArrayList<>();
        for (int s = 0; s < 8; s++) {
            if ((v.symmetries() & (1 << s)) != 0) {
                symmetries.add(Region.SYMMETRY_NAMES[s]);
            }
        }
        return RowFactory.create(
                v.shape(),
                v.height(),
                v.width(),
                v.picture(),
                v.grundy(),
                v.outcome(),
                seq(symmetries),
                v.symmetries() == 1,
                v.pairedLax(),
                v.pairedStrict(),
                v.routesLax(),
                v.routesStrict(),
                v.laxLosingRoutes(),
                seq(moves(v.routes())),
                v.twoMovesLax(),
                v.twoMovesStrict(),
                v.twoMovesLaxLosing(),
                seq(moves(v.twoMoves())),
                v.fixedCount(),
                v.nodesPlain(),
                v.nodesHybrid(),
                v.violations(),
                v.squares());
    }
}
