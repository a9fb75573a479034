package org.gamecensus.jobs.publish;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Path2D;

/**
 * A Hex rhombus with one game's stones numbered in move order (Down's blue, Across's
 * vermillion), as a losing line of the adversarial table, the rule's losing move ringed in black
 * and the opponent's refutation in yellow ({@link LosingMove}). Fed by a {@code hex_adversarial}
 * row.
 */
final class HexLineDrawing {

    static final Color DOWN = FigureTheme.BLUE;
    static final Color ACROSS = FigureTheme.VERMILLION;

    private static final String LEGEND = "black ring: the rule's losing move; yellow ring: the reply that refutes it";

    private HexLineDrawing() {}

    /**
     * @param title     two lines: what is drawn, then what happened
     * @param line      cells in move order
     * @param downFirst whether Down made the first move
     * @param marks     the rule's losing move and the reply that refutes it (indexes into line, or -1)
     */
    static Picture draw(String[] title, int rows, int cols, int[] line, boolean downFirst, LosingMove.Marks marks) {
        final double r = 24;
        final double w = Math.sqrt(3) * r;
        // Cropped to the rhombus and the legend's longest line.
        final int width = (int) Math.ceil(Math.max(
                30 + w * (cols + (rows - 1) / 2.0) + 20,
                20
                        + Math.max(
                                Math.max(
                                        FigureTheme.textWidth(FigureTheme.TITLE, title[0]),
                                        FigureTheme.textWidth(FigureTheme.LABEL, title[1])),
                                FigureTheme.textWidth(FigureTheme.SMALL, LEGEND))));
        final int top = 56;
        final int height = (int) (top + 1.5 * r * rows + r / 2 + 64);
        final int[] moveAt = new int[rows * cols];
        for (int i = 0; i < line.length; i++) {
            moveAt[line[i]] = i + 1;
        }
        return Svg.render(width, height, g -> {
            g.setFont(FigureTheme.TITLE);
            g.setColor(FigureTheme.INK);
            g.drawString(title[0], 10, 20);
            g.setFont(FigureTheme.LABEL);
            g.drawString(title[1], 10, 38);
            for (int i = 0; i < rows; i++) {
                for (int j = 0; j < cols; j++) {
                    final double cx = 30 + w * (j + i / 2.0) + w / 2;
                    final double cy = top + r + 1.5 * r * i;
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
                    if (move > 0 && (move - 1 == marks.losing() || move - 1 == marks.refutation())) {
                        g.setColor(move - 1 == marks.losing() ? FigureTheme.INK : FigureTheme.YELLOW);
                        g.setStroke(new BasicStroke(4f));
                        g.draw(hex);
                    }
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
            g.drawString("Down joins top and bottom", 10, height - 36);
            g.setColor(ACROSS);
            g.drawString("Across joins left and right", 10, height - 22);
            if (marks.losing() >= 0) {
                g.setColor(FigureTheme.INK);
                g.drawString(LEGEND, 10, height - 8);
            }
        });
    }
}
