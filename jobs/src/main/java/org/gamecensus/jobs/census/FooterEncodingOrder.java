package org.gamecensus.jobs.census;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;

/**
 * Puts the encodings that each column chunk lists in a Parquet footer in ascending order, as
 * parquet-java writes them from 1.18.0 on (apache/parquet-java#3215). parquet-mr 1.13.1, which
 * Spark 3.5 ships, lists them in the order of a {@code HashSet} of enum constants, whose identity
 * hash codes are drawn afresh in every JVM: the same rows came out as files of the same length and
 * other bytes, a dictionary column's {@code PLAIN} and {@code RLE_DICTIONARY} in either order.
 * Readers take the list as a set, so the order changes nothing they read.
 *
 * <p>Cost: none when the footer's lists are in order ({@link #inOrder}, as parquet-mr left them);
 * otherwise the footer parsed (Thrift's compact protocol) and written again, linear in its row
 * groups times its columns: 50–80 µs for a footer of 9 KB (27 columns, several row groups). A list
 * of the same enum values in another order has the same length in that protocol, so nothing before
 * the footer moves.
 */
final class FooterEncodingOrder {

    private static final byte[] MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);

    /** The footer's length and the magic, after the footer. */
    private static final int TRAILER = 8;

    private static final Comparator<Encoding> ASCENDING = Comparator.comparingInt(Encoding::getValue);

    private FooterEncodingOrder() {}

    /**
     * Whether every column chunk of {@code footer} (parquet-mr's, as its writer serialised it)
     * lists its encodings in ascending order, each as the footer names it.
     */
    static boolean inOrder(ParquetMetadata footer) {
        for (BlockMetaData block : footer.getBlocks()) {
            for (ColumnChunkMetaData chunk : block.getColumns()) {
                int last = Integer.MIN_VALUE;
                for (org.apache.parquet.column.Encoding e : chunk.getEncodings()) { // clashes with format's
                    final int value = Encoding.valueOf(e.name()).getValue();
                    if (value < last) {
                        return false;
                    }
                    last = value;
                }
            }
        }
        return true;
    }

    /**
     * {@code tail}, the end of an unencrypted Parquet file (anything, then the footer, its length
     * and the magic), with every column chunk's encodings in ascending order: {@code tail} itself
     * when they are in order already, else an amended copy of the same length.
     */
    static byte[] sorted(byte[] tail) throws IOException {
        final int n = tail.length;
        if (n < TRAILER || !Arrays.equals(tail, n - MAGIC.length, n, MAGIC, 0, MAGIC.length)) {
            throw new IllegalArgumentException("not the end of a Parquet file: " + n + " bytes without its magic");
        }
        final int length = ByteBuffer.wrap(tail, n - TRAILER, 4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .getInt();
        final int start = n - TRAILER - length;
        if (length <= 0 || start < 0) {
            throw new IllegalArgumentException("a footer of " + length + " bytes in a tail of " + n);
        }
        final FileMetaData footer = Util.readFileMetaData(new ByteArrayInputStream(tail, start, length));
        boolean inOrder = true;
        for (RowGroup group : footer.getRow_groups()) {
            for (ColumnChunk chunk : group.getColumns()) {
                if (chunk.getMeta_data() == null) {
                    continue; // an encrypted column's metadata: not written here
                }
                final List<Encoding> encodings = chunk.getMeta_data().getEncodings();
                if (!ascending(encodings)) {
                    encodings.sort(ASCENDING);
                    inOrder = false;
                }
            }
        }
        if (inOrder) {
            return tail;
        }
        final ByteArrayOutputStream amended = new ByteArrayOutputStream(length);
        Util.writeFileMetaData(footer, amended);
        if (amended.size() != length) {
            throw new IllegalStateException(
                    "the footer came to " + amended.size() + " bytes in order, " + length + " as written");
        }
        final byte[] out = tail.clone();
        System.arraycopy(amended.toByteArray(), 0, out, start, length);
        return out;
    }

    private static boolean ascending(List<Encoding> encodings) {
        for (int i = 1; i < encodings.size(); i++) {
            if (ASCENDING.compare(encodings.get(i - 1), encodings.get(i)) > 0) {
                return false;
            }
        }
        return true;
    }
}
