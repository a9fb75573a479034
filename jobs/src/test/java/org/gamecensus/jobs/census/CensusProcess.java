package org.gamecensus.jobs.census;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;

/**
 * A real {@code bin/census} process of the integration tests, on what the build made (no build of
 * its own), with a small driver heap, its standard output and error each in a file.
 */
final class CensusProcess {

    private final Process process;
    private final Path out;
    private final Path err;

    private CensusProcess(Process process, Path out, Path err) {
        this.process = process;
        this.out = out;
        this.err = err;
    }

    /** The project's directory (the tests run in the jobs module's). */
    static Path projectDir() {
        return Path.of("..").toAbsolutePath().normalize();
    }

    /**
     * Starts {@code bin/census ARGS}, its output in {@code logs/name.out} and {@code .err};
     * {@code sparkSettings} go to its JVM as system properties (Spark reads {@code spark.*} ones).
     */
    static CensusProcess start(Path logs, String name, Map<String, String> sparkSettings, String... args)
            throws IOException {
        return start(logs, name, List.of(), sparkSettings, args);
    }

    /** {@link #start(Path, String, Map, String...)} with further options for its JVM. */
    static CensusProcess start(
            Path logs, String name, List<String> jvmOptions, Map<String, String> sparkSettings, String... args)
            throws IOException {
        return launch(projectDir().resolve("bin/census"), null, logs, name, jvmOptions, sparkSettings, Map.of(), args);
    }

    /**
     * {@code launcher ARGS} (the project's {@code bin/census}, or a link to it) started in {@code
     * dir}, with {@code environment} over the test's own (a null value removes the variable).
     */
    static CensusProcess startAs(
            Path launcher, Path dir, Path logs, String name, Map<String, String> environment, String... args)
            throws IOException {
        return launch(launcher, dir, logs, name, List.of(), Map.of(), environment, args);
    }

    private static CensusProcess launch(
            Path launcher,
            Path dir,
            Path logs,
            String name,
            List<String> jvmOptions,
            Map<String, String> sparkSettings,
            Map<String, String> environment,
            String... args)
            throws IOException {
        final List<String> cmd = new ArrayList<>(List.of(launcher.toString()));
        cmd.addAll(List.of(args));
        final Path out = logs.resolve(name + ".out");
        final Path err = logs.resolve(name + ".err");
        final ProcessBuilder pb =
                new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        if (dir != null) {
            pb.directory(dir.toFile());
        }
        pb.environment().put("CENSUS_NO_BUILD", "1");
        pb.environment().put("CENSUS_DRIVER_MEMORY", "1g");
        // C1 only and the serial collector: these processes live seconds, and C2's compiler threads
        // and G1's would double the CPU they take from the tests beside them.
        final StringBuilder opts = new StringBuilder("-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        jvmOptions.forEach(o -> opts.append(' ').append(o));
        sparkSettings.forEach((k, v) -> opts.append(" -D").append(k).append('=').append(v));
        pb.environment().put("CENSUS_JAVA_OPTS", opts.toString().strip());
        pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
        // The tests read the launcher's standard error line by line, and bash warns there when
        // LC_ALL names a locale the host lacks.
        pb.environment().remove("LC_ALL");
        environment.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k);
            } else {
                pb.environment().put(k, v);
            }
        });
        return new CensusProcess(pb.start(), out, err);
    }

    long pid() {
        return process.pid();
    }

    /** Kills the process at once (SIGKILL) and waits for it to be gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        Assertions.assertTrue(process.waitFor(30, TimeUnit.SECONDS), "killed");
    }

    /** Waits for the process to end; its exit code. */
    int await(int seconds) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            Assertions.fail("still running after " + seconds + " s:\n" + err());
        }
        return process.exitValue();
    }

    boolean alive() {
        return process.isAlive();
    }

    String out() {
        return read(out);
    }

    String err() {
        return read(err);
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /**
     * Waits, polling every 5 ms, until {@code condition} holds (true), or the process ends or
     * {@code seconds} pass first (false).
     */
    boolean awaitCondition(Await.Condition condition, int seconds) throws IOException, InterruptedException {
        return Await.until(() -> condition.holds() || !process.isAlive(), seconds, 5) && condition.holds();
    }
}
