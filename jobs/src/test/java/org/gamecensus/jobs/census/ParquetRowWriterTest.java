package org.gamecensus.jobs.census;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import scala.collection.JavaConverters;
import scala.collection.Seq;

/**
 * The direct Parquet writer against Spark itself: random rows of every type the censuses write
 * (and nested arrays, nulls at every level, empty arrays, awkward doubles and strings), written
 * in several row groups, read back by Spark equal to the rows as Spark sees them, each hashed as
 * Spark's {@code xxhash64} hashes it.
 */
class ParquetRowWriterTest extends SparkCensusTest {

    private static final StructType ROUTE = new StructType(new StructField[] {
        DataTypes.createStructField("r", DataTypes.IntegerType, false),
        DataTypes.createStructField("ok", DataTypes.BooleanType, false),
        DataTypes.createStructField("note", DataTypes.StringType, true),
    });

    /** Every type written directly, nullable and not, with a partition-like column last (not written). */
    private static final StructType SCHEMA = new StructType(new StructField[] {
        DataTypes.createStructField("mask", DataTypes.LongType, false),
        DataTypes.createStructField("tree", DataTypes.LongType, true),
        DataTypes.createStructField("links", DataTypes.IntegerType, false),
        DataTypes.createStructField("rank", DataTypes.IntegerType, true),
        DataTypes.createStructField("agree", DataTypes.BooleanType, false),
        DataTypes.createStructField("wins", DataTypes.BooleanType, true),
        DataTypes.createStructField("resistance", DataTypes.DoubleType, true),
        DataTypes.createStructField("outcome", DataTypes.StringType, false),
        DataTypes.createStructField("violations", DataTypes.StringType, true),
        DataTypes.createStructField("symmetries", new ArrayType(DataTypes.StringType, false), false),
        DataTypes.createStructField("notes", new ArrayType(DataTypes.StringType, true), true),
        DataTypes.createStructField("routes", new ArrayType(ROUTE, false), false),
        DataTypes.createStructField("grid", new ArrayType(new ArrayType(DataTypes.IntegerType, true), true), true),
        DataTypes.createStructField("best", ROUTE, true),
        DataTypes.createStructField("host", DataTypes.StringType, false),
    });

    private static final double[] DOUBLES = {
        0.0,
        -0.0,
        1.5,
        -2.25e-300,
        Double.NaN,
        Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE,
        1e6
    };

    private static final String[] STRINGS = {"L", "R", "N", "", "ünïcødé ∞", "a/b#c", "x".repeat(300)};

    private static final int[] DATA = IntStream.range(0, SCHEMA.size() - 1).toArray();

    @TempDir
    Path tmp;

    private static <T> Seq<T> seq(List<T> list) {
        return JavaConverters.asScalaBuffer(list);
    }

    private static Row route(Random r) {
        return RowFactory.create(
                r.nextInt(50), r.nextBoolean(), r.nextInt(4) == 0 ? null : STRINGS[r.nextInt(STRINGS.length)]);
    }

