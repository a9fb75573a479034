package org.gamecensus.kernel.hex;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.gamecensus.kernel.hex.CircuitRules.Rule;
import org.gamecensus.kernel.hex.CommittedAdversary.Fallback;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.junit.jupiter.api.Test;

class CommittedAdversaryTest {

    @Test
    void theVerdictsAndLosingLinesAgreeWithPlainRecursionOnTheSpecsBoardsUpToTwelveCells() {
        int held = 0;
        int lost = 0;
        for (String name : List.of("2x3", "3x2", "2x4", "4x2", "3x3", "3x4", "4x3")) {
            final HexBoard b = HexBoard.parse(name);
            for (Side first : Side.values()) {
                final Side winner = new PlainHexMinimax(b, first == Side.DOWN).moverWins(0, 0) ? first : first.other();
                // The side that wins the empty board (the census's case) and the other, which no rule
                // can hold: both outcomes compared, with their losing lines.
                for (Side side : List.of(winner, winner.other())) {
                    for (Rule rule : Rule.values()) {
                        for (Fallback fallback : Fallback.values()) {
                            final String what = name + ", " + first + " first, " + side + " defends, " + rule + ", "
                                    + fallback.label();
                            final AdversaryVerdict r = new CommittedAdversary(b, first, side, rule, fallback).run();
                            final List<Integer> line = new ArrayList<>();
                            final boolean holds = new PlainCommittedDefender(
                                            b, first, side, rule == Rule.RATIO, fallback == Fallback.CIRCUIT)
                                    .holds(line);
                            assertEquals(holds, r.holds(), what);
                            assertTrue(side == winner || !r.holds(), what + ": a lost board is not held");
                            if (r.holds()) {
                                assertNull(r.losingLine(), what);
                                held++;
                            } else {
                                final List<Integer> got = new ArrayList<>();
                                for (int x : r.losingLine()) {
                                    got.add(x);
                                }
                                assertEquals(line, got, what);
                                lost++;
                            }
                        }
                    }
                }
            }
        }
        // The winning side's runs include holds, so agreement was checked on both outcomes.
        assertTrue(held > 0, held + " held, " + lost + " lost");
    }
}
