package org.gamecensus.jobs.census;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.gamecensus.schemas.DatasetSchema;

/**
 * One run of a command that writes a warehouse: its lease, the partitions it claims, and the
 * directories it stages its commits in. Every write to a warehouse happens inside a run (a
 * command opens one for all it writes; a job called directly gets one around each commit), so
 * two processes never write one partition at once, and what a killed run leaves is recognised as
 * such and cleared by the next ({@link WarehouseRecovery}).
 *
 * <p>Files, under the warehouse (names starting with '_', which Spark, pyarrow and DuckDB's hive
 * reader all skip):
 * <ul>
 *   <li>{@code _runs/<id>.lease}: who runs (host, process and its start, the command), written
 *       once; its modification time is renewed every sixth of the lease time while the run lives;</li>
 *   <li>{@code _runs/<id>.claims-<n>}: partitions claimed, a {@code <table>/<partition key>} a line;</li>
 *   <li>{@code _staging/<id>/<n>-<table>/}: the staged partitions of the run's commit n, and the
 *       partitions that commit replaced, once moved aside.</li>
 * </ul>
 *
 * <p>Liveness: a run on this host lives while its process does (the same process id and start
 * time; in this JVM, while the run is open); a run on another host while its lease was renewed
 * within the lease time ({@value #DEFAULT_LEASE_SECONDS} s, clocks assumed within a few seconds).
 * So a killed run lapses at once for a later run on its own host, after the lease time for others.
 *
 * <p>Claims, "write, then look": a run writes its claims, then reads every other live run's. Two
 * runs claiming one partition cannot both miss each other — whichever looked last saw the other's
 * claims, written before it looked — so at most one goes on; when both saw each other, both
 * withdraw, wait a random while and try again, and the one that finds the other's claims still
 * standing gives up: refused, exit code 2, naming the other run. A claim also checks the
 * partition's identity (its parameters and schema version, {@link TablePartition}) against the
 * committed partition it would replace. Cost: a claim lists {@code _runs} once and reads each
 * other live run's claims; on HDFS or an object store each call is a round trip.
 */
public final class WarehouseRun implements AutoCloseable {

    /** The partition columns in a table's {@code _schema.json} ({@link DatasetSchema#toJson}). */
    private static final Pattern PARTITION_COLUMNS = Pattern.compile("\"partitionColumns\":\\[([^\\]]*)\\]");

    /** The warehouse directory of the runs' leases and claims. */
    static final String RUNS = "_runs";
    /** The warehouse directory of the runs' staged commits. */
    static final String STAGING = "_staging";
    /** The warehouse directory of the decided commits' records ({@link CommitRecord}). */
    static final String COMMITS = "_commits";

    /** Seconds a lease lasts unrenewed, for runs on other hosts. */
    static final int DEFAULT_LEASE_SECONDS = 60;
    /** System property: the lease time in seconds. */
    static final String LEASE_SECONDS = "gamecensus.lease.seconds";

    private static final String LEASE_SUFFIX = ".lease";
    private static final String CLAIMS_INFIX = ".claims-";

    /** Runs open in this JVM: the liveness of runs whose lease names this process. */
    private static final Map<String, WarehouseRun> OPEN = new ConcurrentHashMap<>();

    private static final ScheduledExecutorService HEARTBEATS = Executors.newSingleThreadScheduledExecutor(r -> {
        final Thread t = new Thread(r, "gamecensus-lease");
        t.setDaemon(true);
        return t;
    });

    /**
     * This host: its name, boot and process namespace, so that a process id is only compared
     * where it was given (two containers of one host name have other namespaces).
     */
    static final String HOST = hostName() + "/" + bootId() + "/" + pidNamespace();
    /** A short digest of {@link #HOST}, in every run id, so a run is placed before its lease exists. */
    private static final String HOST_TAG = String.format(Locale.ROOT, "%08x", HOST.hashCode());

