package org.gamecensus.jobs.cli;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.spark.sql.SparkSession;
import org.gamecensus.jobs.Censuses;
import org.gamecensus.jobs.census.Census;
import org.gamecensus.jobs.census.CensusFailure;
import org.gamecensus.jobs.census.OpenRun;
import org.gamecensus.jobs.census.StatusLine;
import org.gamecensus.jobs.census.UsageException;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The {@code census} command line, on picocli: {@code run NAME}, {@code decide NAME}, {@code sql},
 * {@code publish}, {@code verify} and {@code bench}; the censuses come from {@link Censuses}, and
 * each command's help is made from its declared options, so it cannot drift from them. Bad input
 * is one line on stderr and exit code 2, checked before anything is written; a census whose two
 * computations disagree exits 1 and publishes nothing; any other failure exits 3.
 */
public final class CensusCli {

    /** Exit codes: done; a census failed its check (nothing published), the bench slid, or verify found problems. */
    public static final int DONE = 0;

    public static final int FAILED = 1;
    /** Bad input or a refusal: nothing written. */
    public static final int BAD_INPUT = 2;
    /** Any other failure (an I/O error): nothing of the run published, unless its commit was decided, which the next run completes. */
    public static final int ERROR = 3;

    static final String EXIT_CODES = "Exit codes: 0 done; 1 a census's two computations disagree (nothing published),"
            + " the bench slid from its baseline, or verify found problems; 2 bad input or a refusal (nothing written);"
            + " 3 any other failure (an I/O error; a decided commit is completed by the next run).";

