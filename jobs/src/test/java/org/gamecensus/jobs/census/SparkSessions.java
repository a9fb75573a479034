package org.gamecensus.jobs.census;

import org.apache.spark.sql.SparkSession;

/** For tests of code that starts Spark sessions of its own (the bench), outside the shared-context tests. */
public final class SparkSessions {

    private SparkSessions() {
    }

    /** Stops the active and the default session, if any, and forgets them. */
    public static void stopAll() {
        while (SparkSession.getActiveSession().isDefined() || SparkSession.getDefaultSession().isDefined()) {
            final SparkSession s = SparkSession.getActiveSession().isDefined() ? SparkSession.getActiveSession().get()
                    : SparkSession.getDefaultSession().get();
            s.stop();
            SparkSession.clearActiveSession();
            SparkSession.clearDefaultSession();
        }
    }
}
