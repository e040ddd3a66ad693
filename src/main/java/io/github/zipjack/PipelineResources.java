package io.github.zipjack;

/**
 * What a {@link Pipeline} holds at one moment, from {@link Pipeline#resources()}: for monitoring, and
 * for tests that prove every path gives back what it borrows. Immutable.
 *
 * <p>The counts are exact only when no thread is using the pipeline; while calls run they are a
 * moment's approximation. A pipeline with no call in progress and every {@link EncodedBody} closed
 * has {@link #nothingLent()}; once it is also closed, {@link #liveNativeContexts()} is 0.
 *
 * @param lentSegments output segments taken from the segment pool and not yet returned (held by
 *     encodes in progress and by {@link EncodedBody}s not yet closed)
 * @param idleSegmentBytes bytes of segments waiting in the pool for reuse
 * @param lentEncoders encoders (each with its Deflater or native context) lent to encodes in progress
 * @param lentDecoderSlots decoder state (an Inflater, a zstd context, an input array) held by decodes in progress
 * @param liveNativeContexts native contexts made and not yet released, in use or idle in a pool
 * @param createdNativeContexts native contexts made since the pipeline was built
 * @param lentBlocks blocks of bodies compressed on several threads (each with its input and output
 *     arrays and a Deflater, counted in the native contexts) held by encodes in progress
 */
public record PipelineResources(
    long lentSegments,
    long idleSegmentBytes,
    long lentEncoders,
    long lentDecoderSlots,
    long liveNativeContexts,
    long createdNativeContexts,
    long lentBlocks) {

  /**
   * The resources of a pipeline that lends no parallel blocks ({@code lentBlocks} 0).
   *
   * @param lentSegments output segments lent and not yet returned
   * @param idleSegmentBytes bytes of segments waiting in the pool
   * @param lentEncoders encoders lent to encodes in progress
   * @param lentDecoderSlots decoder state held by decodes in progress
   * @param liveNativeContexts native contexts made and not yet released
   * @param createdNativeContexts native contexts made since the pipeline was built
   */
  public PipelineResources(long lentSegments, long idleSegmentBytes, long lentEncoders, long lentDecoderSlots,
      long liveNativeContexts, long createdNativeContexts) {
    this(lentSegments, idleSegmentBytes, lentEncoders, lentDecoderSlots, liveNativeContexts, createdNativeContexts, 0);
  }

  /** {@return whether no segment, encoder, parallel block or decoder state is out of its pool} */
  public boolean nothingLent() {
    return lentSegments == 0 && lentEncoders == 0 && lentDecoderSlots == 0 && lentBlocks == 0;
  }
}
