package org.gamecensus.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.types.StructField;
import org.gamecensus.schemas.DatasetSchema;
import org.junit.jupiter.api.Test;

/**
 * docs/warehouse.md documents every table of every census, column by column, as the schemas
 * declare them: a column added, renamed, retyped or made nullable without the page following
 * fails here.
 */
class WarehouseDocumentationTest {

    /** The page's tables: under "## Tables", a "### name" heading each, then rows "| `column` | `type` | yes/no | meaning |". */
    private static Map<String, List<String>> documented() throws Exception {
        final List<String> lines = Files.readAllLines(Path.of("..", "docs", "warehouse.md"), StandardCharsets.UTF_8);
        final Map<String, List<String>> tables = new LinkedHashMap<>();
        boolean inTables = false;
        List<String> current = null;
        for (String line : lines) {
            if (line.startsWith("## ")) {
                inTables = line.strip().equals("## Tables");
                current = null;
            } else if (inTables && line.startsWith("### ")) {
                current = new ArrayList<>();
                tables.put(line.substring(4).strip(), current);
            } else if (current != null && line.startsWith("| `")) {
                final String[] cells = line.split("(?<!\\\\)\\|");
                current.add(cells[1].strip().replace("`", "") + " "
                        + cells[2].strip().replace("`", "") + " " + cells[3].strip());
            }
        }
        return tables;
    }

    private static List<String> declared(DatasetSchema schema) {
        final List<String> columns = new ArrayList<>();
        for (StructField f : schema.struct().fields()) {
            columns.add(f.name() + " " + f.dataType().simpleString() + " " + (f.nullable() ? "yes" : "no"));
        }
        return columns;
    }

    @Test
    void everyTableAndColumnIsDocumentedAsDeclared() throws Exception {
        final Map<String, List<String>> documented = documented();
        final List<String> tables = new ArrayList<>();
        for (DatasetSchema schema : Censuses.schemas()) {
            tables.add(schema.table());
            assertTrue(
                    documented.containsKey(schema.table()), "docs/warehouse.md has no section ### " + schema.table());
            assertEquals(
                    declared(schema),
                    documented.get(schema.table()),
                    "docs/warehouse.md, table " + schema.table() + ": columns (name, type, nullable) as declared");
        }
        assertEquals(
                tables, List.copyOf(documented.keySet()), "the page's tables, in the registry's order, and no other");
    }

    @Test
    void eachTablesSchemaVersionIsTheDeclaredOne() throws Exception {
        final String page = Files.readString(Path.of("..", "docs", "warehouse.md"), StandardCharsets.UTF_8);
        for (DatasetSchema schema : Censuses.schemas()) {
            final int at = page.indexOf("\n### " + schema.table() + "\n");
            final int next = page.indexOf("\n#", at + 1);
            final String section = page.substring(at, next < 0 ? page.length() : next);
            assertTrue(
                    section.replaceAll("\\s+", " ").matches(".*schema version " + schema.version() + "(?![0-9]).*"),
                    schema.table() + ": schema version " + schema.version() + " in " + section);
        }
    }
}
