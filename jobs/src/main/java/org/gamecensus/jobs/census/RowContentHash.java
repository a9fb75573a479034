package org.gamecensus.jobs.census;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.catalyst.expressions.XXH64;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.unsafe.Platform;

/**
 * A row's content hash computed in Java exactly as Spark SQL's {@code xxhash64(columns…)} computes
 * it (seed 42, folded over the columns in order; a null leaves the running hash unchanged, a
 * boolean hashes as the int 1 or 0, a string as its UTF-8 bytes, an array or struct folds its
 * elements or fields). The manifests' checksum is the sum of this hash over a partition's rows,
 * so a commit that writes rows itself records the figure {@link Manifests#verify} recomputes
 * with Spark from the files.
 */
final class RowContentHash {

    /** Spark's seed for {@code xxhash64}. */
    static final long SEED = 42L;

    private final DataType[] types;
    private final int[] fields;
    /** Each column's last string and its UTF-8 bytes, reused while the column repeats it (outcomes). */
    private final String[] lastStrings;
    private final byte[][] lastBytes;

    /** The hash of the columns {@code fields} of rows of {@code schema}. */
    RowContentHash(StructType schema, int[] fields) {
        this.fields = fields.clone();
        this.types = new DataType[fields.length];
        for (int i = 0; i < fields.length; i++) {
            types[i] = schema.fields()[fields[i]].dataType();
        }
        this.lastStrings = new String[fields.length];
        this.lastBytes = new byte[fields.length][];
    }

    long hash(Row row) {
        long h = SEED;
        for (int i = 0; i < fields.length; i++) {
            final int at = fields[i];
            if (row.isNullAt(at)) {
                continue;
            }
            // Cases: the flat types inline (most columns), the rest recursively.
            final DataType t = types[i];
            if (t instanceof LongType) {
                h = XXH64.hashLong(row.getLong(at), h);
            } else if (t instanceof IntegerType) {
                h = XXH64.hashInt(row.getInt(at), h);
            } else if (t instanceof BooleanType) {
                h = XXH64.hashInt(row.getBoolean(at) ? 1 : 0, h);
            } else if (t instanceof StringType) {
                final String s = row.getString(at);
                if (!s.equals(lastStrings[i])) {
                    lastStrings[i] = s;
                    lastBytes[i] = s.getBytes(StandardCharsets.UTF_8);
                }
                h = XXH64.hashUnsafeBytes(lastBytes[i], Platform.BYTE_ARRAY_OFFSET, lastBytes[i].length, h);
            } else {
                h = hash(row.get(at), t, h);
            }
        }
        return h;
    }

    /** Spark's {@code InterpretedHashFunction.hash} for the types the censuses write. */
    private static long hash(Object v, DataType type, long seed) {
        if (v == null) {
            return seed;
        }
        if (type instanceof LongType) {
            return XXH64.hashLong((Long) v, seed);
        }
        if (type instanceof IntegerType) {
            return XXH64.hashInt((Integer) v, seed);
        }
        if (type instanceof BooleanType) {
            return XXH64.hashInt((Boolean) v ? 1 : 0, seed);
        }
        if (type instanceof DoubleType) {
            final double d = (Double) v;
            // Spark hashes -0.0 as 0.0, and every NaN as the one NaN doubleToLongBits gives.
            return XXH64.hashLong(d == -0.0d ? 0L : Double.doubleToLongBits(d), seed);
        }
        if (type instanceof StringType) {
            final byte[] bytes = ((String) v).getBytes(StandardCharsets.UTF_8);
            return XXH64.hashUnsafeBytes(bytes, Platform.BYTE_ARRAY_OFFSET, bytes.length, seed);
        }
        if (type instanceof StructType s) {
            final Row r = (Row) v;
            long h = seed;
            for (int i = 0; i < s.fields().length; i++) {
                h = hash(r.isNullAt(i) ? null : r.get(i), s.fields()[i].dataType(), h);
            }
            return h;
        }
        if (type instanceof ArrayType a) {
            final DataType element = a.elementType();
            long h = seed;
            if (v instanceof scala.collection.Seq<?> seq) {
                for (int i = 0; i < seq.length(); i++) {
                    h = hash(seq.apply(i), element, h);
                }
            } else if (v instanceof List<?> list) {
                for (Object e : list) {
                    h = hash(e, element, h);
                }
            } else {
                for (Object e : (Object[]) v) {
                    h = hash(e, element, h);
                }
            }
            return h;
        }
        throw new IllegalArgumentException("type " + type.simpleString() + " is not hashed here");
    }
}
