package org.gamecensus.jobs.publish;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Path2D;

/**
 * A Hex rhombus with one game's stones numbered in move order (Down's blue, Across's red), as a
 * losing line of the adversarial table. Fed by a {@code hex_adversarial} row.
 */
final class HexLineDrawing {

    static final Color DOWN = FigureTheme.BLUE;
    static final Color ACROSS = FigureTheme.VERMILLION;

    private HexLineDrawing() {}

    /** @param line cells in move order; @param downFirst whether Down made the first move */
    static Picture draw(String title, int rows, int cols, int[] line, boolean downFirst) {
        final double r = 22;
        final double w = Math.sqrt(3) * r;
        final int width = Math.max(560, (int) (w * (cols + rows / 2.0 + 1)) + 40);
        final int height = (int) (1.5 * r * rows + r + 80);
        final int[] moveAt = new int[rows * cols];
        for (int i = 0; i < line.length; i++) {
            moveAt[line[i]] = i + 1;
        }
        return Svg.render(width, height, g -> {
            g.setFont(FigureTheme.TITLE);
            g.setColor(FigureTheme.INK);
            g.drawString(title, 10, 20);
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    final double cx = 30 + w * (j + i / 2.0) + w / 2;
                    final double cy = 50 + r + 1.5 * r * i;
                    final Path2D hex = new Path2D.Double();
                    for (int k = 0; k < 6; k++) {
                        final double a = Math.PI / 6 + k * Math.PI / 3;
                        final double x = cx + r * Math.cos(a);
                        final double y = cy + r * Math.sin(a);
                        if (k == 0) {
                            hex.moveTo(x, y);
                        } else {
                            hex.lineTo(x, y);
                        }
                    }
                    hex.closePath();
                    final int move = moveAt[i * cols + j];
                    final boolean byDown = move > 0 && ((move % 2 == 1) == downFirst);
                    g.setColor(move == 0 ? FigureTheme.FAINT : byDown ? DOWN : ACROSS);
                    g.fill(hex);
                    g.setColor(FigureTheme.MUTED);
                    g.setStroke(new BasicStroke(1f));
                    g.draw(hex);
                    if (move > 0) {
                        g.setColor(Color.WHITE);
                        g.setFont(FigureTheme.LABEL);
                        final String label = String.valueOf(move);
                        g.drawString(label, (float) (cx - 4 * label.length()), (float) cy + 4);
                    }
                }
            }
            g.setFont(FigureTheme.SMALL);
            g.setColor(DOWN);
            g.drawString("Down joins top and bottom", 10, height - 22);
            g.setColor(ACROSS);
            g.drawString("Across joins left and right", 10, height - 8);
        });
    }
}
