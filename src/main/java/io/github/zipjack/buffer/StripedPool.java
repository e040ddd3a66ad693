package io.github.zipjack.buffer;

import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * A bounded, lock-free pool of reusable objects (segments, compressors).
 *
 * <p>Thread-safe. {@link #take()} never blocks and never fails: when the pool is empty, or another
 * thread is touching the same stripe, it makes a new object. {@link #recycle(Node)} never blocks:
 * when the pool is full, contended or closed, it hands the object to the disposer instead (which,
 * for native resources, releases them). Idle objects are linked through {@link Node} itself, so
 * taking and recycling allocate nothing.
 *
 * <p>Each stripe is a stack whose head is swapped for a {@code LOCKED} marker while one thread edits
 * it, a technique okio's segment pool also uses. Threads pick a stripe by their id.
 *
 * <p>{@link #close()} disposes every idle object; objects recycled afterwards are disposed at once.
 *
 * <p>{@link #lentCount()} counts objects taken and not yet given back (pooled or disposed), so
 * tests and monitoring can prove that every path returns what it borrows.
 *
 * @param <T> the pooled objects' type
 */
public final class StripedPool<T extends StripedPool.Node> implements AutoCloseable {

  /** Base class of pooled objects: the pool links idle objects through {@link #poolNext}. */
  public abstract static class Node {
    /** The next idle object in a stripe; null while the object is in use. */
    Node poolNext;
    /** True while the object sits in the pool; recycling it again is a double release. */
    boolean pooled;

    /** A node that is not in any pool. */
    protected Node() {
    }
  }

  private static final Node LOCKED = new Node() {};

  private final AtomicReferenceArray<Node> heads;
  /** Idle objects per stripe; an entry is read and written only by the thread holding that stripe. */
  private final int[] idleCounts;
  private final int maxIdlePerStripe;
  private final int stripeMask;
  private final Supplier<T> factory;
  private final Consumer<? super T> disposer;
  private final LongAdder taken = new LongAdder();
  private final LongAdder returned = new LongAdder();
  private volatile boolean closed;

  /**
   * An empty pool.
   *
   * @param maxIdle the most idle objects kept (0 disables pooling); spread over the stripes
   * @param factory makes a new object when none is idle
   * @param disposer releases an object the pool will not keep
   */
  public StripedPool(int maxIdle, Supplier<T> factory, Consumer<? super T> disposer) {
    if (maxIdle < 0) {
      throw new IllegalArgumentException("maxIdle must be >= 0: " + maxIdle);
    }
    int stripes = Math.min(Integer.highestOneBit(Math.max(1, Runtime.getRuntime().availableProcessors()) * 2 - 1),
        Integer.highestOneBit(Math.max(1, maxIdle)));
    this.heads = new AtomicReferenceArray<>(stripes);
    this.idleCounts = new int[stripes];
    this.stripeMask = stripes - 1;
    this.maxIdlePerStripe = maxIdle == 0 ? 0 : Math.max(1, maxIdle / stripes);
    this.factory = factory;
    this.disposer = disposer;
  }

  /** {@return an idle object, or a new one when none is idle} Never blocks. */
  @SuppressWarnings("unchecked")
  public T take() {
    if (closed) {
      throw new IllegalStateException("pool is closed");
    }
    taken.increment();
    int stripe = stripe();
    Node head = heads.getAndSet(stripe, LOCKED);
    if (head == LOCKED) {
      return factory.get(); // another thread holds this stripe: don't wait
    }
    if (head == null) {
      heads.set(stripe, null);
      return factory.get();
    }
    idleCounts[stripe]--;
    heads.set(stripe, head.poolNext);
    head.poolNext = null;
    head.pooled = false;
    return (T) head;
  }

  /**
   * Gives an object back. The caller must not touch it afterwards.
   *
   * @param node an object this pool gave out
   * @throws IllegalStateException if the object is already in the pool (released twice)
   */
  public void recycle(T node) {
    if (node.pooled) {
      throw new IllegalStateException("object was released twice: " + node);
    }
    returned.increment();
    if (closed || maxIdlePerStripe == 0) {
      disposer.accept(node);
      return;
    }
    int stripe = stripe();
    Node head = heads.getAndSet(stripe, LOCKED);
    if (head == LOCKED) {
      disposer.accept(node);
      return;
    }
    if (idleCounts[stripe] >= maxIdlePerStripe) {
      heads.set(stripe, head);
      disposer.accept(node);
      return;
    }
    idleCounts[stripe]++;
    node.pooled = true;
    node.poolNext = head;
    heads.set(stripe, node);
    if (closed) {
      drain(stripe); // close() may have drained this stripe before our push
    }
  }

  /**
   * {@return the number of idle objects now} For tests and monitoring; exact only when no thread is
   * busy.
   */
  public int idleCount() {
    int count = 0;
    for (int i = 0; i < heads.length(); i++) {
      for (Node n = heads.get(i); n != null && n != LOCKED; n = n.poolNext) {
        count++;
      }
    }
    return count;
  }

  /**
   * {@return objects taken and not yet given back, whether the pool kept or disposed them on return}
   * Exact only when no thread is busy; 0 when every borrower has returned what it took.
   */
  public long lentCount() {
    return taken.sum() - returned.sum();
  }

  /** Disposes every idle object; later recycles dispose at once, later takes fail. Idempotent. */
  @Override
  public void close() {
    closed = true;
    for (int i = 0; i < heads.length(); i++) {
      drain(i);
    }
  }

  @SuppressWarnings("unchecked")
  private void drain(int stripe) {
    Node head;
    while ((head = heads.getAndSet(stripe, LOCKED)) == LOCKED) {
      Thread.onSpinWait(); // only close() and a racing recycle() get here, briefly
    }
    idleCounts[stripe] = 0;
    heads.set(stripe, null);
    while (head != null) {
      Node next = head.poolNext;
      head.poolNext = null;
      head.pooled = false;
      disposer.accept((T) head);
      head = next;
    }
  }

  @SuppressWarnings("deprecation") // Thread.threadId() is Java 19+; getId() is the same number
  private int stripe() {
    return (int) Thread.currentThread().getId() & stripeMask;
  }
}