    private static final long PID = ProcessHandle.current().pid();
    private static final String PID_START = startOf(ProcessHandle.current());

    private final String root;
    private final String id;
    private final boolean replace;
    private final Set<String> claimed = new HashSet<>();
    /** The staging of commits whose record is written but which are not complete (kept at close). */
    private final Set<String> pending = new HashSet<>();
    /** The staging of commits complete (their staging went with them). */
    private final Set<String> completed = new HashSet<>();
    /** The tables this run decided commits of (whose directory in _commits its end tidies). */
    private final Set<String> committedTables = new HashSet<>();
    /** The partitions claimed, by claim ({@code <table>/<key>}), for checking their identities again. */
    private final Map<String, TablePartition> claimedPartitions = new HashMap<>();
    /** Each table's last commit as this run last saw it (when it claimed, or completed its own). */
    private final Map<String, String> lastCommits = new HashMap<>();

    private final String command;
    private ScheduledFuture<?> heartbeat;
    /** When the lease was last written or renewed, by this JVM's clock. */
    private volatile long renewed;

    private int claimFiles;
    private int commits;
    private int records;
    private boolean closed;
    /** Whether the run has begun to write (its lease first), so that its end tidies up. */
    private boolean wrote;

    private WarehouseRun(String root, String id, String command, boolean replace) {
        this.root = root;
        this.id = id;
        this.command = command;
        this.replace = replace;
    }

    /**
     * Opens a run on the warehouse at {@code root}; its lease is written when it first needs one
     * (its first claim, or a dead run's commit to complete), so a run refused before that writes
     * nothing. {@code replace}: the run may replace partitions of other parameters or schema
     * versions ({@link #claim}).
     */
    static WarehouseRun open(String root, String command, boolean replace) {
        final String id = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
                        .withZone(ZoneOffset.UTC)
                        .format(Instant.now())
                + "-" + HOST_TAG + "-" + PID + "-"
                + String.format(Locale.ROOT, "%04x", ThreadLocalRandom.current().nextInt(1 << 16));
        return new WarehouseRun(root, id, command, replace);
    }

    /** Writes the run's lease and starts renewing it, unless done already. */
    void lease() {
        checkOpen();
        if (heartbeat != null) {
            return;
        }
        final Properties p = new Properties();
        p.setProperty("run", id);
        p.setProperty("host", HOST);
        p.setProperty("pid", String.valueOf(PID));
        p.setProperty("pid_start", PID_START);
        p.setProperty("started", Instant.now().toString());
        p.setProperty("command", command);
        wrote = true;
        OPEN.put(id, this);
        try {
            WarehouseFiles.writeAtomically(lease(root, id), store(p, "gamecensus run lease"), id);
        } catch (RuntimeException e) {
            OPEN.remove(id);
            if (!WarehouseFiles.exists(root)) {
                // The run's first write, and the warehouse could not be made: bad input, found before
                // anything was computed (access(2) lets root write anywhere, /proc included).
                final String reason =
                        String.valueOf(e.getCause() != null ? e.getCause().getMessage() : e.getMessage());
                throw new UsageException("--warehouse " + root + ": cannot make it ("
                        + reason.strip().split("\n")[0] + ")");
            }
            throw e;
        }
        renewed = System.currentTimeMillis();
        final long period = Math.max(1, leaseMillis() / 6);
        final String lease = lease(root, id);
        // The opening thread's file-system settings (credentials), which the heartbeat's thread lacks.
        final Configuration conf = WarehouseFiles.configuration();
        heartbeat = HEARTBEATS.scheduleAtFixedRate(
                () -> {
                    try {
                        final long now = System.currentTimeMillis();
                        WarehouseFiles.touch(lease, now, conf);
                        renewed = now;
                    } catch (Throwable e) {
                        // Renewed at the next beat; a lease that lapses makes the run refuse to decide its commits.
                    }
                },
                period,
                period,
                TimeUnit.MILLISECONDS);
    }

