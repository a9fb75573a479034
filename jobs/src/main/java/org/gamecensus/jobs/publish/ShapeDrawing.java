package org.gamecensus.jobs.publish;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.util.List;

/**
 * Cram shapes in a grid, each with its route dominoes marked: a strict route in green, a lax-only
 * route that loses in vermillion (dashed). Fed by {@code cram} rows: picture and the routes array;
 * a catalogue goes on pages of small multiples ({@link #COLUMNS} × {@link #ROWS}).
 */
final class ShapeDrawing {

    /** One shape and its routes: {r1, c1, r2, c2, strict (1/0), loses (1/0)}. */
    record Shape(String picture, List<int[]> routes) {}

    /** Shapes a page: a screen's worth of small multiples. */
    static final int COLUMNS = 8;

    static final int ROWS = 6;

    static final Color STRICT = FigureTheme.GREEN;
    static final Color LOSING = FigureTheme.VERMILLION;

    private ShapeDrawing() {}

    /** One page of at most {@link #COLUMNS} × {@link #ROWS} shapes, cropped to the rows it fills. */
    static Picture draw(String title, List<Shape> shapes) {
        if (shapes.size() > COLUMNS * ROWS) {
            throw new IllegalArgumentException(shapes.size() + " shapes for a page of " + COLUMNS * ROWS);
        }
        final int columns = COLUMNS;
        final int unit = 12;
        final int box = 8 * unit + 12;
        final int rows = Math.max(1, (shapes.size() + columns - 1) / columns);
        final int width = columns * box + 20;
        final int height = rows * box + 60;
        return Svg.render(width, height, g -> {
            g.setFont(FigureTheme.TITLE);
            g.setColor(FigureTheme.INK);
            g.drawString(title, 10, 20);
            g.setFont(FigureTheme.SMALL);
            g.setColor(STRICT);
            g.drawString("strict route", 10, 36);
            g.setColor(LOSING);
            g.drawString("lax-only route that loses", 90, 36);
            for (int i = 0; i < shapes.size(); i++) {
                final int x0 = 10 + (i % columns) * box;
                final int y0 = 50 + (i / columns) * box;
                drawShape(g, shapes.get(i), x0, y0, unit);
            }
        });
    }

    private static void drawShape(Graphics2D g, Shape shape, int x0, int y0, int unit) {
        final String[] rows = shape.picture().split("/");
        g.setStroke(new BasicStroke(1f));
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < rows[r].length(); c++) {
                if (rows[r].charAt(c) == '#') {
                    final Rectangle2D sq = new Rectangle2D.Double(x0 + c * unit, y0 + r * unit, unit, unit);
                    g.setColor(FigureTheme.GRID);
                    g.fill(sq);
                    g.setColor(FigureTheme.MUTED);
                    g.draw(sq);
                }
            }
        }
        for (int[] d : shape.routes()) {
            final boolean strict = d[4] == 1;
            if (!strict && d[5] == 0) {
                continue; // a lax-only route that still wins: not drawn
            }
            g.setColor(strict ? STRICT : LOSING);
            g.setStroke(
                    strict
                            ? new BasicStroke(3f)
                            : new BasicStroke(
                                    3f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND, 1f, new float[] {3f, 3f}, 0f));
            g.draw(new Line2D.Double(
                    x0 + d[1] * unit + unit / 2.0,
                    y0 + d[0] * unit + unit / 2.0,
                    x0 + d[3] * unit + unit / 2.0,
                    y0 + d[2] * unit + unit / 2.0));
        }
    }
}
