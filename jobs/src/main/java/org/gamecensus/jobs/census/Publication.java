package org.gamecensus.jobs.census;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The published files of one command — tables, figures, the page — replaced in the output
 * directory as a set. Every file is first written under a staging directory beside them
 * ({@code out/.publishing-<millis>-<id>/}); only when all are written does {@link #commit} write a
 * ready mark listing the earlier files to remove (a table a smaller census no longer has, a figure
 * no longer drawn), then move each file in by one rename and remove those.
 *
 * <p>The cases a later command finds ({@link #recover}, oldest first): a staging directory whose
 * owner (its host, process and the process's start) still runs is left alone; one without the
 * ready mark is a command that died before its files were all written, and is deleted, the earlier
 * files untouched; one with the mark died, or failed, while it moved its files in, and its move is
 * finished.
 */
public final class Publication implements AutoCloseable {

    /** The staging directories' name prefix, in the output directory. */
    static final String PREFIX = ".publishing-";

    /** In a staging directory: every file is written; the lines name the files to remove. */
    static final String READY = "_READY";

    /** In a staging directory: who writes it (host, pid, pid_start), as a run's lease says. */
    static final String OWNER = "_OWNER";

    /**
     * The files a publication replaces, relative to the output directory: the tables ({@code .md},
     * {@code .csv}) and figures ({@code .svg}, {@code .png}, {@code figures.csv}) at the top of
     * their directories, and the page; nothing else there is ever removed.
     */
    private static final Pattern PUBLISHED =
            Pattern.compile("tables/[^/]+\\.(md|csv)|figures/[^/]+\\.(svg|png|csv)|index\\.html");

    /** The staging directories this JVM has open: never another command's leftovers. */
    private static final Set<Path> OPEN = ConcurrentHashMap.newKeySet();

    private final Path out;
    private final Path dir;
    private final Runnable onClose;
    private boolean ready;

    private Publication(Path out, Path dir, Runnable onClose) {
        this.out = out;
        this.dir = dir;
        this.onClose = onClose;
    }

    /**
     * Finishes or deletes what earlier commands left in {@code out} ({@link #recover}), then opens
     * a staging directory there.
     */
    public static Publication open(Path out) {
        return open(out, () -> {});
    }

    /** As {@link #open(Path)}; {@code onClose} runs when the publication closes. */
    static Publication open(Path out, Runnable onClose) {
        recover(out);
        final Path dir = out.resolve(
                String.format(Locale.ROOT, "%s%013d-%s", PREFIX, System.currentTimeMillis(), UUID.randomUUID()));
        try {
            Files.createDirectories(dir);
            OPEN.add(dir);
            Warehouse.writeAtomically(
                    dir.resolve(OWNER),
                    "host=" + WarehouseRun.HOST + "\npid="
                            + ProcessHandle.current().pid() + "\npid_start="
                            + WarehouseRun.startOf(ProcessHandle.current()) + "\n");
        } catch (IOException | RuntimeException e) {
            OPEN.remove(dir);
            throw new IllegalStateException("cannot write in " + out + ": " + e.getMessage(), e);
        }
        return new Publication(out, dir, onClose);
    }

    /** Where the files go until {@link #commit}: the output directory's layout, under the staging directory. */
    public Path dir() {
        return dir;
    }

    /**
     * Moves every staged file to its place in the output directory, then removes the published
     * files there ({@link #PUBLISHED}) that {@code replaced} accepts (by their path relative to the
     * output directory, '/'-separated) and this publication did not write. Once the ready mark is
     * written, a failure leaves the staging directory for the next command to finish.
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
        ready = true;
        moveIn(out, dir);
    }

    /**
     * Deletes the staging directory of a publication that never became ready (a failed command's);
     * one that did, and failed while moving in, stays for the next command to finish.
     */
    @Override
    public void close() {
        try {
            if (!ready) {
                deleteRecursively(dir);
            }
        } finally {
            OPEN.remove(dir);
            onClose.run();
        }
    }

    /**
     * Deals with the staging directories earlier commands left in {@code out}, oldest first: those
     * of a live owner, or of this JVM, stay; a ready one is moved in; any other is deleted.
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
            if (OPEN.contains(d) || ownerLive(d)) {
                continue;
            }
            if (Files.isRegularFile(d.resolve(READY))) {
                moveIn(out, d);
            } else {
                deleteRecursively(d);
            }
        }
    }

    /**
     * Whether the owner of a staging directory may still write in it, as {@link WarehouseRun#live}
     * decides for a run's lease; without its owner file, while the directory is younger than a lease.
     */
    private static boolean ownerLive(Path staging) {
        try {
            final Path owner = staging.resolve(OWNER);
            if (!Files.isRegularFile(owner)) {
                return System.currentTimeMillis()
                                - Files.getLastModifiedTime(staging).toMillis()
                        < WarehouseRun.leaseMillis();
            }
            final Properties p = new Properties();
            p.load(new StringReader(Files.readString(owner, StandardCharsets.UTF_8)));
            return WarehouseRun.live(
                    staging.getFileName().toString(),
                    p,
                    Files.getLastModifiedTime(owner).toMillis());
        } catch (IOException e) {
            return true; // unreadable: left alone, as a live one is
        }
    }

    /**
     * Moves the files of a ready staging directory into {@code out}, removes the published files
     * its mark lists, then deletes the directory: each step can be run again.
     */
    private static void moveIn(Path out, Path staging) {
        try {
            final List<String> stale = Files.readAllLines(staging.resolve(READY), StandardCharsets.UTF_8);
            for (String f : files(staging)) {
                if (PUBLISHED.matcher(f).matches()) {
                    move(staging.resolve(f), out.resolve(f));
                }
            }
            for (String f : stale) {
                if (PUBLISHED.matcher(f).matches()) {
                    Files.deleteIfExists(out.resolve(f));
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot publish into " + out + " (the next run or publish finishes it): "
                            + e.getClass().getSimpleName() + " " + e.getMessage(),
                    e);
        }
        deleteRecursively(staging);
    }

    /**
     * Moves a file to {@code target} by one atomic rename; where {@code target}'s directory is on
     * another file system (a link to elsewhere), copies it beside the target first, then renames.
     */
    private static void move(Path file, Path target) throws IOException {
        Files.createDirectories(target.getParent());
        try {
            Files.move(file, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            final Path copy = target.resolveSibling("." + target.getFileName() + "." + UUID.randomUUID() + ".tmp");
            Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING);
            Files.move(copy, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            Files.delete(file);
        }
    }

    /**
     * The published files of {@code out} ({@link #PUBLISHED}), relative and '/'-separated: the
     * tables and figures at the top of {@code tables/} and {@code figures/} (links followed), and
     * {@code index.html}.
     */
    static List<String> published(Path out) {
        final List<String> all = new ArrayList<>();
        for (String d : List.of("tables", "figures")) {
            if (!Files.isDirectory(out.resolve(d))) {
                continue;
            }
            try (Stream<Path> s = Files.list(out.resolve(d))) {
                s.map(p -> d + "/" + p.getFileName())
                        .filter(f -> PUBLISHED.matcher(f).matches() && Files.isRegularFile(out.resolve(f)))
                        .forEach(all::add);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + out.resolve(d), e);
            }
        }
        if (Files.isRegularFile(out.resolve("index.html"))) {
            all.add("index.html");
        }
        all.sort(null);
        return all;
    }

    /** The regular files under {@code root}, relative and '/'-separated, in name order; one gone meanwhile left out. */
    static List<String> files(Path root) {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        final List<String> found = new ArrayList<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path f, BasicFileAttributes attrs) {
                    if (attrs.isRegularFile()) {
                        found.add(root.relativize(f).toString().replace('\\', '/'));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path f, IOException e) throws IOException {
                    if (e instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE;
                    }
                    throw e;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root, e);
        }
        found.sort(null);
        return found;
    }

    /** Deletes {@code root} and everything under it (nothing when it is missing). */
    private static void deleteRecursively(Path root) {
        WarehouseFiles.deleteRecursively(WarehouseFiles.uri(root.toString()));
    }
}
