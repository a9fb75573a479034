package org.gamecensus.jobs.census;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.config.Configurator;

/**
 * Spark's reports of tasks that tests fail on purpose (a fault injected, a file moved away), kept
 * out of the build's output while they are silenced: {@code try (var quiet = FailedTaskLogs.silenced()) {…}}.
 */
final class FailedTaskLogs implements AutoCloseable {

    private static final String[] LOGGERS = {
        "org.apache.spark.executor.Executor",
        "org.apache.spark.scheduler.TaskSetManager",
        "org.apache.spark.scheduler.TaskSchedulerImpl",
        "org.apache.spark.sql.execution.datasources.FileFormatWriter",
        "org.apache.spark.util.Utils"
    };

    private FailedTaskLogs() {
        for (String logger : LOGGERS) {
            Configurator.setLevel(logger, Level.OFF);
        }
    }

    static FailedTaskLogs silenced() {
        return new FailedTaskLogs();
    }

    /** Spark speaks again, at the project's level (warnings). */
    @Override
    public void close() {
        for (String logger : LOGGERS) {
            Configurator.setLevel(logger, Level.WARN);
        }
    }
}