    /**
     * The run's id: its start (UTC), host (a digest), process and a random tag, e.g.
     * {@code 20261204T235001Z-5c3e0a7f-4242-0a1b}.
     */
    public String id() {
        return id;
    }

    String root() {
        return root;
    }

    /**
     * Claims {@code partitions} of {@code schema}'s table for this run, unless it holds them
     * already: refused when another live run claims one of them, or when the committed partition
     * it would replace is of other parameters or another schema version and the run was not
     * opened to replace ({@link #open}).
     *
     * @throws UsageException naming the other run, or both identities; nothing is claimed then
     */
    public void claim(DatasetSchema schema, List<TablePartition> partitions) {
        checkOpen();
        final Map<String, TablePartition> wanted = new LinkedHashMap<>();
        for (TablePartition p : partitions) {
            final String claim = schema.table() + "/" + Manifests.key(schema, p.values());
            if (!claimed.contains(claim)) {
                wanted.put(claim, p);
            }
        }
        if (wanted.isEmpty()) {
            return;
        }
        // Checked before anything is written (a refusal writes nothing), and again once the claims
        // stand if a commit completed meanwhile (no other partitions can have come since, unseen).
        final String lastCommit = lastCommit(schema.table());
        checkLayout(schema);
        checkIdentities(schema, wanted);
        lease();
        final String file = WarehouseFiles.child(runsDir(root), id + CLAIMS_INFIX + claimFiles++);
        final String text = String.join("\n", wanted.keySet()) + "\n";
        WarehouseFiles.writeAtomically(file, text, id);
        try {
            awaitNoOtherClaim(wanted.keySet(), file, text);
            final Set<String> keys = new HashSet<>();
            wanted.values().forEach(p -> keys.add(Manifests.key(schema, p.values())));
            settleCommitsOn(schema.table(), keys);
            final String settled = lastCommit(schema.table());
            if (!Objects.equals(lastCommit, settled)) {
                checkIdentities(schema, wanted);
            }
            lastCommits.put(schema.table(), String.valueOf(settled));
        } catch (RuntimeException e) {
            WarehouseFiles.deleteRecursively(file);
            throw e;
        }
        claimed.addAll(wanted.keySet());
        claimedPartitions.putAll(wanted);
    }

    /**
     * Checks again, as a commit is about to be decided, the identities of the partitions
     * {@code keys} of {@code schema}'s table when a commit was completed on the table since they
     * were claimed (no other run can have written them; a run completing a dead run's commit of
     * them could have).
     *
     * @throws UsageException as {@link #claim} does
     */
    void recheckIdentities(DatasetSchema schema, Set<String> keys) {
        final String now = String.valueOf(lastCommit(schema.table()));
        if (now.equals(lastCommits.get(schema.table()))) {
            return;
        }
        final Map<String, TablePartition> wanted = new LinkedHashMap<>();
        for (String key : keys) {
            final TablePartition p = claimedPartitions.get(schema.table() + "/" + key);
            if (p != null) {
                wanted.put(schema.table() + "/" + key, p);
            }
        }
        checkIdentities(schema, wanted);
        lastCommits.put(schema.table(), now);
    }

    /** Notes that this run's own commit {@code recordName} of {@code table} completed: the table's last commit. */
    void completedOn(String table, String recordName) {
        lastCommits.put(table, recordName + "\n");
    }

    /** The name of the last commit completed on {@code table} ({@link Warehouse#LAST_COMMIT}), or null. */
    private String lastCommit(String table) {
        return WarehouseFiles.readIfPresent(
                WarehouseFiles.child(WarehouseFiles.child(root, table), Warehouse.LAST_COMMIT));
    }

    /** Whether this run has claimed the partition {@code key} of {@code table}. */
    boolean holds(String table, String key) {
        return claimed.contains(table + "/" + key);
    }

