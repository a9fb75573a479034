package org.gamecensus.jobs.census;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.zip.CRC32;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;

/**
 * A Parquet file's stream that folds every byte written into a CRC-32 on its way: the manifest's
 * checksum of the file ({@link FileEntry}), so the driver need not read back what the tasks wrote
 * — on a cluster, the whole census through one machine. {@link #outputFile} hands it to
 * parquet-mr, which "creates" its output once, at the start. {@link #hold} keeps what follows in
 * memory, closing included, until {@link #release} writes it out as given: the file's tail,
 * footer and all, which the writer amends before it reaches the file.
 */
final class ChecksummedStream extends PositionOutputStream {
    private final FSDataOutputStream out;
    final CRC32 crc = new CRC32();
    /** Bytes written through this stream: the file's length once it is closed. */
    long written;
    /** The bytes written since {@link #hold}, not yet passed on; null when none are held. */
    private ByteArrayOutputStream held;

    ChecksummedStream(FSDataOutputStream out) {
        this.out = out;
    }

    @Override
    public long getPos() throws IOException {
        return held == null ? out.getPos() : out.getPos() + held.size();
    }

    @Override
    public void write(int b) throws IOException {
        if (held != null) {
            held.write(b);
            return;
        }
        out.write(b);
        crc.update(b);
        written++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (held != null) {
            held.write(b, off, len);
            return;
        }
        out.write(b, off, len);
        crc.update(b, off, len);
        written += len;
    }

    @Override
    public void flush() throws IOException {
        if (held == null) {
            out.flush();
        }
    }

    /** Closes the file, unless bytes are held: then {@link #release} closes it. */
    @Override
    public void close() throws IOException {
        if (held == null) {
            out.close();
        }
    }

    /** Keeps the bytes written from now on, and defers closing, until {@link #release}. */
    void hold() {
        if (held != null) {
            throw new IllegalStateException("bytes are held already");
        }
        held = new ByteArrayOutputStream();
    }

    /** The bytes held since {@link #hold}. */
    byte[] held() {
        if (held == null) {
            throw new IllegalStateException("no bytes are held");
        }
        return held.toByteArray();
    }

    /** Writes {@code tail} in place of the bytes held (of the same length), and closes the file. */
    void release(byte[] tail) throws IOException {
        if (held == null || tail.length != held.size()) {
            throw new IllegalStateException(
                    "a tail of " + tail.length + " bytes for " + (held == null ? "none" : held.size()) + " held");
        }
        held = null;
        write(tail, 0, tail.length);
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
