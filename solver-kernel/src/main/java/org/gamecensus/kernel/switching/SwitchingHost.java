package org.gamecensus.kernel.switching;

import java.io.Serializable;
import java.util.Arrays;

/**
 * A host graph of the Shannon switching game: vertices {@code 0..n-1}, two marked vertices
 * {@code s} and {@code t}, and numbered links (a multigraph: parallel links are allowed, loops
 * are not). A subgraph of the host is a link subset, packed as a {@code long} whose bit
 * {@code i} stands for link {@code i}; links outside the subset count as already deleted.
 *
 * <p>Inputs are checked in the constructor: at most {@value #MAX_LINKS} links (bit 63 is kept
 * free for the virtual s–t link of the matroid criterion), at most {@value #MAX_VERTICES}
 * vertices, {@code s != t}, every endpoint in range, no loops.
 */
public final class SwitchingHost implements Serializable {

    private static final long serialVersionUID = 1L;

    /** Links a host may have: one bit of a {@code long} each, bit 63 reserved. */
    public static final int MAX_LINKS = 63;
    /** Vertices a host may have: one bit of a {@code long} each. */
    public static final int MAX_VERTICES = 64;

    private final String name;
    private final int vertexCount;
    private final int s;
    private final int t;
    private final int[] linkU;
    private final int[] linkV;

    /**
     * @param name        the host's name as it appears in the census (e.g. {@code K5})
     * @param vertexCount number of vertices
     * @param s           Short's first mark
     * @param t           Short's second mark
     * @param linkU       first endpoint of each link
     * @param linkV       second endpoint of each link
     * @throws IllegalArgumentException with a one-line message when the graph is not a valid host
     */
    public SwitchingHost(String name, int vertexCount, int s, int t, int[] linkU, int[] linkV) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("host name is empty");
        }
        if (vertexCount < 2 || vertexCount > MAX_VERTICES) {
            throw new IllegalArgumentException(
                    "host " + name + " has " + vertexCount + " vertices; a host has 2 to " + MAX_VERTICES);
        }
        if (linkU.length != linkV.length) {
            throw new IllegalArgumentException("host " + name + ": endpoint arrays differ in length");
        }
        if (linkU.length > MAX_LINKS) {
            throw new IllegalArgumentException(
                    "host " + name + " has " + linkU.length + " links; a host has at most " + MAX_LINKS);
        }
        checkVertex(name, "s", s, vertexCount);
        checkVertex(name, "t", t, vertexCount);
        if (s == t) {
            throw new IllegalArgumentException("host " + name + ": s and t are the same vertex " + s);
        }
        for (int i = 0; i < linkU.length; i++) {
            checkVertex(name, "link " + i, linkU[i], vertexCount);
            checkVertex(name, "link " + i, linkV[i], vertexCount);
            if (linkU[i] == linkV[i]) {
                throw new IllegalArgumentException("host " + name + ": link " + i + " is a loop at vertex " + linkU[i]);
            }
        }
        this.name = name;
        this.vertexCount = vertexCount;
        this.s = s;
        this.t = t;
        this.linkU = linkU.clone();
        this.linkV = linkV.clone();
    }

    /** The same graph under another name. */
    public SwitchingHost withName(String newName) {
        return new SwitchingHost(newName, vertexCount, s, t, linkU, linkV);
    }

    private static void checkVertex(String host, String what, int v, int n) {
        if (v < 0 || v >= n) {
            throw new IllegalArgumentException(
                    "host " + host + ": " + what + " names vertex " + v + ", outside 0.." + (n - 1));
        }
    }

    public String name() {
        return name;
    }

    public int vertexCount() {
        return vertexCount;
    }

    public int s() {
        return s;
    }

    public int t() {
        return t;
    }

    public int linkCount() {
        return linkU.length;
    }

    public int linkU(int link) {
        return linkU[link];
    }

    public int linkV(int link) {
        return linkV[link];
    }

    /** The mask of every link of the host. */
    public long allLinks() {
        return linkU.length == 64 ? -1L : (1L << linkU.length) - 1;
    }

    /** Number of link subsets, the size of the subgraph census. */
    public double subgraphCount() {
        return Math.pow(2, linkU.length);
    }

    /** Links as text, {@code "0-1 0-2 …"}, in link order. */
    public String linksText() {
        final StringBuilder b = new StringBuilder();
        for (int i = 0; i < linkU.length; i++) {
            if (i > 0) {
                b.append(' ');
            }
            b.append(linkU[i]).append('-').append(linkV[i]);
        }
        return b.toString();
    }

    /** The links of {@code mask} as text, {@code "0-1 2-3"}. */
    public String linksText(long mask) {
        final StringBuilder b = new StringBuilder();
        for (long rest = mask; rest != 0; rest &= rest - 1) {
            final int i = Long.numberOfTrailingZeros(rest);
            if (b.length() > 0) {
                b.append(' ');
            }
            b.append(linkU[i]).append('-').append(linkV[i]);
        }
        return b.toString();
    }

    @Override
    public String toString() {
        return name + "(n=" + vertexCount + ", s=" + s + ", t=" + t + ", links=" + Arrays.toString(linkU) + "/"
                + Arrays.toString(linkV) + ")";
    }
}
