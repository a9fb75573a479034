package org.gamecensus.jobs.publish;

import java.awt.Graphics2D;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.function.Consumer;
import org.gamecensus.jobs.census.Warehouse;

/** The writing of a figure as SVG with a PNG copy beside it. */
final class Svg {

    private Svg() {}

    static Picture render(int width, int height, Consumer<Graphics2D> painter) {
        return new Picture(width, height, painter);
    }

    /**
     * Writes {@code file} (an {@code .svg} name) and the PNG copy of the same picture beside it
     * (same name, {@code .png}) for viewers that show no SVG: mail, chat, most slide tools.
     */
    static void write(Path file, Picture picture) {
        final String name = file.getFileName().toString();
        if (!name.endsWith(".svg")) {
            throw new IllegalArgumentException("a figure file ends in .svg: " + file);
        }
        Warehouse.writeAtomically(file, picture.svg());
        final Path png = file.resolveSibling(name.substring(0, name.length() - 4) + ".png");
        try {
            Files.createDirectories(png.getParent());
            final Path tmp = png.resolveSibling("." + png.getFileName() + ".tmp");
            Files.write(tmp, picture.png());
            Files.move(tmp, png, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + png, e);
        }
    }

    /** The PNG file written beside an SVG figure. */
    static String pngName(String svgFile) {
        return svgFile.substring(0, svgFile.length() - 4) + ".png";
    }
}