    /**
     * Looks for another live run's claim on {@code claims} (written to {@code file} first); when
     * one is there, withdraws, waits a random while and looks again (both runs may have written
     * before either looked), up to five times; refuses when the other claim still stands.
     */
    private void awaitNoOtherClaim(Set<String> claims, String file, String text) {
        for (int attempt = 0; ; attempt++) {
            final Claim other = otherClaim(claims);
            if (other == null) {
                return;
            }
            WarehouseFiles.deleteRecursively(file);
            sleep(50 + ThreadLocalRandom.current().nextInt(200 << Math.min(attempt, 3)));
            final Claim still = otherClaim(claims);
            if (still != null || attempt == 4) {
                final Claim c = still != null ? still : other;
                throw new UsageException(c.partition() + " is being written by run " + c.run() + " ("
                        + c.lease().getProperty("command", "?") + ", process "
                        + c.lease().getProperty("pid", "?")
                        + " on " + c.lease().getProperty("host", "?").split("/")[0] + ", since "
                        + c.lease().getProperty("started", "?") + "); run again when it has ended");
            }
            WarehouseFiles.writeAtomically(file, text, id);
        }
    }

    /** Another live run's claim on one of {@code claims}: the partition, the run and its lease. */
    private record Claim(String partition, String run, Properties lease) {}

    private Claim otherClaim(Set<String> claims) {
        final Map<String, List<String>> claimFiles = new LinkedHashMap<>();
        final Map<String, FileStatus> leases = new LinkedHashMap<>();
        for (FileStatus f : WarehouseFiles.list(runsDir(root))) {
            final String name = f.getPath().getName();
            if (name.endsWith(LEASE_SUFFIX)) {
                leases.put(name.substring(0, name.length() - LEASE_SUFFIX.length()), f);
            } else if (name.contains(CLAIMS_INFIX) && !name.startsWith(".")) {
                claimFiles
                        .computeIfAbsent(name.substring(0, name.indexOf(CLAIMS_INFIX)), k -> new ArrayList<>())
                        .add(name);
            }
        }
        for (Map.Entry<String, List<String>> run : claimFiles.entrySet()) {
            if (run.getKey().equals(id) || !leases.containsKey(run.getKey())) {
                continue; // our own, or a run that has ended (its lease goes last)
            }
            final String overlap = overlap(run.getValue(), claims);
            if (overlap != null) {
                final Properties lease = readLease(root, run.getKey());
                if (lease != null
                        && live(run.getKey(), lease, leases.get(run.getKey()).getModificationTime())) {
                    return new Claim(overlap, run.getKey(), lease);
                }
            }
        }
        return null;
    }

    /** The first of {@code claims} that one of the claims files {@code names} lists, or null. */
    private String overlap(List<String> names, Set<String> claims) {
        for (String name : names) {
            final String text = WarehouseFiles.readIfPresent(WarehouseFiles.child(runsDir(root), name));
            for (String line : text == null ? new String[0] : text.split("\n")) {
                if (claims.contains(line.strip())) {
                    return line.strip();
                }
            }
        }
        return null;
    }

    /**
     * Refuses to replace a committed partition whose manifest records other parameters or another
     * schema version than {@code wanted}'s (unless the run replaces): a manifest written before
     * partitions recorded their parameters counts as no parameters.
     */
    /**
     * Refuses a table whose directory holds another partition layout (a schema version keyed by
     * other columns): its files and this run's could not be read as one table, and {@code --replace}
     * replaces partitions, not layouts.
     */
    private void checkLayout(DatasetSchema schema) {
        final String json = WarehouseFiles.readIfPresent(
                WarehouseFiles.child(WarehouseFiles.child(root, schema.table()), Warehouse.SCHEMA_FILE));
        if (json == null) {
            return;
        }
        final Matcher m = PARTITION_COLUMNS.matcher(json);
        final String written = m.find() ? m.group(1).replace("\"", "") : "?";
        final String ours = String.join(",", schema.partitionColumns());
        if (!written.equals(ours)) {
            throw new UsageException(schema.table() + " is partitioned by " + written + " in this warehouse (an earlier"
                    + " schema version); this run writes it partitioned by " + ours + " (schema version "
                    + schema.version() + "): refused, nothing written (move " + schema.table()
                    + " out of the warehouse, or write to another --out)");
        }
    }

