package io.github.zipjack.webflux;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.zipjack.DecodeLimitExceededException;
import io.github.zipjack.JdkGzip;
import io.github.zipjack.client.CompressedHttpClient;
import io.github.zipjack.codec.WholeBodyArrays;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DefaultDataBufferFactory;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;

/**
 * One value read from a coded WebClient body: decoded in one call where the decoder can and the
 * body is short enough to hold, else from the decoding stream, with the same value either way.
 */
class CodedBodyTest {
  private static final int MAX_ENCODED = 64 << 20;

  @Test
  void aShortBodyIsDecodedInOneCallAndReadFromIt() throws IOException {
    byte[] content = compressible(100_000);
    WholeDecoder decoder = new WholeDecoder(true);

    assertArrayEquals(content, read(JdkGzip.of(content), decoder));
    assertEquals(1, decoder.wholeCalls.get());
    assertEquals(0, decoder.streams.get());
  }

  @Test
  void aBodyLongerThanTheWholeBodyBoundIsStreamed() throws IOException {
    byte[] content = incompressible(CompressedHttpClient.MAX_WHOLE_BODY_BYTES + 1);
    WholeDecoder decoder = new WholeDecoder(true);

    assertArrayEquals(content, read(JdkGzip.of(content), decoder));
    assertEquals(0, decoder.wholeCalls.get());
    assertEquals(1, decoder.streams.get());
  }

  @Test
  void aBodyTheOneCallDeclinesIsStreamed() throws IOException {
    byte[] content = compressible(50_000);
    WholeDecoder decoder = new WholeDecoder(false);

    assertArrayEquals(content, read(JdkGzip.of(content), decoder));
    assertEquals(1, decoder.wholeCalls.get());
    assertEquals(1, decoder.streams.get());
  }

  @Test
  void theWholeBodyArraysAreGivenBackAfterTheValueIsRead() throws IOException {
    long lent = WholeBodyArrays.lentCount();

    read(JdkGzip.of(compressible(10_000)), new WholeDecoder(true));
    read(JdkGzip.of(compressible(10_000)), new WholeDecoder(false));

    assertEquals(lent, WholeBodyArrays.lentCount());
  }

  @Test
  void theWholeBodyArraysAreGivenBackWhenTheReaderFails() {
    long lent = WholeBodyArrays.lentCount();
    byte[] encoded = JdkGzip.of(compressible(10_000));
    CodedBody coded = new CodedBody(Flux.just(DefaultDataBufferFactory.sharedInstance.wrap(encoded)), MAX_ENCODED,
        () -> new DecodeLimitExceededException("test", MAX_ENCODED, "too long", null), new WholeDecoder(true));

    RuntimeException thrown = assertThrows(RuntimeException.class, () -> coded.read(-1, in -> {
      throw new IOException("not the value expected");
    }).block());

    assertEquals("not the value expected", Exceptions.unwrap(thrown).getMessage());
    assertEquals(lent, WholeBodyArrays.lentCount());
  }

  private static byte[] read(byte[] encoded, DecodedBuffers.Decoder decoder) {
    int half = encoded.length / 2;
    DefaultDataBufferFactory buffers = DefaultDataBufferFactory.sharedInstance;
    Flux<DataBuffer> body = Flux.just(Arrays.copyOfRange(encoded, 0, half), Arrays.copyOfRange(encoded, half,
        encoded.length)).map(buffers::wrap);
    CodedBody coded = new CodedBody(body, MAX_ENCODED,
        () -> new DecodeLimitExceededException("test", MAX_ENCODED, "too long", null), decoder);
    return coded.read(-1, InputStream::readAllBytes).block();
  }

  /** gzip through the JDK, counting how it was asked to decode. */
  private static final class WholeDecoder implements DecodedBuffers.Decoder {
    final AtomicInteger wholeCalls = new AtomicInteger();
    final AtomicInteger streams = new AtomicInteger();
    private final boolean decodes;

    WholeDecoder(boolean decodes) {
      this.decodes = decodes;
    }

    @Override
    public InputStream open(InputStream encoded) throws IOException {
      streams.incrementAndGet();
      return new GZIPInputStream(encoded);
    }

    @Override
    public int decodeWhole(byte[] encoded, int length, WholeBodyArrays into) {
      wholeCalls.incrementAndGet();
      if (!decodes) {
        return -1;
      }
      try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(encoded, 0, length))) {
        byte[] decoded = in.readAllBytes();
        System.arraycopy(decoded, 0, into.decoded(decoded.length), 0, decoded.length);
        return decoded.length;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public boolean decodesWhole() {
      return true;
    }
  }

  private static byte[] compressible(int length) {
    byte[] content = new byte[length];
    for (int i = 0; i < length; i++) {
      content[i] = (byte) ('a' + i % 23);
    }
    return content;
  }

  private static byte[] incompressible(int length) {
    byte[] content = new byte[length];
    new Random(42).nextBytes(content);
    return content;
  }
}
