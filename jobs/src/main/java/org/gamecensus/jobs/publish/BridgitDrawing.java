package org.gamecensus.jobs.publish;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;

/**
 * A Bridg-It board (Short's dots n × (n+1) in black, Cut's (n+1) × n in red) beside its switching
 * graph (home columns merged into s and t), with the graph's links drawn where the bridges lie.
 * Fed by the board's {@code switching_hosts} row.
 */
final class BridgitDrawing {

    private BridgitDrawing() {}

    static Picture draw(int n, String linkList, String verdict) {
        final int cell = 48;
        final String title = "Bridg-It " + n + "×" + (n + 1) + " and its switching graph: " + verdict;
        // Cropped to the board, the graph beside it (which ends at t, (2n + 2) cells across) and the title.
        final int width = (int)
                Math.ceil(Math.max(30 + (2 * n + 2) * cell + 30, 20 + FigureTheme.textWidth(FigureTheme.TITLE, title)));
        final int height = 50 + n * cell + 20;
        return Svg.render(width, height, g -> {
            g.setFont(FigureTheme.TITLE);
            g.setColor(FigureTheme.INK);
            g.drawString(title, 10, 20);
            final int ox = 30;
            final int oy = 50;
            // The board: Short's dots at (r, c) for r < n, c ≤ n; Cut's between them.
            for (int r = 0; r < n; r++) {
                for (int c = 0; c <= n; c++) {
                    dot(g, ox + c * cell, oy + cell / 2 + r * cell, FigureTheme.INK);
                }
            }
            for (int r = 0; r <= n; r++) {
                for (int c = 0; c < n; c++) {
                    dot(g, ox + cell / 2 + c * cell, oy + r * cell, FigureTheme.VERMILLION);
                }
            }
            // The graph, beside: inner dots where they stand, s and t as the merged home columns.
            final int gx = ox + (n + 2) * cell;
            final double[][] at = graphPositions(n);
            for (double[] xy : at) {
                xy[0] = gx + xy[0] * cell;
                xy[1] = oy + xy[1] * cell;
            }
            g.setStroke(new BasicStroke(2f));
            g.setColor(FigureTheme.MUTED);
            for (String link : linkList.split(" ")) {
                final String[] e = link.split("-");
                final double[] a = at[Integer.parseInt(e[0])];
                final double[] b = at[Integer.parseInt(e[1])];
                g.draw(new Line2D.Double(a[0], a[1], b[0], b[1]));
            }
            for (int v = 0; v < at.length; v++) {
                dot(g, (int) at[v][0], (int) at[v][1], v < 2 ? FigureTheme.INK : FigureTheme.MUTED);
            }
            g.setFont(FigureTheme.LABEL);
            g.drawString("s", (float) at[0][0] - 20, (float) at[0][1] + 4);
            g.drawString("t", (float) at[1][0] + 12, (float) at[1][1] + 4);
        });
    }

    /**
     * Where the graph's vertices stand, in cells from the graph's top left: the dot in row r and
     * inner column c (vertex {@code 2 + r(n−1) + c−1}, as the host numbers it) at (c, r + ½), as on
     * the board; s (vertex 0) at (0, n/2) and t (vertex 1) at (n, n/2), where the home columns were.
     */
    static double[][] graphPositions(int n) {
        final double[][] at = new double[n * (n - 1) + 2][];
        at[0] = new double[] {0, n / 2.0};
        at[1] = new double[] {n, n / 2.0};
        for (int r = 0; r < n; r++) {
            for (int c = 1; c < n; c++) {
                at[2 + r * (n - 1) + (c - 1)] = new double[] {c, r + 0.5};
            }
        }
        return at;
    }

    private static void dot(Graphics2D g, int x, int y, Color color) {
        g.setColor(color);
        g.fill(new Ellipse2D.Double(x - 6, y - 6, 12, 12));
    }
}
