package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.data.Datasets;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@link Pipeline#resources()}: what is lent shows while it is out and is gone once it comes back. */
class PipelineResourcesTest {
  private static final Object PEOPLE_100 = Datasets.load("people-100").value();

  static List<Compression> compressions() {
    List<Compression> compressions = new java.util.ArrayList<>(List.of(Compression.none(), Compression.gzip(1)));
    compressions.addAll(EngineCases.oneLevelEach());
    return compressions;
  }

  @Test
  void aNewPipelineHoldsNothing() {
    try (Pipeline pipeline = Pipeline.builder().build()) {
      assertEquals(new PipelineResources(0, 0, 0, 0, 0, 0), pipeline.resources());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void anEncodedBodyHoldsItsSegmentsUntilItIsClosed(Compression compression) {
    try (Pipeline pipeline = Pipeline.builder().compression(compression).build()) {
      EncodedBody body = pipeline.encodeToBody(PEOPLE_100);
      long segments = pipeline.resources().lentSegments();
      assertTrue(segments > 0, "an open body holds segments: " + pipeline.resources());
      assertEquals(0, pipeline.resources().lentEncoders(), "the encoder went back when the body was made");

      body.close();

      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
      assertTrue(pipeline.resources().idleSegmentBytes() > 0, "the segments wait in the pool for reuse");
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void aDecodeInProgressHoldsItsDecoderStateUntilTheStreamIsRead(Compression compression) throws IOException {
    try (Pipeline pipeline = Pipeline.builder().compression(compression).build()) {
      byte[] body = pipeline.encode(Map.of("a", 1));
      long[] seenDuringDecode = new long[1];
      InputStream watched = new ByteArrayInputStream(body) {
        @Override
        public synchronized int read(byte[] b, int off, int len) {
          seenDuringDecode[0] = Math.max(seenDuringDecode[0], pipeline.resources().lentDecoderSlots());
          return super.read(b, off, len);
        }
      };

      pipeline.decode(watched, Map.class);

      long expected = compression.equals(Compression.none()) ? 0 : 1;
      assertEquals(expected, seenDuringDecode[0], "decoder state lent while the body is read");
      assertTrue(pipeline.resources().nothingLent(), pipeline.resources().toString());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("compressions")
  void aClosedPipelineHasNoLiveNativeContexts(Compression compression) throws IOException {
    Pipeline pipeline = Pipeline.builder().compression(compression).build();
    pipeline.decode(pipeline.encode(PEOPLE_100), Object.class);

    pipeline.close();

    PipelineResources after = pipeline.resources();
    assertEquals(0, after.liveNativeContexts(), after.toString());
    assertTrue(after.nothingLent(), after.toString());
    assertEquals(0, after.idleSegmentBytes(), "a closed pipeline keeps no segments");
  }

  @Test
  void anEncoderIsLentOnlyWhileAnEncodeRuns() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1)).build()) {
      long[] seen = new long[1];
      Object probe = new Object() {
        @SuppressWarnings("unused")
        public long getLent() {
          seen[0] = pipeline.resources().lentEncoders();
          return seen[0];
        }
      };

      pipeline.encode(probe);

      assertEquals(1, seen[0], "one encoder lent while the value is serialized");
      assertEquals(0, pipeline.resources().lentEncoders(), pipeline.resources().toString());
    }
  }
}
