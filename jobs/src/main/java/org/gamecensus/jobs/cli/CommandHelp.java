package org.gamecensus.jobs.cli;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.gamecensus.jobs.census.UsageException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code census help [COMMAND [CENSUS]]}: the help of the command the words name, as its {@code
 * --help} prints it, down to a census ({@code help run hex}); an unknown word is bad input. Not
 * picocli's own help command, which takes one word only and shows the parent's help past it.
 */
@Command(name = "help", header = "show the help of a command")
final class CommandHelp implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(
            paramLabel = "COMMAND",
            arity = "0..*",
            completionCandidates = Commands.class,
            description = "a command, then a census: e.g. help run hex")
    List<String> words = new ArrayList<>();

    /** The commands {@code help} completes to: the root's, as listed in its help. */
    static final class Commands implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return CensusCli.commandLine().getSubcommands().entrySet().stream()
                    .filter(c -> !c.getValue().getCommandSpec().usageMessage().hidden())
                    .map(Map.Entry::getKey)
                    .filter(name -> !name.equals("help"))
                    .iterator();
        }
    }

    @Override
    public Integer call() {
        CommandLine command = spec.parent().commandLine();
        final List<String> path = new ArrayList<>(List.of(command.getCommandName()));
        for (String word : words) {
            final CommandLine next = command.getSubcommands().get(word);
            if (next == null || next.getCommandSpec().usageMessage().hidden()) {
                throw new UsageException("unknown command '" + word + "' for '" + String.join(" ", path) + "' ("
                        + String.join(" ", path) + " --help lists them)");
            }
            path.add(word);
            command = next;
        }
        command.usage(spec.commandLine().getOut());
        return 0;
    }
}
