package org.gamecensus.jobs.publish;

import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.gamecensus.jobs.census.Warehouse;
import org.jfree.graphics2d.svg.SVGGraphics2D;

/** Renders a picture through JFreeSVG's Graphics2D and writes it as an SVG file. */
final class Svg {

    static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 10);
    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 14);

    private Svg() {
    }

    static String render(int width, int height, Consumer<Graphics2D> painter) {
        final SVGGraphics2D g = new SVGGraphics2D(width, height);
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(java.awt.Color.WHITE);
        g.fillRect(0, 0, width, height);
        painter.accept(g);
        return g.getSVGDocument();
    }

    static void write(Path file, String svg) {
        Warehouse.writeAtomically(file, svg);
    }
}
