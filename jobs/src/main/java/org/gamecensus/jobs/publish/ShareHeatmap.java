package org.gamecensus.jobs.publish;

import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
import java.util.Locale;

/**
 * A distribution per column as a heatmap: column x, row y, the cell's shade the share of column
 * x's items that have value y (white at 0, the theme's blue at 1), its share printed where it is
 * at least half a per cent. Every column shows, however few its items, which stacked counts on
 * one linear axis cannot do when the columns grow by orders of magnitude.
 */
final class ShareHeatmap {

    private static final int CELL_HEIGHT = 22;
    private static final int LEFT = 70;
    private static final int TOP = 46;
    private static final int BOTTOM = 62;

    private ShareHeatmap() {}

    /**
     * What a heatmap shows.
     *
     * @param xs     the columns' labels, left to right
     * @param ys     the rows' labels, top to bottom
     * @param counts counts[i][j]: items of column i with row value j
     */
    record Counts(List<Integer> xs, List<Integer> ys, long[][] counts) {
        Counts {
            if (counts.length != xs.size()) {
                throw new IllegalArgumentException(xs.size() + " columns, " + counts.length + " count rows");
            }
            for (long[] column : counts) {
                if (column.length != ys.size()) {
                    throw new IllegalArgumentException(ys.size() + " rows, a column of " + column.length);
                }
            }
        }
    }

    /** Draws {@code data}; {@code items} names what the counts count, plural ("trees"). */
    static Picture draw(String title, String xLabel, String yLabel, Counts data, String items) {
        final List<Integer> xs = data.xs();
        final List<Integer> ys = data.ys();
        final long[][] counts = data.counts();
        final int cellWidth = Math.max(34, Math.min(56, 640 / Math.max(1, xs.size())));
        final int width = LEFT + cellWidth * xs.size() + 16;
        final int height = TOP + CELL_HEIGHT * ys.size() + BOTTOM;
        return Svg.render(width, height, g -> {
            g.setColor(FigureTheme.INK);
            g.setFont(FigureTheme.TITLE);
            g.drawString(title, 8, 22);
            g.setFont(FigureTheme.SMALL);
            for (int i = 0; i < xs.size(); i++) {
                long total = 0;
                for (long c : counts[i]) {
                    total += c;
                }
                for (int j = 0; j < ys.size(); j++) {
                    final double share = total == 0 ? 0 : (double) counts[i][j] / total;
                    final int x = LEFT + i * cellWidth;
                    final int y = TOP + j * CELL_HEIGHT;
                    g.setColor(shade(share));
                    g.fillRect(x, y, cellWidth, CELL_HEIGHT);
                    g.setColor(Color.WHITE);
                    g.drawRect(x, y, cellWidth, CELL_HEIGHT);
                    if (share >= 0.005) {
                        g.setColor(share > 0.5 ? Color.WHITE : FigureTheme.INK);
                        centred(g, Math.round(share * 100) + "%", x + cellWidth / 2.0, y + CELL_HEIGHT / 2.0);
                    }
                }
                g.setColor(FigureTheme.INK);
                centred(g, String.valueOf(xs.get(i)), LEFT + (i + 0.5) * cellWidth, TOP + ys.size() * CELL_HEIGHT + 10);
                g.setColor(FigureTheme.MUTED);
                centred(g, compact(total), LEFT + (i + 0.5) * cellWidth, TOP + ys.size() * CELL_HEIGHT + 24);
            }
            g.setColor(FigureTheme.INK);
            for (int j = 0; j < ys.size(); j++) {
                final String label = String.valueOf(ys.get(j));
                g.drawString(
                        label,
                        LEFT - 8 - g.getFontMetrics().stringWidth(label),
                        TOP + j * CELL_HEIGHT + CELL_HEIGHT / 2 + 4);
            }
            g.setFont(FigureTheme.LABEL);
            centred(
                    g,
                    xLabel + " (below it: " + items + " of that size)",
                    LEFT + xs.size() * cellWidth / 2.0,
                    TOP + ys.size() * CELL_HEIGHT + 46);
            final Graphics2D r = (Graphics2D) g.create();
            r.rotate(-Math.PI / 2);
            r.drawString(
                    yLabel,
                    -(TOP + ys.size() * CELL_HEIGHT / 2 + r.getFontMetrics().stringWidth(yLabel) / 2),
                    16);
            r.dispose();
        });
    }

    /** White to the theme's blue. */
    private static Color shade(double share) {
        final Color to = FigureTheme.BLUE;
        final double s = Math.sqrt(Math.max(0, Math.min(1, share))); // small shares stay visible
        return new Color(
                (int) Math.round(255 + (to.getRed() - 255) * s),
                (int) Math.round(255 + (to.getGreen() - 255) * s),
                (int) Math.round(255 + (to.getBlue() - 255) * s));
    }

    /** 1234 as 1234, 12345 as 12k, 1234567 as 1.2M. */
    static String compact(long n) {
        if (n < 10_000) {
            return String.valueOf(n);
        }
        if (n < 1_000_000) {
            return Math.round(n / 1000.0) + "k";
        }
        return String.format(Locale.ROOT, "%.1fM", n / 1e6);
    }

    private static void centred(Graphics2D g, String s, double cx, double cy) {
        final FontMetrics m = g.getFontMetrics();
        final Rectangle2D b = m.getStringBounds(s, g);
        g.drawString(s, (float) (cx - b.getWidth() / 2), (float) (cy + m.getAscent() / 2.0 - 1));
    }
}
