package org.gamecensus.jobs.census;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.FileStatus;

/**
 * What runs that ended midway (killed, or failed after deciding a commit) leave in a warehouse,
 * found and cleared. Three kinds, each of a run that no longer lives ({@link WarehouseRun}):
 * <ol>
 *   <li>a decided commit not complete (its record in {@code _commits/<table>/}): completed, the
 *       table ending in the commit's new state ({@link CommitRecord#complete});</li>
 *   <li>a staging directory ({@code _staging/<run>/}) no record refers to: deleted — the commit
 *       it held was never decided, so the table still holds its previous state;</li>
 *   <li>a lease and claims ({@code _runs/}): deleted.</li>
 * </ol>
 * Every command that writes does this when it opens its run, and so does {@code census verify
 * --repair}; {@code census sql} completes decided commits before it reads. A live run's files are
 * never touched, and a dead run's record is completed by one run only: it first renames the record
 * to its own name ({@code …commit~<its run>}), which succeeds for one.
 */
public final class WarehouseRecovery {

    private WarehouseRecovery() {}

    /** A decided commit's record: its file, its table, the run that began it, the run that holds it now. */
    record Pending(String file, String table, String origin, String owner) {
        /** The record's name without the takers' suffixes, e.g. {@code <run>-3.commit}. */
        String name() {
            return CommitRecord.nameOf(file);
        }
    }

    /** The decided commits not yet complete, in name order (any run's, live or not). */
    static List<Pending> pendingCommits(String root) {
        final List<Pending> pending = new ArrayList<>();
        for (FileStatus table : WarehouseFiles.list(WarehouseFiles.child(root, WarehouseRun.COMMITS))) {
            if (table.isDirectory()) {
                pending.addAll(pendingCommits(root, table.getPath().getName()));
            }
        }
        return pending;
    }

    /** The decided commits of {@code table} not yet complete, in name order. */
    static List<Pending> pendingCommits(String root, String tableName) {
        final List<Pending> pending = new ArrayList<>();
        final String dir = WarehouseFiles.child(WarehouseFiles.child(root, WarehouseRun.COMMITS), tableName);
        for (FileStatus f : WarehouseFiles.list(dir)) {
            final String name = f.getPath().getName();
            if (name.startsWith(".") || !name.contains(CommitRecord.SUFFIX)) {
                continue;
            }
            final String base = name.substring(0, name.indexOf(CommitRecord.SUFFIX));
            final String origin = base.substring(0, base.lastIndexOf('-'));
            final String owner = name.contains("~") ? name.substring(name.lastIndexOf('~') + 1) : origin;
            pending.add(new Pending(WarehouseFiles.child(dir, name), tableName, origin, owner));
        }
        return pending;
    }

    /**
     * The runs that no longer live and left files: a lease, claims or a staging directory with
     * no live run, or the temporary of a lease whose run can no longer be writing it
     * ({@link WarehouseRun#mayBeStarting}).
     */
    static Set<String> deadRuns(String root, String except) {
        final Set<String> runs = new TreeSet<>();
        final Map<String, Long> startingAt = new HashMap<>();
        for (FileStatus f : WarehouseFiles.list(WarehouseRun.runsDir(root))) {
            final String name = f.getPath().getName();
            final String run = name.startsWith(".") ? WarehouseFiles.writerOf(name) : WarehouseRun.runOf(name);
            if (run != null) {
                runs.add(run);
                if (name.startsWith(".")) {
                    startingAt.merge(run, f.getModificationTime(), Math::max);
                } else {
                    startingAt.put(run, -1L); // a lease or claims: no longer starting
                }
            }
        }
        for (FileStatus f : WarehouseFiles.list(WarehouseFiles.child(root, WarehouseRun.STAGING))) {
            if (f.isDirectory()) {
                runs.add(f.getPath().getName());
                startingAt.put(f.getPath().getName(), -1L);
            }
        }
        final Set<String> dead = new TreeSet<>();
        for (String run : runs) {
            final long starting = startingAt.getOrDefault(run, -1L);
            if (!run.equals(except)
                    && !WarehouseRun.live(root, run)
                    && !(starting >= 0 && WarehouseRun.mayBeStarting(run, starting))) {
                dead.add(run);
            }
        }
        return dead;
    }

    /**
     * Deletes the temporaries of {@code dead}'s atomic writes that its end cut short: in
     * {@code _runs}, the commits' directories, and each table's directory and manifests.
     */
    private static void removeTemporaries(String root, String dead) {
        final List<String> dirs = new ArrayList<>(List.of(WarehouseRun.runsDir(root)));
        for (FileStatus f : WarehouseFiles.list(WarehouseFiles.child(root, WarehouseRun.COMMITS))) {
            if (f.isDirectory()) {
                dirs.add(f.getPath().toString());
            }
        }
        for (FileStatus t : WarehouseFiles.list(root)) {
            final String name = t.getPath().getName();
            if (t.isDirectory() && !name.startsWith("_") && !name.startsWith(".")) {
                dirs.add(t.getPath().toString());
                dirs.add(WarehouseFiles.child(t.getPath().toString(), Manifests.DIR));
            }
        }
        ConcurrentFileCalls.forEach(root, dirs, dir -> {
            for (FileStatus f : WarehouseFiles.list(dir)) {
                if (WarehouseFiles.isTemporaryOf(f.getPath().getName(), dead)) {
                    WarehouseFiles.deleteRecursively(f.getPath().toString());
                }
            }
        });
    }

