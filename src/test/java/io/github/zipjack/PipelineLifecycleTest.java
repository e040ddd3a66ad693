package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.Person;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A closed pipeline refuses work; a failed encode reports the value's type and the cause, leaves the
 * caller's stream open, and leaves the pipeline able to make correct bodies.
 */
class PipelineLifecycleTest {
  private static final Dataset PEOPLE_10 = Datasets.load("people-10");

  /** A bean whose getter throws, after a list of people has been serialized before it. */
  public static final class Exploding {
    public List<Person> getPeople() {
      @SuppressWarnings("unchecked")
      List<Person> people = (List<Person>) Datasets.load("people-100").value();
      return people;
    }

    public String getFuse() {
      throw new IllegalStateException("getter blew up");
    }
  }

  static List<PipelineSetup> setups() {
    List<PipelineSetup> setups = new ArrayList<>();
    List<Compression> compressions = new ArrayList<>(List.of(Compression.none(), Compression.gzip(1), Compression.gzip(6)));
    compressions.addAll(EngineCases.oneLevelEach());
    for (Compression compression : compressions) {
      for (int inputBufferSize : new int[] {0, 64 * 1024}) {
        setups.add(new PipelineSetup(Format.JSON, compression, Accelerator.NONE, inputBufferSize,
            compression.gzipImplementation() == null ? null : 512));
      }
    }
    return setups;
  }

