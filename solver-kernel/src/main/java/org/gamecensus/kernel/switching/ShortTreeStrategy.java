package org.gamecensus.kernel.switching;

/**
 * Short's strategy read off Lehman's certificate: hold two trees A and B that, together with the
 * secured links S, each connect a vertex set W ∋ s, t. When Cut deletes a link of A whose loss
 * splits A ∪ S, Short secures a link of B that reconnects the two sides (one exists, since B ∪ S
 * connects W), and that link takes the deleted one's place in A; symmetrically for B. Any other
 * deletion is answered by securing some undecided link of A ∪ B, which only helps.
 *
 * <p>Invariant: (A ∪ S) and (B ∪ S) each connect W, A ∩ B ⊆ S, and A ∪ B holds no deleted link.
 * Each reply costs O(n + m). A strategy object holds one game's state; copy it to branch.
 */
public final class ShortTreeStrategy {

    private final SwitchingHost host;
    private long treeA;
    private long treeB;
    private long secured;

    /** Starts the strategy from a certificate of the criterion (see {@link TreePairCertificate}). */
    public ShortTreeStrategy(SwitchingHost host, long treeA, long treeB) {
        if ((treeA & treeB) != 0) {
            throw new IllegalArgumentException("the two trees share a link");
        }
        this.host = host;
        this.treeA = treeA;
        this.treeB = treeB;
        this.secured = 0L;
    }

    private ShortTreeStrategy(ShortTreeStrategy other) {
        this.host = other.host;
        this.treeA = other.treeA;
        this.treeB = other.treeB;
        this.secured = other.secured;
    }

    /** An independent copy of this game's state, for exploring another line. */
    public ShortTreeStrategy copy() {
        return new ShortTreeStrategy(this);
    }

    /** The links Short has secured so far. */
    public long secured() {
        return secured;
    }

    /**
     * Short's reply to Cut deleting link {@code deleted}, with {@code undecided} the links still
     * undecided after that deletion. Returns the link Short secures (now recorded as secured), or
     * -1 when Short has nothing left to secure in A ∪ B.
     */
    public int reply(int deleted, long undecided) {
        final long d = 1L << deleted;
        assert (secured & d) == 0 : "a secured link cannot be deleted";
        if ((treeA & d) != 0) {
            final int f = reconnect(treeA & ~d, treeB, undecided);
            if (f >= 0) {
                treeA = (treeA & ~d) | (1L << f);
                return secure(f);
            }
            treeA &= ~d;
        } else if ((treeB & d) != 0) {
            final int f = reconnect(treeB & ~d, treeA, undecided);
            if (f >= 0) {
                treeB = (treeB & ~d) | (1L << f);
                return secure(f);
            }
            treeB &= ~d;
        }
        final long spare = (treeA | treeB) & undecided & ~secured;
        return spare == 0 ? -1 : secure(Long.numberOfTrailingZeros(spare));
    }

    private int secure(int link) {
        secured |= 1L << link;
        return link;
    }

    /**
     * A link of {@code other} (not yet secured, undecided) joining two classes of the partition
     * that {@code broken} ∪ S induces on the vertices {@code broken} ∪ S touched before the loss,
     * or -1 when {@code broken} ∪ S still connects them.
     */
    private int reconnect(long broken, long other, long undecided) {
        final int n = host.vertexCount();
        final int[] parent = new int[n];
        for (int v = 0; v < n; v++) {
            parent[v] = v;
        }
        for (long rest = broken | secured; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            union(parent, host.linkU(e), host.linkV(e));
        }
        for (long rest = other & undecided & ~secured; rest != 0; rest &= rest - 1) {
            final int e = Long.numberOfTrailingZeros(rest);
            if (find(parent, host.linkU(e)) != find(parent, host.linkV(e))) {
                return e;
            }
        }
        return -1;
    }

    private static int find(int[] parent, int v) {
        while (parent[v] != v) {
            v = parent[v];
        }
        return v;
    }

    private static void union(int[] parent, int a, int b) {
        final int ra = find(parent, a);
        final int rb = find(parent, b);
        if (ra != rb) {
            parent[ra] = rb;
        }
    }
}
