package org.gamecensus.jobs.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.bench.BenchBaseline;
import org.gamecensus.jobs.bench.BenchTargets;
import org.gamecensus.jobs.bench.BenchTiming;
import org.gamecensus.jobs.bench.CensusBench;
import org.gamecensus.jobs.census.CensusFailure;
import org.gamecensus.jobs.census.CensusSession;
import org.gamecensus.jobs.census.ChunkedCommit;
import org.gamecensus.jobs.census.PublishedTable;
import org.gamecensus.jobs.census.UsageException;
import org.gamecensus.jobs.census.Warehouse;
import org.gamecensus.jobs.cram.CramJob;
import org.gamecensus.jobs.cram.CramTables;
import org.gamecensus.jobs.hex.HexJob;
import org.gamecensus.jobs.hex.HexTables;
import org.gamecensus.jobs.hackenbush.HackenbushJob;
import org.gamecensus.jobs.lumberjack.LumberjackJob;
import org.gamecensus.jobs.lumberjack.LumberjackTables;
import org.gamecensus.jobs.publish.Publisher;
import org.gamecensus.kernel.hex.HexBoard;
import org.gamecensus.kernel.hex.HexExactSolver;
import org.gamecensus.jobs.switching.SwitchingJob;
import org.gamecensus.jobs.switching.SwitchingTables;
import org.gamecensus.jobs.switching.WholeHostDecision;
import org.gamecensus.kernel.switching.SwitchingHost;
import org.gamecensus.kernel.switching.SwitchingHosts;

/**
 * The {@code census} command line: {@code run}, {@code decide}, {@code sql} and {@code publish}.
 * Bad input is one line on stderr and exit code 2, checked before anything is written; a census
 * whose two computations disagree exits 1 and publishes nothing.
 */
public final class CensusCli {

    static final String USAGE = String.join("\n",
            "usage: census COMMAND [OPTIONS]",
            "",
            "commands:",
            "  run switching [--host NAME|FILE [--name NAME]] [--out DIR] [--master URL] [--partitions N] [--max-subgraphs N]",
            "                [--chunks N]   (also for cram, hex, lumberjack: N chunks, each committed; a rerun resumes)",
            "                [--replace]    (every run: replace partitions computed from another graph or schema version)",
            "      decide every subgraph of a host by the exhaustive solver and by Lehman's criterion,",
            "      write the rows to DIR/warehouse/switching/host=NAME/ and the tables to DIR/tables/",
            "  run cram [--max-squares N] [--out DIR] [--master URL] [--partitions N]",
            "      every Cram shape of 1..N squares (default 8): Grundy value, symmetries, pairings and",
            "      routes to a pairing one move away, lax and strict; rows to DIR/warehouse/cram/",
            "  run hex --board RxC [--first down|across] [--solve table|layers] [--sample N [--seed S]] [--out DIR]",
            "      every live position of a Hex board: the exact verdict (an in-memory table to 16 cells, or",
            "      retrograde layers partitioned on Spark: the default when the table does not fit; a killed",
            "      layered run resumes below its last committed layer) and the ratio and current circuit",
            "      rules graded against it, and the rules against every reply;",
            "      with --sample, N positions along random games instead, reproducible from the seed",
            "  run lumberjack [--max-edges N] [--out DIR] [--master URL] [--partitions N]",
            "      every rooted tree of 0..N edges (default 12): Grundy value by brute force against the",
            "      Tuft principle; rows to DIR/warehouse/lumberjack/",
            "  run hackenbush [--max-vertices V] [--max-edges E] [--out DIR] [--master URL]",
            "      every multigraph on the ground up to isomorphism (default V 4, E 6): brute force against",
            "      the fusion principle; rows to DIR/warehouse/hackenbush/",
            "  decide switching --host NAME|FILE [--budget NODES]",
            "      decide one whole host: verdicts by the criterion and (within the budget) the solver,",
            "      the two trees and the winning openings",
            "  decide hex --board RxC [--first down|across] [--openings yes|no]",
            "      who wins the empty board (any board up to 25 cells) and which first moves win",
            "  sql [--out DIR] [--format csv|table] [--master URL] \"QUERY\"",
            "      Spark SQL over every table of the warehouse, each a view of its committed partitions (read-only)",
            "      (switching, switching_hosts, switching_decided, cram, hex, hex_adversarial, hex_sample,",
            "      hex_empty_board, hex_layers, lumberjack, hackenbush)",
            "  publish [--out DIR] [--master URL] [--replace]",
            "      run every census at its published defaults and write every published table, the essays'",
            "      figures redrawn (DIR/figures/) and DIR/index.html: every essay claim beside the census",
            "",
            "hosts: " + SwitchingHosts.NAMES + " or a host file",
            "       (theta:K: K routes of length two; gridRxC: s, t at opposite corners; Cn: a cycle, s, t opposite)",
            "       (lines 's NAME', 't NAME', then one link 'NAME NAME' a line; '#' starts a comment;",
            "        the host is named FILE-DIGEST after its file and graph, or NAME with --name, never a built-in name)",
            "defaults: --host K5, --out out, --master local[*] (or spark.master from spark-submit),",
            "          --warehouse DIR/warehouse (any Hadoop file system URI: file:, hdfs:, s3a:; setting warehouse),",
            "          --profile local (conf/census-local.properties and conf/spark-local.conf)",
            "  verify [--out DIR] [--repair]",
            "      check every committed partition against its manifest (files, row count, content checksum) and",
            "      report what runs that ended midway left; --repair completes or removes it first",
            "  bench [--out DIR] [--repeat N] [--warm-up N] [--warm-up-seconds S] [--censuses LIST] [--masters URL,URL...]",
            "        [--host NAME] [--max-squares N] [--board RxC] [--max-edges N]",
            "      each census at a benchmark size (or the size named) on each master (default local[1],local[2]): DIR/bench/report.md",
            "      and report.csv; --baseline FILE [--tolerance PCT]: compare with an earlier report.csv, exit 1 on a slide",
            "",
            "exit codes: 0 done, 1 the census failed (disagreement; nothing published), the bench slid from its",
            "            baseline, or verify found problems; 2 bad input or a refusal (nothing written: another run writes",
            "            the partitions, or they hold another graph's or schema version's census); 3 any other failure",
            "            (an I/O error: nothing published, or a decided commit that the next run completes)");

