package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.LongStream;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** Slices dealt out to partitions: Spark's cut of the list gives each partition a mixture of all slices. */
class SliceCensusTest extends SparkCensusTest {

    private static final SliceKernel NONE = ids -> Collections.emptyIterator();

    @Test
    void eachPartitionGetsEverySliceOnceAndEvenCounts() {
        for (int n : new int[] {1, 7, 10, 64, 4096}) {
            for (int p : new int[] {1, 3, 4, 8}) {
                final List<List<Long>> parts = partitions(n, p);
                assertEquals(Math.min(n, p), parts.size(), n + " slices, " + p + " partitions");
                final List<Long> all = new ArrayList<>();
                int smallest = Integer.MAX_VALUE;
                int largest = 0;
                for (List<Long> part : parts) {
                    all.addAll(part);
                    smallest = Math.min(smallest, part.size());
                    largest = Math.max(largest, part.size());
                }
                Collections.sort(all);
                assertEquals(LongStream.range(0, n).boxed().toList(), all, "every slice once");
                Assertions.assertTrue(largest - smallest <= 1, "even partitions: " + smallest + ".." + largest);
            }
        }
    }

    @Test
    void noPartitionIsBoundToAValueOfADigit() {
        // 4^6 slices in 4 partitions, 8^4 in 8: each partition holds each value of each base-p digit
        // of the slice ids equally often (K7's slice ids are link masks: every p-th slice fixed two links).
        for (int[] c : new int[][] {{4096, 4}, {4096, 8}, {729, 3}}) {
            final int n = c[0];
            final int p = c[1];
            final List<List<Long>> parts = partitions(n, p);
            for (int j = 0; j < p; j++) {
                for (long unit = 1; unit < n; unit *= p) {
                    final int[] seen = new int[p];
                    for (long id : parts.get(j)) {
                        seen[(int) (id / unit % p)]++;
                    }
                    for (int d = 0; d < p; d++) {
                        assertEquals(
                                n / p / p, seen[d], "partition " + j + " of " + p + ", digit " + unit + ", value " + d);
                    }
                }
            }
        }
        // The same ids dealt again are dealt alike.
        assertEquals(partitions(4096, 4), partitions(4096, 4));
    }

    @Test
    void theDigitSumIsInBaseP() {
        assertEquals(0, SliceCensus.digitSum(0, 4));
        assertEquals(3 + 3 + 1, SliceCensus.digitSum(3 + 3 * 4 + 16, 4));
        assertEquals(1 + 0 + 2, SliceCensus.digitSum(1 + 2 * 9, 3));
        assertEquals(Integer.bitCount(4095), SliceCensus.digitSum(4095, 2));
    }

    @Test
    void aJobOnTheSlicesGivesOneResultAPartitionInOrderUnderItsNameAndLeavesTheCallSiteAsItWas() throws Exception {
        final List<String> names = Collections.synchronizedList(new ArrayList<>());
        final SparkListener listener = new SparkListener() {
            @Override
            public void onJobStart(SparkListenerJobStart start) {
                names.add(start.properties().getProperty("callSite.short"));
            }
        };
        final SliceCensus c = SliceCensus.dealt(CensusDatasets.ids(10), 3, NONE, LumberjackSchemas.TREES);
        final SparkContext sc = spark().sparkContext();
        sc.addSparkListener(listener);
        try {
            sc.setLocalProperty("callSite.short", "the caller's");
            final List<String> results =
                    CensusDatasets.runOnSlices(spark(), c.ids(), c.partitions(), "ten slices", String.class, ids -> {
                        final StringBuilder b = new StringBuilder();
                        ids.forEachRemaining(id -> b.append(id).append(' '));
                        return b.toString().strip();
                    });
            // Each partition's ids as Spark cut them, in partition order.
            final List<String> expected = new ArrayList<>();
            for (List<Long> part : partitions(10, 3)) {
                expected.add(String.join(" ", part.stream().map(String::valueOf).toList()));
            }
            assertEquals(expected, results);
            assertEquals("the caller's", sc.getLocalProperty("callSite.short"));
            Assertions.assertNull(sc.getLocalProperty("callSite.long"));
            sc.listenerBus().waitUntilEmpty();
            Assertions.assertTrue(names.contains("ten slices"), "jobs seen: " + names);
        } finally {
            sc.setLocalProperty("callSite.short", null);
            sc.removeSparkListener(listener);
        }
    }

    private List<List<Long>> partitions(int n, int p) {
        final SliceCensus c = SliceCensus.dealt(CensusDatasets.ids(n), p, NONE, LumberjackSchemas.TREES);
        return CensusDatasets.sliceIds(spark(), c.ids(), c.partitions()).glom().collect();
    }
}
