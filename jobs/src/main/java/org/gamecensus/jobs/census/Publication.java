package org.gamecensus.jobs.census;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * The published files of one command — tables, figures, the page — replaced in the output
 * directory as a set. Every file is first written under a staging directory beside them
 * ({@code out/.publishing-<pid>-<id>/}, the same file system); only when all are written does
 * {@link #commit} move them in, one atomic rename each, and remove the earlier files of the same
 * kind it did not write again (a table a smaller census no longer has, a figure no longer drawn).
 *
 * <p>A command killed while it computes leaves the earlier set whole, and its staging directory,
 * which the next command deletes. One killed while it moves files in (a few milliseconds) leaves
 * a ready mark in its staging directory, listing the files to remove: the next command finishes
 * the move before it publishes anything ({@link #open}).
 */
public final class Publication implements AutoCloseable {

    /** The staging directories' name prefix, in the output directory. */
    static final String PREFIX = ".publishing-";

    /** In a staging directory: all files are written; the lines name the files to remove. */
    static final String READY = "_READY";

    private final Path out;
    private final Path dir;
    private final Runnable onClose;
    private boolean committed;

    private Publication(Path out, Path dir, Runnable onClose) {
        this.out = out;
        this.dir = dir;
        this.onClose = onClose;
    }

    /**
     * Finishes or deletes what killed commands left in {@code out} (those of a process still
     * running aside), then opens a staging directory there.
     */
    public static Publication open(Path out) {
        return open(out, () -> {});
    }

    /** As {@link #open(Path)}; {@code onClose} runs when the publication closes. */
    static Publication open(Path out, Runnable onClose) {
        recover(out);
        final Path dir = out.resolve(PREFIX + ProcessHandle.current().pid() + "-" + UUID.randomUUID());
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write in " + out + ": " + e.getMessage(), e);
        }
        return new Publication(out, dir, onClose);
    }

    /** Where the files go until {@link #commit}: the output directory's layout, under the staging directory. */
    public Path dir() {
        return dir;
    }

    /**
     * Moves every staged file to its place in the output directory, then removes the files there
     * that {@code replaced} accepts (by their path relative to the output directory, '/'-separated)
     * and this publication did not write.
     */
    public void commit(Predicate<String> replaced) {
        final List<String> staged = files(dir);
        final List<String> stale = new ArrayList<>();
        for (String f : published(out)) {
            if (replaced.test(f) && !staged.contains(f)) {
                stale.add(f);
            }
        }
        Warehouse.writeAtomically(dir.resolve(READY), String.join("\n", stale));
        moveIn(out, dir);
        committed = true;
    }

    /** Deletes the staging directory of a publication not committed (a failed command's). */
    @Override
    public void close() {
        try {
            if (!committed) {
                deleteRecursively(dir);
            }
        } finally {
            onClose.run();
        }
    }

    /**
     * The staging directories killed commands left in {@code out}: each with its ready mark
     * moved in (its files, then its removals), each without deleted; a live process's left alone.
     */
    static void recover(Path out) {
        if (!Files.isDirectory(out)) {
            return;
        }
        final List<Path> left;
        try (Stream<Path> s = Files.list(out)) {
            left = s.filter(p -> p.getFileName().toString().startsWith(PREFIX) && Files.isDirectory(p))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + out, e);
        }
        for (Path d : left) {
            if (ownerRunning(d.getFileName().toString())) {
                continue;
            }
            if (Files.isRegularFile(d.resolve(READY))) {
                moveIn(out, d);
            } else {
                deleteRecursively(d);
            }
        }
    }

    /** Whether the process that named a staging directory (by its pid) runs still, this one aside. */
    private static boolean ownerRunning(String name) {
        final String rest = name.substring(PREFIX.length());
        final int dash = rest.indexOf('-');
        try {
            final long pid = Long.parseLong(dash < 0 ? rest : rest.substring(0, dash));
            return pid != ProcessHandle.current().pid()
                    && ProcessHandle.of(pid).filter(WarehouseRun::running).isPresent();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * Moves the files of a ready staging directory into {@code out}, removes those its mark
     * lists, then deletes the directory (the mark last): each step can be run again.
     */
    private static void moveIn(Path out, Path staging) {
        try {
            final List<String> stale = Files.readAllLines(staging.resolve(READY), StandardCharsets.UTF_8);
            for (String f : files(staging)) {
                if (f.equals(READY)) {
                    continue;
                }
                final Path target = out.resolve(f);
                Files.createDirectories(target.getParent());
                Files.move(
                        staging.resolve(f),
                        target,
                        StandardCopyOption.REPLACE_EXISTING,
                        StandardCopyOption.ATOMIC_MOVE);
            }
            for (String f : stale) {
                if (!f.isBlank()) {
                    Files.deleteIfExists(out.resolve(f));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot publish into " + out + ": " + e.getMessage(), e);
        }
        deleteRecursively(staging);
    }

    /**
     * The files of {@code out} a publication may replace: those under {@code tables/} and
     * {@code figures/}, and {@code index.html}.
     */
    static List<String> published(Path out) {
        final List<String> all = new ArrayList<>();
        for (String d : List.of("tables", "figures")) {
            files(out.resolve(d)).forEach(f -> all.add(d + "/" + f));
        }
        if (Files.isRegularFile(out.resolve("index.html"))) {
            all.add("index.html");
        }
        return all;
    }

    /** The regular files under {@code root}, relative and '/'-separated, in name order. */
    static List<String> files(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        final List<String> out = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile()) {
                        out.add(root.relativize(f).toString().replace('\\', '/'));
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
        out.sort(null);
        return out;
    }

    private static void deleteRecursively(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p :
                    s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }
}
