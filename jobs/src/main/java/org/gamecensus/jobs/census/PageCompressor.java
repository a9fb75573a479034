package org.gamecensus.jobs.census;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.hadoop.CodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The page compressor of one task, shared by every file the task writes ({@link ParquetRowWriter}
 * takes it and does not own it). parquet-mr's own, made per file, allocates a page-sized output
 * buffer (1 MiB) for each file and, through Hadoop's stream API, a fresh input buffer
 * ({@code io.file.buffer.size}, 64 KiB under Spark) for each page of each column: Cram to 11
 * squares writes 26 files of 24 columns a census on {@code local[1]}. Snappy, Spark's default
 * codec, is compressed here directly, into buffers kept across pages and files, to the same raw
 * Snappy blocks parquet-mr's {@code SnappyCompressor} writes; every other codec goes through one
 * parquet-mr compressor for the task.
 *
 * <p>Not thread-safe: one per task. A compressed page is valid until the next page is compressed
 * (parquet-mr's page store copies it at once, as it does with its own compressors' output).
 */
final class PageCompressor implements Closeable {

    /** The first size of the buffers that grow to a page: parquet-mr's page size is a target, not a limit. */
    private static final int INITIAL_PAGE_BYTES = 64 << 10;

    private final CodecFactory codecs;

    private final CodecFactory.BytesCompressor compressor;

    /** A compressor for {@code codec}, configured (for codecs other than Snappy) by {@code conf}. */
    PageCompressor(CompressionCodecName codec, Configuration conf) {
        if (codec == CompressionCodecName.SNAPPY) {
            this.codecs = null;
            this.compressor = new SnappyPages();
        } else {
            this.codecs = new CodecFactory(conf, INITIAL_PAGE_BYTES);
            this.compressor = codecs.getCompressor(codec);
        }
    }

    /** The compressor to hand to each file's page store. */
    CodecFactory.BytesCompressor compressor() {
        return compressor;
    }

    /** Returns pooled compressors (parquet-mr's) to their pool. */
    @Override
    public void close() {
        if (codecs != null) {
            codecs.release();
        }
    }

    /** Raw Snappy blocks, one a page, from a page buffer and an output buffer kept across pages. */
    private static final class SnappyPages extends CodecFactory.BytesCompressor {
        private final PageBuffer page = new PageBuffer();
        private byte[] compressed = new byte[Snappy.maxCompressedLength(INITIAL_PAGE_BYTES)];

        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            page.reset();
            bytes.writeAllTo(page);
            final int bound = Snappy.maxCompressedLength(page.size());
            if (compressed.length < bound) {
                compressed = new byte[Math.max(bound, compressed.length * 2)];
            }
            final int n = Snappy.compress(page.array(), 0, page.size(), compressed, 0);
            assert n <= compressed.length : "Snappy stays within its bound";
            return BytesInput.from(compressed, 0, n);
        }

        @Override
        public CompressionCodecName getCodecName() {
            return CompressionCodecName.SNAPPY;
        }

        @Override
        public void release() {}
    }

    /** A byte buffer whose array is read in place. */
    private static final class PageBuffer extends ByteArrayOutputStream {
        PageBuffer() {
            super(INITIAL_PAGE_BYTES);
        }

        byte[] array() {
            return buf;
        }
    }
}
