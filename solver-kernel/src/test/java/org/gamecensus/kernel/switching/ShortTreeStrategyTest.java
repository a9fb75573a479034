package org.gamecensus.kernel.switching;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Short's tree strategy, played against every line of Cut wherever the criterion holds. */
class ShortTreeStrategyTest {

    /** Number of complete Cut lines explored; each must end with Short connecting s and t. */
    private long lines;

    @Test
    void treeStrategyWinsAgainstEveryLineOfCut() {
        for (String name : new String[] {"K4", "K5", "doubled"}) {
            final SwitchingHost host =
                    name.equals("doubled") ? SwitchingAgreementTest.doubledTheta() : SwitchingHosts.resolve(name);
            final MatroidPartitionCriterion criterion = new MatroidPartitionCriterion(host);
            int graphs = 0;
            for (long mask = 0; mask <= host.allLinks(); mask++) {
                if (!criterion.shortWinsMovingSecond(mask)) {
                    continue;
                }
                graphs++;
                final ShortTreeStrategy strategy = new ShortTreeStrategy(host, criterion.treeA(), criterion.treeB());
                playEveryCutLine(host, strategy, mask);
            }
            assertTrue(graphs > 0, name + " has graphs meeting the criterion");
        }
        assertTrue(lines > 5_000, "explored " + lines + " complete lines");
    }

    private void playEveryCutLine(SwitchingHost host, ShortTreeStrategy strategy, long undecided) {
        if (connects(host, strategy.secured(), host.s(), host.t())) {
            lines++;
            return; // Short has won this line
        }
        assertTrue(
                connects(host, strategy.secured() | undecided, host.s(), host.t()),
                "Cut separated s and t against the tree strategy");
        assertTrue(undecided != 0, "no move left and s, t not joined");
        for (long rest = undecided; rest != 0; rest &= rest - 1) {
            final int cut = Long.numberOfTrailingZeros(rest);
            final ShortTreeStrategy line = strategy.copy();
            long left = undecided & ~(1L << cut);
            final int reply = line.reply(cut, left);
            if (reply >= 0) {
                left &= ~(1L << reply);
            }
            playEveryCutLine(host, line, left);
        }
    }

    private static boolean connects(SwitchingHost host, long links, int a, int b) {
        long reached = 1L << a;
        boolean grew = true;
        while (grew) {
            grew = false;
            for (long rest = links; rest != 0; rest &= rest - 1) {
                final int e = Long.numberOfTrailingZeros(rest);
                final long u = 1L << host.linkU(e);
                final long v = 1L << host.linkV(e);
                if (((reached & u) != 0) != ((reached & v) != 0)) {
                    reached |= u | v;
                    grew = true;
                }
            }
        }
        return (reached & (1L << b)) != 0;
    }
}
