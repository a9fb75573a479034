package org.gamecensus.jobs.lumberjack;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.spark.sql.Row;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LumberjackJobTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(ints = {0, 1, 5, 11, 12, 13})
    void theSlicesHoldEveryTreeOnce(int maxEdges) {
        final LumberjackSlices slices = new LumberjackSlices(maxEdges);
        final Set<String> seen = new HashSet<>();
        final Iterator<Row> rows = slices.decide(slices.sliceIds().iterator());
        while (rows.hasNext()) {
            final Row r = rows.next();
            Assertions.assertTrue(seen.add(r.getString(0)), "once: " + r.getString(0));
            Assertions.assertEquals(r.getString(0).length() / 2 - 1, r.getInt(7), "edges column");
        }
        Assertions.assertEquals(LumberjackJob.treeCount(maxEdges), seen.size(), 0.5);
        Assertions.assertEquals(
                maxEdges == 0 ? 32 : 1 + 32 * (maxEdges - Math.min(12, maxEdges) + 1),
                slices.sliceIds().size(),
                "the small sizes in one slice, each larger size in 32");
    }

    @Test
    void aPartitionDecidesItsSlicesSizeBySize() {
        // Listed slice-major and shuffled, a partition's slices still come out smallest size first.
        final LumberjackSlices slices = new LumberjackSlices(14);
        final List<Long> ids = new ArrayList<>(slices.sliceIds());
        Collections.shuffle(ids, new Random(14));
        final Iterator<Row> rows = slices.decide(ids.iterator());
        int last = -1;
        long count = 0;
        while (rows.hasNext()) {
            final int edges = rows.next().getInt(7);
            Assertions.assertTrue(edges >= last, "a tree of " + edges + " edges after one of " + last);
            last = edges;
            count++;
        }
        Assertions.assertEquals(LumberjackJob.treeCount(14), count, 0.5);
    }

    @Test
    void bruteForceTableIsSizedToTheTreesOneEdgeFewer() {
        // To 15 edges a hack leaves one of the 141,083 trees of at most 14 edges: 2^19 slots hold twice that.
        Assertions.assertEquals(141_083, LumberjackJob.treeCount(14), 0.5);
        Assertions.assertEquals(19, LumberjackSlices.tableBits(15));
        Assertions.assertEquals(12, LumberjackSlices.tableBits(0), "the table's floor");
        Assertions.assertEquals(24, LumberjackSlices.tableBits(20), "the table's ceiling");
    }

    @Test
    void theSizeEstimateIsTheExactTreeCount() {
        // Rooted trees of 0..n edges (OEIS A000081, shifted and summed).
        assertEquals(1, LumberjackJob.treeCount(0));
        assertEquals(20_299, LumberjackJob.treeCount(12));
        assertEquals(1_011_311, LumberjackJob.treeCount(16));
        assertEquals(2_732_470, LumberjackJob.treeCount(17));
    }

    @Test
    void rowsDoNotDependOnThePartitionCount() {
        assertDataFrameNoOrderEquals(LumberjackJob.trees(spark(), 12, 1), LumberjackJob.trees(spark(), 12, 7));
    }

    @Test
    void censusAgreesEverywhereAndDrawsTheFourStepExample() {
        final Warehouse warehouse = new Warehouse(tmp);
        final LumberjackJob.Summary s = LumberjackJob.census(spark(), warehouse, 12, 0);
        assertEquals(20_299, s.trees());
        final List<PublishedTable> tables = LumberjackTables.publish(spark(), warehouse, 12);
        final PublishedTable summary = tables.get(0);
        for (List<String> row : summary.rows()) {
            assertEquals(row.get(1), row.get(3), "every tree of " + row.get(0) + " edges agrees");
        }
        final PublishedTable example = tables.stream()
                .filter(t -> t.name().equals("lumberjack_tuft_example"))
                .findFirst()
                .orElseThrow();
        assertEquals(5, example.rows().size(), "the tree and four applications of the principle");
        assertEquals("((((()))))", example.rows().get(4).get(1), "a stalk of height 4");
        Assertions.assertTrue(example.rows().get(0).get(1).length() <= 2 * 13, "at most 12 edges");
    }
}