    private static List<Row> rows(int n, long seed) {
        final Random r = new Random(seed);
        final List<Row> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            final List<String> symmetries = new ArrayList<>();
            for (int k = r.nextInt(4); k > 0; k--) {
                symmetries.add(STRINGS[r.nextInt(3)]);
            }
            final List<String> notes = new ArrayList<>();
            for (int k = r.nextInt(3); k > 0; k--) {
                notes.add(r.nextBoolean() ? null : STRINGS[r.nextInt(STRINGS.length)]);
            }
            final List<Row> routes = new ArrayList<>();
            for (int k = r.nextInt(4); k > 0; k--) {
                routes.add(route(r));
            }
            List<Seq<Integer>> grid = null;
            if (r.nextInt(3) > 0) {
                grid = new ArrayList<>();
                for (int k = r.nextInt(3); k > 0; k--) {
                    if (r.nextInt(4) == 0) {
                        grid.add(null);
                        continue;
                    }
                    final List<Integer> line = new ArrayList<>();
                    for (int j = r.nextInt(3); j > 0; j--) {
                        line.add(r.nextInt(5) == 0 ? null : r.nextInt());
                    }
                    grid.add(seq(line));
                }
            }
            rows.add(RowFactory.create(
                    r.nextLong(),
                    r.nextBoolean() ? null : r.nextLong(),
                    r.nextInt(64),
                    r.nextBoolean() ? null : r.nextInt(),
                    r.nextBoolean(),
                    r.nextInt(3) == 0 ? null : r.nextBoolean(),
                    r.nextInt(5) == 0 ? null : DOUBLES[r.nextInt(DOUBLES.length)],
                    STRINGS[r.nextInt(3)],
                    r.nextInt(10) == 0 ? STRINGS[r.nextInt(STRINGS.length)] : null,
                    seq(symmetries),
                    r.nextInt(5) == 0 ? null : seq(notes),
                    seq(routes),
                    grid == null ? null : seq(grid),
                    r.nextBoolean() ? null : route(r),
                    "K" + r.nextInt(3)));
        }
        return rows;
    }

    /** The layout of the written columns, none declared distinct. */
    private static ParquetLayout layout() {
        return new ParquetLayout(SCHEMA, DATA, Set.of());
    }

    @Test
    void sparkReadsBackTheRowsWritten() throws Exception {
        final CompressionCodecName codec = CompressionCodecName.SNAPPY;
        final List<Row> rows = rows(10_000, 7);
        final FileSystem fs = WarehouseFiles.fs(tmp.toUri().toString(), new Configuration());
        final org.apache.hadoop.fs.Path file =
                new org.apache.hadoop.fs.Path(tmp.resolve("rows.parquet").toUri());
        // Small row groups: a group is closed at a size check every 4,096 rows.
        try (PageCompressor pages = new PageCompressor(codec, fs.getConf());
                ParquetRowWriter w = new ParquetRowWriter(fs, file, layout(), pages.compressor(), 64 << 10)) {
            for (Row row : rows) {
                w.write(row);
            }
            assertEquals(rows.size(), w.rows());
        }
        try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(file, new Configuration()))) {
            assertEquals(3, reader.getRowGroups().size(), "row groups of 4,096, 4,096 and 1,808 rows");
            assertEquals(codec, reader.getRowGroups().get(0).getColumns().get(0).getCodec());
        }
        final Column[] written = Arrays.stream(SCHEMA.fieldNames())
                .limit(DATA.length)
                .map(functions::col)
                .toArray(Column[]::new);
        final Dataset<Row> expected = spark().createDataFrame(rows, SCHEMA).select(written);
        final Dataset<Row> back = spark().read().parquet(file.toString());
        assertEquals(expected.schema().simpleString(), back.schema().simpleString(), "the types written");
        assertEquals(rows.size(), back.count());
        assertEquals(0, expected.exceptAll(back).count(), "every row written is read back");
        assertEquals(0, back.exceptAll(expected).count(), "and nothing else");
        // Also row for row in order: exceptAll treats NaN = NaN and -0.0 = 0.0, Row.equals does not.
        final List<Row> in = expected.collectAsList();
        final List<Row> out = back.collectAsList();
        for (int i = 0; i < in.size(); i++) {
            assertEquals(in.get(i).toString(), out.get(i).toString(), "row " + i);
        }
    }

    /**
     * The footer holds Spark's two keys in the order Spark's own writer leaves them, the version
     * first: the order is written into the file's bytes, so a map that orders them by a per-JVM seed
     * would give the same rows other bytes in another run.
     */
    @Test
    void theFooterListsSparksKeysAsSparksOwnFilesDo() throws Exception {
        final List<Row> rows = rows(100, 11);
        final FileSystem fs = WarehouseFiles.fs(tmp.toUri().toString(), new Configuration());
        final org.apache.hadoop.fs.Path file = path("own.parquet");
        try (PageCompressor pages = new PageCompressor(CompressionCodecName.SNAPPY, fs.getConf());
                ParquetRowWriter w = new ParquetRowWriter(fs, file, layout(), pages.compressor(), 64 << 10)) {
            for (Row row : rows) {
                w.write(row);
            }
        }
        final Path sparks = tmp.resolve("sparks");
        spark().createDataFrame(rows, SCHEMA).coalesce(1).write().parquet(sparks.toString());
        final Path sparksFile;
        try (Stream<Path> files = Files.list(sparks)) {
            sparksFile = files.filter(f -> f.toString().endsWith(".parquet"))
                    .findFirst()
                    .orElseThrow();
        }
        final List<String> keys = List.of("org.apache.spark.version", "org.apache.spark.sql.parquet.row.metadata");
        assertEquals(keys, footerKeys(Files.readAllBytes(sparksFile), keys), "Spark's own file");
        assertEquals(keys, footerKeys(Files.readAllBytes(Path.of(file.toUri())), keys), "the writer's file");
        assertEquals(keys, List.copyOf(ParquetRowWriter.footerMetadata("{}").keySet()));
    }

    /** {@code keys} in the order their bytes first appear in {@code file}. */
    private static List<String> footerKeys(byte[] file, List<String> keys) {
        final String text = new String(file, StandardCharsets.ISO_8859_1);
        final List<String> found = new ArrayList<>(keys);
        found.sort(Comparator.comparingInt(k -> {
            final int at = text.indexOf(k);
            Assertions.assertTrue(at >= 0, k + " is in the file");
            return at;
        }));
        return found;
    }

    /**
     * The entry the writer makes for the manifest — size and CRC-32 of the bytes it saw pass — is
     * the file's own as read back from disk, over several row groups (page headers, footer and
     * all), so the driver can take it instead of reading the file.
     */
    @Test
    void theWritersManifestEntryIsTheFileReadBack() throws Exception {
        final FileSystem fs = WarehouseFiles.fs(tmp.toUri().toString(), new Configuration());
        final org.apache.hadoop.fs.Path file =
                new org.apache.hadoop.fs.Path(tmp.resolve("rows.parquet").toUri());
        final ParquetRowWriter w;
        try (PageCompressor pages = new PageCompressor(CompressionCodecName.SNAPPY, fs.getConf())) {
            w = new ParquetRowWriter(fs, file, layout(), pages.compressor(), 64 << 10);
            for (Row row : rows(10_000, 17)) {
                w.write(row);
            }
            Assertions.assertThrows(
                    IllegalStateException.class,
                    () -> w.manifestEntry("rows.parquet"),
                    "no entry before the footer is written");
            w.close();
        }
        final long size = Files.size(tmp.resolve("rows.parquet"));
        Assertions.assertTrue(size > 64 << 10, "several row groups: " + size + " bytes");
        final CRC32 crc = new CRC32();
        crc.update(Files.readAllBytes(tmp.resolve("rows.parquet")));
        assertEquals(new FileEntry("rows.parquet", size, crc.getValue()), w.manifestEntry("rows.parquet"));
    }

    /**
     * A string column declared distinct is written without a dictionary, the other string
     * columns with one, and Spark reads the same rows either way.
     */
    @Test
    void aDistinctColumnIsWrittenWithoutADictionaryTheOtherStringsWithOne() throws Exception {
        final List<Row> rows = rows(3_000, 29);
        final FileSystem fs = WarehouseFiles.fs(tmp.toUri().toString(), new Configuration());
        final Map<String, Boolean> dictionaryPages = new HashMap<>();
        final List<List<Row>> back = new ArrayList<>();
        for (Set<String> distinct : List.of(Set.<String>of(), Set.of("outcome"))) {
            final org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(
                    tmp.resolve("distinct-" + distinct.size() + ".parquet").toUri());
            write(fs, file, new ParquetLayout(SCHEMA, DATA, distinct), rows);
            try (ParquetFileReader reader =
                    ParquetFileReader.open(HadoopInputFile.fromPath(file, new Configuration()))) {
                for (var column : reader.getRowGroups().get(0).getColumns()) {
                    dictionaryPages.put(
                            distinct.size() + ":" + column.getPath().toDotString(), column.hasDictionaryPage());
                }
            }
            back.add(spark().read().parquet(file.toString()).collectAsList());
        }
        // Three outcomes among 3,000 rows: a dictionary pays, so parquet-mr keeps it unless told not to make one.
        assertEquals(Boolean.TRUE, dictionaryPages.get("0:outcome"), "outcome through a dictionary by default");
        assertEquals(Boolean.FALSE, dictionaryPages.get("1:outcome"), "outcome declared distinct: no dictionary");
        assertEquals(Boolean.TRUE, dictionaryPages.get("1:symmetries.list.element"), "the other strings keep theirs");
        assertEquals(back.get(0).toString(), back.get(1).toString(), "the same rows read back");
    }

    /**
     * Each layout's encodings hold for its own files whatever other layouts the JVM builds
     * meanwhile: parquet-mr's default values-writer factory is one static object that each
     * {@code ParquetProperties} built re-initialises, so without a factory of its own a layout
     * wrote its columns with the encodings of whichever layout was built last (a task writing two
     * tables at once, or two tasks side by side), and the same rows made other bytes.
     */
    @Test
    void aLayoutKeepsItsEncodingsWhenAnotherIsBuiltBeforeItWrites() throws Exception {
        final List<Row> rows = rows(3_000, 31);
        final FileSystem fs = WarehouseFiles.fs(tmp.toUri().toString(), new Configuration());
        final ParquetLayout dictionary = layout();
        final org.apache.hadoop.fs.Path alone = path("alone.parquet");
        write(fs, alone, dictionary, rows);
        final ParquetLayout distinct = new ParquetLayout(SCHEMA, DATA, Set.of("outcome"));
        final org.apache.hadoop.fs.Path after = path("after.parquet");
        final org.apache.hadoop.fs.Path other = path("other.parquet");
        write(fs, after, dictionary, rows);
        write(fs, other, distinct, rows);
        assertEquals(Boolean.TRUE, outcomeHasDictionary(after), "the first layout's outcome keeps its dictionary");
        assertEquals(Boolean.FALSE, outcomeHasDictionary(other), "the second's is declared distinct");
        Assertions.assertArrayEquals(
                Files.readAllBytes(tmp.resolve("alone.parquet")),
                Files.readAllBytes(tmp.resolve("after.parquet")),
                "the same rows, the same bytes, whatever layout was built last");
    }

    private static void write(FileSystem fs, org.apache.hadoop.fs.Path file, ParquetLayout layout, List<Row> rows)
            throws Exception {
        try (PageCompressor pages = new PageCompressor(CompressionCodecName.SNAPPY, fs.getConf());
                ParquetRowWriter w = new ParquetRowWriter(fs, file, layout, pages.compressor(), 1 << 20)) {
            for (Row row : rows) {
                w.write(row);
            }
        }
    }

    private static boolean outcomeHasDictionary(org.apache.hadoop.fs.Path file) throws Exception {
        try (ParquetFileReader reader = ParquetFileReader.open(HadoopInputFile.fromPath(file, new Configuration()))) {
            for (var column : reader.getRowGroups().get(0).getColumns()) {
                if (column.getPath().toDotString().equals("outcome")) {
                    return column.hasDictionaryPage();
                }
            }
        }
        throw new AssertionError("no outcome column in " + file);
    }

    /** The codecs other than Snappy go through parquet-mr's compressor, one for the task's files. */
    @ParameterizedTest
    @EnumSource(
            value = CompressionCodecName.class,
            names = {"GZIP", "ZSTD", "UNCOMPRESSED"})
    void sparkReadsBackTheRowsWrittenWithEachCodec(CompressionCodecName codec) throws Exception {
        final List<Row> rows = rows(1_500, 17);
        final FileSystem fs = WarehouseFiles.fs(tmp.toUri().toString(), new Configuration());
        final ParquetLayout layout = layout();
        try (PageCompressor pages = new PageCompressor(codec, fs.getConf());
                ParquetRowWriter a = new ParquetRowWriter(fs, path("a.parquet"), layout, pages.compressor(), 16 << 10);
                ParquetRowWriter b =
                        new ParquetRowWriter(fs, path("b.parquet"), layout, pages.compressor(), 16 << 10)) {
            for (int i = 0; i < rows.size(); i++) {
                (i < rows.size() / 2 ? a : b).write(rows.get(i));
            }
        }
        final Column[] written = Arrays.stream(SCHEMA.fieldNames())
                .limit(DATA.length)
                .map(functions::col)
                .toArray(Column[]::new);
        final List<Row> in =
                spark().createDataFrame(rows, SCHEMA).select(written).collectAsList();
        final List<Row> out = new ArrayList<>(
                spark().read().parquet(path("a.parquet").toString()).collectAsList());
        out.addAll(spark().read().parquet(path("b.parquet").toString()).collectAsList());
        assertEquals(in.size(), out.size());
        for (int i = 0; i < in.size(); i++) {
            assertEquals(in.get(i).toString(), out.get(i).toString(), "row " + i);
        }
        try (ParquetFileReader reader =
                ParquetFileReader.open(HadoopInputFile.fromPath(path("b.parquet"), new Configuration()))) {
            assertEquals(codec, reader.getRowGroups().get(0).getColumns().get(0).getCodec());
        }
    }

    @Test
    void eachRowsHashIsSparksXxhash64OfItsWrittenColumns() throws Exception {
        final List<Row> rows = rows(5_000, 11);
        final FileSystem fs = WarehouseFiles.fs(tmp.toUri().toString(), new Configuration());
        final long[] hashes = new long[rows.size()];
        try (PageCompressor pages = new PageCompressor(CompressionCodecName.SNAPPY, fs.getConf());
                ParquetRowWriter w = new ParquetRowWriter(
                        fs,
                        new org.apache.hadoop.fs.Path(tmp.resolve("h.parquet").toUri()),
                        layout(),
                        pages.compressor(),
                        1 << 20)) {
            for (int i = 0; i < rows.size(); i++) {
                hashes[i] = w.write(rows.get(i));
            }
        }
        final Column[] written = Arrays.stream(SCHEMA.fieldNames())
                .limit(DATA.length)
                .map(functions::col)
                .toArray(Column[]::new);
        final List<Long> spark = spark().createDataFrame(rows, SCHEMA)
                .select(functions.xxhash64(written))
                .as(Encoders.LONG())
                .collectAsList();
        int differ = 0;
        for (int i = 0; i < rows.size(); i++) {
            if (hashes[i] != spark.get(i)) {
                differ++;
            }
        }
        assertEquals(0, differ, "rows whose hashes differ");
        Assertions.assertNotEquals(hashes[0], hashes[1], "a hash that tells rows apart");
    }

    @Test
    void aNullInAColumnThatIsNotNullableIsRefused() throws Exception {
        final FileSystem fs = WarehouseFiles.fs(tmp.toUri().toString(), new Configuration());
        final Row row = rows(1, 3).get(0);
        final Object[] values = new Object[row.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = row.get(i);
        }
        values[SCHEMA.fieldIndex("outcome")] = null;
        try (PageCompressor pages = new PageCompressor(CompressionCodecName.UNCOMPRESSED, fs.getConf())) {
            final ParquetRowWriter w = new ParquetRowWriter(
                    fs,
                    new org.apache.hadoop.fs.Path(tmp.resolve("x.parquet").toUri()),
                    layout(),
                    pages.compressor(),
                    1 << 20);
            final IllegalStateException e =
                    Assertions.assertThrows(IllegalStateException.class, () -> w.write(RowFactory.create(values)));
            assertEquals("column outcome is null but not nullable", e.getMessage());
            w.abandon();
        }
    }

    /**
     * A task's files share its compressor, written a row to one and a row to the other, as a task
     * whose rows alternate between partitions writes them; and its Snappy pages are parquet-mr's
     * own to the byte, so the files are the very files parquet-mr's Snappy compressor makes.
     */
    @Test
    void filesSharingOneSnappyCompressorAreParquetMrsOwnByteForByte() throws Exception {
        final List<Row> rows = rows(9_000, 13);
        final FileSystem fs = WarehouseFiles.fs(tmp.toUri().toString(), new Configuration());
        final ParquetLayout layout = layout();
        final org.apache.hadoop.fs.Path[] shared = {path("shared-0.parquet"), path("shared-1.parquet")};
        try (PageCompressor pages = new PageCompressor(CompressionCodecName.SNAPPY, fs.getConf());
                ParquetRowWriter a = new ParquetRowWriter(fs, shared[0], layout, pages.compressor(), 64 << 10);
                ParquetRowWriter b = new ParquetRowWriter(fs, shared[1], layout, pages.compressor(), 64 << 10)) {
            for (int i = 0; i < rows.size(); i++) {
                (i % 2 == 0 ? a : b).write(rows.get(i));
            }
        }
        for (int f = 0; f < 2; f++) {
            final org.apache.hadoop.fs.Path own = path("own-" + f + ".parquet");
            final CodecFactory codecs = new CodecFactory(fs.getConf(), 1 << 20);
            try (ParquetRowWriter w = new ParquetRowWriter(
                    fs, own, layout, codecs.getCompressor(CompressionCodecName.SNAPPY), 64 << 10)) {
                for (int i = f; i < rows.size(); i += 2) {
                    w.write(rows.get(i));
                }
            } finally {
                codecs.release();
            }
            Assertions.assertArrayEquals(
                    Files.readAllBytes(Path.of(own.toUri())),
                    Files.readAllBytes(Path.of(shared[f].toUri())),
                    "file " + f);
            assertEquals(
                    rows.size() / 2,
                    spark().read().parquet(shared[f].toString()).count());
        }
    }

    private org.apache.hadoop.fs.Path path(String name) {
        return new org.apache.hadoop.fs.Path(tmp.resolve(name).toUri());
    }
}
