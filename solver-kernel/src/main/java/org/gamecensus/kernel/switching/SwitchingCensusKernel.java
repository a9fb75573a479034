package org.gamecensus.kernel.switching;

/**
 * Decides every subgraph of a host twice — by {@link SwitchingGameSolver} and by
 * {@link MatroidPartitionCriterion} — one slice of the mask range at a time. One instance serves
 * a whole partition of the census, so its tables are built once.
 *
 * <p>The solver searches one representative per orbit of {@link HostSymmetry} and its verdict is
 * carried to the orbit's members; the criterion decides every member on its own labelled links.
 * An orbit is emitted by the slice that holds its representative, so every subgraph appears
 * exactly once in the census whatever the slicing.
 */
public final class SwitchingCensusKernel {

    /** Receives each decided subgraph; the verdict object is reused for the next one. */
    @FunctionalInterface
    public interface Sink {
        void accept(SwitchingVerdict verdict);
    }

    private final SwitchingHost host;
    private final HostSymmetry symmetry;
    private final SwitchingGameSolver solver;
    private final MatroidPartitionCriterion criterion;
    private final long[] orbit;
    private final SwitchingVerdict verdict = new SwitchingVerdict();

    public SwitchingCensusKernel(SwitchingHost host) {
        this.host = host;
        this.symmetry = new HostSymmetry(host);
        this.solver = new SwitchingGameSolver(host);
        this.criterion = new MatroidPartitionCriterion(host);
        this.orbit = new long[symmetry.order()];
    }

    public SwitchingHost host() {
        return host;
    }

    public HostSymmetry symmetry() {
        return symmetry;
    }

    /** Decides the orbits whose representatives lie in masks {@code [first, end)}. */
    public void decideSlice(long first, long end, Sink sink) {
        if (first < 0 || end < first || (host.linkCount() < 63 && end > 1L << host.linkCount())) {
            throw new IllegalArgumentException("slice [" + first + ", " + end + ") outside the host's masks");
        }
        for (long mask = first; mask < end; mask++) {
            if (symmetry.isRepresentative(mask)) {
                decideOrbit(mask, sink);
            }
        }
    }

    /** Decides every member of the orbit of the representative {@code rep}. */
    public void decideOrbit(long rep, Sink sink) {
        solver.reset();
        final boolean shortFirst = solver.shortWins(rep, true);
        final boolean shortSecond = solver.shortWins(rep, false);
        final long nodes = solver.nodes();
        final int k = symmetry.orbit(rep, orbit);
        for (int i = 0; i < k; i++) {
            final long mask = orbit[i];
            final SwitchingVerdict v = verdict;
            v.mask = mask;
            v.solvedAs = rep;
            v.solverNodes = nodes;
            v.solverShortFirst = shortFirst;
            v.solverShortSecond = shortSecond;
            decideByCriterion(mask, v);
            sink.accept(v);
        }
    }

    /** Fills the criterion's half of a verdict for {@code mask}. */
    private void decideByCriterion(long mask, SwitchingVerdict v) {
        v.criterionShortSecond = criterion.shortWinsMovingSecond(mask);
        if (v.criterionShortSecond) {
            v.treeA = criterion.treeA();
            v.treeB = criterion.treeB();
            // Contracting a link keeps two spanning trees, so every opening keeps the criterion.
            v.winningOpenings = mask;
            v.criterionShortFirst = true;
        } else {
            v.treeA = 0L;
            v.treeB = 0L;
            v.winningOpenings = criterion.winningOpenings(mask);
            v.criterionShortFirst = v.winningOpenings != 0;
        }
    }
}
