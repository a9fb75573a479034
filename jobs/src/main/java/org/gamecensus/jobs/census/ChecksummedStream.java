package org.gamecensus.jobs.census;

import java.io.IOException;
import java.util.zip.CRC32;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet file's stream that folds every byte written into a CRC-32 on its way: the manifest's
 * checksum of the file ({@link FileEntry}), so the driver need not read back what the tasks wrote
 * — on a cluster, the whole census through one machine. {@link #outputFile} hands it to
 * parquet-mr, which "creates" its output once, at the start.
 */
final class ChecksummedStream extends PositionOutputStream {
    private final FSDataOutputStream out;
    final CRC32 crc = new CRC32();
    /** Bytes written through this stream: the file's length once it is closed. */
    long written;

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

    /** The open stream {@code out} as parquet-mr's output file (which it "creates" once, at the start). */
    static OutputFile outputFile(PositionOutputStream out) {
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
}
