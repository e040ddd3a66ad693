package io.github.zipjack.codec;

import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.LongAdder;

/**
 * The pooling every compressing engine shares: a bounded, lock-free pool of encoders (each with its
 * native context) for {@link #open}, another of the same bound for {@link #openStreaming}, a pool of
 * decoder state of the same bound, and the counter of native contexts. Thread-safe. Subclasses say
 * how to make and dispose what is pooled; an encoder gives itself back with {@link #recycle(Encoder)}
 * or {@link #recycleStreaming(Encoder)} once it has reset its state, or {@link #discard(Encoder)}
 * when its native state could not be reset and is freed. {@link #close()} disposes the idle ones;
 * those lent out are disposed when they come back.
 *
 * @param <E> the encoder type
 * @param <D> what a decoder borrows for one body (an Inflater, a zstd context, an input array)
 */
abstract class PooledEngine<E extends Encoder, D extends StripedPool.Node> implements CompressionEngine {
  final ContextCounter contexts = new ContextCounter();
  private final StripedPool<E> encoders;
  /** Encoders lent by {@link #openStreaming}; separate, as they hold differently sized state. */
  private final StripedPool<Encoder> streamingEncoders;
  /** Encoders lent and then freed instead of given back ({@link #discard}); they count as returned. */
  private final LongAdder discardedEncoders = new LongAdder();
  /** Lent to one decoder stream per body. */
  final StripedPool<D> decoderSlots;

  /**
   * @param maxIdle idle encoders kept, and separately idle decoder slots. The pools call the
   *     factories below lazily, so they may use the subclass's fields.
   */
  PooledEngine(int maxIdle) {
    this.encoders = new StripedPool<>(maxIdle, this::newEncoder, this::disposeEncoder);
    this.streamingEncoders = new StripedPool<>(maxIdle, this::newStreamingEncoder, this::disposeStreamingEncoder);
    this.decoderSlots = new StripedPool<>(maxIdle, this::newDecoderSlot, this::disposeDecoderSlot);
  }

  /** A new encoder, counting its native context if it makes one when created. */
  abstract E newEncoder();

  /** Releases an encoder the pool will not keep; by default its own {@link Encoder#dispose()}. */
  void disposeEncoder(E encoder) {
    encoder.dispose();
  }

  /**
   * A new encoder for {@link #openStreaming}: it compresses as it is written and holds a bounded
   * number of body bytes. It gives itself back with {@link #recycleStreaming(Encoder)}.
   */
  abstract Encoder newStreamingEncoder();

  /** Releases a streaming encoder the pool will not keep; by default its own {@link Encoder#dispose()}. */
  void disposeStreamingEncoder(Encoder encoder) {
    encoder.dispose();
  }

  abstract D newDecoderSlot();

  abstract void disposeDecoderSlot(D slot);

  @Override
  public final ContextCounter contexts() {
    return contexts;
  }

  @Override
  public final long lentEncoders() {
    return encoders.lentCount() + streamingEncoders.lentCount() - discardedEncoders.sum();
  }

  @Override
  public final long lentDecoderSlots() {
    return decoderSlots.lentCount();
  }

  @Override
  public final Encoder open(OutputStream sink) throws IOException {
    return Encoder.lend(encoders, sink, callerCount());
  }

  /** Lends an encoder from the streaming pool; see {@link CompressionEngine#openStreaming}. */
  @Override
  public Encoder openStreaming(OutputStream sink) throws IOException {
    return Encoder.lend(streamingEncoders, sink, callerCount());
  }

  /**
   * Lends a streaming encoder for the rest of a body that an encoder of {@link #open} has begun,
   * whose caller that encoder already counts.
   */
  final Encoder openStreamingRest(OutputStream sink) throws IOException {
    return Encoder.lend(streamingEncoders, sink, null);
  }

  /**
   * The workers that count the callers of this engine's bodies while they run, so that parallel
   * bodies see how many cores are idle; null (the default) for an engine that uses no workers.
   */
  CompressionWorkers callerCount() {
    return null;
  }

  /** Takes back an encoder whose state is reset; disposes it when the pool is full or closed. */
  final void recycle(E encoder) {
    encoders.recycle(encoder);
  }

  /** Takes back a streaming encoder whose state is reset; disposes it when the pool is full or closed. */
  final void recycleStreaming(Encoder encoder) {
    streamingEncoders.recycle(encoder);
  }

  /**
   * Records that {@code encoder}, lent by either pool, has freed its native state instead of coming
   * back (its reset failed), so that {@link #lentEncoders()} no longer counts it.
   */
  final void discard(Encoder encoder) {
    discardedEncoders.increment();
  }

  /** Disposes the idle encoders and decoder slots; lent-out ones go when returned. Idempotent. */
  @Override
  public final void close() {
    encoders.close();
    streamingEncoders.close();
    decoderSlots.close();
    closeNative();
  }

  /** Frees what the engine itself holds besides its pools; called by every close(), so idempotent. */
  void closeNative() {}

  @Override
  public String toString() {
    return implementation();
  }
}
