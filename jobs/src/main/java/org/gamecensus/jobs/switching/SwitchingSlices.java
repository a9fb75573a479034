package org.gamecensus.jobs.switching;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.gamecensus.jobs.census.SliceKernel;
import org.gamecensus.jobs.census.SliceRows;
import org.gamecensus.kernel.switching.SwitchingCensusKernel;
import org.gamecensus.kernel.switching.SwitchingHost;
import org.gamecensus.kernel.switching.SwitchingVerdict;
import org.gamecensus.kernel.switching.TreePairCertificate;

/**
 * The switching census cut into slices: slice k holds the masks {@code [k·2^b, (k+1)·2^b)}, with
 * at most 2^12 slices and b chosen from the host's link count alone (so slices never depend on
 * the cluster). Each partition builds one {@link SwitchingCensusKernel} and turns its slices into
 * rows of {@link org.gamecensus.schemas.switching.SwitchingSchemas#SUBGRAPHS}, one orbit at a
 * time, so memory stays bounded by the largest orbit whatever the slice size.
 */
public final class SwitchingSlices implements SliceKernel {

    private static final long serialVersionUID = 1L;
    private static final int MAX_SLICE_BITS_OF_COUNT = 12;

    private final SwitchingHost host;
    private final int sliceBits;

    public SwitchingSlices(SwitchingHost host) {
        this.host = host;
        this.sliceBits = Math.max(0, host.linkCount() - MAX_SLICE_BITS_OF_COUNT);
    }

    /** Number of slices: 2^(links − b). */
    public long sliceCount() {
        return 1L << (host.linkCount() - sliceBits);
    }

    /**
     * All the slices give a row for every subgraph, 2^links; a part of them gives the orbits whose
     * representative lies in it, which only deciding them counts (−1).
     */
    @Override
    public long rows(List<Long> sliceIds) {
        return sliceIds.size() == sliceCount() && Set.copyOf(sliceIds).size() == sliceIds.size()
                ? 1L << host.linkCount()
                : -1;
    }

    @Override
    public Iterator<Row> decide(Iterator<Long> sliceIds) {
        final SwitchingCensusKernel kernel = new SwitchingCensusKernel(host);
        final List<Row> orbit = new ArrayList<>();
        return new SliceRows.Buffered() {
            private long next = 0L;
            private long end = 0L;
            private int at = 0;

            @Override
            public boolean rowReady() {
                return at < orbit.size();
            }

            @Override
            public boolean hasNext() {
                while (at == orbit.size()) {
                    if (next == end) {
                        if (!sliceIds.hasNext()) {
                            return false;
                        }
                        next = sliceIds.next() << sliceBits;
                        end = next + (1L << sliceBits);
                    }
                    orbit.clear();
                    at = 0;
                    kernel.decideSlice(next, next + 1, v -> orbit.add(toRow(v)));
                    next++;
                }
                return true;
            }

            @Override
            public Row next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return orbit.get(at++);
            }
        };
    }

    private Row toRow(SwitchingVerdict v) {
        final boolean certified = v.criterionShortSecond();
        if (certified && !TreePairCertificate.isValid(host, v.mask(), v.treeA(), v.treeB())) {
            throw new IllegalStateException("host " + host.name() + ", subgraph " + v.mask()
                    + ": the criterion's trees are not two disjoint spanning trees");
        }
        return RowFactory.create(
                v.mask(),
                v.links(),
                String.valueOf(v.outcome()),
                v.solverShortFirst(),
                v.solverShortSecond(),
                v.criterionShortFirst(),
                v.criterionShortSecond(),
                v.agrees(),
                certified ? v.treeA() : null,
                certified ? v.treeB() : null,
                v.winningOpenings(),
                Long.bitCount(v.winningOpenings()),
                v.solverNodes(),
                v.solvedAs(),
                host.name());
    }
}
