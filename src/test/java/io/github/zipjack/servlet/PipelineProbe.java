package io.github.zipjack.servlet;

import io.github.zipjack.Pipeline;
import io.github.zipjack.buffer.SegmentPool;
import io.github.zipjack.codec.CompressionEngine;
import io.github.zipjack.codec.ContextCounter;
import java.lang.reflect.Field;
import java.lang.reflect.Method;

/**
 * Looks into a {@link Pipeline}'s pools from this package. The pipeline's {@code engine()} and
 * segment pool are package-private to {@code io.github.zipjack}, and the tests of a helper that
 * uses pipelines live here, so this reads them by reflection (same unnamed module, so it is allowed).
 */
final class PipelineProbe {
  private PipelineProbe() {}

  /** The native contexts of the pipeline's engine: after the pipeline closes, none may be live. */
  static ContextCounter contexts(Pipeline pipeline) {
    try {
      Method engine = Pipeline.class.getDeclaredMethod("engine");
      engine.setAccessible(true);
      return ((CompressionEngine) engine.invoke(pipeline)).contexts();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("Pipeline.engine() is gone: update this probe", e);
    }
  }

  /** The bytes of idle segments in the pipeline's pool. */
  static long idleSegmentBytes(Pipeline pipeline) {
    try {
      Field pool = Pipeline.class.getDeclaredField("segmentPool");
      pool.setAccessible(true);
      return ((SegmentPool) pool.get(pipeline)).idleBytes();
    } catch (ReflectiveOperationException e) {
      throw new AssertionError("Pipeline.segmentPool is gone: update this probe", e);
    }
  }
}
