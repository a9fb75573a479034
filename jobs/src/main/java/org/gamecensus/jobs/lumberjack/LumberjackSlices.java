package org.gamecensus.jobs.lumberjack;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.gamecensus.jobs.census.SliceKernel;
import org.gamecensus.jobs.census.SliceRows;
import org.gamecensus.kernel.lumberjack.LumberjackBruteForce;
import org.gamecensus.kernel.lumberjack.RootedTree;
import org.gamecensus.kernel.lumberjack.RootedTreeGenerator;
import org.gamecensus.kernel.lumberjack.TuftPrinciple;

/**
 * The trees of 0..N edges cut into slices: tree k of the generation order of each size goes to
 * slice k mod {@value #SLICES}; slice ids list (edges, slice) pairs slice-major. Every slice so
 * holds a like share of every size, and partitions given equal runs of ids do equal work (to 15
 * edges, small sizes in one slice of their own left the first of four partitions with three quarters
 * of the others' work). Each partition keeps one brute-force table for all its trees.
 */
public final class LumberjackSlices implements SliceKernel {

    private static final long serialVersionUID = 1L;
    private static final int PER_SIZE = 64;
    /** Slices of each size (the trees of fewer than 32 leave some empty). */
    static final int SLICES = 32;

    private final int maxEdges;

    public LumberjackSlices(int maxEdges) {
        this.maxEdges = maxEdges;
    }

    /**
     * Every slice id, edges · 64 + slice, slice-major: a partition's run of ids takes whole
     * slices of every size, smaller trees first (their values serve the larger trees' hacks).
     */
    public List<Long> sliceIds() {
        final List<Long> ids = new ArrayList<>();
        for (int k = 0; k < SLICES; k++) {
            for (int e = 0; e <= maxEdges; e++) {
                ids.add((long) e * PER_SIZE + k);
            }
        }
        return ids;
    }

    /**
     * log2 of the brute force's table slots for a census to {@code maxEdges} edges: twice the
     * trees of one edge fewer (every position a hack leaves is such a tree), 2^12 to 2^24 slots.
     * Sized to the census, the table stays in cache: to 15 edges, 2^19 slots settled the trees in
     * 3.7 s and the former fixed 2^21 in 4.3 s (one thread, four kernels).
     */
    static int tableBits(int maxEdges) {
        final double slots = 2 * LumberjackJob.treeCount(Math.max(0, maxEdges - 1));
        final int bits = 64 - Long.numberOfLeadingZeros((long) Math.ceil(slots) - 1);
        return Math.max(12, Math.min(24, bits));
    }

    @Override
    public Iterator<Row> decide(Iterator<Long> sliceIds) {
        final LumberjackBruteForce brute = new LumberjackBruteForce(tableBits(maxEdges));
        return SliceRows.of(sliceIds, (id, out) -> {
            final int edges = (int) (id / PER_SIZE);
            RootedTreeGenerator.generate(edges + 1, (int) (id % PER_SIZE), SLICES, levels -> {
                final RootedTree tree = RootedTree.fromLevels(levels, levels.length);
                brute.load(tree);
                brute.decide();
                final int g = brute.grundy();
                final int tuft = TuftPrinciple.value(tree);
                out.accept(RowFactory.create(tree.parens(), tree.height(), tree.branchVertices(), g, tuft,
                        brute.winningHacks(), g == tuft, edges));
            });
        });
    }
}
