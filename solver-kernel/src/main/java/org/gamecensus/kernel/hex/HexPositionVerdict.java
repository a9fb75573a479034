package org.gamecensus.kernel.hex;

/** One live position's census row; a mutable holder refilled per position. */
public final class HexPositionVerdict {

    int down;
    int across;
    HexBoard.Side toMove;
    boolean winnable;
    int winningMask;
    int ratioPick = -1;
    int currentPick = -1;
    int ratioRank;
    int currentRank;
    int potentialPick = -1;
    int potentialRank;
    double downResistance = Double.NaN;
    double acrossResistance = Double.NaN;

    /** Refills the holder for a position and the mover's winning cells; no rule graded yet. */
    void set(int down, int across, HexBoard.Side toMove, int winningMask) {
        this.down = down;
        this.across = across;
        this.toMove = toMove;
        this.winningMask = winningMask;
        this.winnable = winningMask != 0;
        this.ratioPick = -1;
        this.currentPick = -1;
        this.ratioRank = 0;
        this.currentRank = 0;
        this.potentialPick = -1;
        this.potentialRank = 0;
    }

    /**
     * Both rules' picks among the {@code empty} cells from their scores, and on a miss the rank of
     * the best-placed winning cell (however the scores were computed).
     */
    void grade(double[] ratio, double[] current, int empty) {
        assert winnable : "the rules are graded on winnable positions";
        ratioPick = CircuitRules.pick(ratio, empty);
        currentPick = CircuitRules.pick(current, empty);
        if (!ratioWins()) {
            ratioRank = CircuitRules.bestRank(ratio, empty, winningMask);
        }
        if (!currentWins()) {
            currentRank = CircuitRules.bestRank(current, empty, winningMask);
        }
    }

    /**
     * The potential rule's pick, the first of its {@code tied} cells (the highest potentials,
     * {@link PotentialRule#score}), and on a miss the rank of the best-placed winning cell: one
     * plus the empty cells of a higher potential, or of the same and a lower number.
     */
    void gradePotential(long[] potentials, int tied, int empty) {
        assert winnable : "the rules are graded on winnable positions";
        assert tied != 0 && (tied & ~empty) == 0 : "the tied cells are empty";
        potentialPick = Integer.numberOfTrailingZeros(tied);
        if (!potentialWins()) {
            int best = Integer.MAX_VALUE;
            for (int targets = winningMask; targets != 0; targets &= targets - 1) {
                final int x = Integer.numberOfTrailingZeros(targets);
                int rank = 1;
                for (int rest = empty; rest != 0; rest &= rest - 1) {
                    final int y = Integer.numberOfTrailingZeros(rest);
                    if (potentials[y] > potentials[x] || potentials[y] == potentials[x] && y < x) {
                        rank++;
                    }
                }
                best = Math.min(best, rank);
            }
            potentialRank = best;
        }
    }

    public int down() {
        return down;
    }

    public int across() {
        return across;
    }

    public int stones() {
        return Integer.bitCount(down | across);
    }

    public HexBoard.Side toMove() {
        return toMove;
    }

    public boolean winnable() {
        return winnable;
    }

    public int winningMask() {
        return winningMask;
    }

    /** The ratio rule's cell, or -1 when the position is not winnable (rules are graded on winnable ones). */
    public int ratioPick() {
        return ratioPick;
    }

    public int currentPick() {
        return currentPick;
    }

    public boolean ratioWins() {
        return ratioPick >= 0 && (winningMask & (1 << ratioPick)) != 0;
    }

    public boolean currentWins() {
        return currentPick >= 0 && (winningMask & (1 << currentPick)) != 0;
    }

    /** On a ratio-rule miss, the rank of the best-placed winning cell; else 0. */
    public int ratioRank() {
        return ratioRank;
    }

    public int currentRank() {
        return currentRank;
    }

    /** Down's circuit resistance as the board stands (the layered solve fills it; NaN where not computed). */
    public double downResistance() {
        return downResistance;
    }

    /** Across's circuit resistance as the board stands (the layered solve fills it; NaN where not computed). */
    public double acrossResistance() {
        return acrossResistance;
    }

    public int potentialPick() {
        return potentialPick;
    }

    public boolean potentialWins() {
        return potentialPick >= 0 && (winningMask & (1 << potentialPick)) != 0;
    }

    /** On a potential-rule miss, the rank of the best-placed winning cell; 0 otherwise. */
    public int potentialRank() {
        return potentialRank;
    }
}
