package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.apache.spark.Success$;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.switching.SwitchingHosts;
import org.gamecensus.schemas.switching.SwitchingSchemas;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Tasks that fail on their first attempt are retried by Spark, and every census comes out the same. */
class FaultInjectionTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    /** Counts tasks that ended in anything but success. */
    private static final class FailedTasks extends SparkListener {
        final AtomicInteger count = new AtomicInteger();

        @Override
        public void onTaskEnd(SparkListenerTaskEnd end) {
            if (end.reason() != Success$.MODULE$) {
                count.incrementAndGet();
            }
        }
    }

    @AfterEach
    void noFaults() {
        spark().conf().unset(FaultInjection.FAIL_PARTITIONS);
    }

    /** The same rows with partitions 0 and 2 failing once as without; returns the failures seen. */
    private int sameUnderFaults(Supplier<Dataset<Row>> census) throws Exception {
        final Dataset<Row> clean = census.get();
        final long cleanCount = clean.count();
        final FailedTasks failed = new FailedTasks();
        spark().sparkContext().addSparkListener(failed);
        try {
            spark().conf().set(FaultInjection.FAIL_PARTITIONS, "0,2");
            final Dataset<Row> faulty = census.get();
            assertEquals(cleanCount, faulty.count());
            assertDataFrameNoOrderEquals(clean, faulty);
            spark().sparkContext().listenerBus().waitUntilEmpty();
        } finally {
            spark().sparkContext().removeSparkListener(failed);
        }
        return failed.count.get();
    }

    @Test
    void everyCensusIsUnchangedByRetriedTasks() throws Exception {
        Assertions.assertTrue(
                sameUnderFaults(() -> SwitchingJob.subgraphs(spark(), SwitchingHosts.complete(5), 4)) >= 2,
                "switching: the injected failures happened");
        Assertions.assertTrue(sameUnderFaults(() -> CramJob.shapes(spark(), 6, 4)) >= 2, "cram");
        Assertions.assertTrue(sameUnderFaults(() -> LumberjackJob.trees(spark(), 8, 4)) >= 2, "lumberjack");
        Assertions.assertTrue(
                sameUnderFaults(() -> HexJob.positions(spark(), new HexBoard(2, 3), HexBoard.Side.DOWN, 4)) >= 2,
                "hex");
    }

    @Test
    void aCommittedCensusIsUnchangedByRetriedTasks() {
        final Warehouse clean = new Warehouse(tmp.resolve("clean"));
        SwitchingJob.census(spark(), clean, SwitchingHosts.complete(5), 4);
        spark().conf().set(FaultInjection.FAIL_PARTITIONS, "1,3");
        final Warehouse faulty = new Warehouse(tmp.resolve("faulty"));
        SwitchingJob.census(spark(), faulty, SwitchingHosts.complete(5), 4);
        spark().conf().unset(FaultInjection.FAIL_PARTITIONS);
        assertDataFrameNoOrderEquals(
                spark().read().parquet(clean.tablePath("switching").toString()),
                spark().read().parquet(faulty.tablePath("switching").toString()));
        assertEquals(
                List.of(),
                Manifests.verify(spark(), faulty, SwitchingSchemas.ALL).problems(),
                "its manifests hold");
    }

    @Test
    void aMalformedSettingIsNamed() {
        spark().conf().set(FaultInjection.FAIL_PARTITIONS, "zero");
        final IllegalArgumentException e = Assertions.assertThrows(
                IllegalArgumentException.class, () -> SwitchingJob.subgraphs(spark(), SwitchingHosts.complete(4), 2));
        Assertions.assertTrue(e.getMessage().contains(FaultInjection.FAIL_PARTITIONS), e.getMessage());
    }
}
