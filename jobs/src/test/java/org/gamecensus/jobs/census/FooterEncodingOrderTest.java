package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.column.statistics.BinaryStatistics;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ColumnPath;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Footers whose column chunks list their encodings out of order, made from a file the writer
 * wrote, put back in order to the byte; and the writer's own files, whose dictionary columns list
 * two encodings, already in order.
 */
class FooterEncodingOrderTest {

    private static final StructType SCHEMA = new StructType(new StructField[] {
        DataTypes.createStructField("mask", DataTypes.LongType, false),
        DataTypes.createStructField("outcome", DataTypes.StringType, false),
        DataTypes.createStructField("rank", DataTypes.IntegerType, true),
    });

    @TempDir
    Path tmp;

    /** A file of the writer's: 20,000 rows in row groups of about 64 KiB, outcomes through a dictionary. */
    private byte[] written() throws Exception {
        final FileSystem fs = WarehouseFiles.fs(tmp.toUri().toString(), new Configuration());
        final org.apache.hadoop.fs.Path path =
                new org.apache.hadoop.fs.Path(tmp.resolve("rows.parquet").toUri());
        try (PageCompressor pages = new PageCompressor(CompressionCodecName.SNAPPY, fs.getConf());
                ParquetRowWriter w = new ParquetRowWriter(
                        fs,
                        path,
                        new ParquetLayout(SCHEMA, new int[] {0, 1, 2}, Set.of()),
                        pages.compressor(),
                        64 << 10)) {
            for (int i = 0; i < 20_000; i++) {
                w.write(RowFactory.create(i * 7919L, i % 3 == 0 ? "P" : "N", i % 5 == 0 ? null : i % 11));
            }
        }
        return Files.readAllBytes(Path.of(path.toUri()));
    }

    private static int footerStart(byte[] file) {
        final int length = ByteBuffer.wrap(file, file.length - 8, 4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .getInt();
        return file.length - 8 - length;
    }

    private static FileMetaData footer(byte[] file) throws Exception {
        final int start = footerStart(file);
        return Util.readFileMetaData(new ByteArrayInputStream(file, start, file.length - 8 - start));
    }

    private static List<List<Encoding>> encodings(FileMetaData footer) {
        final List<List<Encoding>> all = new ArrayList<>();
        for (RowGroup g : footer.getRow_groups()) {
            for (ColumnChunk c : g.getColumns()) {
                all.add(c.getMeta_data().getEncodings());
            }
        }
        return all;
    }

    @Test
    void theWritersFilesListEachChunksEncodingsInAscendingOrder() throws Exception {
        final byte[] file = written();
        final FileMetaData footer = footer(file);
        Assertions.assertTrue(footer.getRow_groups().size() > 1, "several row groups");
        int several = 0;
        for (List<Encoding> e : encodings(footer)) {
            final List<Encoding> ascending = new ArrayList<>(e);
            ascending.sort((a, b) -> Integer.compare(a.getValue(), b.getValue()));
            assertEquals(ascending, e);
            several += e.size() > 1 ? 1 : 0;
        }
        Assertions.assertTrue(several >= footer.getRow_groups().size(), "a dictionary column lists two: " + several);
        Assertions.assertSame(file, FooterEncodingOrder.sorted(file), "nothing to amend");
    }

    @Test
    void aFooterWithItsEncodingsReversedIsPutBackToTheByte() throws Exception {
        final byte[] file = written();
        final FileMetaData footer = footer(file);
        for (List<Encoding> e : encodings(footer)) {
            Collections.reverse(e);
        }
        final ByteArrayOutputStream reversed = new ByteArrayOutputStream();
        Util.writeFileMetaData(footer, reversed);
        final int start = footerStart(file);
        assertEquals(file.length - 8 - start, reversed.size(), "a footer of the same length");
        final byte[] shuffled = file.clone();
        System.arraycopy(reversed.toByteArray(), 0, shuffled, start, reversed.size());
        Assertions.assertFalse(Arrays.equals(file, shuffled), "some list was reversed");

        Assertions.assertArrayEquals(file, FooterEncodingOrder.sorted(shuffled));
        // The tail alone (from the footer on, or from any byte before it) is amended the same way.
        final byte[] tail = Arrays.copyOfRange(shuffled, start - 100, shuffled.length);
        Assertions.assertArrayEquals(
                Arrays.copyOfRange(file, start - 100, file.length), FooterEncodingOrder.sorted(tail));
    }

    /** A footer of one block whose chunk {@code path} lists {@code encodings} in their order. */
    private static ParquetMetadata listing(String path, org.apache.parquet.column.Encoding... encodings) { // clashes
        final BlockMetaData block = new BlockMetaData();
        block.addColumn(ColumnChunkMetaData.get(
                ColumnPath.get(path),
                PrimitiveType.PrimitiveTypeName.BINARY,
                CompressionCodecName.SNAPPY,
                null,
                new LinkedHashSet<>(Arrays.asList(encodings)),
                new BinaryStatistics(),
                4L,
                0L,
                1L,
                10L,
                10L));
        return new ParquetMetadata(null, List.of(block));
    }

    @Test
    void aFooterIsInOrderWhenEachChunksEncodingsAscend() {
        Assertions.assertTrue(FooterEncodingOrder.inOrder(listing(
                "ascending",
                org.apache.parquet.column.Encoding.PLAIN,
                org.apache.parquet.column.Encoding.RLE_DICTIONARY)));
        Assertions.assertFalse(FooterEncodingOrder.inOrder(listing(
                "descending",
                org.apache.parquet.column.Encoding.RLE_DICTIONARY,
                org.apache.parquet.column.Encoding.PLAIN)));
        // Ascending as the footer numbers them: PLAIN_DICTIONARY (2) before RLE (3), DELTA_BINARY_PACKED (5).
        Assertions.assertTrue(FooterEncodingOrder.inOrder(listing(
                "numbered",
                org.apache.parquet.column.Encoding.PLAIN_DICTIONARY,
                org.apache.parquet.column.Encoding.RLE,
                org.apache.parquet.column.Encoding.DELTA_BINARY_PACKED)));
    }

    @Test
    void bytesThatDoNotEndAParquetFileAreRefused() {
        Assertions.assertThrows(IllegalArgumentException.class, () -> FooterEncodingOrder.sorted(new byte[] {1, 2, 3}));
        Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> FooterEncodingOrder.sorted(new byte[] {1, 2, 3, 4, 'P', 'A', 'R', '2'}));
        Assertions.assertThrows(
                IllegalArgumentException.class,
                () -> FooterEncodingOrder.sorted(new byte[] {1, 2, 3, 100, 0, 0, 0, 'P', 'A', 'R', '1'}));
    }
}
