package org.gamecensus.jobs.census;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.io.api.Binary;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.XXH64;
import org.apache.spark.unsafe.Platform;
import scala.collection.Seq;

/**
 * Writes {@link Row}s straight to one Parquet file through parquet-mr's column writers, with the
 * Parquet schema Spark's own writer derives from the same Spark schema and Spark's schema in the
 * footer, so Spark reads the file back exactly as if it had written it. A census task writes its
 * rows here instead of handing them to Spark SQL, whose row conversion, projections and record
 * assembly cost as much again as the encoding itself (parquet-mr's record API, which Spark's
 * writer drives, took about twice as long as its column writers on K7's rows).
 *
 * <p>Rows are shredded into the columns by the Dremel rules for Spark's standard layout: a
 * nullable field is {@code optional} (one definition level when present), an array is {@code
 * <field> (LIST) { repeated group list { element } }} (one definition level when it has an
 * element, one repetition level), a struct a group of its fields. Data pages are Parquet format
 * 2's, which Spark 3.3 and later, Arrow and DuckDB read: integers delta-encoded (mostly distinct
 * masks and counts: a dictionary costs a hash lookup a value and is then dropped), strings through
 * a dictionary while it stays small (outcomes, symmetries; Spark reads a dictionary several
 * times faster than delta-encoded strings), then delta-encoded; the columns the schema declares
 * distinct (a shape's picture, a tree's encoding) delta-encoded from the start. K7's census comes
 * out a quarter smaller than as Spark writes it (format 1, dictionaries throughout); the choices'
 * figures are in bench/FINDINGS.md, "The writer and Parquet".
 *
 * <p>Not thread-safe: one writer per task and partition.
 */
final class ParquetRowWriter implements Closeable {

    /** Rows between checks of the buffered size (a check asks every column). */
    private static final int SIZE_CHECK_ROWS = 4096;

    /**
     * Strings a column keeps the bytes of (see {@link #binary}): enough for the handful of labels
     * such a column moves among.
     */
    private static final int RECENT = 4;

    /** parquet-mr's own writer's defaults, which its column API leaves to the caller. */
    private static final int MAX_PADDING_BYTES = 8 << 20;

    private static final int COLUMN_INDEX_TRUNCATE_LENGTH = 64;

    /** Spark's seed for {@code xxhash64}. */
    static final long HASH_SEED = 42L;

    /** The footer keys under which Spark's writer records the Spark schema and its own version. */
    private static final String SPARK_ROW_METADATA = "org.apache.spark.sql.parquet.row.metadata";

    private static final String SPARK_VERSION_METADATA = "org.apache.spark.version";

    private final ParquetLayout layout;

    private final CodecFactory.BytesCompressor compressor;

    private final FSDataOutputStream out;

    private final ChecksummedStream stream;

    private final ParquetFileWriter file;

    private final long rowGroupBytes;

    private ColumnChunkPageWriteStore pages;

    private ColumnWriteStore store;

    private ColumnWriter[] writers;

    /**
     * The last {@link #RECENT} strings each leaf encoded anew, leaf {@code c}'s at {@code [c * RECENT,
     * (c + 1) * RECENT)}, and their bytes; {@code nextRecent[c]} is the slot the next new one takes
     * (the oldest).
     */
    private final String[] recentStrings;

    private final Binary[] recentBinaries;

    private final int[] nextRecent;

    private long rowsInGroup;

    private long rows;

    /** Whether the footer is written and the file closed. */
    private boolean closed;

    /**
     * A new file {@code path} (which must not exist) laid out by {@code layout}, its pages
     * compressed by {@code compressor} (the task's, {@link PageCompressor}; the writer does not
     * release it), in row groups of about {@code rowGroupBytes}.
     */
    ParquetRowWriter(
            FileSystem fs, Path path, ParquetLayout layout, CodecFactory.BytesCompressor compressor, long rowGroupBytes)
            throws IOException {
        this.layout = layout;
        this.rowGroupBytes = rowGroupBytes;
        this.recentStrings = new String[layout.leaves * RECENT];
        this.recentBinaries = new Binary[layout.leaves * RECENT];
        this.nextRecent = new int[layout.leaves];
        this.compressor = compressor;
        this.out = fs.create(path, false);
        this.stream = new ChecksummedStream(out);
        this.file = new ParquetFileWriter(
                ChecksummedStream.outputFile(stream),
                layout.parquet,
                ParquetFileWriter.Mode.CREATE,
                rowGroupBytes,
                MAX_PADDING_BYTES);
        file.start();
        startGroup();
    }

