package io.github.zipjack;

import java.util.ArrayList;
import java.util.List;

/**
 * One combination of the settings that shape a body, for parameterized tests; its toString is the
 * test's display name.
 *
 * @param inputBufferSize null to leave it unset (it must be, with compressWholeBody)
 * @param deflaterBufferSize null to leave it unset (it must be, with no compression)
 */
record PipelineSetup(Format format, Compression compression, Accelerator accelerator, Integer inputBufferSize,
    Integer deflaterBufferSize, boolean compressWholeBody) {

  static final int[] INPUT_BUFFER_SIZES = {0, 8 * 1024, 64 * 1024};
  static final int[] DEFLATER_BUFFER_SIZES = {512, 64 * 1024};

  PipelineSetup(Format format, Compression compression, Accelerator accelerator, int inputBufferSize,
      Integer deflaterBufferSize) {
    this(format, compression, accelerator, inputBufferSize, deflaterBufferSize, false);
  }

  /**
   * Every format x compression (none, gzip 0-9) x accelerator x buffering x deflater buffer (gzip
   * only); buffering is one of the input buffer sizes or, with gzip, compressing the whole body.
   */
  static List<PipelineSetup> all() {
    List<Compression> compressions = new ArrayList<>();
    compressions.add(Compression.none());
    for (int level = 0; level <= 9; level++) {
      compressions.add(Compression.gzip(level));
    }
    List<PipelineSetup> setups = new ArrayList<>();
    for (Format format : Format.values()) {
      for (Compression compression : compressions) {
        boolean gzip = !compression.equals(Compression.none());
        for (Accelerator accelerator : Accelerator.values()) {
          for (int inputBufferSize : INPUT_BUFFER_SIZES) {
            if (!gzip) {
              setups.add(new PipelineSetup(format, compression, accelerator, inputBufferSize, null, false));
              continue;
            }
            for (int deflaterBufferSize : DEFLATER_BUFFER_SIZES) {
              setups.add(new PipelineSetup(format, compression, accelerator, inputBufferSize, deflaterBufferSize, false));
            }
          }
          if (gzip) {
            for (int deflaterBufferSize : DEFLATER_BUFFER_SIZES) {
              setups.add(new PipelineSetup(format, compression, accelerator, null, deflaterBufferSize, true));
            }
          }
        }
      }
    }
    return setups;
  }

  static PipelineSetup of(Format format, Compression compression) {
    return new PipelineSetup(format, compression, Accelerator.NONE, 64 * 1024,
        compression.equals(Compression.none()) ? null : 64 * 1024);
  }

  Pipeline.Builder builder() {
    Pipeline.Builder builder = Pipeline.builder()
        .format(format)
        .compression(compression)
        .accelerator(accelerator)
        .compressWholeBody(compressWholeBody);
    if (inputBufferSize != null) {
      builder.inputBufferSize(inputBufferSize);
    }
    if (deflaterBufferSize != null) {
      builder.deflaterBufferSize(deflaterBufferSize);
    }
    return builder;
  }

  Pipeline build() {
    return builder().build();
  }

  @Override
  public String toString() {
    return format + " " + compression + " " + accelerator
        + (compressWholeBody ? " whole-body" : " in=" + inputBufferSize)
        + (deflaterBufferSize == null ? "" : " deflater=" + deflaterBufferSize);
  }
}