  @Test
  void closedPipelineRefusesToEncode() {
    Pipeline pipeline = Pipeline.builder().build();
    pipeline.close();

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> pipeline.encode(PEOPLE_10.value()));
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
  }

  @Test
  void closedPipelineRefusesToEncodeToABody() {
    Pipeline pipeline = Pipeline.builder().build();
    pipeline.close();

    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pipeline.encodeToBody(PEOPLE_10.value()));
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
  }

  @Test
  void closedPipelineRefusesToEncodeToAStream() {
    Pipeline pipeline = Pipeline.builder().build();
    pipeline.close();

    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pipeline.encode(PEOPLE_10.value(), new ByteArrayOutputStream()));
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
  }

  @Test
  void closedPipelineRefusesToDecode() {
    Pipeline pipeline = Pipeline.builder().build();
    byte[] body = pipeline.encode(PEOPLE_10.value());
    pipeline.close();

    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pipeline.decode(body, PEOPLE_10.typeReference()));
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
  }

  @Test
  void closedPipelineRefusesToDecodeAStream() {
    Pipeline pipeline = Pipeline.builder().build();
    byte[] body = pipeline.encode(PEOPLE_10.value());
    pipeline.close();

    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> pipeline.decode(new ByteArrayInputStream(body), PEOPLE_10.typeReference()));
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
  }

  @Test
  void closingAPipelineTwiceIsHarmless() {
    Pipeline pipeline = Pipeline.builder().build();
    pipeline.close();

    assertDoesNotThrow(pipeline::close);
  }

  @Test
  void closedPipelineSaysSoInToString() {
    Pipeline pipeline = Pipeline.builder().build();
    pipeline.close();

    assertTrue(pipeline.toString().endsWith(", closed]"), pipeline.toString());
  }

  @Test
  void failedEncodeNamesTheTypeAndKeepsTheCause() {
    try (Pipeline pipeline = Pipeline.builder().build()) {
      ZipjackEncodeException e = assertThrows(ZipjackEncodeException.class, () -> pipeline.encode(new Exploding()));

      assertTrue(e.getMessage().contains(Exploding.class.getName()), e.getMessage());
      assertTrue(e.getMessage().contains("getter blew up"), e.getMessage());
      assertInstanceOf(IllegalStateException.class, rootCause(e));
    }
  }

  @Test
  void failedEncodeToABodyThrowsZipjackEncodeException() {
    try (Pipeline pipeline = Pipeline.builder().build()) {
      assertThrows(ZipjackEncodeException.class, () -> pipeline.encodeToBody(new Exploding()));
    }
  }

  @Test
  void failedEncodeToAStreamThrowsZipjackEncodeExceptionAndLeavesTheStreamOpen() {
    CloseRecordingOutputStream out = new CloseRecordingOutputStream();
    try (Pipeline pipeline = Pipeline.builder().build()) {
      assertThrows(ZipjackEncodeException.class, () -> pipeline.encode(new Exploding(), out));
    }
    assertFalse(out.closed);
  }

  @Test
  void encodeToAStreamLeavesItOpen() throws IOException {
    CloseRecordingOutputStream out = new CloseRecordingOutputStream();
    try (Pipeline pipeline = Pipeline.builder().build()) {
      pipeline.encode(PEOPLE_10.value(), out);
    }
    assertFalse(out.closed);
  }

  @Test
  void failureOfTheCallersStreamIsItsIOException() {
    try (Pipeline pipeline = Pipeline.builder().deflaterBufferSize(512).build()) {
      IOException e = assertThrows(IOException.class, () -> pipeline.encode(PEOPLE_10.value(), new FailingSink(100)));

      assertEquals(FailingSink.MESSAGE, e.getMessage());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("setups")
  void failedEncodeLeavesThePipelineMakingCorrectBodies(PipelineSetup setup) throws IOException {
    byte[] expected;
    try (Pipeline fresh = setup.build()) {
      expected = fresh.encode(PEOPLE_10.value());
    }
    Pipeline pipeline = setup.builder().encoderPoolSize(1).build();
    try (pipeline) {
      for (int i = 0; i < 3; i++) {
        assertThrows(ZipjackEncodeException.class, () -> pipeline.encode(new Exploding()));
        assertThrows(ZipjackEncodeException.class, () -> pipeline.encodeToBody(new Exploding()));
        assertThrows(ZipjackEncodeException.class, () -> pipeline.encode(new Exploding(), new ByteArrayOutputStream()));
      }
      assertEverythingBack(pipeline);

      assertArrayEquals(expected, pipeline.encode(PEOPLE_10.value()), "encode");
      try (EncodedBody body = pipeline.encodeToBody(PEOPLE_10.value())) {
        assertArrayEquals(expected, body.toByteArray(), "encodeToBody");
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      pipeline.encode(PEOPLE_10.value(), out);
      assertArrayEquals(expected, out.toByteArray(), "encode to a stream");
    }
    assertEquals(0, pipeline.resources().liveNativeContexts(), "after close: " + pipeline.resources());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("setups")
  void failedStreamWriteLeavesThePipelineMakingCorrectBodies(PipelineSetup setup) throws IOException {
    Pipeline pipeline = setup.builder().encoderPoolSize(1).build();
    try (pipeline) {
      byte[] expected = pipeline.encode(PEOPLE_10.value());
      for (int i = 0; i < 3; i++) {
        assertThrows(IOException.class, () -> pipeline.encode(PEOPLE_10.value(), new FailingSink(100)));
      }
      assertEverythingBack(pipeline);

      ByteArrayOutputStream out = new ByteArrayOutputStream();
      pipeline.encode(PEOPLE_10.value(), out);
      assertArrayEquals(expected, out.toByteArray());
    }
    assertEquals(0, pipeline.resources().liveNativeContexts(), "after close: " + pipeline.resources());
  }

  /**
   * Nothing is lent out after failed encodes, and at most the one pooled encoder's native context is
   * alive (a failed body's context was reused or released, not leaked).
   */
  private static void assertEverythingBack(Pipeline pipeline) {
    PipelineResources resources = pipeline.resources();
    assertTrue(resources.nothingLent(), "after failed encodes: " + resources);
    assertTrue(resources.liveNativeContexts() <= 1, "after failed encodes: " + resources);
  }

  private static Throwable rootCause(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t;
  }

  private static final class CloseRecordingOutputStream extends ByteArrayOutputStream {
    boolean closed;

    @Override
    public void close() throws IOException {
      closed = true;
      super.close();
    }
  }
}
