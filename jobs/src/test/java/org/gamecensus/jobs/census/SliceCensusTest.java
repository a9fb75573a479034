package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.LongStream;
import org.gamecensus.schemas.lumberjack.LumberjackSchemas;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** Slices dealt out to partitions: Spark's cut of the list gives each partition every p-th slice. */
class SliceCensusTest extends SparkCensusTest {

    private static final SliceKernel NONE = ids -> Collections.emptyIterator();

    @Test
    void eachPartitionGetsEveryPthSlice() {
        for (int n : new int[] {1, 7, 10, 64, 4096}) {
            for (int p : new int[] {1, 3, 4, 8}) {
                final SliceCensus c = SliceCensus.dealt(CensusDatasets.ids(n), p, NONE, LumberjackSchemas.TREES);
                final List<List<Long>> parts = CensusDatasets.sliceIds(spark(), c.ids(), c.partitions()).glom().collect();
                assertEquals(Math.min(n, p), parts.size(), n + " slices, " + p + " partitions");
                final List<Long> all = new ArrayList<>();
                int smallest = Integer.MAX_VALUE;
                int largest = 0;
                for (int j = 0; j < parts.size(); j++) {
                    final List<Long> part = parts.get(j);
                    all.addAll(part);
                    smallest = Math.min(smallest, part.size());
                    largest = Math.max(largest, part.size());
                    if (n % parts.size() == 0) {
                        final int q = parts.size();
                        final int first = j;
                        assertEquals(LongStream.range(0, n / q).map(k -> first + k * q).boxed().toList(), part,
                                "partition " + j + " of " + q + ", " + n + " slices");
                    }
                }
                Collections.sort(all);
                assertEquals(LongStream.range(0, n).boxed().toList(), all, "every slice once");
                Assertions.assertTrue(largest - smallest <= 1, "even partitions: " + smallest + ".." + largest);
            }
        }
    }
}
