package io.github.zipjack.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The filter's flush timer: a grace runs once it has passed, a cancelled one never, a closed timer takes none. */
class FlushGraceTimerTest {
  @Test
  void aGraceNotCancelledRunsOnceItHasPassed() throws InterruptedException {
    try (FlushGraceTimer timer = new FlushGraceTimer(20)) {
      CountDownLatch ran = new CountDownLatch(1);
      long start = System.nanoTime();
      timer.schedule(ran::countDown);

      assertTrue(ran.await(5, TimeUnit.SECONDS));
      assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(20));
    }
  }

  @Test
  void aCancelledGraceNeverRunsWhileOthersAroundItDo() throws InterruptedException {
    try (FlushGraceTimer timer = new FlushGraceTimer(10)) {
      AtomicInteger cancelledRuns = new AtomicInteger();
      CountDownLatch others = new CountDownLatch(2);
      timer.schedule(others::countDown);
      timer.schedule(cancelledRuns::incrementAndGet).cancel();
      timer.schedule(others::countDown);

      assertTrue(others.await(5, TimeUnit.SECONDS));
      Thread.sleep(50);
      assertEquals(0, cancelledRuns.get());
    }
  }

  @Test
  void aGraceAskedOfAnIdleTimerWakesIt() throws InterruptedException {
    try (FlushGraceTimer timer = new FlushGraceTimer(5)) {
      CountDownLatch first = new CountDownLatch(1);
      timer.schedule(first::countDown);
      assertTrue(first.await(5, TimeUnit.SECONDS));
      Thread.sleep(30); // nothing pending: the watcher parks

      CountDownLatch second = new CountDownLatch(1);
      timer.schedule(second::countDown);

      assertTrue(second.await(5, TimeUnit.SECONDS));
    }
  }

  @Test
  void aClosedTimerRefusesGracesAndStopsItsThreads() throws InterruptedException {
    Set<Thread> before = timerThreads();
    FlushGraceTimer timer = new FlushGraceTimer(20);
    CountDownLatch ran = new CountDownLatch(1);
    timer.schedule(ran::countDown); // starts a runner thread too
    assertTrue(ran.await(5, TimeUnit.SECONDS));
    Set<Thread> its = timerThreads();
    its.removeAll(before);

    timer.close();

    assertThrows(RejectedExecutionException.class, () -> timer.schedule(() -> { }));
    for (Thread thread : its) {
      thread.join(5_000);
      assertFalse(thread.isAlive(), thread.getName());
    }
    assertFalse(its.isEmpty());
  }

  private static Set<Thread> timerThreads() {
    Set<Thread> threads = new HashSet<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      if (t.getName().startsWith(FlushGraceTimer.THREAD_NAME_PREFIX)) {
        threads.add(t);
      }
    }
    return threads;
  }
}
