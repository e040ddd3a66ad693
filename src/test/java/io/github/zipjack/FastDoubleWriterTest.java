package io.github.zipjack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.data.Dataset;
import io.github.zipjack.data.Datasets;
import io.github.zipjack.data.NumericDataset;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** fastDoubleWriter: doubles written by Jackson's Schubfach writer come back as the same values. */
class FastDoubleWriterTest {
  private static final Dataset NUMERIC = Datasets.load("numeric");

  @Test
  void numericDatasetRoundTripsWithTheFastDoubleWriter() throws Exception {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.gzip(1)).fastDoubleWriter(true).build()) {
      NumericDataset back = pipeline.decode(pipeline.encode(NUMERIC.value()), NumericDataset.class);

      assertEquals(NUMERIC.value(), back);
    }
  }

  @Test
  void fastDoubleWriterWritesTheShortestFormOfADouble() {
    try (Pipeline pipeline = Pipeline.builder().compression(Compression.none()).fastDoubleWriter(true).build()) {
      // 2.0E-3 is the form Double.toString gives on every JDK; 1.0E23 is where JDK 17's differs (1.0E23 vs 9.999999999999999E22 for 1e23).
      String json = new String(pipeline.encode(new double[] {0.1, 2e-3, 1e23}), StandardCharsets.UTF_8);

      assertEquals("[0.1,0.002,1.0E23]", json);
    }
  }

  @Test
  void fastDoubleWriter_withMessagePack() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> Pipeline.builder().format(Format.MSGPACK).fastDoubleWriter(true).build());
    assertEquals("fastDoubleWriter is true but format is MSGPACK, which writes doubles as binary; it applies to JSON only",
        e.getMessage());
  }

  @Test
  void fastDoubleWriterIsShownInToString() {
    try (Pipeline pipeline = Pipeline.builder().fastDoubleWriter(true).build()) {
      assertTrue(pipeline.toString().contains("fastDoubleWriter=true"), pipeline.toString());
    }
  }
}
