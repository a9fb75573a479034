package org.gamecensus.jobs.census;

import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/** For tests of code that starts Spark sessions of its own (the bench), outside the shared-context tests. */
public final class SparkSessions {

    private SparkSessions() {}

    /** Stops the active and the default session, if any, and forgets them. */
    public static void stopAll() {
        while (SparkSession.getActiveSession().isDefined()
                || SparkSession.getDefaultSession().isDefined()) {
            final SparkSession s = SparkSession.getActiveSession().isDefined()
                    ? SparkSession.getActiveSession().get()
                    : SparkSession.getDefaultSession().get();
            s.stop();
            SparkSession.clearActiveSession();
            SparkSession.clearDefaultSession();
        }
    }

    /** {@code @ExtendWith(SparkSessions.NoneRunning.class)}: no session before or after each test. */
    public static final class NoneRunning implements BeforeEachCallback, AfterEachCallback {
        @Override
        public void beforeEach(ExtensionContext context) {
            stopAll();
        }

        @Override
        public void afterEach(ExtensionContext context) {
            stopAll();
        }
    }
}