    private static final String RUN_HELP = String.join("\n",
            "usage: census run switching [--host NAME|FILE [--name NAME]] [--out DIR] [--master URL] [--partitions N]",
            "                            [--max-subgraphs N] [--profile NAME] [--replace]",
            "       census run cram [--max-squares N] [--out DIR] [--master URL] [--partitions N] [--profile NAME]",
            "switching: decides every subgraph (link subset) of the host twice, by an exhaustive game solver and",
            "by Lehman's criterion (matroid partition), fails on any disagreement, and writes the rows to",
            "DIR/warehouse/switching/ (replacing only this host's partition) and the tables to DIR/tables/.",
            "--max-subgraphs lifts the size limit (default 2^22 subgraphs; setting switching.max-subgraphs).",
            "cram: every shape of 1..N squares (1..14, default 8) up to translation, half-turn and the two flips;",
            "its Grundy value and, against it, the pairing theorem; fails on any broken invariant; rows to",
            "DIR/warehouse/cram/ (partitions squares=1..N) and the tables to DIR/tables/.",
            "       census run hex --board RxC [--first down|across] [--sample N [--seed S]] [--out DIR] [--master URL]",
            "hex: every live position of the board (default first player down) with the exact verdict and both",
            "circuit rules, and whether each rule holds the winning side against every reply; rows to",
            "DIR/warehouse/hex/ and DIR/warehouse/hex_adversarial/. --sample N takes N positions at random move",
            "numbers along random games (seed --seed, default hex.sample.seed) into DIR/warehouse/hex_sample/.",
            "       census run lumberjack [--max-edges N] [--out DIR] [--master URL] [--partitions N]",
            "lumberjack: every rooted tree of 0..N edges (0..20, default 12), its Grundy value by brute force and by",
            "the Tuft principle; fails on any disagreement; rows to DIR/warehouse/lumberjack/ (partitions edges=0..N).",
            "       census run hackenbush [--max-vertices V] [--max-edges E] [--out DIR] [--master URL]",
            "hackenbush: every multigraph on the ground (V 1..6, default 4; E 0..12, default 6) up to isomorphism",
            "fixing the ground, loops and parallel edges allowed: brute force against the fusion principle.",
            "Every run: its partitions are claimed first (a run that another holds is refused, exit 2, naming it) and",
            "committed atomically per table; a partition computed from another graph (a host's links, a sample's",
            "seed, ...) or schema version is not replaced unless --replace. A host file's host is named after the",
            "file and its graph (diamond-3f2a9c01), or --name NAME; a file named like a built-in host is refused.");

    private static final String DECIDE_HELP = String.join("\n",
            "usage: census decide switching --host NAME|FILE [--budget NODES]",
            "       census decide hex --board RxC [--first down|across] [--openings yes|no]",
            "switching: decides the whole host: who wins for each start by Lehman's criterion, by the exhaustive",
            "solver where it finishes within the node budget (default 5000000), the two spanning trees, and which",
            "opening links win for Short.",
            "hex: who wins the empty board for each first player (or the one given), by exhaustive search, and",
            "which first moves win (--openings; by default on boards up to " + HexExactSolver.LISTED_OPENINGS_CELLS
                    + " cells: each is proven on its own, and 5x5's take about 5 minutes a first player); boards up to"
                    + " 25 cells (above 16 cells the settled positions are cached).",
            "Prints to standard output; writes nothing.");

    private static final String SQL_HELP = String.join("\n",
            "usage: census sql [--out DIR] [--format csv|table] [--master URL] \"QUERY\"",
            "Runs Spark SQL over the warehouse in DIR/warehouse; every table is a view named after it (switching,",
            "switching_hosts, switching_decided, cram, hex, hex_adversarial, hex_sample, hex_empty_board, hex_layers,",
            "lumberjack, hackenbush) of its committed partitions: the files their manifests list, once no commit is",
            "in progress (a query that a commit overtakes runs again). Read-only: statements that change state",
            "(DROP, CREATE, INSERT, CACHE, SET, ...) are refused. csv prints a header line and one line a row.");

    private static final String PUBLISH_HELP = String.join("\n",
            "usage: census publish [--out DIR] [--master URL] [--profile NAME] [--replace]",
            "Runs every census at its published defaults (settings publish.switching.hosts,",
            "publish.switching.decide, publish.cram.max-squares, publish.hex.*, publish.lumberjack.max-edges) and",
            "writes every published table to DIR/tables/.");

    private CensusCli() {
    }

    public static void main(String[] args) {
        final int code = run(args, System.out, System.err);
        final SparkSession active = SparkSession.getActiveSession().isDefined()
                ? SparkSession.getActiveSession().get() : null;
        if (active != null) {
            active.stop();
        }
        System.exit(code);
    }

    /**
     * Runs one command; returns its exit code: 0 done, 1 the census failed its check (nothing of
     * it published), 2 bad input or a refusal (nothing written), 3 any other failure (an I/O
     * error, lost executors: nothing of the run published, unless its commit was decided, which
     * the next run completes). Leaves any SparkSession it used running; ends the warehouse run
     * the command opened.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            return dispatchAndEndRun(Arrays.asList(args), out);
        } catch (UsageException e) {
            err.println("census: " + oneLine(e.getMessage()));
            return 2;
        } catch (CensusFailure e) {
            err.println("census: FAILED: " + oneLine(e.getMessage()));
            return 1;
        } catch (Exception e) { // Spark throws checked exceptions (AnalysisException) unchecked
            final Throwable root = rootCause(e);
            if (root instanceof CensusFailure) {
                err.println("census: FAILED: " + oneLine(root.getMessage()));
                return 1;
            }
            if (root instanceof UsageException) {
                err.println("census: " + oneLine(root.getMessage()));
                return 2;
            }
            // Our own failures say what happened and what comes next; anything else by its root cause.
            final Throwable shown = e instanceof IllegalStateException || e instanceof java.io.UncheckedIOException ? e : root;
            err.println("census: error: " + oneLine(shown.getMessage() == null ? String.valueOf(shown) : shown.getMessage()));
            return 3;
        }
    }

    /** The warehouse whose run this thread's command opened ({@link #openRun}), ended when the command ends. */
    private static final ThreadLocal<Warehouse> OPEN_RUN = new ThreadLocal<>();

    private static int dispatchAndEndRun(List<String> args, PrintStream out) {
        Throwable failure = null;
        try {
            return dispatch(args, out);
        } catch (Throwable e) { // Spark's checked exceptions too, thrown unchecked
            failure = e;
            throw e;
        } finally {
            final Warehouse warehouse = OPEN_RUN.get();
            OPEN_RUN.remove();
            if (warehouse != null) {
                try {
                    warehouse.closeRun();
                } catch (RuntimeException e) {
                    if (failure == null) {
                        throw e;
                    }
                    failure.addSuppressed(e);
                }
            }
        }
    }

