package org.gamecensus.jobs.census;

import java.io.Serializable;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import org.apache.spark.sql.Column;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.functions;
import org.apache.spark.sql.types.StructType;

/**
 * A condition on a census row — a census's check, or one of its tallies — stated once and
 * evaluated two ways: as a Spark column over a dataset ({@link #column()}: a commit of a dataset,
 * the failing rows read back) and as a test of each {@link Row} where the executor writes it
 * ({@link #bind}), so a check means the same on either path. A null column value makes every
 * condition on it false, as a null condition counts for nothing in Spark's filters and sums.
 */
public sealed interface RowCondition extends Serializable {

    /** The condition as a Spark column. */
    Column column();

    /** The condition as a test of rows of {@code schema}, its columns looked up once. */
    Predicate<Row> bind(StructType schema);

    /** True on no row (a census whose theorems are checked elsewhere). */
    static RowCondition never() {
        return new Constant(false);
    }

    /** True on every row (a tally of all rows). */
    static RowCondition always() {
        return new Constant(true);
    }

    /** The boolean column is true. */
    static RowCondition isTrue(String column) {
        return new Is(column, true);
    }

    /** The boolean column is false. */
    static RowCondition isFalse(String column) {
        return new Is(column, false);
    }

    /** The column equals {@code value} (a string, an integer, a long or a boolean, as the column's type). */
    static RowCondition equalTo(String column, Object value) {
        return new EqualTo(column, Objects.requireNonNull(value, "compare with a value, not null"));
    }

    /** The column holds a value. */
    static RowCondition isNotNull(String column) {
        return new IsNotNull(column);
    }

    /** Either condition holds. */
    default RowCondition or(RowCondition other) {
        return new Any(List.of(this, other));
    }

    /** The index of {@code column} in {@code schema}, or a message naming both. */
    private static int index(StructType schema, String column) {
        if (!Arrays.asList(schema.fieldNames()).contains(column)) {
            throw new IllegalArgumentException("no column " + column + " in " + schema.simpleString());
        }
        return schema.fieldIndex(column);
    }

    /** See {@link #never()} and {@link #always()}. */
    record Constant(boolean value) implements RowCondition {
        @Override
        public Column column() {
            return functions.lit(value);
        }

        @Override
        public Predicate<Row> bind(StructType schema) {
            return row -> value;
        }
    }

    /** See {@link #isTrue} and {@link #isFalse}. */
    record Is(String name, boolean value) implements RowCondition {
        @Override
        public Column column() {
            return value ? functions.col(name) : functions.not(functions.col(name));
        }

        @Override
        public Predicate<Row> bind(StructType schema) {
            final int i = index(schema, name);
            return row -> !row.isNullAt(i) && row.getBoolean(i) == value;
        }
    }

    /** See {@link #equalTo}. */
    record EqualTo(String name, Object value) implements RowCondition {
        @Override
        public Column column() {
            return functions.col(name).equalTo(functions.lit(value));
        }

        @Override
        public Predicate<Row> bind(StructType schema) {
            final int i = index(schema, name);
            // A number compared as Spark compares it, whatever its boxed type (an int column with a long literal).
            if (value instanceof Number n) {
                final long v = n.longValue();
                return row -> !row.isNullAt(i) && ((Number) row.get(i)).longValue() == v;
            }
            return row -> value.equals(row.get(i));
        }
    }

    /** See {@link #isNotNull}. */
    record IsNotNull(String name) implements RowCondition {
        @Override
        public Column column() {
            return functions.col(name).isNotNull();
        }

        @Override
        public Predicate<Row> bind(StructType schema) {
            final int i = index(schema, name);
            return row -> !row.isNullAt(i);
        }
    }

    /** See {@link #or}. */
    record Any(List<RowCondition> of) implements RowCondition {
        @Override
        public Column column() {
            Column c = of.get(0).column();
            for (RowCondition o : of.subList(1, of.size())) {
                c = c.or(o.column());
            }
            return c;
        }

        @Override
        public Predicate<Row> bind(StructType schema) {
            Predicate<Row> p = of.get(0).bind(schema);
            for (RowCondition o : of.subList(1, of.size())) {
                p = p.or(o.bind(schema));
            }
            return p;
        }
    }
}
