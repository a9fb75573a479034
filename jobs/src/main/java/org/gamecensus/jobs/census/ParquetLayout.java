package org.gamecensus.jobs.census;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties;
import org.apache.parquet.column.values.factory.DefaultV2ValuesWriterFactory;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
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

/**
 * What every file of one schema shares, derived once per task rather than once per file (a task
 * writes a file per partition it holds rows of): the Parquet schema Spark's writer derives, the
 * tree of definition and repetition levels ({@link Node}), the encodings, and the Spark schema for
 * the footer. {@link ParquetRowWriter} writes rows by it.
 */
final class ParquetLayout {
    /**
     * The largest dictionary of a string column before it falls back to delta encoding. Small: the
     * strings worth a dictionary are a handful (outcomes, symmetries, sides), and a column of
     * distinct strings (a tree's encoding, a shape's picture) falls back as soon as it passes it,
     * not after parquet-mr's default of 1 MiB — to 15 edges, Lumberjack's tasks spent a third of
     * their writing time hashing encodings into a dictionary and re-encoding them on the fallback.
     */
    private static final int DICTIONARY_BYTES = 64 << 10;

    final StructType schema;
    final int[] fields;
    final MessageType parquet;
    final Node[] top;
    final int leaves;
    /** Whether leaf {@code c} is a column of distinct strings, written without a dictionary. */
    final boolean[] distinctLeaf;

    final ParquetProperties properties;
    final String sparkSchema;

    /**
     * The layout of the columns {@code fields} of rows of {@code schema}; the string columns
     * named in {@code distinct} (each value different: {@link
     * org.gamecensus.schemas.DatasetSchema#distinctColumns}) without a dictionary, the others
     * through one while it stays small.
     */
    ParquetLayout(StructType schema, int[] fields, Set<String> distinct) {
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
        // A values-writer factory of this layout's own: parquet-mr's default is one static object
        // that every ParquetProperties built re-initialises, so its columns' encodings would be
        // those of whichever layout the JVM built last (two tables written by one task, two tasks
        // side by side), and the same rows would make other bytes. The factory is format 2's, as
        // the writer version below: the two change together.
        ParquetProperties.Builder settings = ParquetProperties.builder()
                .withValuesWriterFactory(new DefaultV2ValuesWriterFactory())
                .withWriterVersion(ParquetProperties.WriterVersion.PARQUET_2_0)
                .withDictionaryEncoding(false)
                .withDictionaryPageSize(DICTIONARY_BYTES);
        this.distinctLeaf = new boolean[leaves];
        final List<ColumnDescriptor> columns = parquet.getColumns();
        for (int c = 0; c < leaves; c++) {
            final ColumnDescriptor column = columns.get(c);
            if (column.getPrimitiveType().getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY) {
                distinctLeaf[c] = distinct.contains(column.getPath()[0]);
                if (!distinctLeaf[c]) {
                    settings = settings.withDictionaryEncoding(String.join(".", column.getPath()), true);
                }
            }
        }
        this.properties = settings.build();
    }

    enum Kind {
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
    static final class Node {
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

    /** The node of a field of type {@code type} whose parent reaches definition level {@code d} and repetition {@code r}. */
    static Node node(String name, DataType type, boolean nullable, int d, int r, int[] leaf) {
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
    static void checkLevels(Node[] top, List<ColumnDescriptor> columns) {
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

    static void collectLeaves(Node n, List<Node> out) {
        if (n.children == null) {
            out.add(n);
            return;
        }
        for (Node c : n.children) {
            collectLeaves(c, out);
        }
    }
}
