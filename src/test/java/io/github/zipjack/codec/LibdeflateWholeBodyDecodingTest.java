package io.github.zipjack.codec;

import org.junit.jupiter.api.condition.EnabledForJreRange;
import org.junit.jupiter.api.condition.JRE;

/** The libdeflate engine decodes a gzip body held whole in one libdeflate call. */
@EnabledForJreRange(min = JRE.JAVA_25,
    disabledReason = "libdeflate comes from aircompressor-v3, whose classes are Java 25 class files")
class LibdeflateWholeBodyDecodingTest extends GzipWholeBodyDecodingContract {
  @Override
  GzipDecodingEngine<?> newEngine(EngineConfig config) {
    return new LibdeflateGzipEngine(config);
  }
}
