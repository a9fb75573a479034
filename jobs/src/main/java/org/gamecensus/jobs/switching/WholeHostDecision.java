package org.gamecensus.jobs.switching;

import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.gamecensus.kernel.switching.MatroidPartitionCriterion;
import org.gamecensus.kernel.switching.SwitchingGameSolver;
import org.gamecensus.kernel.switching.SwitchingHost;
import org.gamecensus.kernel.switching.SwitchingVerdict;
import org.gamecensus.kernel.switching.TreePairCertificate;

/**
 * One whole host decided on its own, as for a Bridg-It board: the criterion always (it is
 * polynomial), the solver within a node budget, the two trees and the winning openings.
 */
public final class WholeHostDecision {

    public final SwitchingHost host;
    public final boolean criterionShortFirst;
    public final boolean criterionShortSecond;
    /** Null when the solver exceeded its budget. */
    public final Boolean solverShortFirst;

    public final Boolean solverShortSecond;
    /** Short's winning openings (moving first) by the solver; null when it exceeded its budget. */
    public final Long solverWinningOpenings;

    public final long solverNodes;
    public final long treeA;
    public final long treeB;
    public final long winningOpenings;

    private WholeHostDecision(
            SwitchingHost host,
            boolean cf,
            boolean cs,
            Boolean sf,
            Boolean ss,
            Long so,
            long nodes,
            long treeA,
            long treeB,
            long openings) {
        this.host = host;
        this.criterionShortFirst = cf;
        this.criterionShortSecond = cs;
        this.solverShortFirst = sf;
        this.solverShortSecond = ss;
        this.solverWinningOpenings = so;
        this.solverNodes = nodes;
        this.treeA = treeA;
        this.treeB = treeB;
        this.winningOpenings = openings;
    }

    /** Decides {@code host} whole; the solver gives up past {@code budget} nodes. */
    public static WholeHostDecision decide(SwitchingHost host, long budget) {
        final long all = host.allLinks();
        final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(host);
        final boolean cs = criterion.shortWinsMovingSecond(all);
        final long a = cs ? criterion.treeA() : 0L;
        final long b = cs ? criterion.treeB() : 0L;
        if (cs && !TreePairCertificate.isValid(host, all, a, b)) {
            throw new IllegalStateException("host " + host.name() + ": the criterion's trees do not certify it");
        }
        final long openings = cs ? all : criterion.winningOpenings(all);
        final SwitchingGameSolver solver = new SwitchingGameSolver(host, 22, budget);
        solver.reset();
        Boolean sf = null;
        Boolean ss = null;
        Long so = null;
        try {
            sf = solver.shortWins(all, true);
            ss = solver.shortWins(all, false);
            so = sf ? solver.winningOpenings(all) : 0L;
        } catch (SwitchingGameSolver.BudgetExceeded e) {
            sf = null;
            ss = null;
            so = null;
        }
        return new WholeHostDecision(host, cs || openings != 0, cs, sf, ss, so, solver.nodes(), a, b, openings);
    }

    public boolean solved() {
        return solverShortFirst != null;
    }

    /** Whether the solver (when it finished) agrees with the criterion: both outcomes and Short's winning openings. */
    public Boolean agrees() {
        if (!solved()) {
            return null;
        }
        return solverShortFirst == criterionShortFirst
                && solverShortSecond == criterionShortSecond
                && solverWinningOpenings.longValue() == winningOpenings;
    }

    public String criterionOutcome() {
        return String.valueOf(SwitchingVerdict.outcome(criterionShortFirst, criterionShortSecond));
    }

    public String solverOutcome() {
        return solved() ? String.valueOf(SwitchingVerdict.outcome(solverShortFirst, solverShortSecond)) : null;
    }

    /** A row of {@link org.gamecensus.schemas.switching.SwitchingSchemas#DECIDED}. */
    public Row toRow() {
        return RowFactory.create(
                host.vertexCount(),
                host.linkCount(),
                criterionShortFirst,
                criterionShortSecond,
                criterionOutcome(),
                solverShortFirst,
                solverShortSecond,
                solverOutcome(),
                solverNodes,
                agrees(),
                criterionShortSecond ? treeA : null,
                criterionShortSecond ? treeB : null,
                winningOpenings,
                Long.bitCount(winningOpenings),
                solverWinningOpenings,
                host.name());
    }

    /** A few lines for a person. */
    public String describe() {
        final StringBuilder b = new StringBuilder();
        b.append("host ")
                .append(host.name())
                .append(": ")
                .append(host.vertexCount())
                .append(" vertices, ")
                .append(host.linkCount())
                .append(" links, s = ")
                .append(host.s())
                .append(", t = ")
                .append(host.t())
                .append('\n');
        b.append("criterion: Short moving first ")
                .append(word(criterionShortFirst))
                .append(", Short moving second ")
                .append(word(criterionShortSecond))
                .append(" (outcome ")
                .append(criterionOutcome())
                .append(")\n");
        if (solved()) {
            b.append("solver:    Short moving first ")
                    .append(word(solverShortFirst))
                    .append(", Short moving second ")
                    .append(word(solverShortSecond))
                    .append(" (outcome ")
                    .append(solverOutcome())
                    .append(", ")
                    .append(solverNodes)
                    .append(" nodes; ")
                    .append(Long.bitCount(solverWinningOpenings))
                    .append(" winning openings for Short)")
                    .append(agrees() ? ", agrees" : ", DISAGREES")
                    .append('\n');
        } else {
            b.append("solver:    gave up after ").append(solverNodes).append(" nodes (raise --budget)\n");
        }
        if (criterionShortSecond) {
            b.append("tree A: ").append(host.linksText(treeA)).append('\n');
            b.append("tree B: ").append(host.linksText(treeB)).append('\n');
        }
        b.append("winning openings for Short (")
                .append(Long.bitCount(winningOpenings))
                .append(" of ")
                .append(host.linkCount())
                .append("): ")
                .append(host.linksText(winningOpenings))
                .append('\n');
        return b.toString();
    }

    private static String word(boolean shortWins) {
        return shortWins ? "wins" : "loses";
    }
}
