package io.github.zipjack.bench;

import java.io.OutputStream;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * An OutputStream that hands every write to JMH's Blackhole and keeps nothing: the network socket
 * of a benchmark. The JIT cannot drop the serializer's or compressor's work, because its output
 * reaches the Blackhole, and no buffer grows, so the measured allocation is the encoder's own.
 *
 * <p>One per benchmark thread (a JMH thread-scoped state); not thread-safe.
 */
@State(Scope.Thread)
public class BlackholeSink extends OutputStream {

  private Blackhole blackhole;
  /** Bytes written since the last {@link #reset()}. */
  private long byteCount;

  @Setup
  public void setUp(Blackhole blackhole) {
    this.blackhole = blackhole;
  }

  @Override
  public void write(int b) {
    blackhole.consume(b);
    byteCount++;
  }

  @Override
  public void write(byte[] b, int off, int len) {
    blackhole.consume(b);
    byteCount += len;
  }

  /** Forgets the bytes counted so far; call once per operation. */
  public void reset() {
    byteCount = 0;
  }

  public long byteCount() {
    return byteCount;
  }
}
