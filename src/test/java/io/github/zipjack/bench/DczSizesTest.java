package io.github.zipjack.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.Compression;
import io.github.zipjack.Pipeline;
import io.github.zipjack.codec.DictionaryEngine;
import io.github.zipjack.codec.EngineConfig;
import io.github.zipjack.codec.Encoder;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.servlet.HttpDictionary;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The byte targets of HTTP dictionaries on one record: with the HTTP form (raw content) of the
 * dictionary {@link DictionaryTraining} trains on other records of the same kind, a {@code dcz}
 * body, its 40-byte header included, is at most 0.5x zstd(1)'s for orders-1 and 0.6x for
 * people-1. Sizes are exact, so a test checks them; speed is JMH's business.
 */
class DczSizesTest {
  @ParameterizedTest(name = "{0} at most {1}x zstd(1)")
  @CsvSource({"orders-1, 0.5", "people-1, 0.6"})
  void dczBodyOfOneRecordIsAtMostTheTargetShareOfZstd1(String dataset, double target) throws Exception {
    HttpDictionary dictionary = HttpDictionary.builder(DictionaryTraining.train(dataset).toByteArray())
        .match("/*").build();
    Object value = Datasets.load(dataset).value();
    try (Pipeline plain = Pipeline.builder().compression(Compression.none()).build();
        Pipeline zstd = Pipeline.builder().compression(Compression.zstd(1)).build();
        DictionaryEngine dcz = DictionaryEngine.dcz(new EngineConfig(1, 0, 8192, 1, null, 1 << 20),
            dictionary.toByteArray(), dictionary.sha256())) {
      byte[] json = plain.encode(value);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      try (Encoder e = dcz.open(out)) {
        e.stream().write(json);
        e.finish();
      }
      byte[] body = out.toByteArray();
      try (InputStream in = dcz.decoder(new ByteArrayInputStream(body))) {
        assertArrayEquals(json, in.readAllBytes());
      }
      int zstdBytes = zstd.encode(value).length;
      assertTrue(body.length <= target * zstdBytes, dataset + ": " + body.length + " dcz bytes against " + zstdBytes
          + " zstd(1) bytes (" + String.format("%.2f", (double) body.length / zstdBytes) + "x)");
    }
  }
}
