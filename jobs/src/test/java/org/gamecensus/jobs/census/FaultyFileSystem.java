package org.gamecensus.jobs.census;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.EnumSet;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * The local file system under the test scheme {@code faulty:} ({@code faulty:///tmp/…}), which
 * counts its calls and fails the k-th: with an {@link IOException} (mode {@link Mode#ERROR}: the
 * calls after it succeed, as after a passing fault), or with a {@link Crash} (mode
 * {@link Mode#CRASH}: that call and every later one throw, as if the process had died at that
 * instant, until {@link #revive}). Calls of the leases' heartbeat thread are not counted (their
 * timing is the clock's), but a crash stops them too. Set {@code fs.faulty.impl} to this class.
 */
public class FaultyFileSystem extends RawLocalFileSystem {

    /** How the k-th call fails. */
    public enum Mode {
        ERROR,
        CRASH
    }

    /** The failure of a crashed process's calls: an error nothing in the census catches. */
    public static final class Crash extends Error {
        private static final long serialVersionUID = 1L;

        Crash(String message) {
            super(message);
        }
    }

    private static final URI NAME = URI.create("faulty:///");
    private static final AtomicLong CALLS = new AtomicLong();
    private static volatile long failAt = -1;
    private static volatile Mode mode = Mode.ERROR;
    private static volatile boolean crashed;
    private static volatile boolean fired;

    /** The URI of a local directory under this scheme. */
    public static String uri(java.nio.file.Path dir) {
        return "faulty://" + dir.toAbsolutePath().normalize();
    }

    /** Counts calls from zero, failing none. */
    public static void count() {
        CALLS.set(0);
        failAt = -1;
        fired = false;
    }

    /** Counts calls from zero and fails call {@code k} (1 the first) in {@code how}. */
    public static void failAt(long k, Mode how) {
        CALLS.set(0);
        mode = how;
        fired = false;
        failAt = k;
    }

    /** The calls counted since {@link #count} or {@link #failAt}. */
    public static long calls() {
        return CALLS.get();
    }

    /** Whether the planned failure happened. */
    public static boolean fired() {
        return fired;
    }

    /** A fresh process: nothing fails any more. */
    public static void revive() {
        failAt = -1;
        crashed = false;
    }

    private static void call(String what, Path path) throws IOException {
        if (crashed) {
            throw new Crash("crashed before " + what + " " + path);
        }
        if (Thread.currentThread().getName().startsWith("gamecensus-lease")) {
            return;
        }
        final long n = CALLS.incrementAndGet();
        if (n == failAt) {
            fired = true;
            if (mode == Mode.CRASH) {
                crashed = true;
                throw new Crash("crash at call " + n + ": " + what + " " + path);
            }
            throw new IOException("injected failure of call " + n + ": " + what + " " + path);
        }
    }

    @Override
    public URI getUri() {
        return NAME;
    }

    @Override
    public String getScheme() {
        return "faulty";
    }

    @Override
    public void initialize(URI uri, Configuration conf) throws IOException {
        super.initialize(uri, conf);
        setConf(conf);
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
        call("open", f);
        return super.open(f, bufferSize);
    }

    @Override
    public FSDataOutputStream create(
            Path f, boolean overwrite, int bufferSize, short replication, long blockSize, Progressable progress)
            throws IOException {
        call("create", f);
        return super.create(f, overwrite, bufferSize, replication, blockSize, progress);
    }

    @Override
    public FSDataOutputStream create(
            Path f,
            FsPermission permission,
            boolean overwrite,
            int bufferSize,
            short replication,
            long blockSize,
            Progressable progress)
            throws IOException {
        call("create", f);
        return super.create(f, permission, overwrite, bufferSize, replication, blockSize, progress);
    }

    @Override
    public FSDataOutputStream createNonRecursive(
            Path f,
            FsPermission permission,
            EnumSet<CreateFlag> flags,
            int bufferSize,
            short replication,
            long blockSize,
            Progressable progress)
            throws IOException {
        call("create", f);
        return super.createNonRecursive(f, permission, flags, bufferSize, replication, blockSize, progress);
    }

    @Override
    public FSDataOutputStream append(Path f, int bufferSize, Progressable progress) throws IOException {
        call("append", f);
        return super.append(f, bufferSize, progress);
    }

    @Override
    public boolean rename(Path src, Path dst) throws IOException {
        call("rename", src);
        return super.rename(src, dst);
    }

    @Override
    public boolean delete(Path p, boolean recursive) throws IOException {
        call("delete", p);
        return super.delete(p, recursive);
    }

    @Override
    public FileStatus[] listStatus(Path f) throws IOException {
        call("list", f);
        return super.listStatus(f);
    }

    @Override
    public boolean mkdirs(Path f, FsPermission permission) throws IOException {
        call("mkdirs", f);
        return super.mkdirs(f, permission);
    }

    @Override
    public boolean mkdirs(Path f) throws IOException {
        call("mkdirs", f);
        return super.mkdirs(f);
    }

    @Override
    public FileStatus getFileStatus(Path f) throws IOException {
        call("status", f);
        return super.getFileStatus(f);
    }

    @Override
    public void setTimes(Path p, long mtime, long atime) throws IOException {
        call("setTimes", p);
        super.setTimes(p, mtime, atime);
    }

    /** Permissions through java.nio, not a forked chmod (as {@link NioPermissionLocalFileSystem} sets them). */
    @Override
    public void setPermission(Path p, FsPermission permission) throws IOException {
        call("setPermission", p);
        try {
            Files.setPosixFilePermissions(
                    pathToFile(p).toPath(),
                    NioPermissionLocalFileSystem.NioPermissionRawLocalFileSystem.posix(permission));
        } catch (NoSuchFileException e) {
            throw new FileNotFoundException(p.toString());
        }
    }
}
