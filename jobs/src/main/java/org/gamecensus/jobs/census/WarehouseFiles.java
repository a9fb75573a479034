package org.gamecensus.jobs.census;

import java.io.File;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.security.AccessControlException;
import org.apache.spark.sql.SparkSession;

/**
 * The warehouse's small files (schemas, manifests) and listings on any Hadoop file system
 * ({@code file:}, {@code hdfs:}, {@code s3a:}, …), addressed by URI strings, with the Hadoop
 * configuration of the active Spark session when there is one (credentials, endpoints).
 */
final class WarehouseFiles {

    /** Hadoop's setting of the class of the {@code file:} file system. */
    static final String LOCAL_IMPL = "fs.file.impl";

    private static final URI LOCAL_ROOT = URI.create("file:///");

    /** The raw local file systems made so far, by the class a configuration named ({@link #local}). */
    private static final ConcurrentMap<String, FileSystem> LOCAL = new ConcurrentHashMap<>();

    /** The schemes of the file systems Hadoop serves read-only: http(s) cannot list or write, nor a Hadoop archive. */
    private static final Set<String> READ_ONLY_SCHEMES = Set.of("http", "https", "har");

    private WarehouseFiles() {}

    /**
     * A Hadoop path for {@code location}: URIs pass through; a local path becomes an absolute {@code
     * file:} path. Not a {@link java.net.URI}'s text: Hadoop's {@link Path} escapes the path itself,
     * so {@code %20} for a space would name a directory {@code %20}.
     */
    static String uri(String location) {
        if (isUri(location) && !location.matches("^[A-Za-z]:\\\\.*")) {
            return location.endsWith("/") && location.length() > 1
                    ? location.substring(0, location.length() - 1)
                    : location;
        }
        final String absolute =
                Paths.get(location).toAbsolutePath().normalize().toString().replace(File.separatorChar, '/');
        return "file:" + (absolute.startsWith("/") ? "" : "/") + absolute;
    }

    /** Whether {@code location} starts with a scheme ({@code file:}, {@code hdfs:}, …). */
    static boolean isUri(String location) {
        return location.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*");
    }

    /** {@code path} relative to the directory {@code root} (however either spells its scheme), or null when outside it. */
    static String relative(String root, String path) {
        final URI r = new Path(root).toUri();
        final URI q = new Path(path).toUri();
        final String prefix = r.getPath().endsWith("/") ? r.getPath() : r.getPath() + "/";
        return Objects.equals(r.getScheme(), q.getScheme())
                        && Objects.equals(authority(r), authority(q))
                        && q.getPath().startsWith(prefix)
                        && q.getPath().length() > prefix.length()
                ? q.getPath().substring(prefix.length())
                : null;
    }

    private static String authority(URI u) {
        return u.getAuthority() == null ? "" : u.getAuthority();
    }

    static String child(String uri, String name) {
        return uri + "/" + name;
    }

    private static FileSystem fs(String uri) {
        return fs(uri, configuration());
    }

    /** The Hadoop configuration of this thread's active Spark session, else Hadoop's defaults. */
    static Configuration configuration() {
        return SparkSession.getActiveSession().isDefined()
                ? SparkSession.getActiveSession().get().sparkContext().hadoopConfiguration()
                : new Configuration();
    }

    /** The file system of {@code uri} under {@code conf} (on an executor, the driver's configuration shipped). */
    static FileSystem fs(String uri, Configuration conf) {
        try {
            final URI u = new Path(uri).toUri();
            // Local files without Hadoop's .crc side files, and renamed over atomically.
            return "file".equals(u.getScheme()) ? local(conf) : FileSystem.get(u, conf);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the file system of " + uri + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            // A scheme the configuration names a class for that is not on the class path (s3a: without
            // the hadoop-aws jar): Hadoop's Configuration.getClass wraps the ClassNotFoundException.
            if (e.getCause() instanceof ClassNotFoundException) {
                final String hint = uri.startsWith("s3a:") ? " (s3a needs the hadoop-aws jar, docs/cluster.md)" : "";
                throw new UncheckedIOException(
                        "cannot open the file system of " + uri + ": "
                                + e.getCause().getMessage() + " on the class path" + hint,
                        new IOException(e));
            }
            throw e;
        }
    }

