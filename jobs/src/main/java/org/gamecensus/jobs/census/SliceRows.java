package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import org.apache.spark.sql.Row;

/** Turns a kernel that fills one slice at a time into a lazy iterator over a partition's rows. */
public final class SliceRows {

    /**
     * An iterator of a kernel's rows that can tell whether its next row is already made (held in
     * its buffer), so that {@code hasNext} will not compute. The kernel clock
     * ({@link CensusDatasets#timed}) reads the time only around the calls that may compute.
     */
    public interface Buffered extends Iterator<Row> {
        /** Whether the next row is made and {@code hasNext} would return true without computing. */
        boolean rowReady();
    }

    /** Decides one slice, handing each row to {@code out}. */
    @FunctionalInterface
    public interface SliceDecider {
        void decide(long sliceId, Consumer<Row> out);
    }

    private SliceRows() {}

    /** Rows of every slice in {@code ids}, one slice held in memory at a time. */
    public static Iterator<Row> of(Iterator<Long> ids, SliceDecider decider) {
        final Slices<Row> slices = new Slices<>(ids, decider::decide);
        return new Buffered() {
            @Override
            public boolean rowReady() {
                return slices.ready();
            }

            @Override
            public boolean hasNext() {
                return slices.hasNext();
            }

            @Override
            public Row next() {
                return slices.next();
            }
        };
    }

    /** Items of any kind (a pair of rows, say) of every slice in {@code ids}, one slice held in memory at a time. */
    public static <T> Iterator<T> items(Iterator<Long> ids, BiConsumer<Long, Consumer<T>> decider) {
        return new Slices<>(ids, decider);
    }

    /** The items of one slice after another, the slice in hand buffered. */
    private static final class Slices<T> implements Iterator<T> {
        private final Iterator<Long> ids;
        private final BiConsumer<Long, Consumer<T>> decider;
        private final List<T> buffer = new ArrayList<>();
        private int at = 0;

        Slices(Iterator<Long> ids, BiConsumer<Long, Consumer<T>> decider) {
            this.ids = ids;
            this.decider = decider;
        }

        boolean ready() {
            return at < buffer.size();
        }

        @Override
        public boolean hasNext() {
            while (at == buffer.size() && ids.hasNext()) {
                buffer.clear();
                at = 0;
                decider.accept(ids.next(), buffer::add);
            }
            return at < buffer.size();
        }

        @Override
        public T next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return buffer.get(at++);
        }
    }
}
