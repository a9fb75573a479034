package org.gamecensus.jobs.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.imageio.ImageIO;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.jobs.cram.CramTables;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.jobs.hex.HexTables;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.jobs.lumberjack.LumberjackTables;
import org.gamecensus.kernel.hex.HexBoard;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page in a real browser (headless Chromium; {@code .ci/run} installs Debian's
 * {@code chromium}): a page published from a small warehouse with the shipped claims and
 * questions loads every image, logs no error and fits 1280 px and 390 px; and a page with a
 * broken image, a console error and a too-wide block is caught on each count.
 */
class PageInBrowserIT extends SparkCensusTest {

    @TempDir
    Path tmp;

    @Test
    void aPublishedPageLoadsEveryImageLogsNoErrorAndFitsBothWidths() throws Exception {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        CramJob.census(spark(), w, 8, 0);
        HexJob.census(spark(), w, new HexBoard(3, 3), HexBoard.Side.DOWN, 0);
        HexJob.census(spark(), w, new HexBoard(3, 3), HexBoard.Side.ACROSS, 0);
        LumberjackJob.census(spark(), w, 9, 0);
        final List<PublishedTable> tables = new ArrayList<>(CramTables.publish(spark(), w, 8));
        tables.addAll(HexTables.publish(spark(), w));
        tables.addAll(LumberjackTables.publish(spark(), w, 9));
        final Publisher.Result result =
                Publisher.publish(spark(), w, tables, Path.of("..", "conf", "essay-claims.csv"), null);
        Assertions.assertTrue(
                result.figures().size() >= 4,
                "figures drawn: " + result.figures().size());
        final Path shots = w.out().resolve("screenshots");
        assertEquals(List.of(), PageCheck.check(w.out().resolve("index.html"), shots));
        for (int width : PageCheck.WIDTHS) {
            final BufferedImage shot =
                    ImageIO.read(shots.resolve("page-" + width + ".png").toFile());
            assertEquals(width, shot.getWidth(), "the screenshot at " + width + " px");
        }
    }

    @Test
    void aBrokenImageAConsoleErrorAndAnOverflowAreEachCaught() throws Exception {
        final Path page = tmp.resolve("bad/index.html");
        Files.createDirectories(page.getParent());
        Files.writeString(
                page,
                "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body>"
                        + "<img src=\"figures/missing.svg\" alt=\"missing\">"
                        + "<div style=\"width:3000px\">too wide</div>"
                        + "<script>console.error('broken on purpose')</script></body></html>");
        final List<String> problems = PageCheck.check(page, tmp.resolve("bad/screenshots"));
        for (int width : PageCheck.WIDTHS) {
            Assertions.assertTrue(
                    problems.stream()
                            .anyMatch(p -> p.startsWith(width + " px: image does not load: figures/missing.svg")),
                    problems.toString());
            Assertions.assertTrue(
                    problems.stream().anyMatch(p -> p.startsWith(width + " px: the page overflows horizontally")),
                    problems.toString());
            Assertions.assertTrue(
                    problems.stream()
                            .anyMatch(
                                    p -> p.startsWith(width + " px: console error") && p.contains("broken on purpose")),
                    problems.toString());
        }
    }
}
