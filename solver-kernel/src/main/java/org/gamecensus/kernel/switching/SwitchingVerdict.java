package org.gamecensus.kernel.switching;

/**
 * One subgraph's verdicts: the solver's and the criterion's, for both starts, with the
 * criterion's certificate. A mutable holder that the kernel refills for every subgraph, so
 * the hot loop allocates nothing; copy what you keep.
 */
public final class SwitchingVerdict {

    long mask;
    boolean solverShortFirst;
    boolean solverShortSecond;
    boolean criterionShortFirst;
    boolean criterionShortSecond;
    long treeA;
    long treeB;
    long winningOpenings;
    long solverNodes;
    long solvedAs;

    /** The subgraph: bit i set when host link i is present. */
    public long mask() {
        return mask;
    }

    /** Number of links of the subgraph. */
    public int links() {
        return Long.bitCount(mask);
    }

    public boolean solverShortFirst() {
        return solverShortFirst;
    }

    public boolean solverShortSecond() {
        return solverShortSecond;
    }

    public boolean criterionShortFirst() {
        return criterionShortFirst;
    }

    public boolean criterionShortSecond() {
        return criterionShortSecond;
    }

    /** Whether the solver and the criterion agree for both starts. */
    public boolean agrees() {
        return solverShortFirst == criterionShortFirst && solverShortSecond == criterionShortSecond;
    }

    /** The outcome class by the solver: L (Short wins either way), R (Cut does), N (first mover), P (second). */
    public char outcome() {
        return outcome(solverShortFirst, solverShortSecond);
    }

    /** The outcome class of a pair of verdicts (Short moving first, Short moving second). */
    public static char outcome(boolean shortWinsFirst, boolean shortWinsSecond) {
        if (shortWinsFirst) {
            return shortWinsSecond ? 'L' : 'N';
        }
        return shortWinsSecond ? 'P' : 'R';
    }

    /** First certificate tree (links of the host) when the criterion holds for Short moving second, else 0. */
    public long treeA() {
        return treeA;
    }

    /** Second certificate tree, else 0. */
    public long treeB() {
        return treeB;
    }

    /** Links whose securing as Short's opening meets the criterion. */
    public long winningOpenings() {
        return winningOpenings;
    }

    /** Nodes the solver visited for this subgraph's orbit representative, both starts. */
    public long solverNodes() {
        return solverNodes;
    }

    /** The orbit representative the solver actually searched (equal to {@link #mask()} for representatives). */
    public long solvedAs() {
        return solvedAs;
    }
}
