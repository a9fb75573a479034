package org.gamecensus.kernel.hackenbush;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HackenbushKernelTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "1|0-0|1", // a loop is worth 1
                "1|0-0 0-0|0",
                "2|0-1 0-1|0", // a 2-cycle on the ground: even
                "3|0-1 1-2 2-0|1", // a triangle on the ground: odd cycle, worth 1
                "4|0-1 1-2 2-3 3-0|0", // a square: even
                "3|0-1 1-2 2-2|3", // a stalk of two with a loop on top: 1 ⊕ (1 + (0 ⊕ (1 + 1)))
                "4|0-1 1-2 2-3 3-1|2", // a triangle standing on one edge: 1 + 1
                "2|0-1|1"
            })
    void knownValues(int vertices, String edges, int value) {
        final GroundedGraph g = GroundedGraph.parse(vertices, edges);
        assertEquals(value, new GreenHackenbushBruteForce(8).grundy(g), edges + " brute force");
        assertEquals(value, FusionPrinciple.value(g), edges + " fusion");
    }

    @Test
    void bruteForceAgreesWithFusionOnEverySmallGraph() {
        final GreenHackenbushBruteForce brute = new GreenHackenbushBruteForce(7);
        final List<String> bad = new ArrayList<>();
        final int[] graphs = {0};
        for (int v = 1; v <= 4; v++) {
            for (int e = 0; e <= 7; e++) {
                new GroundedGraphEnumerator(v, e).forEach(g -> {
                    graphs[0]++;
                    if (brute.grundy(g) != FusionPrinciple.value(g)) {
                        bad.add(g.edgesText());
                    }
                });
            }
        }
        assertEquals(List.of(), bad);
        assertEquals(2_081, graphs[0], "regression anchor; the small cases are counted by hand below");
    }

    @Test
    void enumeratorCountsGraphsUpToIsomorphism() {
        assertEquals(3, count(2, 2), "0-1 0-1, 0-0 0-1, 0-1 1-1");
        assertEquals(4, count(4, 3), "the rooted trees of four vertices");
        assertEquals(9, count(5, 4), "the rooted trees of five vertices");
        assertEquals(0, count(4, 2), "too few edges to join four vertices");
    }

    private static int count(int v, int e) {
        final int[] k = {0};
        new GroundedGraphEnumerator(v, e).forEach(g -> k[0]++);
        return k[0];
    }

    @Test
    void badGraphsAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> GroundedGraph.parse(2, "0-2"));
        assertThrows(IllegalArgumentException.class, () -> GroundedGraph.parse(0, ""));
        assertThrows(IllegalArgumentException.class, () -> new GroundedGraphEnumerator(7, 3));
    }
}
