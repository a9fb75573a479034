package org.gamecensus.jobs.hackenbush;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.SparkCensusTest;
import org.gamecensus.jobs.census.Warehouse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HackenbushJobTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    @Test
    void rowsDoNotDependOnThePartitionCountAndAllAgree() {
        assertDataFrameNoOrderEquals(HackenbushJob.graphs(spark(), 3, 5, 1), HackenbushJob.graphs(spark(), 3, 5, 4));
        final Warehouse warehouse = new Warehouse(tmp);
        final HackenbushJob.Summary s = HackenbushJob.census(spark(), warehouse, 3, 5, 0);
        final PublishedTable t =
                HackenbushTables.publish(spark(), warehouse, 3, 5).get(0);
        long graphs = 0;
        for (List<String> row : t.rows()) {
            assertEquals(row.get(2), row.get(3), "every graph agrees: " + row);
            graphs += Long.parseLong(row.get(2));
        }
        assertEquals(s.graphs(), graphs);
    }
}
