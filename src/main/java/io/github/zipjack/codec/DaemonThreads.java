package io.github.zipjack.codec;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Makes the threads of the pools zipjack owns: daemon threads, so that none keeps a JVM from
 * exiting, named a prefix and a number counted from 1 by this factory. For zipjack's own packages;
 * thread-safe.
 */
public final class DaemonThreads implements ThreadFactory {
  private final String namePrefix;
  private final AtomicInteger made = new AtomicInteger();

  /** @param namePrefix the start of every thread's name, such as {@code "zipjack-compress-"} */
  public DaemonThreads(String namePrefix) {
    this.namePrefix = namePrefix;
  }

  @Override
  public Thread newThread(Runnable task) {
    Thread thread = new Thread(task, namePrefix + made.incrementAndGet());
    thread.setDaemon(true);
    return thread;
  }
}
