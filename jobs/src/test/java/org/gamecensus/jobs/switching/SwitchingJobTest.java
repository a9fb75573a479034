package org.gamecensus.jobs.switching;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;
import org.gamecensus.jobs.census.CensusDatasets;
import org.gamecensus.jobs.census.CensusFailure;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.gamecensus.schemas.switching.SwitchingSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SwitchingJobTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    @Test
    void rowsDoNotDependOnThePartitionCount() {
        final Dataset<Row> one = SwitchingJob.subgraphs(spark(), SwitchingHosts.complete(5), 1);
        final Dataset<Row> seven = SwitchingJob.subgraphs(spark(), SwitchingHosts.complete(5), 7);
        assertEquals(1024, seven.count());
        assertDataFrameNoOrderEquals(one, seven);
    }

    @Test
    void theKernelClockCountsTimeSpentInKernels() {
        CensusDatasets.resetKernelClock();
        assertEquals(
                1024,
                SwitchingJob.subgraphs(spark(), SwitchingHosts.complete(5), 3).count());
        Assertions.assertTrue(CensusDatasets.kernelNanos() > 0, "kernel time was measured");
        CensusDatasets.resetKernelClock();
        assertEquals(0, CensusDatasets.kernelNanos());
    }

    @Test
    void pathRowsAreTheEssaysEightCutWins() {
        final String[] columns = {
            "mask",
            "links",
            "outcome",
            "solver_short_first",
            "criterion_short_first",
            "agree",
            "tree_a",
            "winning_openings",
            "host"
        };
        StructType schema = new StructType();
        for (String c : columns) {
            schema = schema.add(SwitchingSchemas.SUBGRAPHS.struct().apply(c));
        }
        final List<Row> expected = new ArrayList<>();
        for (long mask = 0; mask < 8; mask++) {
            expected.add(RowFactory.create(mask, Long.bitCount(mask), "R", false, false, true, null, 0L, "path4"));
        }
        final Dataset<Row> actual =
                SwitchingJob.subgraphs(spark(), SwitchingHosts.path4(), 3).selectExpr(columns);
        assertDataFrameNoOrderEquals(spark().createDataFrame(expected, schema), actual);
    }

    @Test
    void k5CensusIsCommittedAndItsTableReproducesTheEssay() throws Exception {
        final Warehouse warehouse = new Warehouse(tmp);
        final SwitchingJob.Summary summary = SwitchingJob.census(spark(), warehouse, SwitchingHosts.complete(5), 0);
        assertEquals(1024, summary.subgraphs());
        assertEquals(71, summary.l());
        assertEquals(451, summary.r());
        assertEquals(502, summary.n());
        assertEquals(0, summary.p());
        final List<PublishedTable> tables = SwitchingTables.publish(spark(), warehouse);
        final PublishedTable outcomes = tables.stream()
                .filter(t -> t.name().equals("switching_outcomes"))
                .findFirst()
                .orElseThrow();
        assertEquals(
                List.of("host", "subgraphs", "L", "R", "N", "P", "agree", "disagree", "searched_by_solver"),
                outcomes.columns());
        assertEquals(
                List.of("K5", "1024", "71", "451", "502", "0", "1024", "0"),
                outcomes.rows().get(0).subList(0, 8));
        for (String name : List.of("switching_outcomes", "switching_by_links", "switching_examples")) {
            Assertions.assertTrue(Files.isRegularFile(warehouse.tablesDir().resolve(name + ".md")), name + ".md");
            Assertions.assertTrue(Files.isRegularFile(warehouse.tablesDir().resolve(name + ".csv")), name + ".csv");
        }
        Assertions.assertTrue(Files.readString(
                        Path.of(URI.create(warehouse.tablePath("switching"))).resolve("_schema.json"))
                .contains("\"version\":" + SwitchingSchemas.SUBGRAPHS.version()));
        // Every certificate in the warehouse is present exactly where Short wins moving second.
        warehouse.registerViews(spark());
        assertEquals(
                0L,
                spark().sql("SELECT * FROM switching WHERE criterion_short_second <> (tree_a IS NOT NULL)")
                        .count());
    }

    @Test
    void aRerunReplacesOnlyItsOwnHostPartition() {
        final Warehouse warehouse = new Warehouse(tmp);
        SwitchingJob.census(spark(), warehouse, SwitchingHosts.complete(4), 2);
        SwitchingJob.census(spark(), warehouse, SwitchingHosts.path4(), 2);
        SwitchingJob.census(spark(), warehouse, SwitchingHosts.complete(4), 3);
        warehouse.registerViews(spark());
        final List<Row> counts = spark().sql("SELECT host, COUNT(*) FROM switching GROUP BY host ORDER BY host")
                .collectAsList();
        assertEquals("[[K4,64], [path4,8]]", counts.toString());
        assertEquals(2L, spark().sql("SELECT * FROM switching_hosts").count());
    }

    @Test
    void aDisagreementFailsTheCheck() {
        final Dataset<Row> rows = SwitchingJob.subgraphs(spark(), SwitchingHosts.path4(), 2);
        SwitchingJob.check(rows);
        final Dataset<Row> doctored = rows.withColumn(
                "agree",
                functions.when(functions.col("mask").equalTo(5L), false).otherwise(functions.col("agree")));
        final CensusFailure failure = assertThrows(CensusFailure.class, () -> SwitchingJob.check(doctored));
        Assertions.assertTrue(failure.getMessage().startsWith("1 subgraph(s)"), failure.getMessage());
        final Dataset<Row> withP = rows.withColumn(
                "outcome",
                functions.when(functions.col("mask").equalTo(0L), "P").otherwise(functions.col("outcome")));
        assertThrows(CensusFailure.class, () -> SwitchingJob.check(withP));
    }

    @Test
    void bridgitBoardsAreDecidedWholeAndPublished() {
        final Warehouse warehouse = new Warehouse(tmp);
        final List<SwitchingJob.WholeHostDecisionRow> rows = SwitchingJob.decideAll(
                spark(), warehouse, List.of(SwitchingHosts.bridgit(2), SwitchingHosts.bridgit(3)), 1_000_000L);
        assertEquals(2, rows.size());
        for (SwitchingJob.WholeHostDecisionRow r : rows) {
            assertEquals("N", r.criterionOutcome(), r.host());
            assertEquals("N", r.solverOutcome(), r.host());
            assertEquals(r.links(), r.winningOpenings(), r.host() + ": every opening wins");
        }
        final PublishedTable table = SwitchingTables.publish(spark(), warehouse).stream()
                .filter(t -> t.name().equals("switching_bridgit"))
                .findFirst()
                .orElseThrow();
        assertEquals("2×3", table.rows().get(0).get(0));
        assertEquals("3×4", table.rows().get(1).get(0));
        assertFalse(warehouse.has(SwitchingSchemas.SUBGRAPHS.table()), "no subgraph census was run");
    }
}
