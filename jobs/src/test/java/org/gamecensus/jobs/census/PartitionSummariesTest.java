package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexBoard.Side;
import org.gamecensus.schemas.PartitionSummary;
import org.gamecensus.schemas.hex.HexSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PartitionSummariesTest extends SparkCensusTest {

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
        }
        w.registerViews(spark());
        final List<String> rows = countedFromRows();
        // A row per board and stone count of live positions: a full board holds a chain, so 0 to 8
        // stones on 3×3 and 0 to 5 on 2×3 and 3×2.
        assertEquals(9 + 6 + 6, rows.size(), rows.toString());
        assertEquals(rows, summary(w));
        assertEquals(
                List.of(), PartitionSummaries.sources(w, HexSchemas.POSITIONS).counted(), "none counted");
        assertEquals(
                21, PartitionSummaries.sources(w, HexSchemas.POSITIONS).kept().size());
        // The positions add up to the rows of each partition.
        long positions = 0;
        for (Row r : DriverRows.of(PartitionSummaries.of(spark(), w, HexSchemas.POSITIONS))) {
            positions += r.getLong(r.fieldIndex("positions"));
        }
        assertEquals(spark().sql("SELECT * FROM hex").count(), positions);
    }

    @Test
    void aPartitionWithoutItsCountsIsCountedFromItsRows() throws Exception {
        final Warehouse w = threeCensuses();
        // A manifest written before the table had a summary: no summary lines.
        final Path old = manifestFiles(w).get(0);
        final Properties p = read(old);
        p.remove(Manifests.SUMMARY);
        p.remove(Manifests.SUMMARY_COLUMNS);
        p.remove(Manifests.SUMMARY_CRC);
        write(old, p);
        w.registerViews(spark());
        assertEquals(countedFromRows(), summary(w));
        assertEquals(
                List.of("(`board` = '2x3' AND `first` = 'across')"),
                PartitionSummaries.sources(w, HexSchemas.POSITIONS).counted());
    }

    @Test
    void aSummaryOfOtherColumnsIsCountedFromTheRowsToo() throws Exception {
        final Warehouse w = threeCensuses();
        // Counts kept under an earlier declaration of the summary (one measure fewer).
        final Path other = manifestFiles(w).get(1);
        final Properties p = read(other);
        final String columns = p.getProperty(Manifests.SUMMARY_COLUMNS);
        final String fewer = columns.substring(0, columns.lastIndexOf(','));
        final List<String> groups = new ArrayList<>();
        for (String g : p.getProperty(Manifests.SUMMARY).split(";")) {
            groups.add(g.substring(0, g.lastIndexOf(',')));
        }
        final String counts = String.join(";", groups);
        p.setProperty(Manifests.SUMMARY_COLUMNS, fewer);
        p.setProperty(Manifests.SUMMARY, counts);
        p.setProperty(Manifests.SUMMARY_CRC, Manifests.summaryCrc(fewer, counts));
        write(other, p);
        w.registerViews(spark());
        assertEquals(countedFromRows(), summary(w));
        assertEquals(
                1, PartitionSummaries.sources(w, HexSchemas.POSITIONS).counted().size());
    }

    @Test
    void aDamagedCountDamagesItsManifest() throws Exception {
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
        final IllegalStateException e = assertThrows(IllegalStateException.class, () -> w.registerViews(spark()));
        Assertions.assertTrue(e.getMessage().contains("summary lines do not match their CRC-32"), e.getMessage());
        final Manifests.Verified verified = Manifests.verify(spark(), w, List.of(HexSchemas.POSITIONS));
        assertEquals(
                List.of("hex: the manifest " + damaged.getFileName() + " is damaged (its summary lines do not match"
                        + " their CRC-32); a run of its census with --replace writes the table again"),
                verified.problems());
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
        assertEquals(
                1000,
                SummaryCounts.parse(big.text(), 2, summary.measures().size()).size());
    }
}
