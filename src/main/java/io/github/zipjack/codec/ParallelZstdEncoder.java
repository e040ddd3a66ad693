package io.github.zipjack.codec;

import java.io.OutputStream;

/**
 * A zstd body that several threads compress as a run of frames, one per {@link ZstdFrameBlock}: nothing
 * before the first, nothing after the last. Not thread-safe; lent by {@link ParallelZstdEngine}.
 */
final class ParallelZstdEncoder extends ParallelBlockEncoder<ZstdFrameBlock> {
  ParallelZstdEncoder(ParallelZstdEngine engine) {
    super(engine);
  }

  @Override
  void startBody() {
  }

  @Override
  void blockEnded(ZstdFrameBlock block) {
  }

  @Override
  void restWritten(byte[] bytes, int offset, int length) {
  }

  @Override
  void startFormat(OutputStream sink) {
  }

  @Override
  void endFormat(OutputStream sink, long bodyBytes) {
  }
}