    private void startGroup() {
        pages = new ColumnChunkPageWriteStore(
                compressor, layout.parquet, new HeapByteBufferAllocator(), COLUMN_INDEX_TRUNCATE_LENGTH);
        store = layout.properties.newColumnWriteStore(layout.parquet, pages);
        final List<ColumnDescriptor> columns = layout.parquet.getColumns();
        writers = new ColumnWriter[columns.size()];
        for (int i = 0; i < writers.length; i++) {
            writers[i] = store.getColumnWriter(columns.get(i));
        }
        rowsInGroup = 0;
    }

    private void flushGroup() throws IOException {
        if (rowsInGroup == 0) {
            return;
        }
        file.startBlock(rowsInGroup);
        store.flush();
        pages.flushToFileWriter(file);
        file.endBlock();
        store.close();
    }

    /**
     * Appends the written columns of {@code row} (a row of the schema given) and returns their
     * content hash, computed as Spark SQL's {@code xxhash64(columns…)} computes it: seed 42,
     * folded over the values in the order they are written (columns in order, an array's elements,
     * a struct's fields; a null, or an empty array, leaves the hash as it was), a long as
     * {@code hashLong}, an int as {@code hashInt}, a boolean as the int 1 or 0, a double as the
     * long of its bits (−0.0 as 0.0, every NaN as one), a string as its UTF-8 bytes. Hashing each
     * value as it is written reads the row once: K7's census hashed its rows separately in a
     * quarter of the writer's own time. The manifests' checksum is the sum of these hashes, which
     * {@link Manifests#verify} recomputes with Spark from the files.
     */
    long write(Row row) throws IOException {
        assert row.size() == layout.schema.size() : "a row of the schema";
        final ParquetLayout.Node[] top = layout.top;
        final int[] fields = layout.fields;
        long h = HASH_SEED;
        for (int i = 0; i < top.length; i++) {
            final int at = fields[i];
            h = write(top[i], row.isNullAt(at) ? null : row.get(at), 0, 0, h);
        }
        store.endRecord();
        rows++;
        if (++rowsInGroup % SIZE_CHECK_ROWS == 0 && store.getBufferedSize() >= rowGroupBytes) {
            flushGroup();
            startGroup();
        }
        return h;
    }

    /**
     * Writes value {@code v} of node {@code n} at repetition level {@code r}, its parent defined
     * to level {@code d}, and returns the hash {@code h} folded with it. Cases: a null (every leaf
     * below gets a null at the parent's level), a primitive (its leaf), a struct (each field), an
     * empty array (a null at the array's level in each leaf below), an array with elements (the
     * first at {@code r}, the rest at the array's own repetition level).
     */
    private long write(ParquetLayout.Node n, Object v, int r, int d, long h) {
        if (v == null) {
            if (!n.optional) {
                throw new IllegalStateException("column " + n.name + " is null but not nullable");
            }
            for (int c = n.firstLeaf; c < n.endLeaf; c++) {
                writers[c].writeNull(r, d);
            }
            return h;
        }
        final ColumnWriter w = n.children == null ? writers[n.firstLeaf] : null;
        switch (n.kind) {
            case LONG -> {
                final long x = (Long) v;
                w.write(x, r, n.definition);
                return XXH64.hashLong(x, h);
            }
            case INT -> {
                final int x = (Integer) v;
                w.write(x, r, n.definition);
                return XXH64.hashInt(x, h);
            }
            case BOOLEAN -> {
                final boolean x = (Boolean) v;
                w.write(x, r, n.definition);
                return XXH64.hashInt(x ? 1 : 0, h);
            }
            case DOUBLE -> {
                final double x = (Double) v;
                w.write(x, r, n.definition);
                return XXH64.hashLong(x == -0.0d ? 0L : Double.doubleToLongBits(x), h);
            }
            case STRING -> {
                final Binary b = binary(n.firstLeaf, (String) v);
                w.write(b, r, n.definition);
                final byte[] bytes = b.getBytesUnsafe();
                return XXH64.hashUnsafeBytes(bytes, Platform.BYTE_ARRAY_OFFSET, bytes.length, h);
            }
            case STRUCT -> {
                final Row s = (Row) v;
                long fh = h;
                for (int i = 0; i < n.children.length; i++) {
                    fh = write(n.children[i], s.isNullAt(i) ? null : s.get(i), r, n.definition, fh);
                }
                return fh;
            }
            case ARRAY -> {
                return writeArray(n, v, r, h);
            }
            default -> throw new AssertionError(n.kind);
        }
    }

