package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Parquet file's stream: bytes held from {@link ChecksummedStream#hold} are not in the file
 * until released, positions count them, closing waits for the release, and the size and CRC-32
 * it reports are the file's own.
 */
class ChecksummedStreamTest {

    @TempDir
    Path tmp;

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void heldBytesReachTheFileAsReleasedAndAreChecksummedThere() throws Exception {
        final Path file = tmp.resolve("f.parquet");
        final FileSystem fs = WarehouseFiles.fs(tmp.toUri().toString(), new Configuration());
        final ChecksummedStream s =
                new ChecksummedStream(fs.create(new org.apache.hadoop.fs.Path(file.toUri()), false));
        s.write(ascii("abc"));
        s.hold();
        Assertions.assertThrows(IllegalStateException.class, s::hold, "one hold at a time");
        s.write(ascii("defg"));
        s.write('h');
        assertEquals(8, s.getPos(), "positions count the held bytes");
        s.flush();
        s.close(); // deferred: the release closes
        assertEquals(3, s.written);
        Assertions.assertArrayEquals(ascii("defgh"), s.held());
        Assertions.assertThrows(IllegalStateException.class, () -> s.release(ascii("DEF")), "a tail of another length");
        s.release(ascii("DEFGH"));
        Assertions.assertThrows(IllegalStateException.class, s::held, "nothing held after the release");
        final byte[] bytes = Files.readAllBytes(file);
        Assertions.assertArrayEquals(ascii("abcDEFGH"), bytes);
        assertEquals(bytes.length, s.written);
        final CRC32 crc = new CRC32();
        crc.update(bytes);
        assertEquals(crc.getValue(), s.crc.getValue());
    }
}