    /**
     * The raw local file system of the class {@code conf} names ({@code fs.file.impl}), one per
     * class and JVM. Not Hadoop's {@link FileSystem#getLocal}: Hadoop keeps one local file system
     * per user, made under whichever configuration asked first, so a warehouse looked at before the
     * Spark session exists ({@code --warehouse DIR}, under Hadoop's defaults) would leave Hadoop's
     * own local file system to the whole run, the session's {@link NioPermissionLocalFileSystem}
     * unused, and a {@code chmod} forked for every file and directory the census writes.
     */
    private static FileSystem local(Configuration conf) throws IOException {
        final String impl = conf.get(LOCAL_IMPL, LocalFileSystem.class.getName());
        final FileSystem known = LOCAL.get(impl);
        if (known != null) {
            return known;
        }
        final FileSystem fs = FileSystem.newInstance(LOCAL_ROOT, conf);
        if (!(fs instanceof LocalFileSystem)) {
            fs.close();
            throw new IOException(LOCAL_IMPL + " " + impl + " is not a Hadoop LocalFileSystem");
        }
        final FileSystem raw = ((LocalFileSystem) fs).getRaw();
        final FileSystem first = LOCAL.putIfAbsent(impl, raw);
        return first != null ? first : raw;
    }

    /** Whether this user may write in the directory {@code uri}, as its file system judges (true when it cannot tell). */
    static boolean writable(String uri) {
        try {
            fs(uri).access(new Path(uri), FsAction.WRITE);
            return true;
        } catch (AccessControlException e) {
            return false;
        } catch (IOException | UnsupportedOperationException e) {
            return true; // the file system cannot say; a failed write reports it
        }
    }

    /** Whether {@code fs} is the local file system (which replaces a file by a rename, atomically). */
    private static boolean isLocal(FileSystem fs) {
        return fs instanceof RawLocalFileSystem || fs instanceof LocalFileSystem;
    }

    static boolean exists(String uri) {
        return status(uri) != null;
    }

    static boolean isDirectory(String uri) {
        final FileStatus s = status(uri);
        return s != null && s.isDirectory();
    }

    static boolean isFile(String uri) {
        final FileStatus s = status(uri);
        return s != null && s.isFile();
    }

    /**
     * The scheme of {@code uri}, in lower case, when it names a file system Hadoop serves read-only
     * (a warehouse can be on none); else null.
     */
    static String readOnlyScheme(String uri) {
        final String scheme = new Path(uri).toUri().getScheme();
        final String lower = scheme == null ? null : scheme.toLowerCase(Locale.ROOT);
        return lower != null && READ_ONLY_SCHEMES.contains(lower) ? lower : null;
    }

    /** The status of a path, or null when there is nothing there. */
    static FileStatus status(String uri) {
        try {
            return fs(uri).getFileStatus(new Path(uri));
        } catch (FileNotFoundException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The entries of a directory as (name, is directory, length), in name order; empty when it is missing. */
    static List<FileStatus> list(String dirUri) {
        try {
            final FileStatus[] all = fs(dirUri).listStatus(new Path(dirUri));
            final List<FileStatus> out = new ArrayList<>(List.of(all));
            out.sort((a, b) -> a.getPath().getName().compareTo(b.getPath().getName()));
            return out;
        } catch (FileNotFoundException e) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dirUri + ": " + e.getMessage(), e);
        }
    }