    /**
     * The UTF-8 bytes of {@code s}, reused while it is one of the last {@link #RECENT} strings the
     * column encoded (outcomes, symmetries, the side to move, which changes within a run of rows);
     * a column of distinct strings (a shape's picture, a tree's encoding) is encoded afresh each row.
     * Backed by an array rather than a buffer ({@code Binary.fromString}'s): the dictionary's
     * hashing and comparisons, the statistics' comparisons and the row hash then read the array
     * directly (a few per cent off a census's write).
     */
    private Binary binary(int leaf, String s) {
        if (layout.distinctLeaf[leaf]) {
            return Binary.fromConstantByteArray(s.getBytes(StandardCharsets.UTF_8));
        }
        final int base = leaf * RECENT;
        for (int i = base; i < base + RECENT; i++) {
            if (s.equals(recentStrings[i])) {
                return recentBinaries[i];
            }
        }
        final int slot = base + nextRecent[leaf];
        nextRecent[leaf] = (nextRecent[leaf] + 1) % RECENT;
        recentStrings[slot] = s;
        recentBinaries[slot] = Binary.fromConstantByteArray(s.getBytes(StandardCharsets.UTF_8));
        return recentBinaries[slot];
    }

    private long writeArray(ParquetLayout.Node n, Object v, int r, long h) {
        final ParquetLayout.Node element = n.children[0];
        final int size;
        long eh = h;
        if (v instanceof Seq<?> seq) {
            size = seq.length();
            for (int i = 0; i < size; i++) {
                eh = write(element, seq.apply(i), i == 0 ? r : n.repetition, n.definition + 1, eh);
            }
        } else if (v instanceof List<?> list) {
            size = list.size();
            for (int i = 0; i < size; i++) {
                eh = write(element, list.get(i), i == 0 ? r : n.repetition, n.definition + 1, eh);
            }
        } else if (v instanceof Object[] array) {
            size = array.length;
            for (int i = 0; i < size; i++) {
                eh = write(element, array[i], i == 0 ? r : n.repetition, n.definition + 1, eh);
            }
        } else {
            throw new IllegalArgumentException("column " + n.name + ": an array is a Seq, a List or an array, not "
                    + v.getClass().getName());
        }
        if (size == 0) {
            for (int c = n.firstLeaf; c < n.endLeaf; c++) {
                writers[c].writeNull(r, n.definition);
            }
        }
        return eh;
    }

    /**
     * The footer's key-value metadata, in the order Spark's own writer leaves it (its version, then
     * its schema): parquet-mr writes the entries in the map's order, and an immutable {@code Map.of}
     * orders its keys by a seed drawn afresh in every JVM, which would give the same rows different
     * bytes from one run to the next.
     */
    static Map<String, String> footerMetadata(String sparkSchema) {
        final Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put(SPARK_VERSION_METADATA, org.apache.spark.package$.MODULE$.SPARK_VERSION_SHORT());
        metadata.put(SPARK_ROW_METADATA, sparkSchema);
        return metadata;
    }

    /** Rows written so far. */
    long rows() {
        return rows;
    }

    /** Writes the last row group and the footer (with Spark's schema of the columns), and closes the file. */
    @Override
    public void close() throws IOException {
        flushGroup();
        // The footer through memory, its chunks' encodings put in order before it reaches the file.
        stream.hold();
        file.end(footerMetadata(layout.sparkSchema));
        final byte[] tail = stream.held();
        stream.release(FooterEncodingOrder.inOrder(file.getFooter()) ? tail : FooterEncodingOrder.sorted(tail));
        closed = true;
    }

    /** After {@link #close}: the file's manifest entry ({@link FileEntry}). */
    FileEntry manifestEntry(String name) {
        if (!closed) {
            throw new IllegalStateException("the file " + name + " is not closed yet");
        }
        return new FileEntry(name, stream.written, stream.crc.getValue());
    }

    /** Abandons the file (a failed task): closes the stream; the caller deletes the file. */
    void abandon() {
        try {
            out.close();
        } catch (IOException e) {
            // The file is deleted next; a stream that cannot close has nothing more to lose.
        }
    }
}
