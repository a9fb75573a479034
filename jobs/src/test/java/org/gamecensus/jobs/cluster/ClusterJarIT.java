package org.gamecensus.jobs.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The job jar as a Kubernetes cluster would run it, with no cluster here: the image that
 * {@code docs/cluster.md}'s Kubernetes line names carries the build's Spark, Scala and Java
 * versions, and the jar holds none of Spark, so that it starts on what that image provides alone
 * — Spark's own jars (here: the build's runtime class path without the project's other
 * libraries, JFreeChart and picocli, which travel in the jar) — and runs a census.
 */
class ClusterJarIT {

    private static final Path JAR = Path.of("target", "gamecensus-jobs-cluster.jar");

    @TempDir
    Path tmp;

    @Test
    void theKubernetesImageMatchesTheBuildsVersions() throws IOException {
        final String doc = Files.readString(Path.of("..", "docs", "cluster.md"), StandardCharsets.UTF_8);
        final Matcher m =
                Pattern.compile("spark\\.kubernetes\\.container\\.image=(\\S+)").matcher(doc);
        Assertions.assertTrue(m.find(), "docs/cluster.md names a Kubernetes image");
        final String expected = "apache/spark:" + build("spark.version") + "-scala" + build("scala.binary.version")
                + "-java" + build("java.release") + "-ubuntu";
        assertEquals(expected, m.group(1), "the image's Spark, Scala and Java are the build's");
        Assertions.assertFalse(m.find(), "one image named");
    }

    @Test
    void theJarHoldsNoSparkAndStartsOnSparksJarsAlone() throws Exception {
        Assertions.assertTrue(Files.isRegularFile(JAR), "package built " + JAR);
        try (ZipFile zip = new ZipFile(JAR.toFile())) {
            Assertions.assertTrue(
                    zip.stream()
                            .noneMatch(e -> e.getName().startsWith("org/apache/spark/")
                                    || e.getName().startsWith("scala/")
                                    || e.getName().startsWith("org/apache/hadoop/")),
                    "Spark, Scala and Hadoop are the image's");
            for (String inside : List.of(
                    "org/gamecensus/jobs/cli/CensusCli.class",
                    "org/gamecensus/kernel/switching/SwitchingHost.class",
                    "org/gamecensus/schemas/DatasetSchema.class",
                    "org/jfree/chart/JFreeChart.class",
                    "picocli/CommandLine.class")) {
                Assertions.assertNotNull(zip.getEntry(inside), inside + " travels in the jar");
            }
        }
        // The image's class path: Spark and its dependencies, nothing of the project's.
        final List<String> spark = new ArrayList<>();
        for (String entry : Files.readString(Path.of("target", "runtime-classpath.txt"))
                .strip()
                .split(":")) {
            final String name = Path.of(entry).getFileName().toString();
            if (!name.startsWith("jfree") && !name.startsWith("picocli")) {
                spark.add(entry);
            }
        }
        spark.add(JAR.toAbsolutePath().toString());
        final Path out = tmp.resolve("out");
        final Path log = tmp.resolve("run.log");
        final List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(Arrays.asList(
                System.getProperty("census.it.opens", StandaloneClusterIT.OPENS).split(" ")));
        cmd.addAll(List.of(
                "-Xmx1g",
                "-Dcensus.conf.dir=" + Path.of("..", "conf").toAbsolutePath().normalize(),
                "-cp",
                String.join(":", spark),
                "org.gamecensus.jobs.cli.CensusCli",
                "run",
                "switching",
                "--host",
                "K4",
                "--master",
                "local[1]",
                "--out",
                out.toString()));
        final Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        Assertions.assertTrue(p.waitFor(3, TimeUnit.MINUTES), "finished");
        final String said = Files.readString(log, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), said);
        Assertions.assertTrue(said.contains("switching census on K4: 64 subgraphs"), said);
        Assertions.assertTrue(Files.isRegularFile(out.resolve("tables/switching_outcomes.md")), "its tables written");
    }

    private static String build(String key) {
        final String v = System.getProperty("build." + key);
        Assertions.assertNotNull(v, "build." + key + " (set by the failsafe configuration)");
        return v;
    }
}
