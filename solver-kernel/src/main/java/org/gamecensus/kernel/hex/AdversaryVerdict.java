package org.gamecensus.kernel.hex;

import org.gamecensus.kernel.hex.HexBoard.Side;

/**
 * The outcome of an adversarial check of a Hex rule ({@link CircuitAdversary},
 * {@link PotentialAdversary}, {@link CommittedAdversary}): the side the rule plays, whether it
 * moves first, whether it wins on every line, and one losing line (cells from the empty board,
 * in move order; null when it holds, or when the check keeps none).
 */
public record AdversaryVerdict(Side side, boolean movingFirst, boolean holds, int[] losingLine) {}
