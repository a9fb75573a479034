package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import org.apache.hadoop.fs.FileStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileChecksumsTest extends SparkCensusTest {

    @TempDir
    Path tmp;

    private static FileStatus file(String name, long size) {
        return new FileStatus(size, false, 1, 1, 0, new org.apache.hadoop.fs.Path("file:/w/" + name));
    }

    private static List<String> names(List<String> uris) {
        return uris.stream().map(u -> u.substring(u.lastIndexOf('/') + 1)).toList();
    }

    /**
     * Largest first to the lightest task, ties to the lower: sizes 7..2 over two tasks end 14 and
     * 13 bytes (a split in file order, 7+6+5 against 4+3+2, would end 18 and 9).
     */
    @Test
    void filesAreSharedOutLargestFirstToTheLightestTask() {
        final List<FileStatus> files =
                List.of(file("c", 5), file("f", 2), file("a", 7), file("d", 4), file("b", 6), file("e", 3));
        final List<ArrayList<String>> tasks = FileChecksums.shareOut(files, 2);
        assertEquals(
                List.of(List.of("a", "d", "e"), List.of("b", "c", "f")),
                tasks.stream().map(FileChecksumsTest::names).toList());
        assertEquals(
                tasks,
                FileChecksums.shareOut(
                        List.of(files.get(5), files.get(4), files.get(3), files.get(2), files.get(1), files.get(0)), 2),
                "the split depends on the files, not their order");
        assertEquals(3, FileChecksums.shareOut(files.subList(0, 3), 8).size(), "never an empty task");
        assertThrows(IllegalArgumentException.class, () -> FileChecksums.shareOut(files, 0));
    }

    /** The tasks' CRC-32s are the files' (as computed here from the bytes written), and -1 for a file gone since it was listed. */
    @Test
    void theTasksCrcsAreTheFilesAndAMissingFileIsMinusOne() throws Exception {
        final Random random = new Random(20261204L);
        final List<FileStatus> listed = new ArrayList<>();
        final Map<String, Long> expected = new HashMap<>();
        for (int i = 0; i < 9; i++) {
            final byte[] bytes = new byte[random.nextInt(200_000)];
            random.nextBytes(bytes);
            final CRC32 crc = new CRC32();
            crc.update(bytes);
            final Path f = Files.write(tmp.resolve("f" + i + ".parquet"), bytes);
            listed.add(new FileStatus(
                    bytes.length,
                    false,
                    1,
                    1,
                    0,
                    new org.apache.hadoop.fs.Path(f.toUri().toString())));
            expected.put(listed.get(i).getPath().toString(), i == 4 ? -1L : crc.getValue());
        }
        Files.delete(tmp.resolve("f4.parquet"));
        final Map<String, Long> crcs = FileChecksums.of(spark(), listed);
        assertEquals(9, crcs.size());
        for (FileStatus f : listed) {
            final String uri = f.getPath().toString();
            assertEquals(expected.get(uri), crcs.get(uri), uri);
        }
        assertEquals(Map.of(), FileChecksums.of(spark(), List.of()));
    }
}
