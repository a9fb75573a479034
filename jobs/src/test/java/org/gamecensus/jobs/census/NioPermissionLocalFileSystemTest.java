package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NioPermissionLocalFileSystemTest {

    @TempDir
    java.nio.file.Path dir;

    @Test
    void everyModeMapsToTheSameNineBits() {
        for (short mode = 0; mode < 512; mode++) {
            final FsPermission p = new FsPermission(mode);
            assertEquals(
                    p.toString(),
                    PosixFilePermissions.toString(
                            NioPermissionLocalFileSystem.NioPermissionRawLocalFileSystem.posix(p)),
                    "mode " + Integer.toOctalString(mode));
        }
    }

    @Test
    void filesAndDirectoriesGetTheModesHadoopAsksFor() throws Exception {
        final Configuration conf = new Configuration(false);
        conf.set("fs.file.impl", NioPermissionLocalFileSystem.class.getName());
        conf.setBoolean("fs.file.impl.disable.cache", true);
        conf.set("fs.permissions.umask-mode", "027");
        try (FileSystem fs = FileSystem.get(dir.toUri(), conf)) {
            assertInstanceOf(NioPermissionLocalFileSystem.class, fs);
            final Path sub = new Path(dir.toUri().toString(), "a/b");
            assertTrue(fs.mkdirs(sub, new FsPermission((short) 0777)));
            assertEquals("rwxr-x---", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("a/b"))));
            try (FSDataOutputStream out = fs.create(new Path(sub, "f"))) {
                out.writeBytes("census\n");
            }
            // The file, and the checksum file beside it, with the default file mode less the umask.
            assertEquals(
                    "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("a/b/f"))));
            assertEquals(
                    "rw-r-----",
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("a/b/.f.crc"))));
            fs.setPermission(new Path(sub, "f"), new FsPermission((short) 0604));
            assertEquals(
                    "rw----r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("a/b/f"))));
            assertEquals("census\n", Files.readString(dir.resolve("a/b/f")));
        }
    }

    /**
     * A run given {@code --warehouse DIR} looks at it under Hadoop's defaults before its session
     * starts; the census's files are then written under the session's configuration, which names
     * this file system, and must get it, whatever Hadoop cached first.
     */
    @Test
    void theWarehouseWritesThroughTheFileSystemItsConfigurationNames() throws Exception {
        final String uri = dir.toUri().toString();
        final Configuration defaults = new Configuration(false);
        final Configuration session = new Configuration(false);
        session.set("fs.file.impl", NioPermissionLocalFileSystem.class.getName());
        session.set("fs.permissions.umask-mode", "022");
        assertFalse(
                WarehouseFiles.fs(uri, defaults)
                        instanceof NioPermissionLocalFileSystem.NioPermissionRawLocalFileSystem);
        final FileSystem fs = WarehouseFiles.fs(uri, session);
        assertInstanceOf(NioPermissionLocalFileSystem.NioPermissionRawLocalFileSystem.class, fs);
        try (FSDataOutputStream out = fs.create(new Path(uri, "m"))) {
            out.writeBytes("manifest\n");
        }
        assertEquals("rw-r--r--", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.resolve("m"))));
        assertFalse(Files.exists(dir.resolve(".m.crc")), "the raw file system writes no checksum file");
        assertInstanceOf(
                NioPermissionLocalFileSystem.NioPermissionRawLocalFileSystem.class, WarehouseFiles.fs(uri, session));
    }

    @Test
    void theCensusSessionInstallsItUnlessTold() {
        assertEquals(
                NioPermissionLocalFileSystem.class.getName(),
                CensusSession.configuration(Map.of()).get(CensusSession.LOCAL_FILE_SYSTEM));
        assertEquals(
                "org.apache.hadoop.fs.LocalFileSystem",
                CensusSession.configuration(
                                Map.of(CensusSession.LOCAL_FILE_SYSTEM, "org.apache.hadoop.fs.LocalFileSystem"))
                        .get(CensusSession.LOCAL_FILE_SYSTEM));
    }
}
