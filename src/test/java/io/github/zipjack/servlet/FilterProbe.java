package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.zipjack.codec.CompressionEngine;
import java.util.Collection;
import java.util.Map;

/**
 * What a {@link CompressionFilter} holds in its pools, read through its package-private accessors:
 * segments lent out, and the native contexts each engine made and released.
 */
final class FilterProbe {
  private FilterProbe() {}

  /** Segments taken from the filter's pool and not given back; exact only while no request is running. */
  static long lentSegments(CompressionFilter filter) {
    return filter.segmentPool().lentCount();
  }

  /**
   * After {@code filter.destroy()}: every native context every engine made has been released, so
   * no request kept an encoder or decoder it was lent.
   */
  static void assertNoLiveEncoders(CompressionFilter filter) {
    for (Map.Entry<String, CompressionEngine> engine : filter.engines().entrySet()) {
      assertEquals(0, engine.getValue().contexts().live(),
          engine.getKey() + " contexts still live after destroy: " + engine.getValue().contexts());
    }
  }

  /**
   * The teardown of a test class that shares one server per container: stops every server, the
   * rest too when one fails to stop, and then checks each filter with {@link #assertNoLiveEncoders}.
   * Throws the first failure, of a stop or a check, with the later ones attached as suppressed.
   */
  static void stopThenAssertNoLiveEncoders(Collection<RunningServer> servers, Collection<CompressionFilter> filters)
      throws Exception {
    Throwable failure = null;
    for (RunningServer server : servers) {
      try {
        server.close();
      } catch (Exception e) {
        failure = firstOf(failure, e);
      }
    }
    for (CompressionFilter filter : filters) {
      try {
        assertNoLiveEncoders(filter);
      } catch (AssertionError e) {
        failure = firstOf(failure, e);
      }
    }
    if (failure instanceof Exception e) {
      throw e;
    }
    if (failure != null) {
      throw (AssertionError) failure;
    }
  }

  private static Throwable firstOf(Throwable first, Throwable next) {
    if (first == null) {
      return next;
    }
    first.addSuppressed(next);
    return first;
  }

  /** Native contexts made and not released, all engines together (lent out or idle in a pool). */
  static long liveContexts(CompressionFilter filter) {
    return filter.engines().values().stream().mapToLong(e -> e.contexts().live()).sum();
  }
}
