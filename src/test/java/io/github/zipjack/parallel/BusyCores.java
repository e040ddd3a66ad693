package io.github.zipjack.parallel;

import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Keeps every core of the JVM busy, as zipjack's shared workers see it: one caller per processor in
 * the middle of a body (its serializer waits in a getter), until closed. Real pipelines and threads;
 * nothing is mocked.
 */
final class BusyCores implements AutoCloseable {
  private final CountDownLatch release = new CountDownLatch(1);
  private final ExecutorService callers;
  private final List<Future<byte[]>> bodies = new ArrayList<>();
  private final Pipeline pipeline;

  /** Starts the callers, with a pipeline of {@code compression} on the shared workers, and returns once each is inside its body. */
  BusyCores(Compression compression) throws InterruptedException {
    int cores = Runtime.getRuntime().availableProcessors();
    pipeline = Pipeline.builder().compression(compression).compressionThreads(Math.max(2, cores)).build();
    callers = Executors.newFixedThreadPool(cores);
    CountDownLatch inside = new CountDownLatch(cores);
    for (int i = 0; i < cores; i++) {
      bodies.add(callers.submit(() -> pipeline.encode(List.of(new WaitingGetter(inside, release)))));
    }
    if (!inside.await(30, TimeUnit.SECONDS)) {
      throw new IllegalStateException("the busy callers did not start");
    }
  }

  /** Lets the callers finish their bodies, and waits for them. */
  @Override
  public void close() throws Exception {
    release.countDown();
    try {
      for (Future<byte[]> body : bodies) {
        body.get(30, TimeUnit.SECONDS);
      }
    } finally {
      callers.shutdown();
      pipeline.close();
    }
  }

  /** A bean whose getter says it is running, then waits to be released. */
  public static final class WaitingGetter {
    private final CountDownLatch inside;
    private final CountDownLatch release;

    WaitingGetter(CountDownLatch inside, CountDownLatch release) {
      this.inside = inside;
      this.release = release;
    }

    public String getValue() throws InterruptedException {
      inside.countDown();
      if (!release.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("never released");
      }
      return "done";
    }
  }
}
