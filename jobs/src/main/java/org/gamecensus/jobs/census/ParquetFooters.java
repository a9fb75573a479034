package org.gamecensus.jobs.census;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.util.HadoopInputFile;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.StructType;

/**
 * The Spark schema a Parquet file's footer records, read on the driver. Spark's own schema
 * inference reads the same footer entry (Spark's writers and {@link ParquetRowWriter} both record
 * it), but in a Spark job of its own for every table it opens; a view over a committed table reads
 * one footer here instead and hands Spark the schema. The partition columns are not in the files:
 * Spark still adds them from the directory names, as it does when it infers.
 */
final class ParquetFooters {

    private ParquetFooters() {}

    /** The Spark schema in the footer of {@code file} (a URI), or null when the footer records none. */
    static StructType sparkSchema(String file) {
        try (ParquetFileReader reader =
                ParquetFileReader.open(HadoopInputFile.fromPath(new Path(file), WarehouseFiles.configuration()))) {
            final String json =
                    reader.getFooter().getFileMetaData().getKeyValueMetaData().get(ParquetRowWriter.SPARK_ROW_METADATA);
            return json == null ? null : DataType.fromJson(json) instanceof StructType s ? s : null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the footer of " + file + ": " + e.getMessage(), e);
        }
    }
}
