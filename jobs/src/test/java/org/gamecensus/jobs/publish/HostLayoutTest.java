package org.gamecensus.jobs.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** Host graphs drawn by their structure: the essay's path, grid and theta as a reader knows them. */
class HostLayoutTest {

    private static double[][] layout(int n, int s, int t, String links) {
        return HostLayout.of(n, s, t, links.split(" "), 420, 30, 320);
    }

    @Test
    void aPathIsOneStraightRowInPathOrder() {
        // path4 numbered out of order: 0-2-1-3, s = 0, t = 3.
        final double[][] p = layout(4, 0, 3, "0-2 2-1 1-3");
        for (double[] q : p) {
            assertEquals(p[0][1], q[1], 1e-9, "all on one row");
        }
        Assertions.assertTrue(p[0][0] < p[2][0] && p[2][0] < p[1][0] && p[1][0] < p[3][0], Arrays.deepToString(p));
    }

    @Test
    void aRowMajorGridIsDrawnAsItsRowsAndColumns() {
        // grid2x3: vertex r·3 + c.
        final double[][] p = layout(6, 0, 5, "0-1 1-2 3-4 4-5 0-3 1-4 2-5");
        for (int v = 0; v < 6; v++) {
            assertEquals(p[v % 3][0], p[v][0], 1e-9, "column " + v % 3);
            assertEquals(p[v / 3 * 3][1], p[v][1], 1e-9, "row " + v / 3);
        }
        Assertions.assertTrue(p[0][0] < p[1][0] && p[1][0] < p[2][0] && p[0][1] < p[3][1], Arrays.deepToString(p));
    }

    @Test
    void aThetaIsSymmetricAboutTheLineFromSToT() {
        // theta: s = 0, t = 1, routes through 2, 3, 4.
        final double[][] p = layout(5, 0, 1, "0-2 2-1 0-3 3-1 0-4 4-1");
        assertEquals(p[0][1], p[1][1], 1e-9, "s and t level");
        final double axis = p[0][1];
        assertEquals(axis, p[3][1], 1e-9, "the middle route on the axis");
        assertEquals(axis - p[2][1], p[4][1] - axis, 1e-9, "the outer routes mirrored");
        for (int v = 2; v <= 4; v++) {
            assertEquals((p[0][0] + p[1][0]) / 2, p[v][0], 1e-9, "halfway from s to t");
        }
    }

    @Test
    void aCompleteGraphAndAMultigraphGoOnACircle() {
        for (String links : List.of("0-1 0-2 0-3 1-2 1-3 2-3", "0-2 2-1 1-3 0-2")) {
            final double[][] p = layout(4, 0, 1, links);
            assertEquals(p[0][1], p[1][1], 1e-9, "s and t level, s left");
            Assertions.assertTrue(p[0][0] < p[1][0]);
            final double cx = (p[0][0] + p[1][0]) / 2;
            final double cy = p[0][1];
            final double radius = Math.hypot(p[0][0] - cx, p[0][1] - cy);
            for (double[] q : p) {
                assertEquals(radius, Math.hypot(q[0] - cx, q[1] - cy), 1e-6, links + ": on one circle");
            }
        }
    }
}
