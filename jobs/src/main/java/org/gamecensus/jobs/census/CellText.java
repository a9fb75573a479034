package org.gamecensus.jobs.census;

import java.util.Iterator;
import java.util.Locale;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.StructType;
import scala.Tuple2;
import scala.collection.JavaConverters;
import scala.collection.Map;
import scala.collection.Seq;

/**
 * A value of a collected row as a table cell's text. The cases: NULL is null (each format shows it
 * its own way); a boolean is yes or no, as the published tables read; an array, a map or a struct is
 * JSON ({@code [1, 2]}, {@code {"a": 1}}), which DuckDB, pyarrow and Spark parse, where its Scala
 * text ({@code WrappedArray(1, 2)}) would not; a binary value is its bytes in hexadecimal, as
 * Spark's {@code show} writes them ({@code [00 FF]}); any other value is its own text.
 */
public final class CellText {

    private CellText() {}

    /** The text of {@code value} in a cell; null for NULL. */
    public static String of(Object value) {
        if (value == null) {
            return null;
        }
        if (value instanceof Boolean b) {
            return b ? "yes" : "no";
        }
        if (value instanceof byte[] bytes) {
            return hex(bytes);
        }
        if (value instanceof Seq<?> || value instanceof Map<?, ?> || value instanceof Row) {
            final StringBuilder b = new StringBuilder();
            json(value, b);
            return b.toString();
        }
        return value.toString();
    }

    /** Cases: NULL; boolean; finite number; array; map; struct; a binary value, a string and every other scalar (quoted). */
    private static void json(Object value, StringBuilder b) {
        if (value == null) {
            b.append("null");
        } else if (value instanceof Boolean) {
            b.append(value);
        } else if (value instanceof Number n && finite(n)) {
            b.append(n);
        } else if (value instanceof Seq<?> s) {
            b.append('[');
            final Iterator<?> it = JavaConverters.asJavaIterator(s.iterator());
            for (boolean first = true; it.hasNext(); first = false) {
                b.append(first ? "" : ", ");
                json(it.next(), b);
            }
            b.append(']');
        } else if (value instanceof Map<?, ?> m) {
            b.append('{');
            final Iterator<? extends Tuple2<?, ?>> it = JavaConverters.asJavaIterator(m.iterator());
            for (boolean first = true; it.hasNext(); first = false) {
                final Tuple2<?, ?> e = it.next();
                b.append(first ? "" : ", ");
                string(key(e._1()), b);
                b.append(": ");
                json(e._2(), b);
            }
            b.append('}');
        } else if (value instanceof Row r) {
            final StructType schema = r.schema();
            b.append(schema == null ? '[' : '{');
            for (int i = 0; i < r.length(); i++) {
                b.append(i == 0 ? "" : ", ");
                if (schema != null) {
                    string(schema.fields()[i].name(), b);
                    b.append(": ");
                }
                json(r.get(i), b);
            }
            b.append(schema == null ? ']' : '}');
        } else {
            string(value instanceof byte[] bytes ? hex(bytes) : value.toString(), b);
        }
    }

    /**
     * A map key as a JSON object's key, which must be a string: a scalar's text (a boolean true or
     * false, as Spark's {@code to_json} writes it), an array's, map's or struct's JSON text.
     */
    private static String key(Object k) {
        if (k instanceof Seq<?> || k instanceof Map<?, ?> || k instanceof Row) {
            final StringBuilder b = new StringBuilder();
            json(k, b);
            return b.toString();
        }
        return k instanceof byte[] bytes ? hex(bytes) : String.valueOf(k);
    }

    /** {@code bytes} as Spark's {@code show} writes a binary value: {@code [00 FF]}. */
    private static String hex(byte[] bytes) {
        final StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < bytes.length; i++) {
            b.append(i == 0 ? "" : " ").append(String.format(Locale.ROOT, "%02X", bytes[i] & 0xff));
        }
        return b.append(']').toString();
    }

    private static boolean finite(Number n) {
        return !(n instanceof Double d && (d.isNaN() || d.isInfinite()))
                && !(n instanceof Float f && (f.isNaN() || f.isInfinite()));
    }

    /** {@code s} as a JSON string: quoted, with quotes, backslashes and control characters escaped. */
    private static void string(String s, StringBuilder b) {
        b.append('"');
        for (int i = 0; i < s.length(); i++) {
            final char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                b.append('\\').append(c);
            } else if (c < 0x20) {
                b.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        b.append('"');
    }
}
