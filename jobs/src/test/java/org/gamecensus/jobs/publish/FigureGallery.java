package org.gamecensus.jobs.publish;

import java.awt.Graphics2D;
import java.awt.Image;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;

/**
 * Writes {@code docs/figures.md}, the gallery a reader of the repository sees without running
 * anything: every figure of a published {@code OUT_DIR} (its {@code figures/figures.csv}) as a
 * small PNG under {@code docs/figures/}, grouped by census with its caption, and the page's first
 * screen at 1280 px ({@code OUT_DIR/screenshots/page-1280.png}, from {@link PageCheck}).
 *
 * <pre>
 * bin/census publish --out out
 * java -cp "jobs/target/test-classes:jobs/target/classes:…" org.gamecensus.jobs.publish.PageCheck out
 * java -cp "…" org.gamecensus.jobs.publish.FigureGallery out docs
 * </pre>
 */
final class FigureGallery {

    /** The width of a gallery picture, in pixels. */
    static final int WIDTH = 360;

    private static final Pattern ROW = Pattern.compile("([^,]+),([^,]+),\"((?:[^\"]|\"\")*)\"");

    private FigureGallery() {}

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: FigureGallery OUT_DIR DOCS_DIR");
            System.exit(2);
        }
        final Path out = Path.of(args[0]);
        final Path docs = Path.of(args[1]);
        final Path pictures = docs.resolve("figures");
        if (Files.isDirectory(pictures)) {
            try (Stream<Path> old = Files.list(pictures)) {
                for (Path p : old.toList()) {
                    Files.delete(p);
                }
            }
        }
        Files.createDirectories(pictures);
        final Map<String, List<String[]>> byCensus = new LinkedHashMap<>();
        for (String line : Files.readAllLines(out.resolve("figures").resolve(Publisher.FIGURE_LIST))) {
            final Matcher m = ROW.matcher(line);
            if (m.matches()) {
                byCensus.computeIfAbsent(m.group(2), k -> new ArrayList<>())
                        .add(new String[] {m.group(1), m.group(3).replace("\"\"", "\"")});
            }
        }
        final StringBuilder md = new StringBuilder("# Figures\n\n"
                + "Every figure `bin/census publish` draws (local profile), small; the SVG and the full-size PNG are\n"
                + "in `out/figures/` after a publish. Made by `FigureGallery` (jobs' test sources) from a published\n"
                + "directory; its class comment gives the commands.\n\n"
                + "## The page\n\n`out/index.html`, its first screen at 1280 px:\n\n"
                + "![the page at 1280 px](figures/page-1280.png)\n");
        shrink(out.resolve("screenshots/page-1280.png"), pictures.resolve("page-1280.png"), 640);
        int count = 0;
        for (Map.Entry<String, List<String[]>> e : byCensus.entrySet()) {
            md.append("\n## ").append(e.getKey()).append("\n\n");
            for (String[] f : e.getValue()) {
                final String png = Svg.pngName(f[0]);
                shrink(out.resolve("figures").resolve(png), pictures.resolve(png), WIDTH);
                md.append("![")
                        .append(f[1].replace("[", "(").replace("]", ")"))
                        .append("](figures/")
                        .append(png)
                        .append(")  \n")
                        .append(f[1])
                        .append(" (`")
                        .append(f[0])
                        .append("`)\n\n");
                count++;
            }
        }
        Files.writeString(docs.resolve("figures.md"), md.toString());
        System.out.println(count + " figures in " + docs.resolve("figures.md"));
    }

    /** A copy of a PNG at most {@code width} pixels wide (area-averaged). */
    private static void shrink(Path from, Path to, int width) throws IOException {
        final BufferedImage in = ImageIO.read(from.toFile());
        if (in == null) {
            throw new IOException("not a PNG: " + from);
        }
        final int w = Math.min(width, in.getWidth());
        final int h = (int) Math.round(in.getHeight() * (double) w / in.getWidth());
        final BufferedImage small = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        final Graphics2D g = small.createGraphics();
        try {
            g.drawImage(in.getScaledInstance(w, h, Image.SCALE_AREA_AVERAGING), 0, 0, null);
        } finally {
            g.dispose();
        }
        ImageIO.write(small, "png", to.toFile());
    }
}