    /**
     * Opens the run every write of the command goes through ({@link Warehouse#openRun}): what
     * dead runs left is completed or cleared first, each thing done printed.
     */
    private static void openRun(Warehouse warehouse, String command, boolean replace, PrintStream out) {
        for (String line : warehouse.openRun(command, replace)) {
            out.println("recovered: " + line);
        }
        OPEN_RUN.set(warehouse);
    }

    private static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    private static String oneLine(String message) {
        return message == null ? "" : message.replace('\n', ' ').strip();
    }

    private static int dispatch(List<String> args, PrintStream out) {
        if (args.isEmpty()) {
            throw new UsageException("no command given (census --help lists them)");
        }
        final String command = args.get(0);
        final List<String> rest = args.subList(1, args.size());
        switch (command) {
            case "--help":
            case "-h":
            case "help":
                out.println(USAGE);
                return 0;
            case "run":
                return run(rest, out);
            case "decide":
                return decide(rest, out);
            case "sql":
                return sql(rest, out);
            case "publish":
                return publish(rest, out);
            case "bench":
                return bench(rest, out);
            case "verify":
                return verify(rest, out);
            default:
                throw new UsageException("unknown command '" + command + "' (census --help lists them)");
        }
    }

    private static String census(CommandLine cl, String command, String... known) {
        final String list = String.join(", ", known);
        if (cl.words().isEmpty()) {
            throw new UsageException("'" + command + "' needs a census name: " + list);
        }
        if (cl.words().size() > 1) {
            throw new UsageException("unexpected argument '" + cl.words().get(1) + "' for '" + command + "'");
        }
        final String name = cl.words().get(0);
        if (!List.of(known).contains(name)) {
            throw new UsageException("unknown census '" + name + "' for '" + command + "': known censuses are " + list);
        }
        return name;
    }

    private static void forbid(CommandLine cl, String census, String... options) {
        for (String o : options) {
            if (cl.has(o)) {
                throw new UsageException("option " + o + " does not apply to the " + census + " census");
            }
        }
    }

