package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
        // The JVM's own option variables would print "Picked up ..." on standard error.
        final Map<String, String> environment = new HashMap<>();
        List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS").forEach(v -> environment.put(v, null));
        final CensusProcess help = CensusProcess.startAs(
                link, Files.createDirectories(tmp.resolve("elsewhere")), tmp, "help", environment, "--help");
        assertEquals(0, help.await(120), "exit code; standard error: " + help.err());
        assertTrue(help.out().startsWith("usage: census"), "the command line's help on standard output");
        assertEquals("", help.err(), "nothing on standard error");
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
        final CensusProcess refused = CensusProcess.startAs(
                CensusProcess.projectDir().resolve("bin/census"),
                cwd,
                tmp,
                "java21",
                Map.of("JAVA_HOME", jdk.toString()),
                "run",
                "cram",
                "--max-squares",
                "3");
        assertEquals(2, refused.await(120), "bad input; standard error: " + refused.err());
        final List<String> lines = refused.err().lines().toList();
        assertEquals(1, lines.size(), "one line: " + lines);
        assertTrue(
                lines.get(0).startsWith("census: needs Java 17") && lines.get(0).contains("Java 21"), lines.get(0));
        try (Stream<Path> written = Files.list(cwd)) {
            assertEquals(List.of(), written.toList(), "nothing written");
        }
    }
}
