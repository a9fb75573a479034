package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;

/**
 * A commit decided: the record of one table's commit, written in one atomic step (a rename)
 * before anything in the table changes, and deleted once the table holds the new state. It
 * names, for each partition, where its new files are staged, where the partition it replaces goes
 * aside, and its new manifest, so that completing the commit ({@link #complete}) can be done — or
 * done again after a crash at any point — by this run or any later one, and always ends in the
 * same state. Before the record exists the table holds its previous state untouched; from then
 * on the commit is complete, or completed by whoever comes next ({@link WarehouseRecovery}).
 *
 * <p>The record lives at {@code <warehouse>/_commits/<table>/<run>-<n>.commit}; a run that takes
 * over a dead run's record renames it, adding {@code ~<its id>} (so that no two runs complete one
 * record at once: a rename succeeds once). Cost of completing: per partition, two existence
 * checks, one or two renames and the manifest's write; then the schema file and the record's
 * deletion.
 */
final class CommitRecord {

    /** The suffix of a record file's name. */
    static final String SUFFIX = ".commit";

    /** One partition of the commit: its key, where its new files are, where the partition it replaces goes, its new manifest. */
    record Move(String key, String from, String aside, String manifest) {}

    private final String root;
    private final String file;
    private final String table;
    private final String tableDir;
    private final String schemaJson;
    private final List<Move> moves;
    private final List<String> cleanup;

    /**
     * A commit of {@code moves} into the table directory {@code tableDir} (named {@code table}),
     * whose schema file then reads {@code schemaJson}; {@code cleanup}: directories to delete
     * once it is complete (the staging, the replaced partitions, a chunked run's state). Every
     * path lies in the warehouse {@code root}, and the record stores it relative to that: a
     * warehouse copied or moved with the commit pending completes it in itself, never in the
     * original.
     */
    CommitRecord(
            String root,
            String file,
            String table,
            String tableDir,
            String schemaJson,
            List<Move> moves,
            List<String> cleanup) {
        this.root = root;
        this.file = file;
        this.table = table;
        this.tableDir = tableDir;
        this.schemaJson = schemaJson;
        this.moves = List.copyOf(moves);
        this.cleanup = List.copyOf(cleanup);
    }

    String file() {
        return file;
    }

    /** The record's name as its run wrote it (without a taker's suffix). */
    String name() {
        return nameOf(file);
    }

    /** The name of the record in {@code file} as its run wrote it: {@code <run>-<n>.commit}, without takers' suffixes. */
    static String nameOf(String file) {
        final String n = file.substring(file.lastIndexOf('/') + 1);
        return n.contains("~") ? n.substring(0, n.indexOf('~')) : n;
    }

    String table() {
        return table;
    }

    List<Move> moves() {
        return moves;
    }

    /** Decides the commit: writes the record, atomically, as run {@code writer}. */
    void write(String writer) {
        final Properties p = new Properties();
        p.setProperty("table", table);
        p.setProperty("table_dir", stored(tableDir));
        p.setProperty("schema", schemaJson);
        p.setProperty("partitions", String.valueOf(moves.size()));
        for (int i = 0; i < moves.size(); i++) {
            final Move m = moves.get(i);
            p.setProperty("key." + i, m.key());
            p.setProperty("from." + i, stored(m.from()));
            p.setProperty("aside." + i, stored(m.aside()));
            p.setProperty("manifest." + i, m.manifest());
        }
        p.setProperty(
                "cleanup", String.join("\n", cleanup.stream().map(this::stored).toList()));
        WarehouseFiles.writeAtomically(file, WarehouseRun.store(p, "gamecensus commit record"), writer);
    }

    /** Whether the record in {@code file} moves one of the partitions {@code keys}; null when it is gone. */
    static Boolean touches(String file, Set<String> keys) {
        final List<String> moved = keys(file);
        return moved == null ? null : moved.stream().anyMatch(keys::contains);
    }

    /** The partitions the record in {@code file} moves, by key; null when it is gone. */
    static List<String> keys(String file) {
        final String text = WarehouseFiles.readIfPresent(file);
        if (text == null) {
            return null;
        }
        final Properties p = Manifests.parse(text);
        final List<String> keys = new ArrayList<>();
        for (int i = 0; i < Integer.parseInt(p.getProperty("partitions", "0")); i++) {
            keys.add(p.getProperty("key." + i));
        }
        return keys;
    }

