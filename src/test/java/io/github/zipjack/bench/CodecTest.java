package io.github.zipjack.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.GzipImplementation;
import org.junit.jupiter.api.Test;

class CodecTest {

  @Test
  void eachEngineNameBecomesItsCompression() {
    assertEquals(Compression.gzip(1, GzipImplementation.ZLIB), Codec.parse("zlib-1").compression());
    assertEquals(Compression.gzip(6, GzipImplementation.LIBDEFLATE), Codec.parse("libdeflate-6").compression());
    assertEquals(Compression.gzip(1), Codec.parse("gzip-1").compression());
    assertEquals(Compression.zstd(3), Codec.parse("zstd-3").compression());
    assertEquals(Compression.brotli(5), Codec.parse("brotli-5").compression());
    assertEquals(Compression.none(), Codec.parse("none").compression());
    assertEquals("brotli-5", Codec.parse("brotli-5").name());
  }

  @Test
  void anUnknownEngineIsRejectedWithTheAllowedForms() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Codec.parse("deflate-1"));
    assertTrue(e.getMessage().endsWith(": deflate-1"), e.getMessage());
    assertTrue(e.getMessage().contains("zlib-1, libdeflate-6"), e.getMessage());
  }

  @Test
  void aLevelOutOfRangeIsRejectedWithTheLibrarysMessage() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Codec.parse("zstd-0"));
    assertEquals("zstd level must be in [1, 22]: 0", e.getMessage());
  }

  @Test
  void libdeflateRunsFromJava25AndSaysWhyNotBefore() {
    String reason = Codec.parse("libdeflate-1").unavailableHere();
    if (Runtime.version().feature() >= 25) {
      assertNull(reason);
    } else {
      assertTrue(reason.startsWith("codec libdeflate-1 needs Java 25+"), reason);
      IllegalStateException e = assertThrows(IllegalStateException.class,
          () -> Codec.parse("libdeflate-1").requireAvailableHere());
      assertEquals(reason, e.getMessage());
    }
    assertNull(Codec.parse("zstd-1").unavailableHere());
  }
}
