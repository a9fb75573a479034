package org.gamecensus.jobs.cli;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The one line that says what was wrong with a command line picocli could not parse, in the words
 * of the rest of the command line ("unknown option --colour for 'run cram'", "option --host needs
 * a value", "option --host does not apply to the cram census").
 */
final class Messages {

    /** How picocli says a switch ({@code --replace}) was given a value ({@code --replace=yes}). */
    private static final Pattern SWITCH_WITH_VALUE = Pattern.compile("option '(-[^']+)' should be specified without");

    private Messages() {}

    static String of(ParameterException e) {
        final CommandLine c = e.getCommandLine();
        final String path = CensusCli.path(c);
        // The cases: an argument nothing takes; an option without its value; an option given
        // twice; a switch given a value; anything else in picocli's words, after the command.
        if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            return unmatched(c, path, u.getUnmatched().get(0));
        }
        if (e instanceof MissingParameterException m && !m.getMissing().isEmpty()) {
            final ArgSpec missing = m.getMissing().get(0);
            return missing instanceof OptionSpec o
                    ? "option " + o.longestName() + " needs a value"
                    : "'" + path + "' needs " + missing.paramLabel();
        }
        if (e instanceof OverwrittenOptionException o && o.getOverwritten() instanceof OptionSpec option) {
            return "option " + option.longestName() + " given twice";
        }
        if (e.getArgSpec() instanceof OptionSpec o && o.arity().max() == 0) {
            return "option " + o.longestName() + " takes no value";
        }
        final Matcher switchWithValue = SWITCH_WITH_VALUE.matcher(String.valueOf(e.getMessage()));
        if (switchWithValue.find()) {
            return "option " + switchWithValue.group(1) + " takes no value";
        }
        return "'" + path + "': " + e.getMessage();
    }

    private static String unmatched(CommandLine c, String path, String word) {
        if (c.getParent() == null) {
            return "unknown command '" + word + "' (census --help lists them)";
        }
        final boolean option = word.startsWith("-");
        if (!c.getSubcommands().isEmpty()) {
            // run and decide: the census is missing or unknown.
            final List<String> known = List.copyOf(c.getSubcommands().keySet());
            if (option) {
                return "'" + path + "' needs a census name before its options: census " + path + " NAME"
                        + " [OPTIONS], NAME one of " + String.join(", ", known);
            }
            return "unknown census '" + word + "' for '" + path + "': known censuses are " + String.join(", ", known);
        }
        if (!option) {
            return "unexpected argument '" + word + "' for '" + path + "'";
        }
        final String name = word.contains("=") ? word.substring(0, word.indexOf('=')) : word;
        // A census's command: an option of another census is named as such.
        final CommandLine group = c.getParent();
        if (group.getParent() != null
                && (group.getCommandSpec().userObject() instanceof CensusCli.Run
                        || group.getCommandSpec().userObject() instanceof CensusCli.Decide)) {
            for (CommandLine sibling : group.getSubcommands().values()) {
                if (sibling != c && sibling.getCommandSpec().findOption(name) != null) {
                    return "option " + name + " does not apply to the " + c.getCommandName() + " census";
                }
            }
        }
        return "unknown option " + name + " for '" + path + "' (see census " + path + " --help)";
    }
}
