package org.gamecensus.kernel.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostSymmetryTest {

    @ParameterizedTest
    @CsvSource({"K4,4", "K5,12", "K6,48", "K7,240", "theta,12", "grid2x3,2", "path4,2", "bridgit:3,4"})
    void groupOrderAndOrbitsPartitionTheSubgraphs(String name, int order) {
        final SwitchingHost host = SwitchingHosts.resolve(name);
        final HostSymmetry symmetry = new HostSymmetry(host);
        assertEquals(order, symmetry.order(), name + " automorphisms keeping {s, t}");
        if (host.linkCount() > 15) {
            return;
        }
        final BitSet covered = new BitSet();
        final long[] orbit = new long[symmetry.order()];
        for (long mask = 0; mask <= host.allLinks(); mask++) {
            assertEquals(symmetry.isRepresentative(mask), symmetry.representative(mask) == mask);
            if (symmetry.isRepresentative(mask)) {
                final int k = symmetry.orbit(mask, orbit);
                for (int i = 0; i < k; i++) {
                    assertTrue(!covered.get((int) orbit[i]), "orbits are disjoint");
                    covered.set((int) orbit[i]);
                    assertEquals(Long.bitCount(mask), Long.bitCount(orbit[i]), "an image keeps the link count");
                    assertEquals(mask, symmetry.representative(orbit[i]), "one representative per orbit");
                }
            }
        }
        assertEquals(host.allLinks() + 1, covered.cardinality(), "orbits cover every subgraph");
    }
}
