package org.gamecensus.jobs.census;

import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
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

    private WarehouseRecovery() {
    }

    /** A decided commit's record: its file, its table, the run that began it, the run that holds it now. */
    record Pending(String file, String table, String origin, String owner) {
        /** The record's name without the takers' suffixes, e.g. {@code <run>-3.commit}. */
        String name() {
            final String n = file.substring(file.lastIndexOf('/') + 1);
            return n.contains("~") ? n.substring(0, n.indexOf('~')) : n;
        }
    }

    /** The decided commits not yet complete, in name order (any run's, live or not). */
    static List<Pending> pendingCommits(String root) {
        final List<Pending> pending = new ArrayList<>();
        for (FileStatus table : WarehouseFiles.list(WarehouseFiles.child(root, WarehouseRun.COMMITS))) {
            if (!table.isDirectory()) {
                continue;
            }
            for (FileStatus f : WarehouseFiles.list(table.getPath().toString())) {
                final String name = f.getPath().getName();
                if (name.startsWith(".") || !name.contains(CommitRecord.SUFFIX)) {
                    continue;
                }
                final String base = name.substring(0, name.indexOf(CommitRecord.SUFFIX));
                final String origin = base.substring(0, base.lastIndexOf('-'));
                final String owner = name.contains("~") ? name.substring(name.lastIndexOf('~') + 1) : origin;
                pending.add(new Pending(WarehouseFiles.child(WarehouseFiles.child(WarehouseFiles.child(root,
                        WarehouseRun.COMMITS), table.getPath().getName()), name), table.getPath().getName(), origin, owner));
            }
        }
        return pending;
    }

    /**
     * The runs named by a file in {@code _runs} (a lease, claims, or the temporary of one), and
     * those with a staging directory.
     */
    private static Set<String> runsWithFiles(String root) {
        final Set<String> runs = new TreeSet<>();
        for (FileStatus f : WarehouseFiles.list(WarehouseRun.runsDir(root))) {
            final String name = f.getPath().getName();
            final String run = name.startsWith(".") ? WarehouseFiles.writerOf(name) : WarehouseRun.runOf(name);
            if (run != null) {
                runs.add(run);
            }
        }
        for (FileStatus f : WarehouseFiles.list(WarehouseFiles.child(root, WarehouseRun.STAGING))) {
            if (f.isDirectory()) {
                runs.add(f.getPath().getName());
            }
        }
        return runs;
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
        final List<String> lines = new ArrayList<>();
        final Set<String> origins = new HashSet<>();
        for (Pending p : pendingCommits(root)) {
            origins.add(p.origin());
            if (!WarehouseRun.live(root, p.owner())) {
                lines.add(p.table() + ": commit " + p.name() + " was decided but its run ended before completing it"
                        + " (the next run, or verify --repair, completes it)");
            }
        }
        for (String run : runsWithFiles(root)) {
            if (!WarehouseRun.live(root, run)) {
                lines.add("run " + run + " ended without clearing its " + (origins.contains(run) ? "lease" : "staging and lease")
                        + " (the next run, or verify --repair, removes them)");
            }
        }
        return lines;
    }

    /**
     * Completes every commit a dead run decided, then removes what dead runs staged (no record
     * refers to it any more) and their leases and claims; {@code run} (open) takes the records
     * over. Returns a line for each thing done.
     */
    static List<String> recover(String root, WarehouseRun run) {
        final List<String> done = new ArrayList<>();
        final Set<String> referred = new HashSet<>();
        for (Pending p : pendingCommits(root)) {
            if (p.owner().equals(run.id()) || WarehouseRun.live(root, p.owner())) {
                referred.add(p.origin()); // not completed here: its staging stays
                continue;
            }
            run.lease(); // taking a record over, the run must be seen to live
            final String taken = p.file() + "~" + run.id();
            try {
                WarehouseFiles.rename(p.file(), taken);
            } catch (UncheckedIOException e) {
                referred.add(p.origin());
                continue; // another run took it over first, and completes it
            }
            final CommitRecord record = CommitRecord.read(taken);
            record.complete(run.id());
            done.add(p.table() + ": completed commit " + p.name() + " (" + record.moves().size()
                    + " partition(s)), decided by run " + p.origin() + " before it ended");
        }
        for (String dead : runsWithFiles(root)) {
            if (dead.equals(run.id()) || WarehouseRun.live(root, dead)) {
                continue;
            }
            removeTemporaries(root, dead);
            if (!referred.contains(dead)) {
                WarehouseFiles.deleteRecursively(WarehouseFiles.child(WarehouseFiles.child(root, WarehouseRun.STAGING), dead));
            }
            for (FileStatus f : WarehouseFiles.list(WarehouseRun.runsDir(root))) {
                final String name = f.getPath().getName();
                if (dead.equals(WarehouseRun.runOf(name)) && !name.endsWith(".lease")) {
                    WarehouseFiles.deleteRecursively(f.getPath().toString());
                }
            }
            WarehouseFiles.deleteRecursively(WarehouseRun.lease(root, dead));
            done.add("removed what run " + dead + " left" + (referred.contains(dead) ? " (its lease)" : " (its staging and lease)"));
        }
        WarehouseRun.tidy(root); // and the directories a run killed early left empty
        return done;
    }
}
