package org.gamecensus.jobs.hackenbush;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.gamecensus.jobs.census.SliceKernel;
import org.gamecensus.kernel.hackenbush.FusionPrinciple;
import org.gamecensus.kernel.hackenbush.GreenHackenbushBruteForce;
import org.gamecensus.kernel.hackenbush.GroundedGraphEnumerator;

/**
 * The executor side of the Hackenbush census: a slice is one (vertices, edges) pair, id = vertices
 * · 64 + edges; each graph of the slice is decided by brute force and by the fusion principle.
 */
final class HackenbushSlices implements SliceKernel {
    private static final long serialVersionUID = 1L;
    private final int maxEdges;

    HackenbushSlices(int maxEdges) {
        this.maxEdges = maxEdges;
    }

    @Override
    public Iterator<Row> decide(Iterator<Long> ids) {
        final GreenHackenbushBruteForce brute = new GreenHackenbushBruteForce(maxEdges);
        final List<Row> rows = new ArrayList<>();
        while (ids.hasNext()) {
            final long id = ids.next();
            final int v = (int) (id / 64);
            final int e = (int) (id % 64);
            new GroundedGraphEnumerator(v, e).forEach(g -> {
                final int x = brute.grundy(g);
                final int y = FusionPrinciple.value(g);
                rows.add(RowFactory.create(v, g.edgesText(), g.loops(), x, y, x == y, e));
            });
        }
        return rows.iterator();
    }
}
