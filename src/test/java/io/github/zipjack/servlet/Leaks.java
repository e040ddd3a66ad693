package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.fail;

import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Waits for a container's request thread to finish after the client has gone: the thread that
 * notices a hang-up returns its pooled resources a little after the test's socket closes.
 */
final class Leaks {
  private static final long TIMEOUT_MILLIS = 10_000;

  private Leaks() {}

  /** Returns once {@code condition} holds; fails with {@code message} if it does not within 10 s. */
  static void awaitTrue(BooleanSupplier condition, Supplier<String> message) throws InterruptedException {
    long deadline = System.currentTimeMillis() + TIMEOUT_MILLIS;
    while (!condition.getAsBoolean()) {
      if (System.currentTimeMillis() > deadline) {
        fail(message.get());
      }
      Thread.sleep(20);
    }
  }
}
