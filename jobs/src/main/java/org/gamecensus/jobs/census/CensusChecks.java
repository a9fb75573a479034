package org.gamecensus.jobs.census;

import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/** The check every census makes before it commits: no row where its two computations disagree. */
public final class CensusChecks {

    private CensusChecks() {}

    /**
     * Fails with a {@link CensusFailure} naming the count and up to five examples when any row
     * matches {@code bad}; {@code what} says what such a row is, {@code show} which columns to quote.
     */
    public static void failIfAny(Dataset<Row> rows, Column bad, String what, String... show) {
        final Dataset<Row> failing = rows.filter(bad);
        final List<Row> sample = DriverRows.of(failing.select(show[0], Arrays.copyOfRange(show, 1, show.length))
                .orderBy(show[0], Arrays.copyOfRange(show, 1, Math.min(2, show.length)))
                .limit(5));
        if (!sample.isEmpty()) {
            throw new CensusFailure(failing.count() + " " + what + ", e.g. " + sample + "; nothing was published");
        }
    }
}