    static String readString(String uri) throws IOException {
        try (InputStream in = fs(uri).open(new Path(uri))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The entries of a properties file (a manifest). */
    static Properties readProperties(String uri) {
        try {
            return Manifests.parse(readString(uri));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + uri + ": " + e.getMessage(), e);
        }
    }

    /**
     * CRC-32 of a file's bytes, under {@code conf} (on an executor, the driver's configuration
     * shipped); -1 when it cannot be read.
     */
    static long crc(String uri, Configuration conf) {
        final CRC32 crc = new CRC32();
        try (InputStream in = fs(uri, conf).open(new Path(uri))) {
            final byte[] buf = new byte[1 << 16];
            for (int n; (n = in.read(buf)) > 0; ) {
                crc.update(buf, 0, n);
            }
        } catch (IOException e) {
            return -1;
        }
        return crc.getValue();
    }

    /**
     * Writes a small text file through a hidden temporary of its own and a rename, so a reader
     * never sees half of it and two writers of the same file never share a temporary: an atomic
     * replacement on the local file system and on HDFS (a rename with overwrite); elsewhere the
     * old file is deleted first (object stores copy; readers skip the hidden name). The temporary
     * is named after {@code writer} (a run's id: {@code .<name>.<writer>.<random>.tmp}), so that
     * one a killed writer leaves is known as its ({@link #isTemporaryOf}).
     */
    static void writeAtomically(String uri, String text, String writer) {
        final FileSystem fs = fs(uri);
        final Path file = new Path(uri);
        final Path tmp = new Path(
                file.getParent(),
                "." + file.getName() + "." + writer + "."
                        + UUID.randomUUID().toString().substring(0, 8) + ".tmp");
        try {
            try (OutputStream out = fs.create(tmp, true)) { // which makes the directory, if need be
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
            // Cases: HDFS (a rename that replaces, atomically), the local file system (rename(2)
            // replaces a file atomically), any other (the old file deleted, then the rename).
            if (fs instanceof DistributedFileSystem dfs) {
                dfs.rename(tmp, file, Options.Rename.OVERWRITE);
                return;
            }
            if (!isLocal(fs) && fs.exists(file)) {
                fs.delete(file, false);
            }
            if (!fs.rename(tmp, file)) {
                throw new IOException("rename of " + tmp + " failed");
            }
        } catch (IOException e) {
            try {
                fs.delete(tmp, false);
            } catch (IOException | RuntimeException ignored) {
                // left for the recovery of this writer's run, which knows it by its name
            }
            throw new UncheckedIOException("cannot write " + uri + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@code name} is a temporary of {@link #writeAtomically} by {@code writer}. */
    static boolean isTemporaryOf(String name, String writer) {
        return name.startsWith(".") && name.endsWith(".tmp") && name.contains("." + writer + ".");
    }

    /** The writer of a temporary of {@link #writeAtomically} ({@code .<name>.<writer>.<random>.tmp}), or null. */
    static String writerOf(String name) {
        if (!name.startsWith(".") || !name.endsWith(".tmp")) {
            return null;
        }
        final String[] parts =
                name.substring(0, name.length() - ".tmp".length()).split("\\.");
        return parts.length >= 4 ? parts[parts.length - 2] : null;
    }

    /** The text of a small file, or null when there is none. */
    static String readIfPresent(String uri) {
        try {
            return readString(uri);
        } catch (FileNotFoundException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + uri + ": " + e.getMessage(), e);
        }
    }

    /**
     * Renews a file's modification time (a lease's heartbeat), under {@code conf} (another
     * thread's): by setting it where the file system can (local, HDFS), else by writing the file
     * again (an object store's PUT replaces an object whole, and dates it).
     */
    static void touch(String uri, long millis, Configuration conf) {
        try {
            final FileSystem fs = fs(uri, conf);
            if (!(isLocal(fs) || fs instanceof DistributedFileSystem)) {
                final byte[] text;
                try (InputStream in = fs.open(new Path(uri))) {
                    text = in.readAllBytes();
                }
                try (OutputStream out = fs.create(new Path(uri), true)) {
                    out.write(text);
                }
                return;
            }
            fs.setTimes(new Path(uri), millis, -1);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot touch " + uri + ": " + e.getMessage(), e);
        }
    }

    /**
     * Renames {@code from} (a file or a directory) to {@code to}, which must not exist yet (a
     * directory there would receive {@code from} inside it), making {@code to}'s parent first.
     *
     * @throws UncheckedIOException when the rename is refused
     */
    static void rename(String from, String to) {
        if (exists(to)) {
            throw new UncheckedIOException(
                    "cannot move " + from + " to " + to + ": it exists already", new IOException());
        }
        renameChecked(from, to);
    }

    /** As {@link #rename}, when the caller has seen that {@code to} does not exist. */
    static void renameChecked(String from, String to) {
        final FileSystem fs = fs(to);
        try {
            final Path target = new Path(to);
            // The directory first: Hadoop's local file system, finding none, would copy rather than rename.
            fs.mkdirs(target.getParent());
            if (!fs.rename(new Path(from), target)) {
                throw new IOException("the file system refused the rename");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + from + " to " + to + ": " + e.getMessage(), e);
        }
    }

    /** Deletes a directory and everything in it (nothing when it is missing). */
    static void deleteRecursively(String uri) {
        try {
            fs(uri).delete(new Path(uri), true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + uri + ": " + e.getMessage(), e);
        }
    }

    /**
     * Deletes a directory if it exists and is empty; whether it is gone now (false when it holds
     * something, or something was put in it meanwhile).
     */
    static boolean deleteIfEmpty(String uri) {
        try {
            final FileSystem fs = fs(uri);
            final Path path = new Path(uri);
            if (!fs.exists(path)) {
                return true;
            }
            return fs.listStatus(path).length == 0 && fs.delete(path, false);
        } catch (FileNotFoundException e) {
            return true;
        } catch (IOException e) {
            return false; // not empty after all (another run's file arrived), or not ours to delete
        }
    }
}
