package io.github.zipjack.codec;

import io.github.zipjack.ChecksumMismatchException;
import io.github.zipjack.MalformedBodyException;
import io.github.zipjack.TrailingDataException;
import io.github.zipjack.TruncatedBodyException;
import io.github.zipjack.WrongCodingException;
import io.github.zipjack.ZipjackDecodeException;
import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Inflates gzip members (RFC 1952) with a pooled {@link Inflater}, strictly: the body must start
 * with a member, each member's CRC-32 and length must match, and after the last member comes the end
 * of input or another member, nothing else. Data problems are {@link ZipjackDecodeException}s that
 * say where; the source's own I/O errors pass through. Not thread-safe.
 *
 * <p>{@link #close()} returns the Inflater to its pool and closes the source.
 */
final class GzipDecoderStream extends InputStream {

  /** What a decoder borrows: an Inflater and its input buffer, reused across bodies. */
  static final class InflaterSlot extends StripedPool.Node {
    final Inflater inflater = new Inflater(true);
    final byte[] buffer = new byte[8192];
    /** For whole-body decoding ({@link GzipDecodingEngine#decodeWhole}); streams keep their own. */
    final CRC32 crc = new CRC32();

    void dispose() {
      inflater.end();
    }
  }

  private final InputStream in;
  private final StripedPool<InflaterSlot> pool;
  private InflaterSlot slot;
  private final Inflater inflater;
  private final byte[] buf;
  private final CRC32 crc = new CRC32();
  private final byte[] one = new byte[1];
  /** Unread compressed bytes are {@code buf[pos, limit)}; bytes given to the Inflater are not counted. */
  private int pos;
  private int limit;
  /** Compressed bytes read from the source before {@code buf[0]}, for offsets in messages. */
  private long bufStart;
  private int members;
  private boolean inMember;
  private boolean eof;

  GzipDecoderStream(InputStream in, StripedPool<InflaterSlot> pool) {
    this.in = in;
    this.pool = pool;
    this.slot = pool.take();
    this.inflater = slot.inflater;
    this.buf = slot.buffer;
  }

  @Override
  public int read() throws IOException {
    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    Objects.checkFromIndexSize(off, len, b.length);
    if (slot == null) {
      throw new IOException("stream is closed");
    }
    if (len == 0) {
      return 0;
    }
    while (!eof) {
      if (!inMember) {
        if (!startMember()) {
          eof = true;
          break;
        }
        continue;
      }
      int n;
      try {
        n = inflater.inflate(b, off, len);
      } catch (DataFormatException e) {
        throw new MalformedBodyException("gzip body is corrupt in member " + members + ", at or before byte " + offset()
            + ": " + e.getMessage(), e);
      }
      if (n > 0) {
        crc.update(b, off, n);
        return n;
      }
      if (inflater.finished()) {
        pos = limit - inflater.getRemaining();
        inMember = false; // the member's data is done: pos, not the inflater, now says where the body is
        endMember();
      } else if (inflater.needsDictionary()) {
        throw new MalformedBodyException("gzip body asks for a preset dictionary, which gzip does not have");
      } else if (inflater.needsInput()) {
        if (!fill()) {
          throw new TruncatedBodyException("gzip body is truncated: it ends inside the compressed data of member "
              + members + ", after " + offset() + " bytes", null);
        }
        inflater.setInput(buf, pos, limit - pos);
        pos = limit;
      }
    }
    return -1;
  }

  /** Reads a member header; false at a clean end of input after at least one member. */
  private boolean startMember() throws IOException {
    long start = offset();
    int first = readByteOrEnd();
    if (first < 0) {
      if (members == 0) {
        throw new TruncatedBodyException("body is empty; expected a gzip member", null);
      }
      return false;
    }
    int second = readByteOrEnd();
    if (first == GzipEngine.MAGIC_1 && second < 0) {
      throw new TruncatedBodyException("gzip body is truncated: it ends inside the header of member "
          + (members + 1) + ", after " + offset() + " bytes", null);
    }
    if (first != GzipEngine.MAGIC_1 || second != GzipEngine.MAGIC_2) {
      String found = second < 0 ? String.format("%02x", first) : String.format("%02x %02x", first, second);
      if (members == 0) {
        throw new WrongCodingException("body is not gzip: it starts with " + found + ", gzip starts with 1f 8b"
            + BodyStart.describe(first));
      }
      throw new TrailingDataException("body has data after its gzip member" + (members > 1 ? "s" : "") + ": " + found
          + " at byte " + start + ", where only the end or another member (1f 8b) may follow");
    }
    int method = readByte("header");
    if (method != 8) {
      throw new MalformedBodyException("gzip compression method must be 8 (deflate): " + method + " at byte " + (start + 2));
    }
    int flags = readByte("header");
    if ((flags & GzipFraming.RESERVED_FLAGS) != 0) {
      throw new MalformedBodyException(String.format("gzip header has reserved flag bits set: %02x at byte %d", flags, start + 3));
    }
    skip(6, "header"); // modification time, extra flags, operating system
    if ((flags & GzipFraming.FEXTRA) != 0) {
      skip(readByte("extra field") | readByte("extra field") << 8, "extra field");
    }
    if ((flags & GzipFraming.FNAME) != 0) {
      skipZeroTerminated("file name");
    }
    if ((flags & GzipFraming.FCOMMENT) != 0) {
      skipZeroTerminated("comment");
    }
    if ((flags & GzipFraming.FHCRC) != 0) {
      skip(2, "header CRC");
    }
    members++;
    inMember = true;
    inflater.reset();
    crc.reset();
    if (pos < limit) {
      inflater.setInput(buf, pos, limit - pos);
      pos = limit;
    }
    return true;
  }

  private void endMember() throws IOException {
    long trailerAt = offset();
    int expectedCrc = readIntLe();
    int expectedSize = readIntLe();
    if (expectedCrc != (int) crc.getValue()) {
      throw new ChecksumMismatchException(String.format(
          "gzip body is corrupt: member %d's data has CRC-32 %08x, its trailer at byte %d says %08x",
          members, (int) crc.getValue(), trailerAt, expectedCrc));
    }
    if (expectedSize != (int) inflater.getBytesWritten()) {
      throw new ChecksumMismatchException("gzip body is corrupt: member " + members + " inflates to "
          + inflater.getBytesWritten() + " bytes, its trailer says " + Integer.toUnsignedString(expectedSize)
          + " (modulo 2^32)");
    }
  }

  private int readIntLe() throws IOException {
    return readByte("trailer") | readByte("trailer") << 8 | readByte("trailer") << 16 | readByte("trailer") << 24;
  }

  private void skipZeroTerminated(String what) throws IOException {
    while (readByte(what) != 0) {
      // skip
    }
  }

  private void skip(int count, String what) throws IOException {
    for (int i = 0; i < count; i++) {
      readByte(what);
    }
  }

  private int readByte(String where) throws IOException {
    int b = readByteOrEnd();
    if (b < 0) {
      throw new TruncatedBodyException("gzip body is truncated: it ends inside the " + where + " of member "
          + (inMember || where.equals("trailer") ? members : members + 1) + ", after " + offset() + " bytes", null);
    }
    return b;
  }

  private int readByteOrEnd() throws IOException {
    if (pos >= limit && !fill()) {
      return -1;
    }
    return buf[pos++] & 0xff;
  }

  /** Makes {@code buf[pos, limit)} non-empty; false at the end of the source. */
  private boolean fill() throws IOException {
    if (pos < limit) {
      return true;
    }
    int n;
    do {
      n = in.read(buf, 0, buf.length);
    } while (n == 0);
    if (n < 0) {
      return false;
    }
    bufStart += limit;
    pos = 0;
    limit = n;
    return true;
  }

  /** Compressed bytes consumed so far, counting what the Inflater has been given but not used. */
  private long offset() {
    return bufStart + pos - (inMember ? inflater.getRemaining() : 0);
  }

  /** Returns the Inflater to the pool and closes the source. Idempotent. */
  @Override
  public void close() throws IOException {
    InflaterSlot s = slot;
    if (s == null) {
      return;
    }
    slot = null;
    s.inflater.reset();
    pool.recycle(s);
    in.close();
  }
}
