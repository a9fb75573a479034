package org.gamecensus.kernel.switching;

/**
 * Checks a certificate of Lehman's criterion by looking at it: two link sets of a subgraph that
 * are disjoint and are each a spanning tree of one common vertex set W holding s and t. This is
 * the "matter of looking" the essay promises; it does not search for anything.
 *
 * <p>Complexity: O(k²) bit operations for trees of k links, the reached vertices grown as a bit
 * mask; nothing is allocated, since the census checks every certificate it writes.
 */
public final class TreePairCertificate {

    private TreePairCertificate() {}

    /** Whether {@code a} and {@code b} certify that Short, moving second, wins on {@code mask}. */
    public static boolean isValid(SwitchingHost host, long mask, long a, long b) {
        if ((a & ~mask) != 0 || (b & ~mask) != 0 || (a & b) != 0) {
            return false;
        }
        final long wa = spannedVertices(host, a);
        final long wb = spannedVertices(host, b);
        return wa != 0 && wa == wb && (wa & (1L << host.s())) != 0 && (wa & (1L << host.t())) != 0;
    }

    /**
     * The vertex set a link set spans when it is a tree, else 0: connected, with one link fewer
     * than vertices (which rules out cycles).
     */
    private static long spannedVertices(SwitchingHost host, long links) {
        if (links == 0) {
            return 0L;
        }
        long vertices = 0L;
        for (long rest = links; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            vertices |= 1L << host.linkU(e) | 1L << host.linkV(e);
        }
        if (Long.bitCount(links) != Long.bitCount(vertices) - 1) {
            return 0L;
        }
        // Connected: the vertices reached from one end of the first link, grown a link at a time.
        long reached = 1L << host.linkU(Long.numberOfTrailingZeros(links));
        long pending = links;
        boolean grew = true;
        while (grew) {
            grew = false;
            for (long rest = pending; rest != 0; rest &= rest - 1) {
                final int e = Long.numberOfTrailingZeros(rest);
                final long ends = 1L << host.linkU(e) | 1L << host.linkV(e);
                if ((reached & ends) != 0) {
                    reached |= ends;
                    pending &= ~(1L << e);
                    grew = true;
                }
            }
        }
        return reached == vertices ? vertices : 0L;
    }
}
