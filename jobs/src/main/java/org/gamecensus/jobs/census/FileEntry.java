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

    /**
     * The CRC-32 of a file that could not be read ({@link WarehouseFiles#crc}): its entry matches
     * no manifest's, so the file is reported as differing rather than failing the listing.
     */
    static final long UNREADABLE = -1;

    public FileEntry {
        if (name.isEmpty() || size < 0 || crc32 < UNREADABLE || crc32 > 0xffff_ffffL) {
            throw new IllegalArgumentException(
                    "a file entry is a name, a size ≥ 0 and a CRC-32, got " + name + ", " + size + ", " + crc32);
        }
    }

    /** The entry {@code name:size:crc32} (the name itself may hold ':'); refused in one line when malformed. */
    static FileEntry parse(String text) {
        final int crc = text.lastIndexOf(':');
        final int size = crc > 0 ? text.lastIndexOf(':', crc - 1) : -1;
        try {
            if (size > 0) {
                return new FileEntry(
                        text.substring(0, size),
                        Long.parseLong(text.substring(size + 1, crc)),
                        Long.parseLong(text.substring(crc + 1)));
            }
        } catch (IllegalArgumentException e) { // NumberFormatException too
            // said below, with the text
        }
        throw new IllegalArgumentException("not a manifest's file entry (name:size:crc32): '" + text + "'");
    }

    /** The file name of an entry of a manifest's {@code files} line, whatever its figures say. */
    static String nameOf(String text) {
        final int crc = text.lastIndexOf(':');
        final int size = crc > 0 ? text.lastIndexOf(':', crc - 1) : -1;
        return size > 0 ? text.substring(0, size) : text;
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
