package org.gamecensus.jobs.cli;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Adds the HotSpot compiler directives that {@code bin/census} names in the system property
 * {@value #PROPERTY} (a file; {@code bin/lib/compiler-directives.json}) through the JVM's
 * diagnostic command {@code Compiler.directives_add}, on a daemon thread while the command starts.
 * Added so rather than by {@code -XX:CompilerDirectivesFile}, which prints a line on standard
 * output, the directives apply to every method compiled from then on. Best effort: a JVM without
 * the command (not HotSpot) or a missing file leaves the compilers as they are.
 */
final class CompilerDirectives {

    /** The system property naming the directives file. */
    static final String PROPERTY = "census.compiler.directives";

    private CompilerDirectives() {}

    /** Starts adding the directives of {@value #PROPERTY}, when it names a file. */
    static void addInBackground() {
        final String file = System.getProperty(PROPERTY, "");
        if (file.isEmpty() || !Files.isRegularFile(Path.of(file))) {
            return;
        }
        final Thread t = new Thread(() -> add(file), "compiler-directives");
        t.setDaemon(true);
        t.start();
    }

    /** Adds the directives of {@code file}; returns the command's answer, or null when it could not run. */
    static String add(String file) {
        try {
            return String.valueOf(ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "compilerDirectivesAdd",
                            new Object[] {new String[] {file}},
                            new String[] {String[].class.getName()}));
        } catch (JMException | RuntimeException e) {
            return null; // the compilers as they are
        }
    }
}
