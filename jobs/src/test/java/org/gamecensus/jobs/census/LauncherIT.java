package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/census} started as users start it: through a symbolic link in another directory (the
 * launcher finds the project by the file the link points to, not by the link's own directory,
 * which holds no {@code bin/lib}), and with a Java the project does not run on (refused as bad
 * input, before anything is built or written).
 */
class LauncherIT {

    @TempDir
    Path tmp;

    @Test
    void theLauncherRunsThroughASymbolicLinkFromAnyDirectory() throws Exception {
        final Path bin = Files.createDirectories(tmp.resolve("bin"));
        final Path link = Files.createSymbolicLink(
                bin.resolve("census"), CensusProcess.projectDir().resolve("bin/census"));
        final Path cwd = Files.createDirectories(tmp.resolve("elsewhere"));
        final Path out = tmp.resolve("help.out");
        final Path err = tmp.resolve("help.err");
        final ProcessBuilder pb = new ProcessBuilder(link.toString(), "--help")
                .directory(cwd.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        pb.environment().put("CENSUS_NO_BUILD", "1");
        pb.environment().put("CENSUS_DRIVER_MEMORY", "1g");
        // The JVM's own option variables would print "Picked up ..." on standard error.
        List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS").forEach(pb.environment()::remove);
        final Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher ends");
        final String error = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "exit code; standard error: " + error);
        assertTrue(
                Files.readString(out, StandardCharsets.UTF_8).startsWith("usage: census"),
                "the command line's help on standard output");
        assertEquals("", error, "nothing on standard error");
    }

    @Test
    void aJavaOtherThan17IsRefusedInOneLine() throws Exception {
        // A JDK 21 as its release file names it, its java a script that would run the real one.
        final Path jdk = tmp.resolve("jdk-21");
        Files.createDirectories(jdk.resolve("bin"));
        Files.writeString(jdk.resolve("release"), "IMPLEMENTOR=\"test\"\nJAVA_VERSION=\"21.0.2\"\n");
        final Path java = jdk.resolve("bin/java");
        Files.writeString(java, "#!/bin/sh\nexec java \"$@\"\n");
        assertTrue(java.toFile().setExecutable(true), "the script made executable");
        final Path cwd = Files.createDirectories(tmp.resolve("work"));
        final Path err = tmp.resolve("java21.err");
        final ProcessBuilder pb = new ProcessBuilder(
                        CensusProcess.projectDir().resolve("bin/census").toString(),
                        "run",
                        "cram",
                        "--max-squares",
                        "3")
                .directory(cwd.toFile())
                .redirectOutput(tmp.resolve("java21.out").toFile())
                .redirectError(err.toFile());
        pb.environment().put("CENSUS_NO_BUILD", "1");
        pb.environment().put("JAVA_HOME", jdk.toString());
        final Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher ends");
        final List<String> lines = Files.readAllLines(err, StandardCharsets.UTF_8);
        assertEquals(2, p.exitValue(), "bad input; standard error: " + lines);
        assertEquals(1, lines.size(), "one line: " + lines);
        assertTrue(
                lines.get(0).startsWith("census: needs Java 17") && lines.get(0).contains("Java 21"), lines.get(0));
        try (Stream<Path> written = Files.list(cwd)) {
            assertEquals(List.of(), written.toList(), "nothing written");
        }
    }
}
