package org.gamecensus.jobs.census;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;

/**
 * A published table: a small aggregate, written as Markdown (title, table, notes) and as CSV
 * (a header line and one line per row), each by an atomic rename. A cell is a string, or null for
 * SQL's NULL: an em dash in Markdown and on the page, an empty field in CSV (where an empty string
 * is quoted, {@code ""}, as PostgreSQL's and DuckDB's CSV tell the two apart).
 */
public final class PublishedTable {

    /** How NULL shows to a reader. */
    public static final String NULL_SHOWN = "—";

    private final String name;
    private final String title;
    private final List<String> columns;
    private final List<List<String>> rows;
    private final List<String> notes;

    public PublishedTable(
            String name, String title, List<String> columns, List<List<String>> rows, List<String> notes) {
        this.name = name;
        this.title = title;
        this.columns = List.copyOf(columns);
        this.rows = rows.stream()
                .map(r -> Collections.unmodifiableList(new ArrayList<>(r)))
                .toList();
        this.notes = List.copyOf(notes);
    }

    /** Collects a (small) aggregate into a table, each value as {@link CellText} writes it. */
    public static PublishedTable of(String name, String title, Dataset<Row> aggregate, List<String> notes) {
        final List<String> columns = List.of(aggregate.columns());
        final List<List<String>> rows = DriverRows.of(aggregate).stream()
                .map(r -> {
                    final String[] cells = new String[r.length()];
                    for (int i = 0; i < cells.length; i++) {
                        cells[i] = CellText.of(r.get(i));
                    }
                    return Arrays.asList(cells);
                })
                .toList();
        return new PublishedTable(name, title, columns, rows, notes);
    }

    /** A cell as a reader sees it in Markdown and on the page: an em dash for NULL. */
    public static String shown(String cell) {
        return cell == null ? NULL_SHOWN : cell;
    }

    public String name() {
        return name;
    }

    public String title() {
        return title;
    }

    public List<String> notes() {
        return notes;
    }

    public List<String> columns() {
        return columns;
    }

    public List<List<String>> rows() {
        return rows;
    }

    public String toMarkdown() {
        final StringBuilder b = new StringBuilder();
        b.append("# ").append(title).append("\n\n");
        b.append("| ").append(String.join(" | ", columns)).append(" |\n");
        b.append("|").append("---|".repeat(columns.size())).append("\n");
        for (List<String> row : rows) {
            b.append("| ")
                    .append(String.join(
                            " | ",
                            row.stream().map(c -> shown(c).replace("|", "\\|")).toList()))
                    .append(" |\n");
        }
        if (!notes.isEmpty()) {
            b.append("\n");
            for (String note : notes) {
                b.append(note).append("\n");
            }
        }
        return b.toString();
    }

    public String toCsv() {
        final StringBuilder b = new StringBuilder();
        b.append(String.join(",", columns.stream().map(PublishedTable::csvCell).toList()))
                .append("\n");
        for (List<String> row : rows) {
            b.append(String.join(",", row.stream().map(PublishedTable::csvCell).toList()))
                    .append("\n");
        }
        return b.toString();
    }

    /** RFC 4180 quoting, only where needed; NULL an empty field, an empty string quoted. */
    public static String csvCell(String value) {
        if (value == null) {
            return "";
        }
        if (value.isEmpty()
                || value.contains(",")
                || value.contains("\"")
                || value.contains("\n")
                || value.contains("\r")) {
            return "\"" + value.replace("\"", "\"\"") + "\"";
        }
        return value;
    }

    /** Writes {@code <dir>/<name>.md} and {@code <dir>/<name>.csv}. */
    public void writeTo(Path dir) {
        Warehouse.writeAtomically(dir.resolve(name + ".md"), toMarkdown());
        Warehouse.writeAtomically(dir.resolve(name + ".csv"), toCsv());
    }
}
