package org.gamecensus.jobs.census;

import java.io.Serializable;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.sql.Row;

/**
 * The executor side of a census: turns the slice ids of one Spark partition into rows. An
 * implementation builds its single-threaded kernel once per call, so per-partition memo tables
 * serve every slice of the partition. The rows of a slice must depend on the slice id alone.
 */
@FunctionalInterface
public interface SliceKernel extends Serializable {
    Iterator<Row> decide(Iterator<Long> sliceIds);

    /**
     * The rows the slices {@code sliceIds} give together, when that is known without deciding
     * them (progress then shows the census's size); −1 otherwise, as by default.
     */
    default long rows(List<Long> sliceIds) {
        return -1;
    }
}
