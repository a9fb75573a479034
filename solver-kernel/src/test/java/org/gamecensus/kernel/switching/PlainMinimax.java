package org.gamecensus.kernel.switching;

import java.util.HashMap;
import java.util.Map;

/**
 * A plain minimax over raw positions (secured set, undecided set), with no reductions and a hash
 * map for transpositions: the slow reference that {@link SwitchingGameSolver}'s reductions are
 * checked against. Only for small hosts.
 */
final class PlainMinimax {

    private final SwitchingHost host;
    private final Map<Long, Boolean> memo = new HashMap<>();

    PlainMinimax(SwitchingHost host) {
        if (host.linkCount() > 31) {
            throw new IllegalArgumentException("plain minimax packs two masks of at most 31 links");
        }
        this.host = host;
    }

    boolean shortWins(long mask, boolean shortToMove) {
        return play(0L, mask, shortToMove);
    }

    private boolean play(long secured, long undecided, boolean shortToMove) {
        if (connected(secured)) {
            return true;
        }
        if (!connected(secured | undecided)) {
            return false;
        }
        final long key = (secured << 32 | undecided) << 1 | (shortToMove ? 1 : 0);
        final Boolean known = memo.get(key);
        if (known != null) {
            return known;
        }
        boolean result = !shortToMove;
        for (int e = 0; e < host.linkCount(); e++) {
            final long bit = 1L << e;
            if ((undecided & bit) == 0) {
                continue;
            }
            if (shortToMove && play(secured | bit, undecided & ~bit, false)) {
                result = true;
                break;
            }
            if (!shortToMove && !play(secured, undecided & ~bit, true)) {
                result = false;
                break;
            }
        }
        memo.put(key, result);
        return result;
    }

    private boolean connected(long links) {
        long reached = 1L << host.s();
        boolean grew = true;
        while (grew) {
            grew = false;
            for (int e = 0; e < host.linkCount(); e++) {
                if ((links & (1L << e)) == 0) {
                    continue;
                }
                final long a = 1L << host.linkU(e);
                final long b = 1L << host.linkV(e);
                if (((reached & a) != 0) != ((reached & b) != 0)) {
                    reached |= a | b;
                    grew = true;
                }
            }
        }
        return (reached & (1L << host.t())) != 0;
    }
}
