package io.github.zipjack.codec;

import io.github.zipjack.PipelineResources;
import io.github.zipjack.buffer.SegmentPool;

/** Sums what engines and a segment pool hold into one {@link PipelineResources} snapshot, for every holder of engines alike. */
public final class EngineResources {
  private EngineResources() {}

  /**
   * {@return what {@code pool} and {@code engines} hold now: segments lent and idle, encoders, decoder
   * state and parallel blocks lent, native contexts live and made}
   *
   * @param pool the segments' pool, or null when the holder lends none
   * @param engines the engines, each counted once
   */
  public static PipelineResources of(SegmentPool pool, Iterable<? extends CompressionEngine> engines) {
    long lentEncoders = 0;
    long lentDecoderSlots = 0;
    long live = 0;
    long created = 0;
    long lentBlocks = 0;
    for (CompressionEngine engine : engines) {
      lentEncoders += engine.lentEncoders();
      lentDecoderSlots += engine.lentDecoderSlots();
      live += engine.contexts().live();
      created += engine.contexts().createdCount();
      lentBlocks += engine.lentBlocks();
    }
    return new PipelineResources(pool == null ? 0 : pool.lentCount(), pool == null ? 0 : pool.idleBytes(),
        lentEncoders, lentDecoderSlots, live, created, lentBlocks);
  }
}