    private void checkIdentities(DatasetSchema schema, Map<String, TablePartition> wanted) {
        if (replace) {
            return;
        }
        final String table = WarehouseFiles.child(root, schema.table());
        final List<Map.Entry<String, TablePartition>> entries = new ArrayList<>(wanted.entrySet());
        final List<String> manifests = ConcurrentFileCalls.map(
                table,
                entries,
                e -> WarehouseFiles.readIfPresent(Manifests.manifestFile(
                        table, Manifests.key(schema, e.getValue().values()))));
        for (int i = 0; i < entries.size(); i++) {
            if (manifests.get(i) == null) {
                continue;
            }
            final Properties m = Manifests.parse(manifests.get(i));
            final String key = Manifests.key(schema, entries.get(i).getValue().values());
            final String damage = Manifests.damage(key.replace('/', ',') + ".properties", m);
            if (damage != null) {
                throw new UsageException(entries.get(i).getKey() + ": its manifest is damaged (" + damage
                        + "): refused, nothing written (--replace writes the partition again)");
            }
            final String version = m.getProperty("schema_version", "?");
            final String parameters = m.getProperty("parameters", "");
            final TablePartition p = entries.get(i).getValue();
            if (!version.equals(String.valueOf(schema.version())) || !parameters.equals(p.parameters())) {
                throw new UsageException(entries.get(i).getKey() + " holds a census " + describe(parameters, version)
                        + "; this run's is " + describe(p.parameters(), String.valueOf(schema.version()))
                        + ": refused, nothing written (--replace replaces it)");
            }
        }
    }

    private static String describe(String parameters, String version) {
        final String shown = parameters.length() > 72 ? parameters.substring(0, 71) + "…" : parameters;
        return (shown.isEmpty() ? "" : "of {" + shown + "} ") + "under schema version " + version;
    }

    /**
     * A fresh directory for the staged rows of this run's next commit to {@code table}
     * ({@code _staging/<id>/<n>-<table>}, not made yet).
     */
    String newStaging(String table) {
        lease();
        return WarehouseFiles.child(
                WarehouseFiles.child(WarehouseFiles.child(root, STAGING), id), (commits++) + "-" + table);
    }

    /** A fresh record file for this run's next commit to {@code table}: {@code _commits/<table>/<id>-<n>.commit}. */
    String newRecordFile(String table) {
        committedTables.add(table); // its directory in _commits is tidied at the end, whatever comes of the record
        return WarehouseFiles.child(
                WarehouseFiles.child(WarehouseFiles.child(root, COMMITS), table),
                id + "-" + (records++) + CommitRecord.SUFFIX);
    }

    /**
     * Checks, before a commit is decided, that the run still holds its lease (another run removes
     * a lease only once it has lapsed, and may then have removed what the run staged), renewed
     * within half the lease time.
     */
    void checkLease() {
        lease();
        if (!WarehouseFiles.isFile(lease(root, id))) {
            throw new IllegalStateException("run " + id + " lost its lease (it lapsed, unrenewed for "
                    + leaseMillis() / 1000 + " s); nothing of this commit was published");
        }
        checkRenewed();
    }

    /**
     * Checks that the lease was renewed within half the lease time (another host counts a run
     * dead after the whole): a run whose renewals stall stops acting on the warehouse before
     * anyone could take its work over.
     */
    void checkRenewed() {
        final long since = System.currentTimeMillis() - renewed;
        if (heartbeat == null || since > leaseMillis() / 2) {
            throw new IllegalStateException("run " + id + "'s lease was last renewed " + since / 1000
                    + " s ago; it stops" + " before another run could count it dead");
        }
    }

