package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.util.LongAccumulator;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** The kernel clock: time spent computing rows counted, rows a kernel already holds handed out without reading it. */
class KernelClockTest extends SparkCensusTest {

    /** A kernel that spends {@code millis} making each slice's {@code rowsPerSlice} rows, counting the calls it is asked. */
    private static final class SlowSlices implements SliceKernel {
        private static final long serialVersionUID = 1L;
        final int rowsPerSlice;
        final long millis;
        final boolean buffered;
        int hasNextCalls;

        SlowSlices(int rowsPerSlice, long millis, boolean buffered) {
            this.rowsPerSlice = rowsPerSlice;
            this.millis = millis;
            this.buffered = buffered;
        }

        @Override
        public Iterator<Row> decide(Iterator<Long> sliceIds) {
            final Iterator<Row> rows = SliceRows.of(sliceIds, (id, out) -> {
                final long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                for (int r = 0; r < rowsPerSlice; r++) {
                    out.accept(RowFactory.create(id, r));
                }
            });
            return buffered ? new CountedBuffered(rows) : new Counted(rows);
        }

        /** The kernel's rows, each {@code hasNext} counted. */
        private class Counted implements Iterator<Row> {
            final Iterator<Row> rows;

            Counted(Iterator<Row> rows) {
                this.rows = rows;
            }

            @Override
            public boolean hasNext() {
                hasNextCalls++;
                return rows.hasNext();
            }

            @Override
            public Row next() {
                return rows.next();
            }
        }

        /** As {@link Counted}, saying when the next row is already made. */
        private final class CountedBuffered extends Counted implements SliceRows.Buffered {
            CountedBuffered(Iterator<Row> rows) {
                super(rows);
            }

            @Override
            public boolean rowReady() {
                return ((SliceRows.Buffered) rows).rowReady();
            }
        }
    }

    private static List<Row> drain(Iterator<Row> rows) {
        final List<Row> all = new ArrayList<>();
        while (rows.hasNext()) {
            all.add(rows.next());
        }
        return all;
    }

    @Test
    void aBufferedKernelIsAskedOnlyWhenItMustComputeAndItsTimeIsCounted() {
        for (boolean buffered : new boolean[] {true, false}) {
            final SlowSlices kernel = new SlowSlices(50, 20, buffered);
            final LongAccumulator clock = spark().sparkContext().longAccumulator();
            final List<Row> rows =
                    drain(CensusDatasets.timed(kernel, List.of(0L, 1L, 2L).iterator(), clock));
            assertEquals(150, rows.size());
            assertEquals(RowFactory.create(2L, 49), rows.get(149));
            // Three slices of 20 ms each were computed inside the clock, whichever way the rows were asked for.
            Assertions.assertTrue(
                    clock.value() >= TimeUnit.MILLISECONDS.toNanos(60), buffered + ": " + clock.value() + " ns");
            // A buffered kernel is asked once per slice and once at the end; any other once per row and once at the
            // end.
            assertEquals(buffered ? 4 : 151, kernel.hasNextCalls, "buffered " + buffered);
        }
    }
}
