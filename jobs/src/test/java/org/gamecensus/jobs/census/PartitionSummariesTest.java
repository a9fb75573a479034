package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.schemas.PartitionSummary;
import org.gamecensus.schemas.hex.HexSchemas;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartitionSummariesTest extends SparkCensusTest {

    /**
     * The query HexTables counted the census with before {@code hex} had a summary: the summary
     * must give its rows, value for value and type for type.
     */
    private static final String FORMER_COUNTS = "SELECT board, first, stones, MAX(empty_cells) AS empty_cells,"
            + " COUNT(*) AS positions, SUM(IF(winnable, 1, 0)) AS winnable,"
            + " SUM(IF(winnable, winning_count, 0)) AS winning_sum,"
            + " SUM(IF(winnable AND ratio_wins, 1, 0)) AS ratio_wins,"
            + " SUM(IF(winnable AND current_wins, 1, 0)) AS current_wins,"
            + " SUM(IF(winnable AND potential_wins, 1, 0)) AS potential_wins, "
            + rankCounts("ratio") + ", " + rankCounts("current") + ", " + rankCounts("potential")
            + " FROM hex GROUP BY board, first, stones";

    @TempDir
    Path tmp;

    /** The Hex census of 3×3 (by the table solve), 2×3 (by chunks) and 3×2 (by layers). */
    private Warehouse threeCensuses() {
        final Warehouse w = new Warehouse(tmp);
        HexJob.census(spark(), w, new HexBoard(3, 3), Side.DOWN, 3);
        HexJob.censusInChunks(spark(), w, new HexBoard(2, 3), Side.ACROSS, 2, 3);
        HexJob.censusByLayers(spark(), w, new HexBoard(3, 2), Side.DOWN, 2);
        return w;
    }

    /** The summary as Spark SQL counts it from every row of the view, sorted. */
    private List<String> countedFromRows() {
        return sorted(
                DriverRows.of(spark().sql(HexSchemas.POSITIONS.summary().sql(HexSchemas.POSITIONS, "hex", null))));
    }

    private List<String> summary(Warehouse w) {
        return sorted(DriverRows.of(PartitionSummaries.of(spark(), w, HexSchemas.POSITIONS)));
    }

    private static List<String> sorted(List<Row> rows) {
        return rows.stream()
                .map(Row::toString)
                .sorted(Comparator.naturalOrder())
                .toList();
    }

    private Path manifests(Warehouse w) {
        return Path.of(URI.create(w.tablePath("hex"))).resolve(Manifests.DIR);
    }

    private List<Path> manifestFiles(Warehouse w) throws IOException {
        try (Stream<Path> files = Files.list(manifests(w))) {
            return files.sorted().toList();
        }
    }

    private static Properties read(Path manifest) throws IOException {
        final Properties p = new Properties();
        try (var in = Files.newBufferedReader(manifest)) {
            p.load(in);
        }
        return p;
    }

    private static void write(Path manifest, Properties p) throws IOException {
        try (var out = Files.newBufferedWriter(manifest)) {
            p.store(out, "edited by the test");
        }
    }

    private static String rankCounts(String rule) {
        return String.format(
                Locale.ROOT,
                "SUM(IF(%1$s_rank IS NOT NULL, 1, 0)) AS %1$s_misses, SUM(IF(%1$s_rank = 2, 1, 0)) AS %1$s_rank_2, "
                        + "SUM(IF(%1$s_rank = 3, 1, 0)) AS %1$s_rank_3, SUM(IF(%1$s_rank >= 4, 1, 0)) AS %1$s_rank_4, "
                        + "SUM(IF(%1$s_rank <= 3, 1, 0)) AS %1$s_top3",
                rule);
    }

    private static List<String> types(Dataset<Row> d) {
        return Arrays.stream(d.schema().fields())
                .map(f -> f.name() + ":" + f.dataType().simpleString())
                .toList();
    }

    @Test
    void everyWriterKeepsTheCountsTheRowsGive() throws Exception {
        final Warehouse w = threeCensuses();
        final List<Path> files = manifestFiles(w);
        assertEquals(3, files.size(), files.toString());
        for (Path f : files) {
            final Properties p = read(f);
            assertNotNull(p.getProperty(Manifests.SUMMARY), f + " keeps its counts");
            assertEquals(
                    String.join(",", HexSchemas.POSITIONS.summary().columns()),
                    p.getProperty(Manifests.SUMMARY_COLUMNS));
            assertEquals(
                    HexSchemas.POSITIONS.summary().definition(HexSchemas.POSITIONS),
                    p.getProperty(Manifests.SUMMARY_DEFINITION));
        }
        w.registerViews(spark());
        final PartitionSummaries.Sources sources = PartitionSummaries.sources(w, HexSchemas.POSITIONS);
        assertEquals(List.of(), sources.counted(), "every partition's counts kept");
        // A row per board and stone count of live positions: a full board holds a chain, so 0 to 8
        // stones on 3×3 and 0 to 5 on 2×3 and 3×2.
        assertEquals(9 + 6 + 6, sources.kept().size());
        final Dataset<Row> summary = PartitionSummaries.of(spark(), w, HexSchemas.POSITIONS);
        final Dataset<Row> former = spark().sql(FORMER_COUNTS);
        assertEquals(types(former), types(summary));
        assertEquals(sorted(DriverRows.of(former)), sorted(DriverRows.of(summary)));
        assertEquals(countedFromRows(), sorted(DriverRows.of(summary)));
    }

    @Test
    void aPartitionWithoutItsCountsIsCountedFromItsRows() throws Exception {
        final Warehouse w = threeCensuses();
        // A manifest written before the table had a summary: no summary lines.
        final Path old = manifestFiles(w).get(0);
        final Properties p = read(old);
        p.remove(Manifests.SUMMARY);
        p.remove(Manifests.SUMMARY_COLUMNS);
        p.remove(Manifests.SUMMARY_DEFINITION);
        p.remove(Manifests.SUMMARY_CRC);
        write(old, p);
        assertCounted(w, "board=2x3/first=across");
        assertEquals(types(spark().sql(FORMER_COUNTS)), types(PartitionSummaries.of(spark(), w, HexSchemas.POSITIONS)));
    }

    /**
     * Registers the views, then checks that the partitions {@code keys} (and only they) are
     * counted from their rows, and that the summary is the counts of the rows.
     */
    private void assertCounted(Warehouse w, String... keys) {
        w.registerViews(spark());
        assertEquals(
                List.of(keys),
                PartitionSummaries.sources(w, HexSchemas.POSITIONS).counted().stream()
                        .sorted()
                        .toList());
        assertEquals(countedFromRows(), summary(w));
    }

    /** Rewrites a manifest's counts as {@code counts}, under its columns and definition, its CRC-32 made to match. */
    private static void keep(Path manifest, String counts) throws IOException {
        final Properties p = read(manifest);
        keep(manifest, p.getProperty(Manifests.SUMMARY_COLUMNS), p.getProperty(Manifests.SUMMARY_DEFINITION), counts);
    }

    /** Rewrites a manifest's summary as {@code columns}, {@code definition} and {@code counts}, its CRC-32 made to match. */
    private static void keep(Path manifest, String columns, String definition, String counts) throws IOException {
        final Properties p = read(manifest);
        p.setProperty(Manifests.SUMMARY_COLUMNS, columns);
        p.setProperty(Manifests.SUMMARY_DEFINITION, definition);
        p.setProperty(Manifests.SUMMARY, counts);
        p.setProperty(Manifests.SUMMARY_CRC, Manifests.summaryCrc(columns, definition, counts));
        write(manifest, p);
    }

    @Test
    void countsOfOtherColumnsOrAnotherDefinitionAreCountedFromTheRows() throws Exception {
        final Warehouse w = threeCensuses();
        final List<Path> files = manifestFiles(w);
        // Counts kept under an earlier declaration of one measure fewer.
        final Properties fewer = read(files.get(1));
        final String columns = fewer.getProperty(Manifests.SUMMARY_COLUMNS);
        final List<String> groups = new ArrayList<>();
        for (String g : fewer.getProperty(Manifests.SUMMARY).split(";")) {
            groups.add(g.substring(0, g.lastIndexOf(',')));
        }
        keep(
                files.get(1),
                columns.substring(0, columns.lastIndexOf(',')),
                fewer.getProperty(Manifests.SUMMARY_DEFINITION),
                String.join(";", groups));
        // The same columns under another definition (a measure's terms changed, its name kept):
        // here the counts of two measures swapped.
        final Properties moved = read(files.get(2));
        final List<String> swapped = new ArrayList<>();
        for (String g : moved.getProperty(Manifests.SUMMARY).split(";")) {
            final List<String> v = new ArrayList<>(Arrays.asList(g.split(",")));
            Collections.swap(v, 5, 7);
            swapped.add(String.join(",", v));
        }
        keep(files.get(2), moved.getProperty(Manifests.SUMMARY_COLUMNS), "0", String.join(";", swapped));
        assertCounted(w, "board=3x2/first=down", "board=3x3/first=down");
    }

    @Test
    void countsThatDoNotAddUpToTheManifestsRowsAreCountedFromTheRows() throws Exception {
        final Warehouse w = threeCensuses();
        final Path f = manifestFiles(w).get(2);
        final Properties p = read(f);
        // A group dropped, the CRC-32 made to match: the positions no longer add up to the rows line.
        final String counts = p.getProperty(Manifests.SUMMARY);
        keep(f, counts.substring(counts.indexOf(';') + 1));
        assertCounted(w, "board=3x3/first=down");
    }

    @Test
    void aDamagedCountIsReportedAndNotRead() throws Exception {
        final Warehouse w = threeCensuses();
        final Path damaged = manifestFiles(w).get(2);
        final Properties p = read(damaged);
        final String counts = p.getProperty(Manifests.SUMMARY);
        // One digit changed: the counts would publish a wrong figure.
        final int at = counts.indexOf(',') + 1;
        final char digit = counts.charAt(at);
        p.setProperty(
                Manifests.SUMMARY,
                counts.substring(0, at) + (digit == '9' ? '8' : (char) (digit + 1)) + counts.substring(at + 1));
        write(damaged, p);
        // The rows are intact: the tables still read them, counted, and verify names the damage.
        assertCounted(w, "board=3x3/first=down");
        final Manifests.Verified verified = Manifests.verify(spark(), w, List.of(HexSchemas.POSITIONS));
        assertEquals(
                List.of("hex/board=3x3/first=down: the manifest " + damaged.getFileName() + " is damaged (its summary"
                        + " lines do not match their CRC-32); its counts are not read (the published tables count the"
                        + " partition's rows instead), and running its census again writes it afresh"),
                verified.problems());
        assertEquals(List.of("hex/board=3x3/first=down"), verified.damaged());
    }

    @Test
    void aWrongCountWhoseChecksMatchIsFoundByVerify() throws Exception {
        final Warehouse w = threeCensuses();
        assertEquals(
                List.of(),
                Manifests.verify(spark(), w, List.of(HexSchemas.POSITIONS)).problems());
        // Two measures' counts swapped in one group, the CRC-32 made to match: the positions still
        // add up to the rows, so the counts would be read; verify counts the rows and finds it.
        final Path f = manifestFiles(w).get(2);
        final Properties p = read(f);
        final List<String> groups =
                new ArrayList<>(List.of(p.getProperty(Manifests.SUMMARY).split(";")));
        final List<String> v = new ArrayList<>(Arrays.asList(groups.get(3).split(",")));
        assertNotEquals(v.get(3), v.get(5), "the swap changes the counts");
        Collections.swap(v, 3, 5);
        groups.set(3, String.join(",", v));
        keep(f, String.join(";", groups));
        final Manifests.Verified verified = Manifests.verify(spark(), w, List.of(HexSchemas.POSITIONS));
        assertEquals(
                List.of("hex/board=3x3/first=down: its manifest's summary differs from its rows (its published"
                        + " tables would show the summary); running its census again writes it afresh"),
                verified.problems());
        assertEquals(List.of("hex/board=3x3/first=down"), verified.damaged());
    }

    @Test
    void aChunkKeptFromAnotherDefinitionLeavesThePartitionCounted() throws Exception {
        final Warehouse w = new Warehouse(tmp);
        final HexBoard board = new HexBoard(2, 3);
        spark().conf().set(ChunkedCommit.STOP_AFTER, "1");
        try {
            assertThrows(CensusFailure.class, () -> HexJob.censusInChunks(spark(), w, board, Side.DOWN, 2, 3));
        } finally {
            spark().conf().unset(ChunkedCommit.STOP_AFTER);
        }
        // The chunk kept, as if written by a build whose summary was defined otherwise.
        final Path chunk;
        try (Stream<Path> all = Files.walk(Path.of(URI.create(w.root())).resolve("_chunks"))) {
            chunk = all.filter(f -> f.getFileName().toString().equals("chunk-0.properties"))
                    .findFirst()
                    .orElseThrow();
        }
        final Properties p = read(chunk);
        assertNotNull(p.getProperty("summary_definition"));
        p.setProperty("summary_definition", "0");
        write(chunk, p);
        assertEquals(
                1, HexJob.censusInChunks(spark(), w, board, Side.DOWN, 2, 3).reused());
        assertNull(read(manifestFiles(w).get(0)).getProperty(Manifests.SUMMARY), "no counts kept");
        assertCounted(w, "board=2x3/first=down");
    }

    @Test
    void countsAddUpAcrossTasksAndReadBackFromTheirText() {
        final PartitionSummary summary = HexSchemas.POSITIONS.summary();
        final SummaryCounts a = SummaryCounts.of(summary, "");
        assertNotNull(a);
        final String one = "1,15" + ",1".repeat(summary.measures().size());
        final String two = "0,16" + ",2".repeat(summary.measures().size());
        a.add(SummaryCounts.of(summary, one));
        a.add(SummaryCounts.of(summary, one + ";" + two));
        assertEquals(two + ";" + "1,15" + ",2".repeat(summary.measures().size()), a.text(), "groups in order");
        assertNull(SummaryCounts.of(summary, "1,15,1"), "too few measures");
        assertNull(SummaryCounts.of(summary, one.replace("1,15", "x,15")), "not a number");
        // Many groups: the table grows and keeps every one.
        final StringBuilder many = new StringBuilder();
        for (int g = 0; g < 1000; g++) {
            many.append(g == 0 ? "" : ";")
                    .append(g)
                    .append(',')
                    .append(-g)
                    .append(",7".repeat(summary.measures().size()));
        }
        final SummaryCounts big = SummaryCounts.of(summary, many.toString());
        assertEquals(many.toString(), big.text(), "each group kept apart, negative values too");
        // Negative values first, in order of the first group's value, then the second's.
        final String negative = "-5,3" + ",1".repeat(summary.measures().size());
        final String lower = "-5,-3" + ",1".repeat(summary.measures().size());
        assertEquals(
                lower + ";" + negative + ";" + one,
                SummaryCounts.of(summary, one + ";" + negative + ";" + lower).text());
    }
}