    /**
     * What {@link #recover} would do, one line each, changing nothing: the commits dead runs
     * decided and did not complete, and what dead runs left staged or leased.
     */
    public static List<String> findings(Warehouse warehouse) {
        final String root = warehouse.root();
        final Set<String> dead = deadRuns(root, warehouse.runId());
        final List<String> lines = new ArrayList<>();
        final Set<String> referred = new HashSet<>();
        for (Pending p : pendingCommits(root)) {
            referred.add(p.origin());
            if (!WarehouseRun.live(root, p.owner())) {
                lines.add(p.table() + ": commit " + p.name() + " was decided but its run ended before completing it"
                        + " (the next run, or verify --repair, completes it)");
            }
        }
        for (String run : dead) {
            lines.add("run " + run + " ended without clearing its "
                    + (referred.contains(run) ? "lease" : "staging and lease")
                    + " (the next run, or verify --repair, removes them)");
        }
        return lines;
    }

    /**
     * Completes every commit a dead run decided, then removes what dead runs staged (no record
     * refers to it any more) and their leases, claims and temporaries; {@code run} (open) takes
     * the records over. The dead runs are known before the records are listed: a dead run
     * decides nothing more, so every record it decided is seen. Returns a line for each thing done.
     */
    static List<String> recover(String root, WarehouseRun run) {
        final Set<String> dead = deadRuns(root, run.id());
        final List<String> done = new ArrayList<>();
        final List<Pending> pending = pendingCommits(root);
        if (dead.isEmpty() && pending.isEmpty()) {
            // Nothing left by anyone, the usual case; but for the directories a run killed early left empty.
            WarehouseFiles.deleteIfEmpty(WarehouseFiles.child(root, WarehouseRun.STAGING));
            WarehouseFiles.deleteIfEmpty(WarehouseRun.runsDir(root));
            if (!WarehouseFiles.deleteIfEmpty(WarehouseFiles.child(root, WarehouseRun.COMMITS))
                    || !WarehouseFiles.deleteIfEmpty(WarehouseFiles.child(root, Warehouse.CHUNKS))) {
                WarehouseRun.tidy(root); // the tables' directories in them, where empty
            }
            return done;
        }
        for (Pending p : pending) {
            if (!p.owner().equals(run.id()) && !WarehouseRun.live(root, p.owner()) && takeOver(run, p)) {
                done.add(p.table() + ": completed commit " + p.name() + ", decided by run " + p.origin()
                        + " before it ended");
            }
        }
        final Set<String> referred = new HashSet<>();
        for (Pending p : pendingCommits(root)) {
            referred.add(p.origin()); // still to complete, by a live run: its staging stays
        }
        final List<FileStatus> runFiles = dead.isEmpty() ? List.of() : WarehouseFiles.list(WarehouseRun.runsDir(root));
        for (String d : dead) {
            removeTemporaries(root, d);
            if (!referred.contains(d)) {
                WarehouseFiles.deleteRecursively(
                        WarehouseFiles.child(WarehouseFiles.child(root, WarehouseRun.STAGING), d));
            }
            for (FileStatus f : runFiles) {
                final String name = f.getPath().getName();
                if (d.equals(WarehouseRun.runOf(name)) && !name.endsWith(".lease")) {
                    WarehouseFiles.deleteRecursively(f.getPath().toString());
                }
            }
            WarehouseFiles.deleteRecursively(WarehouseRun.lease(root, d));
            done.add("removed what run " + d + " left"
                    + (referred.contains(d) ? " (its lease)" : " (its staging and lease)"));
        }
        WarehouseRun.tidy(root); // and the directories a run killed early left empty
        return done;
    }

    /**
     * Takes a dead run's decided commit over — renames its record to end with this run's id,
     * which one run only can do — and completes it; false when another run took it first.
     */
    private static boolean takeOver(WarehouseRun run, Pending p) {
        run.lease(); // taking a record over, the run must be seen to live
        final String taken = p.file() + "~" + run.id();
        try {
            WarehouseFiles.rename(p.file(), taken);
        } catch (UncheckedIOException e) {
            if (!WarehouseFiles.exists(p.file())) {
                return false; // another run took it over first, and completes it
            }
            throw new IllegalStateException(
                    "cannot take over the commit " + p.file() + " that run " + p.owner() + " left: " + e.getMessage(),
                    e);
        }
        CommitRecord.read(run.root(), taken).complete(run.id(), run::checkRenewed);
        return true;
    }
}
