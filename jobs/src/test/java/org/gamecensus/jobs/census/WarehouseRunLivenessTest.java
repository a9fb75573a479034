package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A killed run's process counts as ended as soon as it can run no more code, reaped or not. */
class WarehouseRunLivenessTest {

    @Test
    void procFilesTellAProcessThatCanNoLongerAct() {
        final String one = "Name:\tjava\nState:\tZ (zombie)\nTgid:\t4242\nThreads:\t1\n";
        final String more = "Name:\tjava\nState:\tZ (zombie)\nTgid:\t4242\nThreads:\t12\n";
        assertFalse(WarehouseRun.ended("4242 (java) S 1 4242 4242 0 -1 4194560 103 0 0 0", one), "sleeping");
        assertTrue(WarehouseRun.ended("4242 (java) Z 1 4242 4242 0 -1 4227140 103 0 0 0", one), "a zombie");
        assertTrue(WarehouseRun.ended("4242 (java) X 1 4242 4242 0 -1 4227140 103 0 0 0", one), "dead");
        assertFalse(
                WarehouseRun.ended("4242 (java) Z 1 4242 4242 0 -1 4227140 103 0 0 0", more),
                "an ended leader whose other threads may still write");
        assertFalse(
                WarehouseRun.ended("4242 (java) R 1 4242 4242 0 -1 4194564 103 0 0 0", one),
                "exiting, not yet a zombie: its files may not be closed yet");
        assertFalse(
                WarehouseRun.ended("4242 (a) Z (b) S 1 4242 4242 0 -1 4194560 1 0", one), "state after the last ')'");
        assertTrue(
                WarehouseRun.ended("4242 (a) S (b) Z 1 4242 4242 0 -1 4194560 1 0", one), "state after the last ')'");
        assertFalse(WarehouseRun.ended(null, one), "no /proc: as the JDK says");
        assertFalse(WarehouseRun.ended("4242 (java) Z 1", null), "no status: as the JDK says");
        assertFalse(WarehouseRun.ended("no parenthesis", one), "an unreadable line: as the JDK says");
    }

    @Test
    void aZombieRunOfThisHostIsNotLiveThoughTheJdkCallsItAlive() throws Exception {
        Assumptions.assumeTrue(Files.isRegularFile(Path.of("/proc/self/stat")), "Linux's /proc");
        // The subshell waits for a line on the shell's stdin (fd 3: a background command's own
        // stdin is /dev/null), and the line is sent only once the shell has become sleep, which
        // never reaps it. Had the subshell exited before the exec, the shell might have reaped it.
        final Process parent = new ProcessBuilder("sh", "-c", "exec 3<&0; (read line <&3) & echo $!; exec sleep 60")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try {
            final long pid;
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(parent.getInputStream(), StandardCharsets.UTF_8))) {
                pid = Long.parseLong(out.readLine().strip());
            }
            final ProcessHandle child = ProcessHandle.of(pid).orElseThrow();
            final String start = WarehouseRun.startOf(child);
            assertTrue(Await.until(() -> name(parent.pid()).equals("sleep"), 60), "the shell became sleep");
            parent.getOutputStream().write('\n');
            parent.getOutputStream().flush();
            assertTrue(Await.until(() -> state(pid).equals("Z"), 60), "the child became a zombie");
            final ProcessHandle zombie = ProcessHandle.of(pid).orElseThrow();
            assertTrue(zombie.isAlive(), "the JDK's view of a zombie");
            assertFalse(WarehouseRun.running(zombie));
            final Properties lease = new Properties();
            lease.setProperty("host", WarehouseRun.HOST);
            lease.setProperty("pid", Long.toString(pid));
            lease.setProperty("pid_start", start);
            assertFalse(WarehouseRun.live("some-run", lease, System.currentTimeMillis()), "a zombie's run");
            lease.setProperty("pid", Long.toString(parent.pid()));
            lease.setProperty("pid_start", WarehouseRun.startOf(parent.toHandle()));
            assertTrue(WarehouseRun.live("some-run", lease, System.currentTimeMillis()), "a running process's run");
        } finally {
            parent.destroyForcibly().waitFor();
        }
    }

    /** The state letter in {@code /proc/<pid>/stat}: the first field after the last ')'. */
    private static String state(long pid) throws IOException {
        final String line = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.UTF_8);
        return line.substring(line.lastIndexOf(')') + 2, line.lastIndexOf(')') + 3);
    }

    /** The name in {@code /proc/<pid>/comm}. */
    private static String name(long pid) throws IOException {
        return Files.readString(Path.of("/proc", Long.toString(pid), "comm"), StandardCharsets.UTF_8)
                .strip();
    }
}
