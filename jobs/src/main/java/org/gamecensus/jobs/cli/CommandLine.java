package org.gamecensus.jobs.cli;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.gamecensus.jobs.census.UsageException;

/** The options and positional words of one command, checked against the options it accepts. */
final class CommandLine {

    private final Map<String, String> values = new HashMap<>();
    private final Set<String> flags = new java.util.HashSet<>();
    private final List<String> words = new ArrayList<>();
    private final boolean help;

    /**
     * @param args         the words after the command name
     * @param valued       options that take a value ({@code --out DIR})
     * @param command      the command, for messages
     */
    CommandLine(String command, List<String> args, Set<String> valued) {
        this(command, args, valued, Set.of());
    }

    /**
     * @param args         the words after the command name
     * @param valued       options that take a value ({@code --out DIR})
     * @param switches     options that take none ({@code --replace})
     * @param command      the command, for messages
     */
    CommandLine(String command, List<String> args, Set<String> valued, Set<String> switches) {
        boolean wantsHelp = false;
        for (int i = 0; i < args.size(); i++) {
            final String a = args.get(i);
            if (a.equals("--help") || a.equals("-h")) {
                wantsHelp = true;
            } else if (a.startsWith("--")) {
                final int eq = a.indexOf('=');
                final String name = eq > 0 ? a.substring(0, eq) : a;
                if (switches.contains(name)) {
                    if (eq > 0) {
                        throw new UsageException("option " + name + " takes no value");
                    }
                    if (!flags.add(name)) {
                        throw new UsageException("option " + name + " given twice");
                    }
                    continue;
                }
                if (!valued.contains(name)) {
                    throw new UsageException("unknown option " + name + " for '" + command + "' (see census " + command + " --help)");
                }
                final String value;
                if (eq > 0) {
                    value = a.substring(eq + 1);
                } else if (i + 1 < args.size() && !args.get(i + 1).startsWith("--")) {
                    value = args.get(++i);
                } else {
                    throw new UsageException("option " + name + " needs a value");
                }
                if (values.put(name, value) != null) {
                    throw new UsageException("option " + name + " given twice");
                }
            } else {
                words.add(a);
            }
        }
        this.help = wantsHelp;
    }

    boolean help() {
        return help;
    }

    List<String> words() {
        return words;
    }

    String get(String option, String fallback) {
        return values.getOrDefault(option, fallback);
    }

    boolean has(String option) {
        return values.containsKey(option) || flags.contains(option);
    }

    long getLong(String option, long fallback, long min, long max) {
        final String v = values.get(option);
        if (v == null) {
            return fallback;
        }
        final long n;
        try {
            n = Long.parseLong(v.replace("_", ""));
        } catch (NumberFormatException e) {
            throw new UsageException("option " + option + " takes a whole number, got '" + v + "'");
        }
        if (n < min || n > max) {
            throw new UsageException("option " + option + " must be " + min + ".." + max + ", got " + n);
        }
        return n;
    }
}