    private static SwitchingHost host(String spec) {
        try {
            return SwitchingHosts.resolve(spec);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /** The host {@code spec} names, renamed {@code name} when given (a host file's graph only, never a built-in name). */
    private static SwitchingHost host(String spec, String name) {
        try {
            return SwitchingHosts.resolve(spec, name);
        } catch (IllegalArgumentException e) {
            throw new UsageException((name == null ? "" : "--name " + name + ": ") + e.getMessage());
        }
    }

    private static int run(List<String> args, PrintStream out) {
        final CommandLine cl = new CommandLine("run", args,
                Set.of("--host", "--name", "--out", "--warehouse", "--master", "--partitions", "--max-subgraphs", "--max-squares",
                        "--profile", "--board", "--first", "--sample", "--seed", "--max-edges", "--max-vertices", "--solve",
                        "--chunks"), Set.of("--replace"));
        if (cl.help()) {
            out.println(RUN_HELP);
            return 0;
        }
        final String census = census(cl, "run", "switching", "cram", "hex", "lumberjack", "hackenbush");
        if (!census.equals("hackenbush")) {
            forbid(cl, census, "--max-vertices");
        }
        if (!census.equals("hex")) {
            forbid(cl, census, "--solve");
        }
        if (!census.equals("switching")) {
            forbid(cl, census, "--name");
        }
        if (census.equals("hackenbush")) {
            forbid(cl, census, "--chunks");
        }
        if (census.equals("hackenbush")) {
            forbid(cl, "hackenbush", "--host", "--max-subgraphs", "--max-squares", "--board", "--first", "--sample",
                    "--seed");
            return runHackenbush(cl, out);
        }
        if (census.equals("cram")) {
            forbid(cl, "cram", "--host", "--max-subgraphs", "--board", "--first", "--sample", "--seed", "--max-edges");
            return runCram(cl, out);
        }
        if (census.equals("hex")) {
            forbid(cl, "hex", "--host", "--max-subgraphs", "--max-squares", "--max-edges");
            return runHex(cl, out);
        }
        if (census.equals("lumberjack")) {
            forbid(cl, "lumberjack", "--host", "--max-subgraphs", "--max-squares", "--board", "--first", "--sample",
                    "--seed");
            return runLumberjack(cl, out);
        }
        forbid(cl, "switching", "--max-squares", "--board", "--first", "--sample", "--seed", "--max-edges");
        final CensusConfig config = CensusConfig.load(cl.get("--profile", "local"));
        final SwitchingHost host = host(cl.get("--host", config.get("switching.host", "K5")), cl.get("--name", null));
        final long limit = cl.getLong("--max-subgraphs",
                config.getLong("switching.max-subgraphs", SwitchingJob.DEFAULT_MAX_SUBGRAPHS), 1, Long.MAX_VALUE);
        SwitchingJob.checkSize(host, limit);
        final int partitions = (int) cl.getLong("--partitions", 0, 1, 1_000_000);
        final int chunks = (int) cl.getLong("--chunks", 0, 1, 1 << 20);
        if (chunks > 0) {
            ChunkedCommit.checkChunks(chunks, new org.gamecensus.jobs.switching.SwitchingSlices(host).sliceCount());
        }
        final Warehouse warehouse = warehouse(cl, true);
        final SparkSession spark = CensusSession.create(cl.get("--master", null), "census run switching " + host.name(),
                config.sparkSettings());
        openRun(warehouse, "census run switching --host " + host.name(), cl.has("--replace"), out);
        if (chunks > 0) {
            out.println(SwitchingJob.censusInChunks(spark, warehouse, host, partitions, chunks));
        } else {
            out.println(SwitchingJob.census(spark, warehouse, host, partitions));
        }
        for (PublishedTable t : SwitchingTables.publish(spark, warehouse)) {
            out.println("table " + warehouse.tablesDir().resolve(t.name() + ".md"));
        }
        return 0;
    }

    private static int runCram(CommandLine cl, PrintStream out) {
        final CensusConfig config = CensusConfig.load(cl.get("--profile", "local"));
        final long maxSquares = cl.getLong("--max-squares", config.getLong("cram.max-squares", CramJob.DEFAULT_MAX_SQUARES),
                Long.MIN_VALUE, Long.MAX_VALUE);
        CramJob.checkSize(maxSquares, config.getLong("cram.max-shapes", CramJob.DEFAULT_MAX_SHAPES));
        final int partitions = (int) cl.getLong("--partitions", 0, 1, 1_000_000);
        final int chunks = (int) cl.getLong("--chunks", 0, 1, 1 << 20);
        if (chunks > 0) {
            ChunkedCommit.checkChunks(chunks, org.gamecensus.jobs.cram.CramSlices.SLICES);
        }
        final Warehouse warehouse = warehouse(cl, true);
        final SparkSession spark = CensusSession.create(cl.get("--master", null), "census run cram " + maxSquares,
                config.sparkSettings());
        openRun(warehouse, "census run cram --max-squares " + maxSquares, cl.has("--replace"), out);
        out.println(chunks > 0 ? CramJob.censusInChunks(spark, warehouse, (int) maxSquares, partitions, chunks)
                : CramJob.census(spark, warehouse, (int) maxSquares, partitions));
        for (PublishedTable t : CramTables.publish(spark, warehouse, (int) maxSquares)) {
            out.println("table " + warehouse.tablesDir().resolve(t.name() + ".md"));
        }
        return 0;
    }

    private static int runHackenbush(CommandLine cl, PrintStream out) {
        final CensusConfig config = CensusConfig.load(cl.get("--profile", "local"));
        final long v = cl.getLong("--max-vertices", config.getLong("hackenbush.max-vertices",
                HackenbushJob.DEFAULT_MAX_VERTICES), Long.MIN_VALUE, Long.MAX_VALUE);
        final long e = cl.getLong("--max-edges", config.getLong("hackenbush.max-edges", HackenbushJob.DEFAULT_MAX_EDGES),
                Long.MIN_VALUE, Long.MAX_VALUE);
        HackenbushJob.checkSize(v, e, config.getLong("hackenbush.max-graphs", HackenbushJob.DEFAULT_MAX_GRAPHS));
        final int partitions = (int) cl.getLong("--partitions", 0, 1, 1_000_000);
        final Warehouse warehouse = warehouse(cl, true);
        final SparkSession spark = CensusSession.create(cl.get("--master", null), "census run hackenbush",
                config.sparkSettings());
        openRun(warehouse, "census run hackenbush --max-vertices " + v + " --max-edges " + e, cl.has("--replace"), out);
        out.println(HackenbushJob.census(spark, warehouse, (int) v, (int) e, partitions));
        for (PublishedTable t : HackenbushJob.publish(spark, warehouse, (int) v, (int) e)) {
            out.println("table " + warehouse.tablesDir().resolve(t.name() + ".md"));
        }
        return 0;
    }

    private static int runLumberjack(CommandLine cl, PrintStream out) {
        final CensusConfig config = CensusConfig.load(cl.get("--profile", "local"));
        final long maxEdges = cl.getLong("--max-edges",
                config.getLong("lumberjack.max-edges", LumberjackJob.DEFAULT_MAX_EDGES), Long.MIN_VALUE, Long.MAX_VALUE);
        LumberjackJob.checkSize(maxEdges, config.getLong("lumberjack.max-trees", LumberjackJob.DEFAULT_MAX_TREES));
        final int partitions = (int) cl.getLong("--partitions", 0, 1, 1_000_000);
        final int chunks = (int) cl.getLong("--chunks", 0, 1, 1 << 20);
        if (chunks > 0) {
            ChunkedCommit.checkChunks(chunks, new org.gamecensus.jobs.lumberjack.LumberjackSlices((int) maxEdges).sliceIds().size());
        }
        final Warehouse warehouse = warehouse(cl, true);
        final SparkSession spark = CensusSession.create(cl.get("--master", null), "census run lumberjack " + maxEdges,
                config.sparkSettings());
        openRun(warehouse, "census run lumberjack --max-edges " + maxEdges, cl.has("--replace"), out);
        out.println(chunks > 0 ? LumberjackJob.censusInChunks(spark, warehouse, (int) maxEdges, partitions, chunks)
                : LumberjackJob.census(spark, warehouse, (int) maxEdges, partitions));
        for (PublishedTable t : LumberjackTables.publish(spark, warehouse, (int) maxEdges)) {
            out.println("table " + warehouse.tablesDir().resolve(t.name() + ".md"));
        }
        return 0;
    }

    private static int runHex(CommandLine cl, PrintStream out) {
        final CensusConfig config = CensusConfig.load(cl.get("--profile", "local"));
        if (!cl.has("--board")) {
            throw new UsageException("'run hex' needs --board RxC, e.g. --board 3x4");
        }
        final HexBoard any = HexJob.anyBoard(cl.get("--board", null));
        final long maxEntries = config.getLong("hex.max-table-entries", HexJob.DEFAULT_MAX_TABLE_ENTRIES);
        // The default solve: the table when it fits the configured memory, else the layers.
        final String solve = cl.get("--solve", !cl.has("--sample") && (any.cells() > HexJob.MAX_CENSUS_CELLS
                || Math.pow(3, any.cells()) > maxEntries) ? "layers" : "table");
        if (!solve.equals("table") && !solve.equals("layers")) {
            throw new UsageException("--solve must be table or layers, got '" + solve + "'");
        }
        final int chunks = (int) cl.getLong("--chunks", 0, 1, 1 << 20);
        if (chunks > 0 && (solve.equals("layers") || cl.has("--sample"))) {
            throw new UsageException("--chunks goes with the table solve of a whole board, not with --sample or --solve layers");
        }
        if (solve.equals("layers") && cl.has("--sample")) {
            throw new UsageException("--sample settles positions with the table solve; it does not take --solve layers");
        }
        // A sample settles each position by search (a table to 16 cells, a memoising search beyond).
        final HexBoard board = solve.equals("layers") || cl.has("--sample") ? any : HexJob.board(cl.get("--board", null));
        final HexBoard.Side first = HexJob.side(cl.get("--first", "down"));
        if (solve.equals("layers")) {
            HexJob.checkLayeredSize(board, config.getLong("hex.max-placements", HexJob.DEFAULT_MAX_PLACEMENTS));
        } else if (!cl.has("--sample")) {
            HexJob.checkSize(board, maxEntries);
        }
        if (cl.has("--seed") && !cl.has("--sample")) {
            throw new UsageException("--seed goes with --sample N");
        }
        final long sample = cl.getLong("--sample", 0, 1, 100_000_000);
        final long seed = cl.getLong("--seed", config.getLong("hex.sample.seed", 1L), Long.MIN_VALUE, Long.MAX_VALUE);
        final int partitions = (int) cl.getLong("--partitions", 0, 1, 1_000_000);
        final Warehouse warehouse = warehouse(cl, true);
        final SparkSession spark = CensusSession.create(cl.get("--master", null), "census run hex " + board.name(),
                config.sparkSettings());
        openRun(warehouse, "census run hex --board " + board.name() + " --first " + first.label()
                + (sample > 0 ? " --sample " + sample + " --seed " + seed : " --solve " + solve), cl.has("--replace"), out);
        if (sample > 0) {
            final long winnable = HexJob.sampleCensus(spark, warehouse, board, first, sample, seed, partitions);
            out.println("hex sample on " + board.name() + ", " + first.label() + " first: " + sample
                    + " positions (seed " + seed + "), " + winnable + " winnable");
        } else if (solve.equals("layers")) {
            final HexJob.LayeredSummary summary = HexJob.censusByLayers(spark, warehouse, board, first, partitions);
            for (var layer : summary.layers()) {
                out.println("  layer " + layer.stones() + ": " + layer.positions() + " positions, " + layer.winnable()
                        + " winnable, " + (layer.resumed() ? "kept from the unfinished run" : layer.millis() + " ms, "
                        + layer.shuffleBytes() + " shuffle bytes, peak task memory " + layer.peakTaskMemory() + " bytes"));
            }
            out.println(summary);
        } else if (chunks > 0) {
            out.println(HexJob.censusInChunks(spark, warehouse, board, first, partitions, chunks));
        } else {
            out.println(HexJob.census(spark, warehouse, board, first, partitions));
        }
        for (PublishedTable t : HexTables.publish(spark, warehouse)) {
            out.println("table " + warehouse.tablesDir().resolve(t.name() + ".md"));
        }
        return 0;
    }

    /**
     * The output of a command: {@code --out DIR} (local: tables, figures, pages), and the warehouse
     * at {@code --warehouse URI}, else the profile's {@code warehouse} setting, else DIR/warehouse.
     */
    private static Warehouse warehouse(CommandLine cl, boolean writes) {
        final String setting = CensusConfig.load(cl.get("--profile", "local")).get("warehouse", "");
        final Warehouse warehouse = Warehouse.at(cl.get("--out", "out"), cl.get("--warehouse", setting.isEmpty() ? null : setting));
        if (writes) {
            warehouse.checkWritable();
        }
        return warehouse;
    }

    private static int decide(List<String> args, PrintStream out) {
        final CommandLine cl = new CommandLine("decide", args, Set.of("--host", "--name", "--budget", "--profile", "--board",
                "--first", "--openings"));
        if (cl.help()) {
            out.println(DECIDE_HELP);
            return 0;
        }
        if (census(cl, "decide", "switching", "hex").equals("hex")) {
            forbid(cl, "hex", "--host", "--name", "--budget");
            return decideHex(cl, out);
        }
        forbid(cl, "switching", "--board", "--first", "--openings");
        if (!cl.has("--host")) {
            throw new UsageException("'decide switching' needs --host NAME|FILE");
        }
        final CensusConfig config = CensusConfig.load(cl.get("--profile", "local"));
        final SwitchingHost host = host(cl.get("--host", null), cl.get("--name", null));
        final long budget = cl.getLong("--budget",
                config.getLong("switching.solver-budget", SwitchingJob.DEFAULT_SOLVER_BUDGET), 1, Long.MAX_VALUE);
        final WholeHostDecision d = WholeHostDecision.decide(host, budget);
        out.print(d.describe());
        if (Boolean.FALSE.equals(d.agrees())) {
            throw new CensusFailure("host " + host.name() + ": solver and criterion disagree");
        }
        return 0;
    }

    private static int decideHex(CommandLine cl, PrintStream out) {
        if (!cl.has("--board")) {
            throw new UsageException("'decide hex' needs --board RxC");
        }
        final HexBoard board;
        try {
            board = HexBoard.parse(cl.get("--board", null));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--board: " + e.getMessage());
        }
        final String openings = cl.get("--openings", null);
        if (openings != null && !openings.equals("yes") && !openings.equals("no")) {
            throw new UsageException("--openings must be yes or no, got '" + openings + "'");
        }
        final List<HexBoard.Side> firsts = cl.has("--first") ? List.of(HexJob.side(cl.get("--first", null)))
                : List.of(HexBoard.Side.values());
        for (HexBoard.Side first : firsts) {
            final long start = System.nanoTime();
            final HexExactSolver solver = new HexExactSolver(board, first);
            // Listing every winning first move means proving each: by default only where that is cheap.
            final boolean listMoves = openings == null ? board.cells() <= HexExactSolver.LISTED_OPENINGS_CELLS
                    : openings.equals("yes");
            final int wins = listMoves ? solver.winningCells(0, 0) : (solver.winnable(0, 0) ? -1 : 0);
            final HexBoard.Side winner = wins != 0 ? first : first.other();
            final StringBuilder cells = new StringBuilder();
            for (int rest = listMoves ? wins : 0; rest != 0; rest &= rest - 1) {
                cells.append(cells.length() == 0 ? "" : " ").append(Integer.numberOfTrailingZeros(rest));
            }
            out.println("hex " + board.name() + ", " + first.label() + " first: " + winner.label() + " wins the empty board"
                    + (wins != 0 && listMoves ? "; winning first moves (" + Integer.bitCount(wins) + " of " + board.cells()
                    + "): " + cells : "") + String.format(" (%.1f s)", (System.nanoTime() - start) / 1e9));
        }
        return 0;
    }

    private static int sql(List<String> args, PrintStream out) {
        final CommandLine cl = new CommandLine("sql", args, Set.of("--out", "--warehouse", "--format", "--master", "--profile"));
        if (cl.help()) {
            out.println(SQL_HELP);
            return 0;
        }
        if (cl.words().size() != 1) {
            throw new UsageException("'sql' takes exactly one query, in quotes");
        }
        final String format = cl.get("--format", "table");
        if (!format.equals("csv") && !format.equals("table")) {
            throw new UsageException("--format must be csv or table, got '" + format + "'");
        }
        final Warehouse warehouse = warehouse(cl, false);
        if (warehouse.tables().isEmpty()) {
            throw new UsageException("no warehouse at " + warehouse.root() + " (run a census first)");
        }
        final CensusConfig config = CensusConfig.load(cl.get("--profile", "local"));
        final SparkSession spark = CensusSession.create(cl.get("--master", null), "census sql", config.sparkSettings());
        final String query = cl.words().get(0);
        ReadOnlyQuery.parsed(spark, query);
        PublishedTable table = null;
        // A commit that replaces a partition while the query reads it moves the files the views
        // name: the query fails on a missing file, and runs again on the state committed since.
        for (int attempt = 1; table == null; attempt++) {
            try {
                warehouse.registerViews(spark);
                ReadOnlyQuery.analysed(spark, query);
                table = PublishedTable.of("query", "query", spark.sql(query), List.of());
            } catch (Exception e) { // Spark's AnalysisException is checked in Java's eyes but thrown unchecked
                if (Warehouse.isMissingFile(e)) {
                    if (attempt < SQL_ATTEMPTS) {
                        continue;
                    }
                    throw new IllegalStateException("commits kept moving the files the query read (" + SQL_ATTEMPTS
                            + " attempts): " + oneLine(e.getMessage()), e);
                }
                if (e instanceof org.apache.spark.sql.AnalysisException) {
                    throw new UsageException("bad query: " + oneLine(((org.apache.spark.sql.AnalysisException) e).getSimpleMessage()));
                }
                if (e instanceof RuntimeException) {
                    throw (RuntimeException) e;
                }
                throw new IllegalStateException(e);
            }
        }
        if (format.equals("csv")) {
            out.print(table.toCsv());
        } else {
            printAligned(table, out);
        }
        return 0;
    }

    /** How many times {@code sql} runs a query that commits keep moving files from under. */
    private static final int SQL_ATTEMPTS = 5;

    private static void printAligned(PublishedTable table, PrintStream out) {
        final List<String> columns = table.columns();
        final int[] width = new int[columns.size()];
        for (int i = 0; i < width.length; i++) {
            width[i] = columns.get(i).length();
            for (List<String> row : table.rows()) {
                width[i] = Math.max(width[i], row.get(i).length());
            }
        }
        final List<List<String>> lines = new ArrayList<>();
        lines.add(columns);
        lines.addAll(table.rows());
        for (List<String> row : lines) {
            final StringBuilder b = new StringBuilder();
            for (int i = 0; i < width.length; i++) {
                if (i > 0) {
                    b.append("  ");
                }
                b.append(String.format("%-" + width[i] + "s", row.get(i)));
            }
            out.println(b.toString().stripTrailing());
        }
        out.println("(" + table.rows().size() + " rows)");
    }

    private static int verify(List<String> args, PrintStream out) {
        final CommandLine cl = new CommandLine("verify", args, Set.of("--out", "--warehouse", "--master", "--profile"),
                Set.of("--repair"));
        if (cl.help()) {
            out.println(String.join("\n", "usage: census verify [--out DIR] [--warehouse URI] [--repair]",
                    "Re-reads the warehouse against the manifests written with every committed partition: the Parquet",
                    "files (names, sizes, CRC-32), then the rows (count and content checksum); and reports what runs",
                    "that ended midway left: a commit decided but not completed, staged files, leases. Changes",
                    "nothing, but for --repair, which first completes those commits and removes the rest (as the next",
                    "run would). Exit 0 when all hold, 1 with a line per problem otherwise."));
            return 0;
        }
        if (!cl.words().isEmpty()) {
            throw new UsageException("unexpected argument '" + cl.words().get(0) + "' for 'verify'");
        }
        final Warehouse warehouse = warehouse(cl, cl.has("--repair"));
        if (!warehouse.exists()) {
            throw new UsageException("no warehouse at " + warehouse.root());
        }
        final CensusConfig config = CensusConfig.load(cl.get("--profile", "local"));
        final SparkSession spark = CensusSession.create(cl.get("--master", null), "census verify", config.sparkSettings());
        if (cl.has("--repair")) {
            openRun(warehouse, "census verify --repair", false, out);
        }
        final List<org.gamecensus.schemas.DatasetSchema> schemas = new ArrayList<>();
        schemas.addAll(org.gamecensus.schemas.switching.SwitchingSchemas.ALL);
        schemas.addAll(org.gamecensus.schemas.cram.CramSchemas.ALL);
        schemas.addAll(org.gamecensus.schemas.hex.HexSchemas.ALL);
        schemas.addAll(org.gamecensus.schemas.lumberjack.LumberjackSchemas.ALL);
        schemas.addAll(org.gamecensus.schemas.hackenbush.HackenbushSchemas.ALL);
        final List<String> checked = new ArrayList<>();
        final List<String> problems = org.gamecensus.jobs.census.Manifests.verify(spark, warehouse, schemas, checked);
        for (String p : problems) {
            out.println("PROBLEM " + p);
        }
        out.println(checked.size() + " partitions checked, " + problems.size() + " problem(s)");
        return problems.isEmpty() ? 0 : 1;
    }

    private static int bench(List<String> args, PrintStream out) {
        final Set<String> options = new java.util.HashSet<>(Set.of("--out", "--warehouse", "--repeat", "--warm-up",
                "--warm-up-seconds", "--censuses", "--masters", "--profile", "--baseline", "--tolerance"));
        options.addAll(BENCH_SIZE_OPTIONS.keySet());
        final CommandLine cl = new CommandLine("bench", args, options);
        if (cl.help()) {
            out.println(String.join("\n",
                    "usage: census bench [--out DIR] [--warehouse URI] [--repeat N] [--warm-up N] [--warm-up-seconds S]",
                    "                    [--censuses switching,cram,hex,lumberjack] [--masters URL,URL...] [--profile NAME]",
                    "                    [--baseline FILE [--tolerance PCT]] [--host NAME] [--max-squares N] [--board RxC]",
                    "                    [--max-edges N]",
                    "Runs each census at its benchmark size (settings bench.*: K7, Cram to 11 squares, Hex 4x4, trees to",
                    "15 edges; --host, --max-squares, --board and --max-edges name another, within the run command's size",
                    "limits) untimed at least --warm-up times (default 1) and until those runs have taken",
                    "--warm-up-seconds (default 15, setting bench.warm-up-seconds; at most 100 runs), then timed once, in",
                    "each of --repeat rounds (default 3), on each master in turn (default local[1],local[2]; a cluster's",
                    "URL times it on its executors), and writes",
                    "DIR/bench/report.md: items, cores, median wall time and the part in Spark jobs, items per second per",
                    "core, kernel time against wall time, the JIT's compile time, and each master's speed-up over the first;",
                    "DIR/bench/report.csv: every timed run's figures. Settings bench.target.overhead and",
                    "bench.target.speed-up (set in the local profile) judge each round's overhead and each later",
                    "master's speed-up over the first in the report. With --baseline (an earlier bench's report.csv) the",
                    "report compares each census's median wall time with the baseline's runs and the command exits 1 when",
                    "one is slower than the baseline's slowest run by more than PCT per cent (default 25) or gives other",
                    "items at the same size; runs on another processor than the baseline's are reported, not judged.",
                    "The censuses are written to scratch warehouses, one per master: DIR/bench/warehouse-N, or with",
                    "--warehouse URI/bench-N, which on a cluster of several machines must be a file system every",
                    "executor and the driver see (hdfs:, s3a:)."));
            return 0;
        }
        if (!cl.words().isEmpty()) {
            throw new UsageException("unexpected argument '" + cl.words().get(0) + "' for 'bench'");
        }
        final CensusConfig config = CensusConfig.load(cl.get("--profile", "local"));
        if (cl.has("--tolerance") && !cl.has("--baseline")) {
            throw new UsageException("--tolerance needs --baseline (the report.csv to compare with)");
        }
        final double tolerance = cl.getLong("--tolerance", 25, 0, 1000) / 100.0;
        // Read before anything is timed: a bad baseline would otherwise fail after the whole bench.
        final List<BenchTiming> baseline = cl.has("--baseline") ? BenchTiming.read(java.nio.file.Path.of(cl.get("--baseline", "")))
                : null;
        final int repeat = (int) cl.getLong("--repeat", 3, 1, 100);
        final int warmUp = (int) cl.getLong("--warm-up", 1, 0, CensusBench.MAX_WARM_UPS);
        final long warmUpSeconds = cl.getLong("--warm-up-seconds", config.getLong("bench.warm-up-seconds", 15, 0, 3600),
                0, 3600);
        final BenchTargets.Targets targets = new BenchTargets.Targets(config.getDouble("bench.target.overhead", 1, 1000),
                config.getDouble("bench.target.speed-up", 0.01, 1000));
        final List<String> masters = List.of(cl.get("--masters", String.join(",", CensusBench.DEFAULT_MASTERS)).split(",", -1));
        if (masters.contains("") || masters.size() != new java.util.HashSet<>(masters).size()) {
            throw new UsageException("--masters takes distinct master URLs separated by commas, got '"
                    + String.join(",", masters) + "'");
        }
        // All of them before any is timed: a bad second master would otherwise fail minutes into the run.
        masters.forEach(m -> CensusSession.checkMaster("--masters", m));
        final List<String> censuses = List.of(cl.get("--censuses", String.join(",", CensusBench.known())).split(","));
        for (String c : censuses) {
            if (!CensusBench.known().contains(c)) {
                throw new UsageException("unknown census '" + c + "' for 'bench': known are " + CensusBench.known());
            }
        }
        final CensusBench.Sizes sizes = benchSizes(cl, config, censuses);
        // Not the profile's warehouse setting: the bench's tables are scratch, kept out of a real warehouse unless asked.
        final Warehouse warehouse = Warehouse.at(cl.get("--out", "out"), cl.get("--warehouse", null));
        warehouse.checkWritable();
        final java.nio.file.Path dir = warehouse.out().resolve("bench");
        final CensusBench.Result result = CensusBench.run(sizes, censuses, masters,
                new CensusBench.WarmUp(warmUp, warmUpSeconds), repeat, dir, cl.has("--warehouse") ? warehouse : null,
                config.sparkSettings());
        final BenchBaseline.Comparison comparison = baseline == null ? null
                : BenchBaseline.compare(baseline, result.timings(), tolerance);
        final String report = result.report() + BenchTargets.markdown(result.timings(), masters, targets)
                + (comparison == null ? "" : comparison.markdown());
        Warehouse.writeAtomically(dir.resolve("report.csv"), BenchTiming.csv(result.timings()));
        Warehouse.writeAtomically(dir.resolve("report.md"), report);
        out.print(report);
        if (comparison != null && comparison.failed()) {
            throw new CensusFailure("bench slower than the baseline or other items (" + String.join("; ", comparison.failures())
                    + "); see " + dir.resolve("report.md"));
        }
        return 0;
    }

    /** A size option of the bench and the census it sizes. */
    private static final Map<String, String> BENCH_SIZE_OPTIONS = Map.of("--host", "switching", "--max-squares", "cram",
            "--board", "hex", "--max-edges", "lumberjack");

    /**
     * The bench's sizes: the profile's bench.* settings, or the options naming another size of a
     * census the bench runs; each census it runs is sized and refused as the run command sizes and
     * refuses it (size limits included).
     */
    private static CensusBench.Sizes benchSizes(CommandLine cl, CensusConfig config, List<String> censuses) {
        for (Map.Entry<String, String> o : new java.util.TreeMap<>(BENCH_SIZE_OPTIONS).entrySet()) {
            if (cl.has(o.getKey()) && !censuses.contains(o.getValue())) {
                throw new UsageException(o.getKey() + " sizes the " + o.getValue() + " census, which --censuses "
                        + String.join(",", censuses) + " leaves out");
            }
        }
        final String host = cl.get("--host", config.get("bench.switching.host", "K7"));
        final long squares = cl.getLong("--max-squares", config.getLong("bench.cram.max-squares", 11),
                Long.MIN_VALUE, Long.MAX_VALUE);
        final String board = cl.get("--board", config.get("bench.hex.board", "4x4"));
        final long edges = cl.getLong("--max-edges", config.getLong("bench.lumberjack.max-edges", 15),
                Long.MIN_VALUE, Long.MAX_VALUE);
        if (censuses.contains("switching")) {
            SwitchingJob.checkSize(host(host), config.getLong("switching.max-subgraphs", SwitchingJob.DEFAULT_MAX_SUBGRAPHS));
        }
        if (censuses.contains("cram")) {
            CramJob.checkSize(squares, config.getLong("cram.max-shapes", CramJob.DEFAULT_MAX_SHAPES));
        }
        if (censuses.contains("hex")) {
            HexJob.checkSize(HexJob.board(board), config.getLong("hex.max-table-entries", HexJob.DEFAULT_MAX_TABLE_ENTRIES));
        }
        if (censuses.contains("lumberjack")) {
            LumberjackJob.checkSize(edges, config.getLong("lumberjack.max-trees", LumberjackJob.DEFAULT_MAX_TREES));
        }
        // A census not run keeps whatever size the profile gives; it is never read.
        return new CensusBench.Sizes(host, (int) squares, board, (int) edges);
    }

    private static int publish(List<String> args, PrintStream out) {
        final CommandLine cl = new CommandLine("publish", args, Set.of("--out", "--warehouse", "--master", "--profile", "--partitions"),
                Set.of("--replace"));
        if (cl.help()) {
            out.println(PUBLISH_HELP);
            return 0;
        }
        if (!cl.words().isEmpty()) {
            throw new UsageException("unexpected argument '" + cl.words().get(0) + "' for 'publish'");
        }
        final int partitions = (int) cl.getLong("--partitions", 0, 1, 1_000_000);
        final CensusConfig config = CensusConfig.load(cl.get("--profile", "local"));
        final List<SwitchingHost> censused = new ArrayList<>();
        for (String spec : config.getList("publish.switching.hosts", "K5,K4,theta,grid2x3,path4")) {
            final SwitchingHost h = host(spec);
            SwitchingJob.checkSize(h, config.getLong("switching.max-subgraphs", SwitchingJob.DEFAULT_MAX_SUBGRAPHS));
            censused.add(h);
        }
        final List<SwitchingHost> decided = new ArrayList<>();
        for (String spec : config.getList("publish.switching.decide", "bridgit:2,bridgit:3,bridgit:4,bridgit:5")) {
            decided.add(host(spec));
        }
        final long budget = config.getLong("switching.solver-budget", SwitchingJob.DEFAULT_SOLVER_BUDGET);
        final java.nio.file.Path claimsFile = java.nio.file.Path.of(System.getProperty("census.conf.dir", "conf"),
                config.get("publish.claims", "essay-claims.csv"));
        if (!java.nio.file.Files.isRegularFile(claimsFile)) {
            throw new UsageException("no essay claims file at " + claimsFile + " (setting publish.claims)");
        }
        final long cramSquares = config.getLong("publish.cram.max-squares", CramJob.DEFAULT_MAX_SQUARES);
        CramJob.checkSize(cramSquares, config.getLong("cram.max-shapes", CramJob.DEFAULT_MAX_SHAPES));
        final List<HexBoard> hexBoards = new ArrayList<>();
        for (String spec : config.getList("publish.hex.boards", "2x2,2x3,2x4,3x2,3x3,3x4,4x2,4x3,4x4,3x5,5x3")) {
            final HexBoard b = HexJob.board(spec);
            HexJob.checkSize(b, config.getLong("hex.max-table-entries", HexJob.DEFAULT_MAX_TABLE_ENTRIES));
            hexBoards.add(b);
        }
        final List<String> hexSample = config.getList("publish.hex.sample", "4x4,3000,1");
        if (hexSample.size() != 3) {
            throw new UsageException("publish.hex.sample is BOARD,COUNT,SEED");
        }
        final HexBoard sampleBoard = HexJob.board(hexSample.get(0));
        try {
            Long.parseLong(hexSample.get(1));
            Long.parseLong(hexSample.get(2));
        } catch (NumberFormatException e) {
            throw new UsageException("publish.hex.sample is BOARD,COUNT,SEED with whole numbers, got " + hexSample);
        }
        final long lumberjackEdges = config.getLong("publish.lumberjack.max-edges", LumberjackJob.DEFAULT_MAX_EDGES);
        LumberjackJob.checkSize(lumberjackEdges, config.getLong("lumberjack.max-trees", LumberjackJob.DEFAULT_MAX_TREES));
        final long emptyCells = config.getLong("publish.hex.empty-board-cells", 20);
        final Warehouse warehouse = warehouse(cl, true);
        final SparkSession spark = CensusSession.create(cl.get("--master", null), "census publish", config.sparkSettings());
        openRun(warehouse, "census publish", cl.has("--replace"), out);
        // Everything publish writes, claimed before anything is computed: a refusal writes nothing.
        for (SwitchingHost h : censused) {
            SwitchingJob.claimCensus(warehouse, h);
        }
        if (!decided.isEmpty()) {
            SwitchingJob.claimDecided(warehouse, decided);
        }
        CramJob.claimCensus(warehouse, (int) cramSquares);
        for (HexBoard b : hexBoards) {
            for (HexBoard.Side first : HexBoard.Side.values()) {
                HexJob.claimCensus(warehouse, b, first, false);
            }
        }
        LumberjackJob.claimCensus(warehouse, (int) lumberjackEdges);
        HackenbushJob.claimCensus(warehouse, HackenbushJob.DEFAULT_MAX_VERTICES, HackenbushJob.DEFAULT_MAX_EDGES);
        HexJob.claimEmptyBoards(warehouse, (int) Math.min(emptyCells, HexBoard.MAX_CELLS));
        HexJob.claimSample(warehouse, sampleBoard, HexBoard.Side.DOWN, Long.parseLong(hexSample.get(1)),
                Long.parseLong(hexSample.get(2)));
        for (SwitchingHost h : censused) {
            out.println(SwitchingJob.census(spark, warehouse, h, partitions));
        }
        if (!decided.isEmpty()) {
            for (SwitchingJob.WholeHostDecisionRow d : SwitchingJob.decideAll(spark, warehouse, decided, budget)) {
                out.println(d);
            }
        }
        out.println(CramJob.census(spark, warehouse, (int) cramSquares, partitions));
        for (HexBoard b : hexBoards) {
            for (HexBoard.Side first : HexBoard.Side.values()) {
                out.println(HexJob.census(spark, warehouse, b, first, partitions));
            }
        }
        out.println(LumberjackJob.census(spark, warehouse, (int) lumberjackEdges, partitions));
        out.println(HackenbushJob.census(spark, warehouse, HackenbushJob.DEFAULT_MAX_VERTICES,
                HackenbushJob.DEFAULT_MAX_EDGES, partitions));
        out.println("hex empty boards: " + HexJob.emptyBoards(spark, warehouse, (int) Math.min(emptyCells, HexBoard.MAX_CELLS))
                + " boards of up to " + emptyCells + " cells decided");
        final long sampled = HexJob.sampleCensus(spark, warehouse, sampleBoard, HexBoard.Side.DOWN,
                Long.parseLong(hexSample.get(1)), Long.parseLong(hexSample.get(2)), partitions);
        out.println("hex sample on " + sampleBoard.name() + ": " + hexSample.get(1) + " positions, " + sampled + " winnable");
        final List<PublishedTable> tables = new ArrayList<>(SwitchingTables.publish(spark, warehouse));
        tables.addAll(CramTables.publish(spark, warehouse, (int) cramSquares));
        tables.addAll(HexTables.publish(spark, warehouse));
        tables.addAll(LumberjackTables.publish(spark, warehouse, (int) lumberjackEdges));
        tables.addAll(HackenbushJob.publish(spark, warehouse, HackenbushJob.DEFAULT_MAX_VERTICES,
                HackenbushJob.DEFAULT_MAX_EDGES));
        for (PublishedTable t : tables) {
            out.println("table " + warehouse.tablesDir().resolve(t.name() + ".md"));
        }
        final Publisher.Result page = Publisher.publish(spark, warehouse, tables, claimsFile);
        final java.util.Map<String, Long> byVerdict = new java.util.TreeMap<>();
        page.verdicts().forEach(v -> byVerdict.merge(v.verdict(), 1L, Long::sum));
        out.println(page.figures().size() + " figures in " + warehouse.out().resolve("figures"));
        out.println(page.verdicts().size() + " essay claims " + byVerdict + "; see " + warehouse.out().resolve("index.html"));
        return 0;
    }
}
