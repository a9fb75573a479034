package org.gamecensus.jobs.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the notebooks call: tables as HTML and figures drawn from the warehouse's rows. */
class CensusNotebookTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    @Test
    void queriesAndFiguresComeFromTheWarehouse() {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        SwitchingJob.census(spark(), w, SwitchingHosts.complete(4), 0);
        final CensusNotebook nb = CensusNotebook.open(spark(), w.out().toString());
        Assertions.assertTrue(
                nb.tables().containsAll(List.of("switching", "switching_hosts")),
                nb.tables().toString());
        // K4 has 64 subgraphs: a header row and one row per outcome present.
        final String html = nb.html("SELECT COUNT(*) AS n FROM switching WHERE host = 'K4'");
        Assertions.assertTrue(html.contains("<th>n</th>") && html.contains("<td>64</td>"), html);
        final String cut = nb.html("SELECT mask FROM switching ORDER BY mask", 5);
        assertEquals(5, cut.split("<tr>", -1).length - 2, "five data rows shown");
        Assertions.assertTrue(cut.contains("first 5 rows shown"), cut);
        Assertions.assertTrue(
                nb.figures("switching").contains("switching_K4.svg"),
                nb.figures("switching").toString());
        Assertions.assertTrue(nb.figures("cram").isEmpty(), "no cram table, no cram figure");
        // The registry's view of a census: its tables, and the rows this warehouse holds of each.
        final String overview = nb.overview("switching");
        Assertions.assertTrue(
                overview.contains("<td>switching</td><td>64</td>")
                        && overview.contains("<td>switching_hosts</td><td>1</td>")
                        && overview.contains("<td>switching_decided</td><td>0</td>"),
                overview);
        assertThrows(IllegalArgumentException.class, () -> nb.overview("chess"));
        final String figure = nb.figureHtml("switching_K4.svg");
        Assertions.assertTrue(figure.startsWith("<figure><svg") && figure.endsWith("</figcaption></figure>"), figure);
        Assertions.assertTrue(figure.contains("Short wins whoever starts"), "K4's verdict in the caption");
        Assertions.assertTrue(nb.png("switching_K4.svg").length > 1000, "a PNG of the same figure");
        assertThrows(IllegalArgumentException.class, () -> nb.svg("switching_K9.svg"));
        nb.close();
        Assertions.assertFalse(spark().sparkContext().isStopped(), "a session the caller owns stays up");
    }

    @Test
    void everyCensussFiguresDrawInANotebookAsOnThePage() {
        final Warehouse w = new Warehouse(tmp.resolve("all"));
        CramJob.census(spark(), w, 10, 0);
        HexJob.census(spark(), w, new HexBoard(2, 3), HexBoard.Side.DOWN, 0);
        HexJob.census(spark(), w, new HexBoard(3, 3), HexBoard.Side.DOWN, 0);
        final CensusNotebook nb = CensusNotebook.open(spark(), w.out().toString());
        // The route catalogue keeps to the essay's eight squares; the route share goes to ten.
        Assertions.assertTrue(
                nb.figures("cram").contains("cram_route_share.svg"),
                nb.figures("cram").toString());
        Assertions.assertTrue(
                nb.html("SELECT MAX(squares) AS largest FROM cram_trend").contains("<td>10</td>"),
                "the route share reads every size");
        Assertions.assertTrue(nb.svg("cram_routes_6.svg").contains("241–288 of 288 shapes"), "the essay's 288 shapes");
        Assertions.assertTrue(
                nb.figures("hex").contains("hex_accuracy_by_board.svg"),
                nb.figures("hex").toString());
        nb.close();
    }

    @Test
    void aMissingWarehouseIsNamed() {
        final IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> CensusNotebook.open(spark(), tmp.resolve("nothing").toString()));
        Assertions.assertTrue(e.getMessage().contains("census publish"), e.getMessage());
    }
}
