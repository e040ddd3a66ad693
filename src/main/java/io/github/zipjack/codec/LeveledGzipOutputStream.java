package io.github.zipjack.codec;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The classic stream of the study (docs/benchmarks.md): a {@link GZIPOutputStream} with a chosen
 * compression level (which GZIPOutputStream itself cannot set) and deflater buffer size.
 *
 * <p>Like its parent it makes its own {@link java.util.zip.Deflater} and ends it in
 * {@link #close()}, which also closes {@code out}. Not thread-safe. Every instance sets up a new
 * Deflater (about 256 KB of native memory); {@link io.github.zipjack.Pipeline} reuses them instead.
 */
public class LeveledGzipOutputStream extends GZIPOutputStream {

  /**
   * A stream with GZIPOutputStream's default buffer (512 bytes).
   *
   * @param out where the gzip member goes; closed by {@link #close()}
   * @param level 0 (store) to 9 (best)
   * @throws IOException if writing the gzip header fails
   */
  public LeveledGzipOutputStream(OutputStream out, int level) throws IOException {
    super(out);
    setLevel(level);
  }

  /**
   * A stream whose Deflater writes into a buffer of the given size.
   *
   * @param out where the gzip member goes; closed by {@link #close()}
   * @param level 0 (store) to 9 (best)
   * @param deflaterBufferSize bytes of the buffer the Deflater writes into, positive (GZIPOutputStream's default is 512)
   * @throws IOException if writing the gzip header fails
   */
  public LeveledGzipOutputStream(OutputStream out, int level, int deflaterBufferSize) throws IOException {
    super(out, checkBufferSize(deflaterBufferSize));
    setLevel(level);
  }

  private void setLevel(int level) throws IOException {
    if (level < 0 || level > 9) {
      def.end(); // the parent made it; nobody else will
      throw new IllegalArgumentException("gzip level must be in [0, 9]: " + level);
    }
    def.setLevel(level);
  }

  private static int checkBufferSize(int deflaterBufferSize) {
    if (deflaterBufferSize <= 0) {
      throw new IllegalArgumentException("deflaterBufferSize must be positive: " + deflaterBufferSize);
    }
    return deflaterBufferSize;
  }
}