    /** The record in {@code file}, of the warehouse {@code root}. */
    static CommitRecord read(String root, String file) {
        final Properties p = WarehouseFiles.readProperties(file);
        final int n = Integer.parseInt(p.getProperty("partitions"));
        final List<Move> moves = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            moves.add(new Move(
                    p.getProperty("key." + i),
                    resolved(root, file, p.getProperty("from." + i)),
                    resolved(root, file, p.getProperty("aside." + i)),
                    p.getProperty("manifest." + i)));
        }
        final String cleanup = p.getProperty("cleanup", "");
        return new CommitRecord(
                root,
                file,
                p.getProperty("table"),
                resolved(root, file, p.getProperty("table_dir")),
                p.getProperty("schema"),
                moves,
                cleanup.isEmpty()
                        ? List.of()
                        : Arrays.stream(cleanup.split("\n"))
                                .map(c -> resolved(root, file, c))
                                .toList());
    }

    /** {@code path}, in the warehouse, as the record stores it: relative to the warehouse. */
    private String stored(String path) {
        final String relative = WarehouseFiles.relative(root, path);
        if (relative == null) {
            throw new IllegalStateException("commit " + file + ": " + path + " lies outside the warehouse " + root);
        }
        return relative;
    }

    /**
     * A path the record in {@code file} stores, in the warehouse {@code root}. Cases: relative
     * (as records are written), an absolute one in the warehouse (a record of an earlier
     * version), an absolute one elsewhere — a warehouse copied or moved while an earlier
     * version's commit was pending, which is refused: completing it would change the original.
     */
    private static String resolved(String root, String file, String path) {
        // Relative paths start with a table's name or '_staging', '_chunks': never a scheme or '/'.
        if (!path.startsWith("/") && !WarehouseFiles.isUri(path)) {
            return WarehouseFiles.child(root, path);
        }
        final String relative = WarehouseFiles.relative(root, path);
        if (relative == null) {
            throw new IllegalStateException("commit " + file + " names " + path + ", outside the warehouse " + root
                    + " it lies in (copied or moved while the commit was pending): complete it where it was"
                    + " written, with census verify --repair there, before copying the warehouse again");
        }
        return WarehouseFiles.child(root, relative);
    }

    /**
     * Completes the commit, as run {@code writer}: each partition moved in (the one it replaces moved aside first), its
     * manifest written, the table's last commit and schema file written, the staging and what was moved aside
     * deleted, then the record. Each step looks at what is there first, so running it again after a
     * crash at any point finishes the same commit.
     *
     * @throws IllegalStateException when the table is not as any point of this commit leaves it
     *                               (nothing is changed then)
     */
    void complete(String writer) {
        complete(writer, () -> {});
    }

    /** As {@link #complete(String)}, running {@code beforeEachMove} before each partition's move (a test's pause). */
    void complete(String writer, Runnable beforeEachMove) {
        // Before each step, the run checks it may still act (its lease renewed) and the record is
        // still its own: a run counted dead stops before it undoes what the run that took over did.
        final Runnable ours = () -> {
            beforeEachMove.run();
            if (!WarehouseFiles.exists(file)) {
                throw new IllegalStateException("commit " + file
                        + " was taken over by another run (this one counted dead);" + " it completes it");
            }
        };
        ConcurrentFileCalls.forEach(tableDir, moves, m -> {
            ours.run();
            moveIn(m);
        });
        ours.run();
        ConcurrentFileCalls.forEach(
                tableDir,
                moves,
                m -> WarehouseFiles.writeAtomically(Manifests.manifestFile(tableDir, m.key()), m.manifest(), writer));
        // What readers compare before and after reading the manifests: a commit completed meanwhile changes it.
        ours.run();
        WarehouseFiles.writeAtomically(WarehouseFiles.child(tableDir, Warehouse.LAST_COMMIT), name() + "\n", writer);
        WarehouseFiles.writeAtomically(
                WarehouseFiles.child(tableDir, Warehouse.SCHEMA_FILE), schemaJson + "\n", writer);
        // Every staged partition has moved in, so nothing below is still needed, whatever happens next.
        ours.run();
        for (String dir : cleanup) {
            WarehouseFiles.deleteRecursively(dir);
        }
        WarehouseFiles.deleteRecursively(file);
    }

    /**
     * Moves one partition in. Cases: its staged files are still staged (the directory in the
     * table, if any, is the partition replaced: moved aside — unless a crash came after that —
     * then the staged one moved in), or they were moved in before a crash (the table's directory
     * must then hold the manifest's files).
     */
    private void moveIn(Move m) {
        final String target = WarehouseFiles.child(tableDir, m.key());
        if (WarehouseFiles.exists(m.from())) {
            if (WarehouseFiles.exists(target)) {
                if (WarehouseFiles.exists(m.aside())) {
                    throw new IllegalStateException(
                            table + "/" + m.key() + ": both the partition and the one it replaces"
                                    + " are aside and in place, which no point of commit " + file + " leaves");
                }
                WarehouseFiles.renameChecked(target, m.aside());
            }
            WarehouseFiles.renameChecked(m.from(), target);
        } else if (!holdsManifestFiles(target, m.manifest())) {
            throw new IllegalStateException(
                    table + "/" + m.key() + ": neither staged nor in place with the files of" + " commit " + file);
        }
    }

    /** Whether the directory holds the Parquet files its manifest lists, by name and size. */
    private static boolean holdsManifestFiles(String dir, String manifest) {
        final String files = Manifests.parse(manifest).getProperty("files", "");
        final Map<String, Long> listed = new HashMap<>();
        for (FileStatus f : WarehouseFiles.list(dir)) {
            if (f.isFile() && f.getPath().getName().endsWith(".parquet")) {
                listed.put(f.getPath().getName(), f.getLen());
            }
        }
        final Map<String, Long> expected = new HashMap<>();
        for (FileEntry entry : FileEntry.parseLine(files)) {
            expected.put(entry.name(), entry.size());
        }
        return !expected.isEmpty() && expected.equals(listed);
    }
}
