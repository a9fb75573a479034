package org.gamecensus.jobs.publish;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.function.Consumer;
import javax.imageio.ImageIO;
import org.jfree.graphics2d.svg.SVGGraphics2D;

/**
 * One figure as a painter on a Graphics2D of a given size, rendered on demand as SVG (through
 * JFreeSVG) or as PNG (through Java2D and ImageIO), so that both come from the same drawing code,
 * in the root locale ({@link RootLocale}).
 */
final class Picture {

    /** PNG pixels per SVG unit: twice the nominal size, sharp on high-density screens. */
    static final int PNG_SCALE = 2;

    private final int width;
    private final int height;
    private final Consumer<Graphics2D> painter;

    Picture(int width, int height, Consumer<Graphics2D> painter) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("a picture needs a positive size, not " + width + "×" + height);
        }
        this.width = width;
        this.height = height;
        this.painter = painter;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    /**
     * The SVG document, the same bytes every time: the ids of its clip paths and gradients take a
     * fixed prefix (JFreeSVG's default prefix is the clock's nanoseconds). Each figure is its own
     * document, shown by an {@code img}, so the ids of two figures never meet.
     */
    String svg() {
        return RootLocale.call(() -> {
            final SVGGraphics2D g = new SVGGraphics2D(width, height);
            g.setDefsKeyPrefix("fig");
            paint(g);
            return g.getSVGDocument();
        });
    }

    /** The PNG image, {@link #PNG_SCALE} pixels per unit. */
    byte[] png() {
        return RootLocale.call(this::paintedPng);
    }

    private byte[] paintedPng() {
        final BufferedImage image =
                new BufferedImage(width * PNG_SCALE, height * PNG_SCALE, BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = image.createGraphics();
        try {
            g.scale(PNG_SCALE, PNG_SCALE);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            paint(g);
        } finally {
            g.dispose();
        }
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private void paint(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, width, height);
        painter.accept(g);
    }
}
