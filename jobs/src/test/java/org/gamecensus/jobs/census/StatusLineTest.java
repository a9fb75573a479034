package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

/** The status line, and Spark's stage bars off by default. */
class StatusLineTest extends SparkCensusTest {

    /**
     * Spark's stage bars write carriage returns into a log when standard error is not a terminal:
     * off in the defaults and in every shipped profile.
     */
    @Test
    void sparksStageBarsAreOffByDefaultAndInEveryProfile() throws Exception {
        assertEquals("false", CensusSession.configuration(Map.of()).get("spark.ui.showConsoleProgress"));
        try (var confs = Files.list(Path.of("..", "conf"))) {
            for (Path conf : confs.filter(p -> p.getFileName().toString().startsWith("spark-"))
                    .toList()) {
                Assertions.assertFalse(
                        Files.readString(conf).matches("(?s).*spark\\.ui\\.showConsoleProgress\\s+true.*"),
                        conf + " turns Spark's stage bars on");
            }
        }
    }

    /**
     * On a terminal the line names the command, the step, the time and the running job by the
     * description the census gave it, with its tasks; the command's own output clears it first.
     */
    @Test
    void theLineNamesTheCommandAndTheJobAndClearsBeforeTheCommandPrints() throws Exception {
        final ByteArrayOutputStream terminal = new ByteArrayOutputStream();
        final PrintStream drawn = new PrintStream(terminal, true, StandardCharsets.UTF_8);
        StatusLine.install(drawn, true);
        try {
            StatusLine.follow(spark(), "census run test");
            StatusLine.step("[2/5] cram");
            spark().sparkContext().setJobDescription("cram 5");
            spark().range(0, 4, 1, 4).toJavaRDD().foreach(i -> Thread.sleep(400));
            spark().sparkContext().setJobDescription(null);
            final String seen = terminal.toString(StandardCharsets.UTF_8);
            Assertions.assertTrue(seen.contains("\rcensus run test [2/5] cram: "), seen);
            Assertions.assertTrue(seen.matches("(?s).*cram 5: [0-4] of 4 tasks.*"), seen);
            // What the terminal shows at the moment the command writes: the line cleared.
            final String[] atWrite = {null};
            final OutputStream command = new OutputStream() {
                @Override
                public void write(int b) {
                    atWrite[0] = terminal.toString(StandardCharsets.UTF_8);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    atWrite[0] = terminal.toString(StandardCharsets.UTF_8);
                }
            };
            StatusLine.above(command).write("a summary\n".getBytes(StandardCharsets.UTF_8));
            Assertions.assertTrue(atWrite[0].endsWith("\r"), "cleared before the command printed: " + atWrite[0]);
        } finally {
            StatusLine.uninstall();
        }
        // Uninstalled: nothing more is drawn.
        final int length = terminal.size();
        spark().range(0, 2, 1, 2).toJavaRDD().foreach(i -> Thread.sleep(700));
        assertEquals(length, terminal.size(), "no line after uninstall");
    }

    /** Under the test runner standard error is a pipe or a file, not a terminal: no line is drawn. */
    @Test
    void aPipeOrAFileIsNotATerminal() {
        Assertions.assertFalse(StatusLine.standardErrorIsATerminal());
    }
}
