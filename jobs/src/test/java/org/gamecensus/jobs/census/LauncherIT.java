package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/census} started as users put it on their path: through a symbolic link in another
 * directory, from a third one. The launcher finds the project by the file the link points to,
 * not by the link's own directory (which holds no {@code bin/lib}).
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
        final Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the launcher ends");
        final String error = Files.readString(err, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "exit code; standard error: " + error);
        assertTrue(
                Files.readString(out, StandardCharsets.UTF_8).startsWith("usage: census"),
                "the command line's help on standard output");
        assertEquals("", error, "nothing on standard error");
    }
}
