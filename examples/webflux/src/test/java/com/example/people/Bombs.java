package com.example.people;

import com.github.luben.zstd.Zstd;
import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/** Compressed bodies that expand past any sane limit, as a hostile peer would send them. */
final class Bombs {
  private static final int FRAME_BYTES = 64 << 20;

  private Bombs() {}

  /** {@code gib} GiB of spaces (valid JSON whitespace) as zstd frames of 64 MiB each: a few KB on the wire. */
  static byte[] zstdWhitespace(int gib) {
    byte[] spaces = new byte[FRAME_BYTES];
    Arrays.fill(spaces, (byte) ' ');
    byte[] frame = Zstd.compress(spaces, 1);
    ByteArrayOutputStream bomb = new ByteArrayOutputStream();
    for (long i = 0; i < ((long) gib << 30) / FRAME_BYTES; i++) {
      bomb.writeBytes(frame);
    }
    return bomb.toByteArray();
  }
}
