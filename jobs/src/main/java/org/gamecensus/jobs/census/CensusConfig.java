package org.gamecensus.jobs.census;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Census parameters and Spark settings of a profile, read from {@code conf/}: a census profile
 * ({@code census-<profile>.properties}) and a {@code spark-defaults.conf}-style file
 * ({@code spark-<profile>.conf}: {@code key value} per line). The directory comes from the
 * system property {@code census.conf.dir} (set by {@code bin/census}); missing files leave the
 * built-in defaults.
 */
public final class CensusConfig {

    private final Properties census = new Properties();
    private final Map<String, String> spark = new LinkedHashMap<>();

    private CensusConfig() {}

    public static CensusConfig load(String profile) {
        final CensusConfig c = new CensusConfig();
        final String dir = System.getProperty("census.conf.dir");
        if (dir == null) {
            return c;
        }
        final Path censusFile = Path.of(dir, "census-" + profile + ".properties");
        final Path sparkFile = Path.of(dir, "spark-" + profile + ".conf");
        if (!Files.isRegularFile(censusFile) && !Files.isRegularFile(sparkFile)) {
            throw new UsageException("unknown profile '" + profile + "': no " + censusFile + " or " + sparkFile);
        }
        try {
            if (Files.isRegularFile(censusFile)) {
                try (Reader r = Files.newBufferedReader(censusFile, StandardCharsets.UTF_8)) {
                    c.census.load(r);
                }
            }
            if (Files.isRegularFile(sparkFile)) {
                for (String line : Files.readAllLines(sparkFile, StandardCharsets.UTF_8)) {
                    final String l = line.strip();
                    if (l.isEmpty() || l.startsWith("#")) {
                        continue;
                    }
                    final String[] kv = l.split("\\s+", 2);
                    if (kv.length == 2) {
                        c.spark.put(kv[0], kv[1]);
                    }
                }
            }
        } catch (IOException e) {
            throw new UsageException("cannot read profile '" + profile + "': " + e.getMessage());
        }
        return c;
    }

    public Map<String, String> sparkSettings() {
        return spark;
    }

    public String get(String key, String fallback) {
        return census.getProperty(key, fallback).strip();
    }

    public long getLong(String key, long fallback) {
        final String v = census.getProperty(key);
        if (v == null) {
            return fallback;
        }
        try {
            return WholeNumber.parse(v.strip());
        } catch (NumberFormatException e) {
            throw new UsageException("setting " + key + " takes a whole number, got '" + v + "'");
        }
    }

    /** As {@link #getLong(String, long)}, refusing a value outside {@code min..max} in one line that names the setting. */
    public long getLong(String key, long fallback, long min, long max) {
        final long v = getLong(key, fallback);
        if (v < min || v > max) {
            throw new UsageException("setting " + key + " must be " + min + ".." + max + ", got " + v);
        }
        return v;
    }

    /**
     * A decimal setting in {@code min..max}, or NaN when it is not set; a value that is not a
     * number or lies outside the range is refused in one line that names the setting.
     */
    public double getDouble(String key, double min, double max) {
        final String v = census.getProperty(key);
        if (v == null || v.isBlank()) {
            return Double.NaN;
        }
        final double d;
        try {
            d = Double.parseDouble(v.strip());
        } catch (NumberFormatException e) {
            throw new UsageException("setting " + key + " takes a number, got '" + v.strip() + "'");
        }
        if (!(d >= min && d <= max)) {
            throw new UsageException("setting " + key + " must be " + min + ".." + max + ", got " + v.strip());
        }
        return d;
    }

    public List<String> getList(String key, String fallback) {
        return Arrays.stream(get(key, fallback).split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .toList();
    }
}
