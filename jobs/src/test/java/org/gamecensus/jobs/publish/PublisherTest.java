package org.gamecensus.jobs.publish;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.Color;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.gamecensus.jobs.Censuses;
import org.gamecensus.jobs.census.Publication;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.jobs.cram.CramTables;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.jobs.hex.HexTables;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.jobs.lumberjack.LumberjackTables;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.jobs.switching.SwitchingTables;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.gamecensus.schemas.DatasetSchema;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/** Figures and index.html from a small warehouse. */
class PublisherTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    private static Document xml(Path file) throws Exception {
        final DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false); // no network
        return f.newDocumentBuilder().parse(file.toFile());
    }

    private static int count(Document d, String tag) {
        return d.getElementsByTagNameNS("*", tag).getLength();
    }

    @Test
    void figuresAreWellFormedAndHoldWhatTheyShould() throws Exception {
        final Warehouse w = new Warehouse(tmp.resolve("out"));
        SwitchingJob.census(spark(), w, SwitchingHosts.complete(4), 0);
        SwitchingJob.census(spark(), w, SwitchingHosts.path4(), 0);
        SwitchingJob.decideAll(spark(), w, List.of(SwitchingHosts.bridgit(3)), 100_000);
        CramJob.census(spark(), w, 6, 0);
        HexJob.census(spark(), w, new HexBoard(3, 4), HexBoard.Side.ACROSS, 0);
        LumberjackJob.census(spark(), w, 12, 0);
        final List<PublishedTable> tables = new ArrayList<>(SwitchingTables.publish(spark(), w));
        tables.addAll(CramTables.publish(spark(), w, 6));
        tables.addAll(HexTables.publish(spark(), w));
        tables.addAll(LumberjackTables.publish(spark(), w, 12));
        final Path claims = tmp.resolve("claims.csv");
        Files.writeString(
                claims,
                String.join(
                                "\n",
                                "id,essay,census,claim,essay_value,query,erratum_query,erratum_note,se_query,table,figure",
                                "k4,000,switching,\"K4: Short wins whoever starts\",L,\"SELECT outcome FROM switching WHERE host = 'K4' AND links = 6\",,",
                                "wrong,000,switching,\"A deliberately wrong value\",65,\"SELECT COUNT(*) FROM switching WHERE host = 'K4'\",,",
                                "lax,003,cram,\"Shapes with a lax route, to six squares\",52,\"SELECT COUNT(*) FROM cram WHERE outcome = 'N' AND routes_lax > 0\","
                                        + "\"SELECT COUNT(*) FROM cram WHERE outcome = 'N' AND routes_strict > 0\",\"The strict test, commas, and all\"",
                                "absent,004,hex,\"A table not in this warehouse\",1,\"SELECT COUNT(*) FROM hex_sample\",,",
                                "asked,000,switching,\"Left open: the class of K4\",open,\"SELECT outcome FROM switching WHERE host = 'K4' AND links = 6\",,",
                                "near,004,hex,\"A sampled value 2 SE away\",66,\"SELECT 64.0\",,,\"SELECT 1.0\",hex_accuracy,",
                                "far,004,hex,\"A sampled value 4 SE away\",66,\"SELECT 64.0\",,,\"SELECT 0.5\",no_such_table,no_such.svg")
                        + "\n");
        Files.writeString(
                claims.resolveSibling(Essays.FILE),
                "id,title,censuses\n000,A spanning tree essay,switching\n003,The symmetry essay,cram\n");
        Files.writeString(
                claims.resolveSibling(Publisher.QUESTIONS),
                String.join(
                                "\n",
                                "id,essay,question,answer_query,table,figure",
                                "k4,000,\"Who wins K4, and why?\",\"SELECT concat('K4 goes to class ', outcome, ', by both computations.') "
                                        + "FROM switching WHERE host = 'K4' AND links = 6\",switching_outcomes,switching_K4.svg",
                                "absent,004,\"A question on a table not in this warehouse\",\"SELECT COUNT(*) FROM hex_sample\",,")
                        + "\n");
        // A figure an earlier publish drew (one page of routes before they were paged) is removed.
        Files.createDirectories(w.out().resolve("figures"));
        Files.writeString(w.out().resolve("figures/cram_routes.svg"), "<svg/>");
        Files.writeString(w.out().resolve("figures/cram_routes.png"), "stale");
        final Publisher.Result result;
        try (Publication publication = w.openPublication()) {
            result = Publisher.publish(spark(), w, tables, claims, null);
            publication.commit(file -> file.startsWith("figures/")); // the tables were written before
        }
        Assertions.assertFalse(Files.exists(w.out().resolve("figures/cram_routes.svg")), "stale SVG removed");
        Assertions.assertFalse(Files.exists(w.out().resolve("figures/cram_routes.png")), "stale PNG removed");
        assertEquals(
                Arrays.asList("K4 goes to class L, by both computations.", null),
                result.answers().stream().map(OpenQuestions.Answer::sentence).toList());
        assertEquals(
                List.of(
                        "matches",
                        "differs",
                        "erratum",
                        "not computed",
                        "answered",
                        "within sampling error",
                        "differs"),
                result.verdicts().stream().map(EssayClaims.Verdict::verdict).toList());
        final String index = Files.readString(w.out().resolve("index.html"));
        Assertions.assertTrue(
                index.contains("<tr class=\"differs\"><td>A deliberately wrong value</td><td>65</td>"
                        + "<td>64</td><td class=\"verdict\">differs</td>"),
                "the wrong expected value is marked differs");
        Assertions.assertTrue(index.contains("erratum: correct value 38"), index);
        Assertions.assertTrue(
                index.contains("<tr class=\"answered\"><td>Left open: the class of K4</td><td>open</td>"
                        + "<td>L</td><td class=\"verdict\">answered</td>"),
                "a statement the essay leaves open is answered, not judged");
        // A sampled value is judged against its standard error: 2 SE away is within, 4 SE away differs.
        Assertions.assertTrue(
                index.contains("<tr class=\"within-sampling-error\"><td>A sampled value 2 SE away</td><td>66</td>"
                        + "<td>64.0 ± 1.0 (SE)</td><td class=\"verdict\">within sampling error</td>"
                        + "<td><a href=\"#table-hex_accuracy\">table</a> "),
                index);
        Assertions.assertTrue(
                index.contains("<td>A sampled value 4 SE away</td><td>66</td><td>64.0 ± 0.5 (SE)</td>"
                        + "<td class=\"verdict\">differs</td>"),
                index);
        Assertions.assertTrue(
                index.contains("<p>6 published numbers: 1 match, 1 reproduce the essay's arithmetic but are errata,"
                        + " 1 lie within sampling error (|Δ| ≤ 2.5 standard errors), 2 differ."
                        + " 1 statement the essays leave open, answered.</p>"),
                index);
        // Essays by title in the contents, in the file's order; an essay the file lacks by its id.
        Assertions.assertTrue(
                index.contains("<li><a href=\"#essay-000\">A spanning tree essay</a>: <a href=\"#essay-000-numbers\">"
                        + "its numbers</a> · <a href=\"#essay-000-questions\">open questions</a> · "
                        + "<a href=\"#essay-000-figures\">figures</a></li>\n"
                        + "<li><a href=\"#essay-003\">The symmetry essay</a>: <a href=\"#essay-003-numbers\">its"
                        + " numbers</a> · <a href=\"#essay-003-figures\">figures</a></li>\n"
                        + "<li><a href=\"#essay-004\">Essay 004</a>: <a href=\"#essay-004-numbers\">its numbers"
                        + "</a> · <a href=\"#essay-004-questions\">open questions</a>"),
                index);
        Assertions.assertTrue(
                index.contains("<blockquote>Who wins K4, and why?</blockquote>\n"
                        + "<p>K4 goes to class L, by both computations. <a href=\"#table-switching_outcomes\">Table</a>"
                        + " · <a href=\"figures/switching_K4.svg\">Figure</a></p>"),
                "the answer, generated from the warehouse, with its table and figure");
        Assertions.assertTrue(
                index.contains(
                        "<p>Not answered: this warehouse lacks the census, or the columns, the answer needs.</p>"),
                index);
        Assertions.assertFalse(index.contains("http://") || index.contains("https://"), "no external assets");
        // Every link leads somewhere: an id on the page, or a file beside it.
        final Matcher hrefs = Pattern.compile("href=\"([^\"]+)\"").matcher(index);
        int linkCount = 0;
        while (hrefs.find()) {
            final String target = hrefs.group(1);
            if (target.startsWith("#")) {
                Assertions.assertTrue(index.contains("id=\"" + target.substring(1) + "\""), "no id for " + target);
            } else {
                Assertions.assertTrue(Files.exists(w.out().resolve(target)), "no file for " + target);
            }
            linkCount++;
        }
        Assertions.assertTrue(linkCount > 20, "links checked: " + linkCount);
        Assertions.assertTrue(index.contains("<meta name=\"viewport\""), "laid out for phones");
        for (Figures.Figure f : result.figures()) {
            final Path file = w.out().resolve("figures").resolve(f.file());
            final Document svg = xml(file); // well-formed
            // Its PNG copy: the same picture at twice the size, and not blank.
            final BufferedImage png = ImageIO.read(
                    w.out().resolve("figures").resolve(Svg.pngName(f.file())).toFile());
            Assertions.assertNotNull(png, f.file() + " has a readable PNG copy");
            final String width = svg.getDocumentElement().getAttribute("width").replace("px", "");
            final String height =
                    svg.getDocumentElement().getAttribute("height").replace("px", "");
            assertEquals(2 * (int) Double.parseDouble(width), png.getWidth(), f.file() + " PNG width");
            assertEquals(2 * (int) Double.parseDouble(height), png.getHeight(), f.file() + " PNG height");
            Assertions.assertTrue(nonWhitePixels(png) > 100, f.file() + " PNG has ink");
            // One theme: no chart keeps JFreeChart's grey plot background, and every fill is
            // white, a grey of the theme or a colour of its palette.
            final String text = Files.readString(file);
            Assertions.assertFalse(text.contains("rgb(192,192,192)"), f.file() + " keeps the grey default");
            final Matcher fills =
                    Pattern.compile("fill:rgb\\((\\d+),(\\d+),(\\d+)\\)").matcher(text);
            while (fills.find()) {
                final int rgb = Integer.parseInt(fills.group(1)) << 16
                        | Integer.parseInt(fills.group(2)) << 8
                        | Integer.parseInt(fills.group(3));
                Assertions.assertTrue(themed(rgb), f.file() + " fills with " + Integer.toHexString(rgb));
            }
            Assertions.assertTrue(index.contains("figures/" + f.file()), f.file() + " on the page");
        }
        // Published again from the same warehouse: the same page and the same tables, byte for byte.
        final Map<String, byte[]> before = new LinkedHashMap<>();
        try (var files = Files.list(w.tablesDir())) {
            for (Path f : files.sorted().toList()) {
                before.put(f.getFileName().toString(), Files.readAllBytes(f));
            }
        }
        final List<PublishedTable> again1 = new ArrayList<>(SwitchingTables.publish(spark(), w));
        again1.addAll(CramTables.publish(spark(), w, 6));
        again1.addAll(HexTables.publish(spark(), w));
        again1.addAll(LumberjackTables.publish(spark(), w, 12));
        Publisher.publish(spark(), w, again1, claims, null);
        assertEquals(index, Files.readString(w.out().resolve("index.html")), "the page, published twice");
        for (Map.Entry<String, byte[]> e : before.entrySet()) {
            Assertions.assertArrayEquals(
                    e.getValue(), Files.readAllBytes(w.tablesDir().resolve(e.getKey())), e.getKey());
        }
        // The list of the figures beside them: one row each, with its census and caption.
        final List<String> listed =
                Files.readAllLines(w.out().resolve("figures").resolve(Publisher.FIGURE_LIST));
        assertEquals("file,census,caption", listed.get(0));
        assertEquals(result.figures().size() + 1, listed.size());
        for (Figures.Figure f : result.figures()) {
            Assertions.assertTrue(listed.contains(f.file() + "," + f.census() + ",\"" + f.caption() + "\""), f.file());
        }
        // Drawn again from the same warehouse, every figure is the same bytes, SVG and PNG.
        final Map<String, Picture> again = new LinkedHashMap<>();
        Figures.draw(spark(), w.tables(), again);
        assertEquals(result.figures().size(), again.size());
        for (Map.Entry<String, Picture> e : again.entrySet()) {
            final Path figures = w.out().resolve("figures");
            assertEquals(
                    Files.readString(figures.resolve(e.getKey())), e.getValue().svg(), e.getKey());
            Assertions.assertArrayEquals(
                    Files.readAllBytes(figures.resolve(Svg.pngName(e.getKey()))),
                    e.getValue().png(),
                    e.getKey());
        }
        // K4: four vertices drawn as circles or ellipses, six links.
        final Document k4 = xml(w.out().resolve("figures/switching_K4.svg"));
        assertEquals(4, count(k4, "circle") + count(k4, "ellipse"), "four vertices");
        assertEquals(6, count(k4, "line"), "six links");
        // The 3x4 losing line: twelve hexagons.
        final Path hex = Files.list(w.out().resolve("figures"))
                .filter(p -> p.getFileName().toString().startsWith("hex_losing_3x4"))
                .findFirst()
                .orElseThrow();
        Assertions.assertTrue(count(xml(hex), "path") >= 12, "one hexagon per cell");
        // Cram routes: every first-player win with a lax route, to six squares, on pages of 48.
        Assertions.assertTrue(
                Files.readString(w.out().resolve("figures/cram_routes_1.svg")).contains("1–48 of 52 shapes"));
        Assertions.assertTrue(
                Files.readString(w.out().resolve("figures/cram_routes_2.svg")).contains("49–52 of 52 shapes"));
        Assertions.assertFalse(Files.exists(w.out().resolve("figures/cram_routes_3.svg")));
        Assertions.assertTrue(Files.isRegularFile(w.out().resolve("figures/lumberjack_tuft_example.svg")));
        Assertions.assertTrue(Files.isRegularFile(w.out().resolve("figures/switching_bridgit_3.svg")));
    }

    /**
     * A claim reads only what its census computed: over empty tables, and over a Cram census to six
     * squares, every claim about eight squares, or about another census, is "not computed" — never
     * "differs", as a count over no rows or a test over a partial catalogue would make it.
     */
    @Test
    void claimsOverCensusesTooSmallAreNotComputed() {
        final Warehouse w = new Warehouse(tmp.resolve("small"));
        CramJob.census(spark(), w, 6, 0);
        w.registerViews(spark());
        final List<EssayClaims.Claim> claims = EssayClaims.load(spark(), Path.of("..", "conf", "essay-claims.csv"));
        final Map<String, String> verdicts = new LinkedHashMap<>();
        try {
            for (DatasetSchema schema : Censuses.schemas()) {
                if (!schema.table().equals("cram")) {
                    spark().createDataFrame(List.of(), schema.struct()).createOrReplaceTempView(schema.table());
                }
            }
            for (EssayClaims.Verdict v : EssayClaims.check(spark(), claims)) {
                verdicts.put(v.claim().id(), v.verdict());
            }
        } finally { // the other tests' views are their own
            for (DatasetSchema schema : Censuses.schemas()) {
                spark().catalog().dropTempView(schema.table());
            }
        }
        // To six squares: the counts of four and six squares, the share at six and "no odd shape
        // has a route" are computed; nothing else is.
        final List<String> computed = List.of("cram-four", "cram-six", "cram-share-six", "cram-odd-routes");
        for (Map.Entry<String, String> e : verdicts.entrySet()) {
            if (computed.contains(e.getKey())) {
                Assertions.assertTrue(
                        List.of("matches", "erratum").contains(e.getValue()), e.getKey() + ": " + e.getValue());
            } else {
                assertEquals("not computed", e.getValue(), e.getKey());
            }
        }
        assertEquals(claims.size(), verdicts.size());
    }

    /**
     * A claim's query over a table that is absent gives no value (not computed); one that fails
     * otherwise — a column its table lacks, a failing expression — fails the publication rather
     * than reading "not computed" on the page.
     */
    @Test
    void onlyAnAbsentTableMakesAClaimNotComputed() {
        Assertions.assertNull(EssayClaims.value(spark(), "SELECT COUNT(*) FROM census_never_run"));
        spark().sql("SELECT * FROM VALUES (1, 'down') AS t(stones, first)").createOrReplaceTempView("claims_probe");
        try {
            assertEquals("1", EssayClaims.value(spark(), "SELECT COUNT(*) FROM claims_probe"));
            final IllegalStateException column = Assertions.assertThrows(
                    IllegalStateException.class,
                    () -> EssayClaims.value(spark(), "SELECT SUM(winnable) FROM claims_probe"));
            Assertions.assertTrue(
                    column.getMessage().endsWith("SELECT SUM(winnable) FROM claims_probe"), column.getMessage());
            Assertions.assertTrue(
                    column.getCause().getMessage().contains("winnable"),
                    column.getCause().getMessage());
            Assertions.assertThrows(
                    IllegalStateException.class,
                    () -> EssayClaims.value(spark(), "SELECT assert_true(stones > 1) FROM claims_probe"));
        } finally {
            spark().catalog().dropTempView("claims_probe");
        }
    }

    /** The claims of the project's claims file whose id {@code id} accepts. */
    private List<EssayClaims.Claim> claims(Predicate<String> id) {
        return EssayClaims.load(spark(), Path.of("..", "conf", "essay-claims.csv")).stream()
                .filter(c -> id.test(c.id()))
                .toList();
    }

    /**
     * "The smallest board the potential loses" is judged only when every smaller board was
     * censused: a loss on 5×4 alone (as a run of that board writes) is not computed; over every
     * board of up to 20 cells it is the first by cells, then name.
     */
    @Test
    void theSmallestLosingBoardNeedsEverySmallerBoard() {
        final List<EssayClaims.Claim> claims = claims(id -> id.equals("hex-potential-first-loss"));
        final String row = "('%s', 'potential', 'down', 'defender-best', %s)";
        final List<String> all = new ArrayList<>();
        for (int r = 2; r <= 10; r++) {
            for (int c = 2; r * c <= 20; c++) {
                final String board = r + "x" + c;
                all.add(String.format(Locale.ROOT, row, board, !board.equals("4x5") && !board.equals("5x4")));
            }
        }
        try {
            spark().sql("SELECT * FROM VALUES " + String.format(Locale.ROOT, row, "5x4", false)
                            + " AS t(board, rule, side, ties, holds)")
                    .createOrReplaceTempView("hex_adversarial");
            assertEquals(
                    "not computed", EssayClaims.check(spark(), claims).get(0).verdict());
            spark().sql("SELECT * FROM VALUES " + String.join(", ", all) + " AS t(board, rule, side, ties, holds)")
                    .createOrReplaceTempView("hex_adversarial");
            final EssayClaims.Verdict v = EssayClaims.check(spark(), claims).get(0);
            assertEquals("4x5", v.censusValue());
            assertEquals("erratum", v.verdict(), "the essay's value, with its erratum's reading beside it");
        } finally {
            spark().catalog().dropTempView("hex_adversarial");
        }
    }

    /**
     * A sample of three winnable positions, every one taken by both rules, is 100 % with a plain
     * standard error of 0, which would grade it "differs" from the essay's 88 and 92; Agresti and
     * Coull's standard error (17 points here) grades it within sampling error.
     */
    @Test
    void aTinySampleOfAllWinsIsWithinSamplingError() {
        final List<EssayClaims.Claim> claims = claims(id -> id.startsWith("hex-44-"));
        assertEquals(2, claims.size());
        try {
            spark().sql("SELECT * FROM VALUES ('4x4', true, true, true), ('4x4', true, true, true),"
                            + " ('4x4', true, true, true), ('4x4', false, false, false)"
                            + " AS t(board, winnable, ratio_wins, current_wins)")
                    .createOrReplaceTempView("hex_sample");
            for (EssayClaims.Verdict v : EssayClaims.check(spark(), claims)) {
                assertEquals("100.0", v.censusValue(), v.claim().id());
                assertEquals("within sampling error", v.verdict(), v.claim().id());
            }
        } finally {
            spark().catalog().dropTempView("hex_sample");
        }
    }

    @Test
    void claimValuesCompareAtTheEssaysPrecision() {
        Assertions.assertTrue(EssayClaims.same("62", "62.4"));
        Assertions.assertTrue(EssayClaims.same("99.1", "99.06"));
        Assertions.assertTrue(EssayClaims.same("69,666", "69666"));
        Assertions.assertTrue(EssayClaims.same("yes", "YES"));
        Assertions.assertTrue(!EssayClaims.same("88", "86.6"));
        Assertions.assertTrue(!EssayClaims.same("1042", "1043"));
    }

    /**
     * Whether a fill is the theme's: white, a grey (the theme's ink, muted, grid and faint tones),
     * a palette colour, or the heatmap's blend of white and the palette's blue.
     */
    private static boolean themed(int rgb) {
        final int r = rgb >> 16 & 0xff;
        final int g = rgb >> 8 & 0xff;
        final int b = rgb & 0xff;
        if (r == g && g == b) {
            return true;
        }
        for (Color c : FigureTheme.SERIES) {
            if ((c.getRGB() & 0xffffff) == rgb) {
                return true;
            }
        }
        // White to blue (0, 114, 178): each channel on the line from 255 to the blue's.
        final double t = (255 - r) / 255.0;
        return Math.abs(g - (255 - t * (255 - 114))) <= 2 && Math.abs(b - (255 - t * (255 - 178))) <= 2;
    }

    private static int nonWhitePixels(BufferedImage image) {
        int n = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                if ((image.getRGB(x, y) & 0xffffff) != 0xffffff) {
                    n++;
                }
            }
        }
        return n;
    }
}
