package org.gamecensus.jobs.census;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.nativeio.NativeIO;

/**
 * Hadoop's local file system ({@code file:}, with its checksum files), setting permissions through
 * {@code java.nio} instead of a {@code chmod} child process.
 *
 * <p>Without Hadoop's native library — which the Maven artifacts do not ship — every file and
 * directory Hadoop creates on the local file system is followed by a forked {@code chmod}: two per
 * Parquet file (the file and its {@code .crc}), more per partition directory. Forking from a JVM
 * with a multi-gigabyte heap costs milliseconds of wall time each, with the task thread waiting
 * off-CPU; it was most of the ~11 ms a Parquet file cost a census on the local warehouse. Here the
 * same permission bits are set with {@link Files#setPosixFilePermissions}; with the native library
 * loaded, on file systems without POSIX permissions, or for bits NIO cannot set (sticky), Hadoop's
 * own way is kept.
 *
 * <p>{@link CensusSession} installs it as {@code fs.file.impl} unless that is configured already.
 */
public final class NioPermissionLocalFileSystem extends LocalFileSystem {

    public NioPermissionLocalFileSystem() {
        super(new NioPermissionRawLocalFileSystem());
    }

    /** The raw (checksum-free) file system under it. */
    static final class NioPermissionRawLocalFileSystem extends RawLocalFileSystem {

        @Override
        public void setPermission(Path p, FsPermission permission) throws IOException {
            if (NativeIO.isAvailable() || permission.getStickyBit()) {
                super.setPermission(p, permission);
                return;
            }
            try {
                Files.setPosixFilePermissions(pathToFile(p).toPath(), posix(permission));
            } catch (UnsupportedOperationException e) {
                super.setPermission(p, permission);
            }
        }

        /** The nine rwx bits of user, group and other. */
        static Set<PosixFilePermission> posix(FsPermission permission) {
            final Set<PosixFilePermission> bits = EnumSet.noneOf(PosixFilePermission.class);
            add(
                    bits,
                    permission.getUserAction(),
                    PosixFilePermission.OWNER_READ,
                    PosixFilePermission.OWNER_WRITE,
                    PosixFilePermission.OWNER_EXECUTE);
            add(
                    bits,
                    permission.getGroupAction(),
                    PosixFilePermission.GROUP_READ,
                    PosixFilePermission.GROUP_WRITE,
                    PosixFilePermission.GROUP_EXECUTE);
            add(
                    bits,
                    permission.getOtherAction(),
                    PosixFilePermission.OTHERS_READ,
                    PosixFilePermission.OTHERS_WRITE,
                    PosixFilePermission.OTHERS_EXECUTE);
            return bits;
        }

        private static void add(
                Set<PosixFilePermission> bits,
                FsAction action,
                PosixFilePermission read,
                PosixFilePermission write,
                PosixFilePermission execute) {
            if (action.implies(FsAction.READ)) {
                bits.add(read);
            }
            if (action.implies(FsAction.WRITE)) {
                bits.add(write);
            }
            if (action.implies(FsAction.EXECUTE)) {
                bits.add(execute);
            }
        }
    }
}
