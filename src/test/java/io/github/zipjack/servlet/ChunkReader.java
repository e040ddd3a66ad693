package io.github.zipjack.servlet;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/** Reads a chunked HTTP/1.1 body as it arrives, without waiting for its end. */
final class ChunkReader {
  private final InputStream in;
  /** Bytes left in the current chunk; -1 once the last chunk was read. */
  private int chunkRemaining;

  ChunkReader(InputStream in) {
    this.in = in;
  }

  /** Exactly {@code byteCount} bytes of data, read across chunks as they come, as UTF-8 text. */
  String readText(int byteCount) throws IOException {
    return new String(readBytes(byteCount), StandardCharsets.UTF_8);
  }

  /** Exactly {@code byteCount} bytes of data, read across chunks as they come. */
  byte[] readBytes(int byteCount) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (out.size() < byteCount) {
      if (!nextChunkIfNeeded()) {
        throw new EOFException("body ended after " + out.size() + " of " + byteCount + " bytes");
      }
      int n = Math.min(chunkRemaining, byteCount - out.size());
      byte[] data = in.readNBytes(n);
      if (data.length != n) {
        throw new EOFException("stream ended inside a chunk");
      }
      out.write(data);
      chunkRemaining -= n;
    }
    return out.toByteArray();
  }

  /** Everything up to the last chunk, as ISO-8859-1 (one char per byte). */
  String readRest() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while (nextChunkIfNeeded()) {
      byte[] data = in.readNBytes(chunkRemaining);
      if (data.length != chunkRemaining) {
        throw new EOFException("stream ended inside a chunk");
      }
      out.write(data);
      chunkRemaining = 0;
    }
    return out.toString(StandardCharsets.ISO_8859_1);
  }

  /** False at the last chunk. */
  private boolean nextChunkIfNeeded() throws IOException {
    if (chunkRemaining == -1) {
      return false;
    }
    if (chunkRemaining > 0) {
      return true;
    }
    while (chunkRemaining == 0) {
      String line = line();
      if (line.isEmpty()) {
        line = line(); // the CRLF after the previous chunk's data
      }
      int semicolon = line.indexOf(';');
      int size = Integer.parseInt(semicolon < 0 ? line : line.substring(0, semicolon), 16);
      if (size == 0) {
        chunkRemaining = -1;
        return false;
      }
      chunkRemaining = size;
    }
    return true;
  }

  private String line() throws IOException {
    StringBuilder s = new StringBuilder();
    for (int b = in.read(); b != '\n'; b = in.read()) {
      if (b == -1) {
        throw new EOFException("stream ended inside a chunk header");
      }
      if (b != '\r') {
        s.append((char) b);
      }
    }
    return s.toString();
  }
}
