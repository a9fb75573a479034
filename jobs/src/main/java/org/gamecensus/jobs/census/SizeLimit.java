package org.gamecensus.jobs.census;

import java.util.Locale;

/**
 * Refuses a census whose estimated size exceeds a configurable limit before any work starts, so a
 * mistyped size fails in a second with a message instead of running for a day or filling a disk.
 */
public final class SizeLimit {

    private SizeLimit() {}

    /**
     * @param census   what is being run, as the message should name it ("the cram census to 15 squares")
     * @param unit     what the estimate counts ("shapes")
     * @param estimate the estimated number of items
     * @param limit    the largest number accepted
     * @param setting  the profile setting that holds {@code limit}
     * @throws UsageException when {@code estimate > limit}, naming the estimate and the setting
     */
    public static void check(String census, String unit, double estimate, long limit, String setting) {
        if (estimate > limit) {
            throw new UsageException(String.format(
                    Locale.ROOT,
                    "%s would be about %,.0f %s, over the limit of %,d; raise %s in the profile"
                            + " (conf/census-<profile>.properties) to run it",
                    census,
                    estimate,
                    unit,
                    limit,
                    setting));
        }
    }
}
