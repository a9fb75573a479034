package org.gamecensus.jobs.census;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnWriteStore;
import org.apache.parquet.column.ColumnWriter;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ColumnChunkPageWriteStore;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.XXH64;
import org.apache.spark.sql.execution.datasources.parquet.SparkToParquetSchemaConverter;
import org.apache.spark.sql.internal.SQLConf;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
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
     * The largest dictionary of a string column before it falls back to delta encoding. Small: the
     * strings worth a dictionary are a handful (outcomes, symmetries, sides), and a column of
     * distinct strings (a tree's encoding, a shape's picture) falls back as soon as it passes it,
     * not after parquet-mr's default of 1 MiB — to 15 edges, Lumberjack's tasks spent a third of
     * their writing time hashing encodings into a dictionary and re-encoding them on the fallback.
     */
    private static final int DICTIONARY_BYTES = 64 << 10;

    /** parquet-mr's own writer's defaults, which its column API leaves to the caller. */
    private static final int MAX_PADDING_BYTES = 8 << 20;

    private static final int COLUMN_INDEX_TRUNCATE_LENGTH = 64;

    /** Spark's seed for {@code xxhash64}. */
    static final long HASH_SEED = 42L;

    /** The footer keys under which Spark's writer records the Spark schema and its own version. */
    private static final String SPARK_ROW_METADATA = "org.apache.spark.sql.parquet.row.metadata";

    private static final String SPARK_VERSION_METADATA = "org.apache.spark.version";

    private final Layout layout;

    private final CodecFactory.BytesCompressor compressor;

    private final FSDataOutputStream out;

    private final ChecksummedStream stream;

    private final ParquetFileWriter file;

    private final long rowGroupBytes;

    private ColumnChunkPageWriteStore pages;

    private ColumnWriteStore store;

    private ColumnWriter[] writers;

    private final String[] lastStrings;

    private final Binary[] lastBinaries;

    private long rowsInGroup;

    private long rows;

    /** Whether the footer is written and the file closed. */
    private boolean closed;

    private enum Kind {
        LONG,
        INT,
        BOOLEAN,
        DOUBLE,
        STRING,
        STRUCT,
        ARRAY
    }

    /**
     * A field of the Spark schema with the leaf columns below it ({@code [firstLeaf, endLeaf)}),
     * the definition level its value reaches when present, and, for an array, the repetition
     * level of its elements after the first.
     */
    private static final class Node {
        final Kind kind;
        final String name;
        final boolean optional;
        final int firstLeaf;
        final int endLeaf;
        final int definition;
        final int repetition;
        final Node[] children;

        Node(
                Kind kind,
                String name,
                boolean optional,
                int firstLeaf,
                int endLeaf,
                int definition,
                int repetition,
                Node[] children) {
            this.kind = kind;
            this.name = name;
            this.optional = optional;
            this.firstLeaf = firstLeaf;
            this.endLeaf = endLeaf;
            this.definition = definition;
            this.repetition = repetition;
            this.children = children;
        }
    }

    /**
     * What every file of one schema shares, derived once per task rather than once per file (a
     * task writes a file per partition it holds rows of): the Parquet schema Spark's writer
     * derives, the tree of levels, the encodings, and the Spark schema for the footer. Not for
     * speed (the time a file takes did not move measurably): the derivation is simply not
     * repeated.
     */
    static final class Layout {
        final StructType schema;
        final int[] fields;
        final MessageType parquet;
        final Node[] top;
        final int leaves;
        final ParquetProperties properties;
        final String sparkSchema;

        /**
         * The layout of the columns {@code fields} of rows of {@code schema}; the string columns
         * named in {@code distinct} (each value different: {@link
         * org.gamecensus.schemas.DatasetSchema#distinctColumns}) without a dictionary, the others
         * through one while it stays small.
         */
        Layout(StructType schema, int[] fields, Set<String> distinct) {
            final StructField[] data = new StructField[fields.length];
            for (int i = 0; i < fields.length; i++) {
                data[i] = schema.fields()[fields[i]];
            }
            final StructType dataSchema = new StructType(data);
            this.schema = schema;
            this.fields = fields.clone();
            // Spark's own conversion (standard lists, no legacy decimals; this schema has no timestamps).
            this.parquet = new SparkToParquetSchemaConverter(
                            false, SQLConf.ParquetOutputTimestampType$.MODULE$.INT96(), false)
                    .convert(dataSchema);
            final int[] leaf = {0};
            this.top = new Node[data.length];
            for (int i = 0; i < data.length; i++) {
                top[i] = node(data[i].name(), data[i].dataType(), data[i].nullable(), 0, 0, leaf);
            }
            this.leaves = leaf[0];
            checkLevels(top, parquet.getColumns());
            this.sparkSchema = dataSchema.json();
            ParquetProperties.Builder settings = ParquetProperties.builder()
                    .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_2_0)
                    .withDictionaryEncoding(false)
                    .withDictionaryPageSize(DICTIONARY_BYTES);
            for (ColumnDescriptor c : parquet.getColumns()) {
                if (c.getPrimitiveType().getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY
                        && !distinct.contains(c.getPath()[0])) {
                    settings = settings.withDictionaryEncoding(String.join(".", c.getPath()), true);
                }
            }
            this.properties = settings.build();
        }
    }

    /**
     * A new file {@code path} (which must not exist) laid out by {@code layout}, its pages
     * compressed by {@code compressor} (the task's, {@link PageCompressor}; the writer does not
     * release it), in row groups of about {@code rowGroupBytes}.
     */
    ParquetRowWriter(
            FileSystem fs, Path path, Layout layout, CodecFactory.BytesCompressor compressor, long rowGroupBytes)
            throws IOException {
        this.layout = layout;
        this.rowGroupBytes = rowGroupBytes;
        this.lastStrings = new String[layout.leaves];
        this.lastBinaries = new Binary[layout.leaves];
        this.compressor = compressor;
        this.out = fs.create(path, false);
        this.stream = new ChecksummedStream(out);
        this.file = new ParquetFileWriter(
                outputFile(stream), layout.parquet, ParquetFileWriter.Mode.CREATE, rowGroupBytes, MAX_PADDING_BYTES);
        file.start();
        startGroup();
    }

    /** The open stream {@code out} as parquet-mr's output file (which it "creates" once, at the start). */
    private static OutputFile outputFile(PositionOutputStream out) {
        return new OutputFile() {
            @Override
            public PositionOutputStream create(long blockSizeHint) {
                return out;
            }

            @Override
            public PositionOutputStream createOrOverwrite(long blockSizeHint) {
                return out;
            }

            @Override
            public boolean supportsBlockSize() {
                return false;
            }

            @Override
            public long defaultBlockSize() {
                return 0;
            }
        };
    }

    /**
     * The file's stream, folding every byte written into a CRC-32 on its way: the manifest's
     * checksum of the file ({@link Manifests#entry}), so the driver need not read back what the
     * tasks wrote — on a cluster, the whole census through one machine.
     */
    private static final class ChecksummedStream extends PositionOutputStream {
        private final FSDataOutputStream out;
        private final CRC32 crc = new CRC32();
        /** Bytes written through this stream: the file's length once it is closed. */
        private long written;

        ChecksummedStream(FSDataOutputStream out) {
            this.out = out;
        }

        @Override
        public long getPos() throws IOException {
            return out.getPos();
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            crc.update(b);
            written++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            crc.update(b, off, len);
            written += len;
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    /** The node of a field of type {@code type} whose parent reaches definition level {@code d} and repetition {@code r}. */
    private static Node node(String name, DataType type, boolean nullable, int d, int r, int[] leaf) {
        final int definition = d + (nullable ? 1 : 0);
        final int first = leaf[0];
        if (type instanceof StructType s) {
            final Node[] children = new Node[s.fields().length];
            for (int i = 0; i < children.length; i++) {
                final StructField f = s.fields()[i];
                children[i] = node(f.name(), f.dataType(), f.nullable(), definition, r, leaf);
            }
            return new Node(Kind.STRUCT, name, nullable, first, leaf[0], definition, r, children);
        }
        if (type instanceof ArrayType a) {
            // The repeated group 'list' adds a definition level (an element is there) and a repetition level.
            final Node element = node("element", a.elementType(), a.containsNull(), definition + 1, r + 1, leaf);
            return new Node(Kind.ARRAY, name, nullable, first, leaf[0], definition, r + 1, new Node[] {element});
        }
        final Kind kind;
        if (type instanceof LongType) {
            kind = Kind.LONG;
        } else if (type instanceof IntegerType) {
            kind = Kind.INT;
        } else if (type instanceof BooleanType) {
            kind = Kind.BOOLEAN;
        } else if (type instanceof DoubleType) {
            kind = Kind.DOUBLE;
        } else if (type instanceof StringType) {
            kind = Kind.STRING;
        } else {
            throw new IllegalArgumentException("column " + name + ": type " + type.simpleString()
                    + " is not written directly (long, int, boolean, double, string, struct and array are)");
        }
        leaf[0]++;
        return new Node(kind, name, nullable, first, first + 1, definition, r, null);
    }

    /** Fails unless the levels derived here are those of the Parquet schema Spark derived. */
    private static void checkLevels(Node[] top, List<ColumnDescriptor> columns) {
        final List<Node> leaves = new ArrayList<>();
        for (Node n : top) {
            collectLeaves(n, leaves);
        }
        if (leaves.size() != columns.size()) {
            throw new IllegalStateException(
                    leaves.size() + " leaf columns derived, Parquet schema has " + columns.size());
        }
        for (int i = 0; i < columns.size(); i++) {
            final ColumnDescriptor c = columns.get(i);
            final Node n = leaves.get(i);
            if (c.getMaxDefinitionLevel() != n.definition || c.getMaxRepetitionLevel() != n.repetition) {
                throw new IllegalStateException("column " + String.join(".", c.getPath()) + ": levels " + n.definition
                        + "/" + n.repetition + " derived, " + c.getMaxDefinitionLevel() + "/"
                        + c.getMaxRepetitionLevel()
                        + " in the Parquet schema");
            }
        }
    }

    private static void collectLeaves(Node n, List<Node> out) {
        if (n.children == null) {
            out.add(n);
            return;
        }
        for (Node c : n.children) {
            collectLeaves(c, out);
        }
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
        final Node[] top = layout.top;
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
    private long write(Node n, Object v, int r, int d, long h) {
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
     * The UTF-8 bytes of {@code s}, reused while a column repeats its last string (outcomes,
     * symmetries). Backed by an array rather than a buffer ({@code Binary.fromString}'s): the
     * dictionary's hashing and comparisons, the statistics' comparisons and the row hash then read
     * the array directly (a few per cent off a census's write).
     */
    private Binary binary(int leaf, String s) {
        if (!s.equals(lastStrings[leaf])) {
            lastStrings[leaf] = s;
            lastBinaries[leaf] = Binary.fromConstantByteArray(s.getBytes(StandardCharsets.UTF_8));
        }
        return lastBinaries[leaf];
    }

    private long writeArray(Node n, Object v, int r, long h) {
        final Node element = n.children[0];
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

    /** Rows written so far. */
    long rows() {
        return rows;
    }

    /** Writes the last row group and the footer (with Spark's schema of the columns), and closes the file. */
    @Override
    public void close() throws IOException {
        flushGroup();
        file.end(Map.of(
                SPARK_ROW_METADATA,
                layout.sparkSchema,
                SPARK_VERSION_METADATA,
                org.apache.spark.package$.MODULE$.SPARK_VERSION_SHORT()));
        closed = true;
    }

    /** After {@link #close}: the file's manifest entry ({@link FileEntry}ests#entry}). */
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
