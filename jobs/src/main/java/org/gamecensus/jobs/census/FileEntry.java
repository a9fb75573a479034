package org.gamecensus.jobs.census;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A Parquet file of a committed partition as its manifest lists it: its name, its size in bytes
 * and the CRC-32 of its bytes; written {@code name:size:crc32} in a manifest's {@code files} line,
 * the entries sorted by name and joined by commas.
 */
public record FileEntry(String name, long size, long crc32) implements Serializable {

    public FileEntry {
        if (name.isEmpty()
                || name.indexOf(':') >= 0
                || name.indexOf(',') >= 0
                || size < 0
                || crc32 < 0
                || crc32 > 0xffff_ffffL) {
            throw new IllegalArgumentException(
                    "a file entry is a name without ':' or ',', a size ≥ 0 and a CRC-32, got " + name + ", " + size
                            + ", " + crc32);
        }
    }

    /** The entry {@code name:size:crc32}; refused in one line when malformed. */
    static FileEntry parse(String text) {
        final String[] f = text.split(":", -1);
        try {
            if (f.length == 3) {
                return new FileEntry(f[0], Long.parseLong(f[1]), Long.parseLong(f[2]));
            }
        } catch (IllegalArgumentException e) { // NumberFormatException too
            // said below, with the text
        }
        throw new IllegalArgumentException("not a manifest's file entry (name:size:crc32): '" + text + "'");
    }

    /** The entries of a manifest's {@code files} line, in its order (none for an empty line). */
    static List<FileEntry> parseLine(String line) {
        final List<FileEntry> entries = new ArrayList<>();
        for (String e : line.isEmpty() ? new String[0] : line.split(",")) {
            entries.add(parse(e));
        }
        return entries;
    }

    /** A manifest's {@code files} line of {@code entries}: sorted by name, joined by commas. */
    static String line(Collection<FileEntry> entries) {
        return entries.stream()
                .sorted(Comparator.comparing(FileEntry::name))
                .map(FileEntry::toString)
                .collect(Collectors.joining(","));
    }

    @Override
    public String toString() {
        return name + ":" + size + ":" + crc32;
    }
}