    /** The root command: a command must follow. */
    @Command(
            name = "census",
            description = "Exhaustive censuses of small combinatorial games on Apache Spark: every item"
                    + " decided twice, by methods that share no code.")
    static final class Root implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new UsageException("no command given (census --help lists them)");
        }
    }

    /** {@code census run}: a census name must follow. */
    @Command(
            name = "run",
            header = "run one census into the warehouse and write its tables",
            description = "Runs one census, checks that its two computations agree on every item, commits"
                    + " its rows to the warehouse atomically and writes its published tables. Every run claims its partitions"
                    + " first (a partition another run holds is refused, exit 2, naming it); a partition computed from other"
                    + " parameters or another schema version is not replaced unless --replace.")
    static final class Run implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new UsageException("'run' needs a census name: " + String.join(", ", Censuses.names()));
        }
    }

    /** {@code census decide}: a census name must follow. */
    @Command(
            name = "decide",
            header = "decide one whole item (a host, an empty board); writes nothing",
            description = "Decides one whole item of a census (a host, an empty board) and prints the"
                    + " verdict; writes nothing.")
    static final class Decide implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new UsageException("'decide' needs a census name: " + String.join(", ", decidable()));
        }
    }

    private CensusCli() {}

    public static void main(String[] args) {
        // Numbers in file names, queries, tables and figures are written one way on every host.
        Locale.setDefault(Locale.ROOT);
        CompilerDirectives.addInBackground();
        StatusLine.install(System.err);
        final int code;
        try {
            code = run(args, System.out, System.err);
        } finally {
            StatusLine.uninstall();
        }
        final SparkSession active = SparkSession.getActiveSession().isDefined()
                ? SparkSession.getActiveSession().get()
                : null;
        if (active != null) {
            active.stop();
        }
        // A driver in YARN's cluster mode runs inside the application master, which reports the
        // application's status when main returns; an exit would report a failure whatever the code.
        if (code == DONE
                && "yarn".equals(System.getProperty("spark.master"))
                && "cluster".equals(System.getProperty("spark.submit.deployMode"))) {
            return;
        }
        System.exit(code);
    }

    /**
     * {@code args} with the query of {@code sql} moved last, after {@code --} (the end of the
     * options), when it opens with a SQL comment ({@code -- note}, then the query): an argument
     * that starts with {@code --} and has white space before any {@code =}, which no option has.
     * Without it picocli takes the query for an unknown option; moved last, the options after it
     * are still read as options.
     */
    static String[] sqlCommentsAsQueries(String[] args) {
        if (args.length == 0 || !args[0].equals("sql")) {
            return args;
        }
        for (int i = 1; i < args.length; i++) {
            if (args[i].equals("--")) {
                return args;
            }
            final String name = args[i].split("=", 2)[0];
            if (args[i].startsWith("--") && name.chars().anyMatch(Character::isWhitespace)) {
                final List<String> moved = new ArrayList<>(List.of(args));
                final String query = moved.remove(i);
                moved.add("--");
                moved.add(query);
                return moved.toArray(new String[0]);
            }
        }
        return args;
    }

    /**
     * Runs one command; returns its exit code ({@link #DONE}, {@link #FAILED}, {@link #BAD_INPUT},
     * {@link #ERROR}). Leaves any SparkSession it used running; ends the warehouse run the
     * command opened.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        // The command's lines print above the status line (on a terminal), which they first clear.
        final PrintWriter outWriter =
                new PrintWriter(new OutputStreamWriter(StatusLine.above(out), StandardCharsets.UTF_8), true);
        final PrintWriter errWriter =
                new PrintWriter(new OutputStreamWriter(StatusLine.above(err), StandardCharsets.UTF_8), true);
        final CommandLine census = commandLine();
        census.setOut(outWriter);
        census.setErr(errWriter);
        census.setParameterExceptionHandler((e, a) -> {
            errWriter.println("census: " + oneLine(Messages.of(e)));
            return BAD_INPUT;
        });
        // Whether the command threw (its failure already said) rather than returned its code.
        final boolean[] threw = {false};
        census.setExecutionExceptionHandler((e, cl, parsed) -> {
            threw[0] = true;
            return exitCode(e, errWriter);
        });
        int code = ERROR;
        Throwable error = null;
        try {
            code = census.execute(sqlCommentsAsQueries(args));
        } catch (Error e) { // out of memory, a failed assertion: the run is ended all the same
            error = e;
            throw e;
        } finally {
            outWriter.flush();
            try {
                OpenRun.close();
            } catch (RuntimeException e) {
                if (error != null) {
                    error.addSuppressed(e);
                } else if (!threw[0]) {
                    // A command that returned its code fails on a run it could not end.
                    code = exitCode(e, errWriter);
                }
            }
        }
        errWriter.flush();
        return code;
    }

    /** The whole command tree: the commands, and under run and decide every census that has them. */
    static CommandLine commandLine() {
        final CommandLine root = new CommandLine(new Root());
        final CommandLine run = new CommandLine(new Run());
        final CommandLine decide = new CommandLine(new Decide());
        for (Census c : Censuses.ALL) {
            run.addSubcommand(c.name(), c.runCommand());
            run.getSubcommands().get(c.name()).getCommandSpec().usageMessage().header(c.description());
            if (c.decideCommand() != null) {
                decide.addSubcommand(c.name(), c.decideCommand());
            }
        }
        root.addSubcommand("run", run);
        root.addSubcommand("decide", decide);
        final CommandLine sql = new CommandLine(new SqlCommand());
        sql.getCommandSpec().usageMessage().footerHeading("%n").footer(SqlCommand.views());
        root.addSubcommand("sql", sql);
        root.addSubcommand("publish", new PublishCommand());
        root.addSubcommand("verify", new VerifyCommand());
        root.addSubcommand("bench", BenchCommand.commandLine());
        root.addSubcommand("help", new CommandHelp());
        final CommandLine completion = new CommandLine(new AutoComplete.GenerateCompletion());
        completion.getCommandSpec().usageMessage().hidden(true);
        root.addSubcommand("generate-completion", completion);
        root.setExpandAtFiles(false);
        styleEveryCommand(root);
        return root;
    }

    /** Every command: the same help option, synopsis heading, and the exit codes below the root's help. */
    private static void styleEveryCommand(CommandLine c) {
        final CommandSpec spec = c.getCommandSpec();
        if (spec.findOption("--help") == null) {
            spec.addOption(OptionSpec.builder("-h", "--help")
                    .usageHelp(true)
                    .description("show this help and exit")
                    .build());
        }
        // The header names a command in its parent's list of commands; its own help starts with the usage.
        final List<String> sections = new ArrayList<>(c.getHelpSectionKeys());
        sections.removeAll(List.of(
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER_HEADING,
                CommandLine.Model.UsageMessageSpec.SECTION_KEY_HEADER));
        c.setHelpSectionKeys(sections);
        spec.usageMessage()
                .synopsisHeading("usage: ")
                .optionListHeading("%nOptions:%n")
                .commandListHeading("%nCommands:%n")
                .width(100);
        if (c.getParent() == null) {
            spec.usageMessage().footerHeading("%n").footer(EXIT_CODES);
        }
        for (CommandLine sub : c.getSubcommands().values()) {
            styleEveryCommand(sub);
        }
    }

    /** The censuses that {@code decide} takes. */
    static List<String> decidable() {
        final List<String> names = new ArrayList<>();
        for (Census c : Censuses.ALL) {
            if (c.decideCommand() != null) {
                names.add(c.name());
            }
        }
        return names;
    }

    /** The exit code of a command that threw {@code e}, its one line written to {@code err}. */
    static int exitCode(Exception e, PrintWriter err) {
        final Throwable root = rootCause(e);
        final Throwable known = e instanceof UsageException || e instanceof CensusFailure ? e : root;
        if (known instanceof CensusFailure) {
            err.println("census: FAILED: " + oneLine(known.getMessage()));
            return FAILED;
        }
        if (known instanceof UsageException) {
            err.println("census: " + oneLine(known.getMessage()));
            return BAD_INPUT;
        }
        // Our own failures say what happened and what comes next; anything else by its root cause.
        final Throwable shown = e instanceof IllegalStateException || e instanceof UncheckedIOException ? e : root;
        err.println(
                "census: error: " + oneLine(shown.getMessage() == null ? String.valueOf(shown) : shown.getMessage()));
        return ERROR;
    }

    private static Throwable rootCause(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    static String oneLine(String message) {
        return message == null ? "" : message.replace('\n', ' ').strip();
    }

    /** The first line of {@code message} that is not blank, stripped ("" when none). */
    static String firstLine(String message) {
        return message == null
                ? ""
                : message.lines()
                        .map(String::strip)
                        .filter(l -> !l.isEmpty())
                        .findFirst()
                        .orElse("");
    }

    /** The path of a command below the root ({@code run cram}), for messages. */
    static String path(CommandLine c) {
        final List<String> names = new ArrayList<>();
        for (CommandLine at = c; at != null && at.getParent() != null; at = at.getParent()) {
            names.add(0, at.getCommandName());
        }
        return String.join(" ", names);
    }
}
