package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileStatus;
import org.junit.jupiter.api.Assertions;

/**
 * A table's state, for tests of what a failed or killed commit leaves: each partition's Parquet
 * files as its manifest lists them, as its directory holds them, and its manifest's row count and
 * checksum; read through the warehouse's file system (local, faulty or HDFS).
 *
 * @param listed  partition key → file names its manifest lists
 * @param held    partition key → Parquet file names in its directory
 * @param figures partition key → "rows checksum" of its manifest
 * @param bytes   partition key → the sizes and CRC-32s of the files its manifest lists, sorted
 *                ("size:crc"): what the files hold, whatever their names
 */
record TableState(
        Map<String, Set<String>> listed,
        Map<String, Set<String>> held,
        Map<String, String> figures,
        Map<String, List<String>> bytes) {

    /** The state of {@code table} now. */
    static TableState of(Warehouse w, String table) {
        final Map<String, Set<String>> listed = new TreeMap<>();
        final Map<String, String> figures = new TreeMap<>();
        final Map<String, List<String>> bytes = new TreeMap<>();
        final String tableDir = w.tablePath(table);
        final String manifests = WarehouseFiles.child(tableDir, Manifests.DIR);
        for (FileStatus f : WarehouseFiles.list(manifests)) {
            final String name = f.getPath().getName();
            if (name.startsWith(".") || !name.endsWith(".properties")) {
                continue;
            }
            final Properties p = WarehouseFiles.readProperties(WarehouseFiles.child(manifests, name));
            final Set<String> files = new TreeSet<>();
            final List<String> contents = new ArrayList<>();
            for (FileEntry entry : FileEntry.parseLine(p.getProperty("files", ""))) {
                files.add(entry.name());
                contents.add(entry.size() + ":" + entry.crc32());
            }
            Collections.sort(contents);
            listed.put(p.getProperty("partition"), files);
            bytes.put(p.getProperty("partition"), contents);
            figures.put(p.getProperty("partition"), p.getProperty("rows") + " " + p.getProperty("checksum"));
        }
        final Map<String, Set<String>> held = new TreeMap<>();
        collect(tableDir, "", held);
        return new TableState(listed, held, figures, bytes);
    }

    /** The Parquet files under {@code dir}, by their partition directories' path below the table. */
    private static void collect(String dir, String key, Map<String, Set<String>> held) {
        for (FileStatus f : WarehouseFiles.list(dir)) {
            final String name = f.getPath().getName();
            if (f.isDirectory() && !name.startsWith("_") && !name.startsWith(".")) {
                collect(f.getPath().toString(), key.isEmpty() ? name : key + "/" + name, held);
            } else if (f.isFile() && name.endsWith(".parquet")) {
                held.computeIfAbsent(key, k -> new TreeSet<>()).add(name);
            }
        }
    }

    /**
     * Checks that this state is {@code before}, exactly (true), or a wholly new one (false): the
     * same partitions with the same rows and checksums, each holding the files its manifest
     * lists, none of them one of before's. Fails (naming {@code at}) when it is neither.
     */
    boolean isOldOrNew(TableState before, String at) {
        if (equals(before) && held.equals(listed)) {
            return true;
        }
        boolean fresh = listed.keySet().equals(before.listed().keySet())
                && held.equals(listed)
                && figures.equals(before.figures());
        for (String partition : before.listed().keySet()) {
            fresh = fresh
                    && listed.get(partition).stream().noneMatch(before.listed().get(partition)::contains);
        }
        if (!fresh) {
            Assertions.fail(at + ": the table is neither its previous state nor a new one as a whole: before " + before
                    + "; now " + this);
        }
        return false;
    }
}
