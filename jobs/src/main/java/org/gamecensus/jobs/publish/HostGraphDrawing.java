package org.gamecensus.jobs.publish;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;

/**
 * A switching host graph: vertices on a circle (s on the left, t on the right) or at given
 * positions, links in grey, the two certificate trees in blue and orange, s and t marked.
 * Fed by a {@code switching_hosts} row and the whole graph's {@code switching} row.
 */
final class HostGraphDrawing {

    static final Color TREE_A = FigureTheme.BLUE;
    static final Color TREE_B = FigureTheme.ORANGE;

    private HostGraphDrawing() {}

    /** Positions on a circle, s at the left and t at the right. */
    static double[][] circle(int vertices, int s, int t, double cx, double cy, double r) {
        final double[][] p = new double[vertices][2];
        int k = 0;
        final int others = vertices - 2;
        for (int v = 0; v < vertices; v++) {
            final double angle;
            if (v == s) {
                angle = Math.PI;
            } else if (v == t) {
                angle = 0;
            } else {
                // the others spread over the upper and lower arcs
                final double f = (k + 1.0) / (others + 1.0);
                angle = k % 2 == 0 ? Math.PI - f * Math.PI : Math.PI + f * Math.PI;
                k++;
            }
            p[v][0] = cx + r * Math.cos(angle);
            p[v][1] = cy - r * Math.sin(angle);
        }
        return p;
    }

    static Picture draw(
            String title, String linkList, int s, int t, double[][] at, Long treeA, Long treeB, int width, int height) {
        final String[] links = linkList.isBlank() ? new String[0] : linkList.split(" ");
        return Svg.render(width, height, g -> {
            g.setFont(FigureTheme.TITLE);
            g.setColor(FigureTheme.INK);
            g.drawString(title, 10, 20);
            for (int i = 0; i < links.length; i++) {
                final String[] ends = links[i].split("-");
                final double[] a = at[Integer.parseInt(ends[0])];
                final double[] b = at[Integer.parseInt(ends[1])];
                final boolean inA = treeA != null && (treeA & (1L << i)) != 0;
                final boolean inB = treeB != null && (treeB & (1L << i)) != 0;
                g.setColor(inA ? TREE_A : inB ? TREE_B : FigureTheme.GRID);
                g.setStroke(new BasicStroke(inA || inB ? 4f : 2f));
                g.draw(new Line2D.Double(a[0], a[1], b[0], b[1]));
            }
            g.setFont(FigureTheme.LABEL);
            for (int v = 0; v < at.length; v++) {
                final boolean mark = v == s || v == t;
                final double r = mark ? 11 : 7;
                g.setColor(mark ? FigureTheme.INK : FigureTheme.MUTED);
                g.fill(new Ellipse2D.Double(at[v][0] - r, at[v][1] - r, 2 * r, 2 * r));
                if (mark) {
                    g.setColor(Color.WHITE);
                    g.drawString(v == s ? "s" : "t", (float) at[v][0] - 4, (float) at[v][1] + 4);
                }
            }
            if (treeA != null) {
                g.setColor(TREE_A);
                g.drawString("tree A", 10, height - 24);
                g.setColor(TREE_B);
                g.drawString("tree B", 10, height - 8);
            }
        });
    }
}
