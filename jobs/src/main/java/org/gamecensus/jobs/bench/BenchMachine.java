package org.gamecensus.jobs.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The processor a bench ran on, as the operating system names it. Timings are only comparable on
 * one processor: the same commit's censuses took 9–39 % longer on a 2-core Intel Xeon than on a
 * 2-core AMD EPYC, so a baseline from another processor would fail a build that changed nothing.
 */
final class BenchMachine {

    private BenchMachine() {}

    /**
     * This machine's processor model: the first {@code model name} of Linux's
     * {@code /proc/cpuinfo} (x86), else its first {@code Model} or {@code Hardware} line (ARM
     * boards), else the JVM's {@code os.arch} (other systems). Never empty.
     */
    static String processor() {
        try {
            final String model = processor(Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.UTF_8));
            if (!model.isEmpty()) {
                return model;
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or not readable: fall back to the architecture.
        }
        return System.getProperty("os.arch", "unknown") + " processor";
    }

    /** The processor model named in the lines of a {@code /proc/cpuinfo}, or "" when none is. */
    static String processor(List<String> cpuinfo) {
        for (String key : new String[] {"model name", "model", "hardware"}) {
            for (String line : cpuinfo) {
                final int colon = line.indexOf(':');
                if (colon > 0
                        && line.substring(0, colon)
                                .strip()
                                .toLowerCase(Locale.ROOT)
                                .equals(key)) {
                    final String value = line.substring(colon + 1).strip().replaceAll("\\s+", " ");
                    // x86's "model" is a number; only a name tells processors apart.
                    if (!value.isEmpty() && !value.chars().allMatch(Character::isDigit)) {
                        return value;
                    }
                }
            }
        }
        return "";
    }
}