    /**
     * Settles the decided commits another run left on the partitions {@code keys} of
     * {@code table} before this run writes them: completes a dead run's (as recovery does), waits
     * up to the lease time for a live run's to complete, then refuses.
     *
     * @throws UsageException naming the run still completing a commit of these partitions
     */
    void settleCommitsOn(String table, Set<String> keys) {
        final long deadline = System.currentTimeMillis() + leaseMillis();
        while (true) {
            String completing = null;
            boolean dead = false;
            boolean vanished = false;
            for (WarehouseRecovery.Pending p : WarehouseRecovery.pendingCommits(root, table)) {
                if (p.owner().equals(id)) {
                    continue;
                }
                final Boolean touches = CommitRecord.touches(p.file(), keys);
                if (touches == null) {
                    vanished = true; // completed, or taken over (renamed) meanwhile: look again
                } else if (!touches) {
                    continue;
                } else if (live(root, p.owner())) {
                    completing = p.owner();
                } else {
                    dead = true;
                }
            }
            if (!dead && !vanished && completing == null) {
                return;
            }
            if (System.currentTimeMillis() > deadline) {
                throw new UsageException(table + ": " + (completing != null ? "run " + completing : "another run")
                        + " is completing a commit of partitions this run writes; run again when it has ended");
            }
            if (dead) {
                WarehouseRecovery.recover(root, this); // completes it, or fails saying why
            } else if (completing != null) {
                sleep(100);
            }
        }
    }

    /** Notes the commit staged in {@code staging} decided (its record written) and not yet complete. */
    void decided(String staging) {
        pending.add(staging);
    }

    /** Notes that the commit staged in {@code staging} was not decided after all (its record is not there). */
    void undecided(String staging) {
        pending.remove(staging);
    }

    /** Notes the commit staged in {@code staging} complete. */
    void completed(String staging) {
        pending.remove(staging);
        completed.add(staging);
    }

    /**
     * Removes a commit's staging directory: at once when the commit is not pending, else kept for
     * whoever completes it (the run's own retry, or a later run's recovery).
     */
    void discard(String staging) {
        if (!pending.contains(staging) && !completed.contains(staging)) {
            WarehouseFiles.deleteRecursively(staging);
        }
    }

    /**
     * Ends the run: removes its staging (unless a decided commit of it is still to complete),
     * claims and lease, and the warehouse's run directories — and the warehouse itself — when
     * that leaves them empty (a first write that failed leaves nothing behind).
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (!wrote) {
            return; // nothing written
        }
        if (heartbeat != null) {
            heartbeat.cancel(false);
        }
        // Each removal tried whatever befell the one before, the lease last (a run with claims and
        // no lease counts as ended); the first failure is thrown, the others suppressed on it.
        RuntimeException failure = null;
        try {
            if (pending.isEmpty()) {
                WarehouseFiles.deleteRecursively(WarehouseFiles.child(WarehouseFiles.child(root, STAGING), id));
            }
        } catch (RuntimeException e) {
            failure = e;
        }
        for (int n = 0; n < claimFiles; n++) {
            try {
                WarehouseFiles.deleteRecursively(WarehouseFiles.child(runsDir(root), id + CLAIMS_INFIX + n));
            } catch (RuntimeException e) {
                failure = suppress(failure, e);
            }
        }
        try {
            WarehouseFiles.deleteRecursively(lease(root, id));
        } catch (RuntimeException e) {
            failure = suppress(failure, e);
        }
        if (failure != null) {
            OPEN.remove(id);
            throw failure;
        }
        try {
            WarehouseFiles.deleteIfEmpty(WarehouseFiles.child(root, STAGING));
            WarehouseFiles.deleteIfEmpty(runsDir(root));
            for (String table : committedTables) {
                WarehouseFiles.deleteIfEmpty(WarehouseFiles.child(WarehouseFiles.child(root, COMMITS), table));
            }
            WarehouseFiles.deleteIfEmpty(WarehouseFiles.child(root, COMMITS));
            WarehouseFiles.deleteIfEmpty(root);
        } finally {
            OPEN.remove(id);
        }
    }

    private static RuntimeException suppress(RuntimeException first, RuntimeException next) {
        if (first == null) {
            return next;
        }
        first.addSuppressed(next);
        return first;
    }

    /**
     * Ends the run as a killed process would: its files stay, and from now on it counts as dead
     * (for tests of what a crash leaves).
     */
    void abandon() {
        closed = true;
        if (heartbeat != null) {
            heartbeat.cancel(false);
        }
        OPEN.remove(id);
    }

