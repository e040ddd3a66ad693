package io.github.zipjack.codec;

import io.github.zipjack.buffer.StripedPool;
import java.io.IOException;
import java.io.OutputStream;

/**
 * The pooling every compressing engine shares: a bounded, lock-free pool of encoders (each with its
 * native context), a pool of decoder state of the same bound, and the counter of native contexts.
 * Thread-safe. Subclasses say how to make and dispose what is pooled; an encoder gives itself back
 * with {@link #recycle(Encoder)} once it has reset its state. {@link #close()} disposes the idle
 * ones; those lent out are disposed when they come back.
 *
 * @param <E> the encoder type
 * @param <D> what a decoder borrows for one body (an Inflater, a zstd context, an input array)
 */
abstract class PooledEngine<E extends Encoder, D extends StripedPool.Node> implements CompressionEngine {
  final ContextCounter contexts = new ContextCounter();
  private final StripedPool<E> encoders;
  /** Lent to one decoder stream per body. */
  final StripedPool<D> decoderSlots;

  /**
   * @param maxIdle idle encoders kept, and separately idle decoder slots. The pools call the
   *     factories below lazily, so they may use the subclass's fields.
   */
  PooledEngine(int maxIdle) {
    this.encoders = new StripedPool<>(maxIdle, this::newEncoder, this::disposeEncoder);
    this.decoderSlots = new StripedPool<>(maxIdle, this::newDecoderSlot, this::disposeDecoderSlot);
  }

  /** A new encoder, counting its native context if it makes one when created. */
  abstract E newEncoder();

  /** Releases an encoder the pool will not keep; by default its own {@link Encoder#dispose()}. */
  void disposeEncoder(E encoder) {
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
    return encoders.lentCount();
  }

  @Override
  public final long lentDecoderSlots() {
    return decoderSlots.lentCount();
  }

  @Override
  public final Encoder open(OutputStream sink) throws IOException {
    return Encoder.lend(encoders, sink);
  }

  /** Takes back an encoder whose state is reset; disposes it when the pool is full or closed. */
  final void recycle(E encoder) {
    encoders.recycle(encoder);
  }

  /** Disposes the idle encoders and decoder slots; lent-out ones go when returned. Idempotent. */
  @Override
  public final void close() {
    encoders.close();
    decoderSlots.close();
  }

  @Override
  public String toString() {
    return implementation();
  }
}
