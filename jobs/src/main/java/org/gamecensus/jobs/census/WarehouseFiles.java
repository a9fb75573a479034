package org.gamecensus.jobs.census;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;

/**
 * The warehouse's small files (schemas, manifests) and listings on any Hadoop file system
 * ({@code file:}, {@code hdfs:}, {@code s3a:}, …), addressed by URI strings, with the Hadoop
 * configuration of the active Spark session when there is one (credentials, endpoints).
 */
final class WarehouseFiles {

    private WarehouseFiles() {
    }

    /** A URI for {@code location}: URIs pass through; a local path becomes an absolute {@code file:} URI. */
    static String uri(String location) {
        if (location.matches("^[A-Za-z][A-Za-z0-9+.-]*:.*") && !location.matches("^[A-Za-z]:\\\\.*")) {
            return location.endsWith("/") && location.length() > 1 ? location.substring(0, location.length() - 1) : location;
        }
        return java.nio.file.Path.of(location).toAbsolutePath().normalize().toUri().toString().replaceAll("/$", "");
    }

    static String child(String uri, String name) {
        return uri + "/" + name;
    }

    private static FileSystem fs(String uri) {
        return fs(uri, SparkSession.getActiveSession().isDefined()
                ? SparkSession.getActiveSession().get().sparkContext().hadoopConfiguration() : new Configuration());
    }

    /** The file system of {@code uri} under {@code conf} (on an executor, the driver's configuration shipped). */
    static FileSystem fs(String uri, Configuration conf) {
        try {
            final URI u = URI.create(uri);
            // Local files without Hadoop's .crc side files, and renamed over atomically.
            return "file".equals(u.getScheme()) ? FileSystem.getLocal(conf).getRaw() : FileSystem.get(u, conf);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the file system of " + uri + ": " + e.getMessage(), e);
        }
    }


    static boolean isDirectory(String uri) {
        final FileStatus s = status(uri);
        return s != null && s.isDirectory();
    }

    static boolean isFile(String uri) {
        final FileStatus s = status(uri);
        return s != null && s.isFile();
    }

    /** The status of a path, or null when there is nothing there. */
    private static FileStatus status(String uri) {
        try {
            return fs(uri).getFileStatus(new Path(uri));
        } catch (java.io.FileNotFoundException e) {
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
        } catch (java.io.FileNotFoundException e) {
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
        final Properties p = new Properties();
        try {
            p.load(new StringReader(readString(uri)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + uri + ": " + e.getMessage(), e);
        }
        return p;
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
     * Writes a small text file through a hidden temporary and a rename, so a reader never sees half
     * of it (atomic on local and HDFS; object stores copy, but readers skip the hidden name).
     */
    static void writeAtomically(String uri, String text) {
        final FileSystem fs = fs(uri);
        final Path file = new Path(uri);
        final Path tmp = new Path(file.getParent(), "." + file.getName() + ".tmp");
        try {
            fs.mkdirs(file.getParent());
            try (OutputStream out = fs.create(tmp, true)) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
            }
            if (!"file".equals(fs.getUri().getScheme()) && fs.exists(file)) {
                fs.delete(file, false); // HDFS does not rename over a file; the local file system does, atomically
            }
            if (!fs.rename(tmp, file)) {
                throw new IOException("rename of " + tmp + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + uri + ": " + e.getMessage(), e);
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
     * Moves directory {@code from} to {@code to}; a directory already at {@code to} is first moved
     * aside to {@code aside} (and left there for the caller to delete), so {@code to} is never
     * half of one and half of the other.
     */
    static void replaceDirectory(String from, String to, String aside) {
        final FileSystem fs = fs(to);
        try {
            final Path target = new Path(to);
            fs.mkdirs(target.getParent());
            if (fs.exists(target)) {
                fs.mkdirs(new Path(aside).getParent());
                if (!fs.rename(target, new Path(aside))) {
                    throw new IOException("cannot move " + to + " aside");
                }
            }
            if (!fs.rename(new Path(from), target)) {
                throw new IOException("cannot move " + from + " to " + to);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot replace " + to + ": " + e.getMessage(), e);
        }
    }

    /** Moves the file {@code from} to {@code to}, creating {@code to}'s directory. */
    static void move(String from, String to) {
        final FileSystem fs = fs(to);
        try {
            final Path target = new Path(to);
            fs.mkdirs(target.getParent());
            if (!fs.rename(new Path(from), target)) {
                throw new IOException("rename failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot move " + from + " to " + to + ": " + e.getMessage(), e);
        }
    }

    /** Deletes a directory if it exists and is empty; whether it is gone now. */
    static boolean deleteIfEmpty(String uri) {
        try {
            final FileSystem fs = fs(uri);
            final Path path = new Path(uri);
            if (!fs.exists(path)) {
                return true;
            }
            return fs.listStatus(path).length == 0 && fs.delete(path, false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + uri + ": " + e.getMessage(), e);
        }
    }
}