    /**
     * Removes the run directories of the warehouse at {@code root} (the commits' and the long
     * runs' per table among them), and the warehouse, where empty.
     */
    static void tidy(String root) {
        WarehouseFiles.deleteIfEmpty(WarehouseFiles.child(root, STAGING));
        WarehouseFiles.deleteIfEmpty(WarehouseFiles.child(root, RUNS));
        for (String perTable : List.of(COMMITS, Warehouse.CHUNKS)) {
            final String dir = WarehouseFiles.child(root, perTable);
            for (FileStatus table : WarehouseFiles.list(dir)) {
                WarehouseFiles.deleteIfEmpty(table.getPath().toString());
            }
            WarehouseFiles.deleteIfEmpty(dir);
        }
        WarehouseFiles.deleteIfEmpty(root);
    }

    private void checkOpen() {
        if (closed) {
            throw new IllegalStateException("run " + id + " has ended");
        }
    }

    // ---- leases -------------------------------------------------------------------------------

    static String runsDir(String root) {
        return WarehouseFiles.child(root, RUNS);
    }

    static String lease(String root, String run) {
        return WarehouseFiles.child(runsDir(root), run + LEASE_SUFFIX);
    }

    /** The run id of a lease or claims file's name, or null for any other name. */
    static String runOf(String fileName) {
        if (fileName.startsWith(".")) {
            return null;
        }
        if (fileName.endsWith(LEASE_SUFFIX)) {
            return fileName.substring(0, fileName.length() - LEASE_SUFFIX.length());
        }
        final int claims = fileName.indexOf(CLAIMS_INFIX);
        return claims > 0 ? fileName.substring(0, claims) : null;
    }

    /** A run's lease, or null when there is none (the run has ended, or never began). */
    static Properties readLease(String root, String run) {
        final String text = WarehouseFiles.readIfPresent(lease(root, run));
        return text == null ? null : Manifests.parse(text);
    }

    /** Whether run {@code run} of the warehouse at {@code root} lives (see the class comment). */
    static boolean live(String root, String run) {
        final FileStatus status = WarehouseFiles.status(lease(root, run));
        final Properties lease = status == null ? null : readLease(root, run);
        return lease != null && live(run, lease, status.getModificationTime());
    }

    /**
     * Whether a run that has no lease (yet) may still be writing it, judged by its id and the
     * age of the temporary it left: on this host while its process lives, elsewhere while the
     * temporary is younger than the lease time.
     */
    static boolean mayBeStarting(String run, long modified) {
        final String[] parts = run.split("-");
        if (parts.length == 4 && parts[1].equals(HOST_TAG)) {
            try {
                final long pid = Long.parseLong(parts[2]);
                return pid == PID
                        ? OPEN.containsKey(run)
                        : ProcessHandle.of(pid).filter(WarehouseRun::running).isPresent();
            } catch (NumberFormatException e) {
                return false;
            }
        }
        return System.currentTimeMillis() - modified < leaseMillis();
    }

