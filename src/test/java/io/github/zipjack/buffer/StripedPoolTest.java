package io.github.zipjack.buffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The lock-free pool: reuses what it is given, keeps no more than its cap, detects a double
 * release, and disposes every object it does not keep exactly once, including at and after close.
 */
class StripedPoolTest {
  private static final long TIMEOUT_SECONDS = 60;

  /** A pooled object that counts how often it was disposed. */
  static final class Item extends StripedPool.Node {
    final AtomicInteger disposals = new AtomicInteger();
  }

  private final AtomicInteger created = new AtomicInteger();
  private final List<Item> disposed = java.util.Collections.synchronizedList(new ArrayList<>());

  private StripedPool<Item> pool(int maxIdle) {
    return new StripedPool<>(maxIdle, () -> {
      created.incrementAndGet();
      return new Item();
    }, item -> {
      item.disposals.incrementAndGet();
      disposed.add(item);
    });
  }

  @Test
  void recycledObjectComesBackOnTheSameThread() {
    StripedPool<Item> pool = pool(4);
    Item item = pool.take();
    pool.recycle(item);

    assertSame(item, pool.take());
  }

  @Test
  void emptyPoolMakesNewObjects() {
    StripedPool<Item> pool = pool(4);

    assertNotSame(pool.take(), pool.take());
    assertEquals(2, created.get());
  }

  @Test
  void poolOfSizeZeroKeepsNothing() {
    StripedPool<Item> pool = pool(0);
    Item item = pool.take();
    pool.recycle(item);

    assertEquals(0, pool.idleCount());
    assertEquals(1, item.disposals.get());
  }

  @Test
  void poolNeverKeepsMoreThanItsCap() {
    StripedPool<Item> pool = pool(4);
    List<Item> items = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      items.add(pool.take());
    }
    items.forEach(pool::recycle);

    assertTrue(pool.idleCount() <= 4, pool.idleCount() + " idle");
    assertEquals(20, pool.idleCount() + disposed.size(), "every object is either idle or disposed");
  }

  @Test
  void poolNeverKeepsMoreThanItsCapUnderContention() throws Exception {
    int threads = 8;
    StripedPool<Item> pool = pool(6);
    CyclicBarrier start = new CyclicBarrier(threads);
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        results.add(executor.submit(() -> {
          start.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
          for (int i = 0; i < 2000; i++) {
            List<Item> held = new ArrayList<>();
            for (int j = 0; j < 1 + i % 5; j++) {
              held.add(pool.take());
            }
            held.forEach(pool::recycle);
          }
          return null;
        }));
      }
      for (Future<?> result : results) {
        result.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      }
    } finally {
      executor.shutdownNow();
    }

    assertTrue(pool.idleCount() <= 6, pool.idleCount() + " idle");
    assertEquals(created.get(), pool.idleCount() + disposed.size(), "every object is either idle or disposed");
  }

  @Test
  void releasingTwiceIsDetected() {
    StripedPool<Item> pool = pool(4);
    Item item = pool.take();
    pool.recycle(item);

    IllegalStateException e = assertThrows(IllegalStateException.class, () -> pool.recycle(item));
    assertTrue(e.getMessage().contains("released twice"), e.getMessage());
  }

  @Test
  void releasingTwiceDoesNotPoolTheObjectTwice() {
    StripedPool<Item> pool = pool(4);
    Item item = pool.take();
    pool.recycle(item);
    assertThrows(IllegalStateException.class, () -> pool.recycle(item));

    assertSame(item, pool.take());
    assertNotSame(item, pool.take());
  }

  @Test
  void closeDisposesEveryIdleObjectExactlyOnce() {
    StripedPool<Item> pool = pool(8);
    List<Item> items = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      items.add(pool.take());
    }
    items.forEach(pool::recycle);
    int idle = pool.idleCount();

    pool.close();
    pool.close();

    assertEquals(idle, disposed.size());
    for (Item item : items) {
      assertEquals(1, item.disposals.get());
    }
    assertEquals(0, pool.idleCount());
  }

  @Test
  void objectRecycledAfterCloseIsDisposed() {
    StripedPool<Item> pool = pool(8);
    Item item = pool.take();
    pool.close();

    pool.recycle(item);

    assertEquals(1, item.disposals.get());
    assertEquals(0, pool.idleCount());
  }

  @Test
  void takeAfterCloseFails() {
    StripedPool<Item> pool = pool(8);
    pool.close();

    IllegalStateException e = assertThrows(IllegalStateException.class, pool::take);
    assertTrue(e.getMessage().contains("closed"), e.getMessage());
  }

  @Test
  void closeRacingWithRecyclesDisposesEveryObjectExactlyOnce() throws Exception {
    int threads = 4;
    StripedPool<Item> pool = pool(16);
    List<Item> items = new ArrayList<>();
    for (int i = 0; i < threads * 50; i++) {
      items.add(pool.take());
    }
    CyclicBarrier start = new CyclicBarrier(threads + 1);
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        List<Item> mine = items.subList(t * 50, t * 50 + 50);
        results.add(executor.submit(() -> {
          start.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
          mine.forEach(pool::recycle);
          return null;
        }));
      }
      start.await(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      pool.close();
      for (Future<?> result : results) {
        result.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
      }
    } finally {
      executor.shutdownNow();
    }

    for (Item item : items) {
      assertEquals(1, item.disposals.get(), "disposals of one item");
    }
    assertEquals(0, pool.idleCount());
  }

  @Test
  void maxIdle_negative() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> pool(-1));
    assertEquals("maxIdle must be >= 0: -1", e.getMessage());
  }

  @Test
  void lentCountIsTakenMinusGivenBackWhetherKeptOrDisposed() {
    StripedPool<Item> pool = pool(1);
    Item first = pool.take();
    Item second = pool.take();
    assertEquals(2, pool.lentCount());

    pool.recycle(first);
    pool.recycle(second); // the pool is full: disposed, but given back all the same

    assertEquals(0, pool.lentCount());
    assertEquals(1, disposed.size());
  }

  @Test
  void aSecondReleaseOfTheSameObjectIsNotCountedAsAReturn() {
    StripedPool<Item> pool = pool(4);
    Item item = pool.take();
    pool.recycle(item);

    assertThrows(IllegalStateException.class, () -> pool.recycle(item));

    assertEquals(0, pool.lentCount());
  }

  @Test
  void objectsGivenBackAfterCloseCountAsReturned() {
    StripedPool<Item> pool = pool(4);
    Item item = pool.take();
    pool.close();

    pool.recycle(item);

    assertEquals(0, pool.lentCount());
  }
}
