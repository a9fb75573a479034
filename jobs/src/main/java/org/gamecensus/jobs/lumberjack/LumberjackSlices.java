package org.gamecensus.jobs.lumberjack;

import java.util.ArrayList;
import java.util.Collections;
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
 * The trees of 0..N edges cut into slices. The sizes below min({@value #SPLIT_FROM}, N) edges
 * (7,813 trees at most) form one slice, id {@value #SMALL_SIZES}; each larger size is cut into
 * {@value #SLICES} slices, tree k of its generation order going to slice k mod {@value #SLICES},
 * with id edges · 64 + slice, listed slice-major. So partitions given equal runs of ids do equal
 * work (each run takes whole slices of every large size), and the small sizes are written by one
 * task: a task writes a file per size it holds, a few milliseconds each (to 15 edges, 28 files
 * instead of 49 with every size in 32 slices; the small sizes as one slice each, counted as ids,
 * would leave the first of four partitions three quarters of the others' work). Each partition
 * keeps one brute-force table for all its trees, and decides its slices size by size.
 */
public final class LumberjackSlices implements SliceKernel {

    private static final long serialVersionUID = 1L;
    private static final int PER_SIZE = 64;
    /** Sizes from this many edges on (or the largest size, if smaller) are cut into slices. */
    static final int SPLIT_FROM = 12;
    /** Slices of each size that is cut. */
    static final int SLICES = 32;
    /** The slice id of all the sizes below the split. */
    static final long SMALL_SIZES = -1L;

    private final int maxEdges;
    private final int splitFrom;

    public LumberjackSlices(int maxEdges) {
        this.maxEdges = maxEdges;
        this.splitFrom = Math.min(SPLIT_FROM, maxEdges);
    }

    /**
     * Every slice id: {@link #SMALL_SIZES} first when there are small sizes (their values serve
     * the larger trees' hacks), then edges · 64 + slice for the larger sizes, slice-major.
     */
    public List<Long> sliceIds() {
        final List<Long> ids = new ArrayList<>();
        if (splitFrom > 0) {
            ids.add(SMALL_SIZES);
        }
        for (int k = 0; k < SLICES; k++) {
            for (int e = splitFrom; e <= maxEdges; e++) {
                ids.add((long) e * PER_SIZE + k);
            }
        }
        return ids;
    }

    /**
     * log2 of the brute force's table slots for a census to {@code maxEdges} edges: twice the
     * trees of one edge fewer (every position a hack leaves is such a tree), 2^12 to 2^24 slots.
     * Sized to the census, the table stays in cache (to 15 edges, 2^19 slots settle the trees in
     * about 15 % less time than a fixed 2^21).
     */
    static int tableBits(int maxEdges) {
        final double slots = 2 * LumberjackJob.treeCount(Math.max(0, maxEdges - 1));
        final int bits = 64 - Long.numberOfLeadingZeros((long) Math.ceil(slots) - 1);
        return Math.max(12, Math.min(24, bits));
    }

    /**
     * The rows of a partition's slices, decided size by size, smallest first (ids ascending: the
     * small sizes, then edges · 64 + slice), whatever order the partition lists them in: the
     * table then serves one size's trees at a time (to 15 edges, about 7 % less kernel time than
     * slice by slice).
     */
    @Override
    public Iterator<Row> decide(Iterator<Long> sliceIds) {
        final LumberjackBruteForce brute = new LumberjackBruteForce(tableBits(maxEdges));
        final List<Long> bySize = new ArrayList<>();
        sliceIds.forEachRemaining(bySize::add);
        Collections.sort(bySize);
        return SliceRows.of(bySize.iterator(), (id, out) -> {
            if (id == SMALL_SIZES) {
                for (int e = 0; e < splitFrom; e++) {
                    final int edges = e;
                    RootedTreeGenerator.generate(edges + 1, 0, 1, levels -> out.accept(row(brute, levels, edges)));
                }
            } else {
                final int edges = (int) (id / PER_SIZE);
                assert edges >= splitFrom && edges <= maxEdges : "a slice of a size that is cut: " + id;
                RootedTreeGenerator.generate(
                        edges + 1, (int) (id % PER_SIZE), SLICES, levels -> out.accept(row(brute, levels, edges)));
            }
        });
    }

    /** The row of one tree, decided by brute force and by the Tuft principle. */
    private static Row row(LumberjackBruteForce brute, int[] levels, int edges) {
        final RootedTree tree = RootedTree.fromLevels(levels, levels.length);
        brute.load(tree);
        brute.decide();
        final int g = brute.grundy();
        final int tuft = TuftPrinciple.value(tree);
        return RowFactory.create(
                tree.parens(), tree.height(), tree.branchVertices(), g, tuft, brute.winningHacks(), g == tuft, edges);
    }
}