    /** Whether a run lives, by its lease and the lease file's modification time. */
    static boolean live(String run, Properties lease, long modified) {
        if (HOST.equals(lease.getProperty("host"))) {
            final long pid;
            try {
                pid = Long.parseLong(lease.getProperty("pid", "-1"));
            } catch (NumberFormatException e) {
                return false;
            }
            final String start = lease.getProperty("pid_start", "");
            if (pid == PID && start.equals(PID_START)) {
                return OPEN.containsKey(run);
            }
            return ProcessHandle.of(pid)
                    .filter(WarehouseRun::running)
                    .map(h -> startOf(h).equals(start))
                    .orElse(false);
        }
        return System.currentTimeMillis() - modified < leaseMillis();
    }

    /** The lease time: {@value #DEFAULT_LEASE_SECONDS} s, or the system property {@value #LEASE_SECONDS}. */
    static long leaseMillis() {
        double seconds = DEFAULT_LEASE_SECONDS;
        try {
            final double set = Double.parseDouble(System.getProperty(LEASE_SECONDS, "-1"));
            if (set > 0) {
                seconds = set;
            }
        } catch (NumberFormatException e) {
            // the default
        }
        return (long) (seconds * 1000);
    }

    /** Ends, as {@link #abandon} does, every run open in this JVM (a test's crash of the whole process). */
    static void abandonAll() {
        for (WarehouseRun run : List.copyOf(OPEN.values())) {
            run.abandon();
        }
    }

    /**
     * Whether a process may still act: alive, and on Linux not a zombie whose every thread has
     * ended (a killed run not yet reaped by its parent, which the JDK still calls alive: for about
     * a second after a {@code kill -9}, a later command would take its run for a live one). While
     * any thread of it remains, a write or rename of its may still land, so it still counts.
     */
    static boolean running(ProcessHandle h) {
        return h.isAlive() && !ended(procFile(h.pid(), "stat"), procFile(h.pid(), "status"));
    }

    /**
     * Whether {@code /proc/<pid>/stat} and {@code /proc/<pid>/status} show a process that can no
     * longer act: its state (after the command in parentheses, which may hold any character) Z
     * (zombie) or X (dead), and one thread left, the ended leader ({@code Threads:} at most 1). A
     * file that is missing or unreadable (another system, or the process gone): not ended, as the
     * JDK says.
     */
    static boolean ended(String stat, String status) {
        if (stat == null || status == null) {
            return false;
        }
        final int close = stat.lastIndexOf(')');
        if (close < 0) {
            return false;
        }
        final String state = stat.substring(close + 1).strip();
        if (!state.startsWith("Z") && !state.startsWith("X")) {
            return false;
        }
        for (String line : status.split("\n")) {
            if (line.startsWith("Threads:")) {
                try {
                    return Long.parseLong(line.substring("Threads:".length()).strip()) <= 1;
                } catch (NumberFormatException e) {
                    return false;
                }
            }
        }
        return false;
    }

    private static String procFile(long pid, String name) {
        try {
            return Files.readString(Path.of("/proc", Long.toString(pid), name), StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    static String startOf(ProcessHandle h) {
        return h.info().startInstant().map(Instant::toString).orElse("");
    }

    private static String hostName() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/hostname"), StandardCharsets.UTF_8)
                    .strip();
        } catch (IOException | RuntimeException e) {
            try {
                return InetAddress.getLocalHost().getHostName();
            } catch (IOException ex) {
                return "localhost";
            }
        }
    }

    private static String pidNamespace() {
        try {
            return Files.readSymbolicLink(Path.of("/proc/self/ns/pid")).toString();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static String bootId() {
        try {
            return Files.readString(Path.of("/proc/sys/kernel/random/boot_id"), StandardCharsets.UTF_8)
                    .strip();
        } catch (IOException | RuntimeException e) {
            return "";
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for another run's claims", e);
        }
    }

    static String store(Properties p, String comment) {
        final StringWriter text = new StringWriter();
        try {
            p.store(text, comment);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }
}
