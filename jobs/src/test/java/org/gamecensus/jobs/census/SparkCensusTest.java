package org.gamecensus.jobs.census;

import com.holdenkarau.spark.testing.JavaDataFrameSuiteBase;
import com.holdenkarau.spark.testing.SharedJavaSparkContext;
import java.util.Arrays;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.spark.SparkConf;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;

/**
 * Base of the Spark tests: spark-testing-base's shared local context, driven from JUnit 5
 * (its own hooks are JUnit 4's), without Hive.
 */
public abstract class SparkCensusTest extends JavaDataFrameSuiteBase {

    /**
     * Every core but at least two task threads (the tests of concurrent tasks need two, even on a
     * one-core host), a failed task retried up to four times.
     */
    static final String MASTER = "local[" + Math.max(2, Runtime.getRuntime().availableProcessors()) + ",4]";

    /**
     * Local Spark on every core (two threads at least), retrying a failed task up to four times (plain {@code local[*]}
     * fails the job on the first task failure), so fault-injection tests see Spark's recovery.
     */
    @Override
    public SparkConf conf() {
        // The shuffle partitions and the local file system CensusSession sets: Spark's 200 partitions
        // make small censuses crawl, and so does a forked chmod per file.
        final Map<String, String> census = CensusSession.configuration(MASTER, Map.of());
        final String shuffle = "spark.sql.shuffle.partitions";
        return super.conf()
                .setMaster(MASTER)
                .set(shuffle, census.get(shuffle))
                .set(CensusSession.LOCAL_FILE_SYSTEM, census.get(CensusSession.LOCAL_FILE_SYSTEM));
    }

    /** Waits until no task of the shared session runs, as Spark's status tracker sees it (a minute at most). */
    protected void awaitNoRunningTasks() throws Exception {
        Assertions.assertTrue(
                Await.until(
                        () -> Arrays.stream(
                                        spark().sparkContext().statusTracker().getExecutorInfos())
                                .noneMatch(e -> e.numRunningTasks() > 0),
                        60,
                        10),
                "tasks still running after a minute");
    }

    @Override
    public boolean enableHiveSupport() {
        return false;
    }

    @BeforeEach
    public void startSpark() {
        runBefore();
    }

    @AfterAll
    public static void stopSpark() {
        SharedJavaSparkContext.runAfterClass();
    }

    /**
     * Bytes this thread has read through every Hadoop file system: in a test, the driver's own
     * reads, apart from the tasks' (which run on executor threads even in local mode).
     */
    @SuppressWarnings("deprecation")
    protected static long driverBytesRead() {
        long n = 0;
        for (FileSystem.Statistics s : FileSystem.getAllStatistics()) {
            n += s.getThreadStatistics().getBytesRead();
        }
        return n;
    }
}
