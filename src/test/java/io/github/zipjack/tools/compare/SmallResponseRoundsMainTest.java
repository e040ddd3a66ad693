package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.zipjack.bench.SmallResponseBenchmark;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/** What the small-response rounds measure and how they put it; the rounds themselves run by hand. */
class SmallResponseRoundsMainTest {

  @Test
  void eachSetMeasuresEveryCodingOfTheBenchmarkOnItsDatasetAndPath() throws Exception {
    List<String> benchmarkCodings = Arrays.asList(
        SmallResponseBenchmark.class.getField("coding").getAnnotation(Param.class).value());

    for (String set : SmallResponseRoundsMain.SETS) {
      List<JmhConfiguration> configurations = SmallResponseRoundsMain.configurations(set);

      assertEquals(benchmarkCodings, configurations.stream().map(JmhConfiguration::name).toList(), set);
      for (JmhConfiguration c : configurations) {
        assertEquals(set, c.params().get("dataset") + "/" + c.params().get("path"));
        assertEquals(c.name(), c.params().get("coding"));
      }
    }
  }

  @Test
  void eachCodingsTimeIsSetBesideNonesInMicroseconds() {
    Comparison comparison = Comparison.against(SmallResponseRoundsMain.REFERENCE, SmallResponseRoundsMain.CODINGS);
    PairedResult result = new PairedResult(comparison, Map.of(),
        Map.of("none", 500_000.0, "identity", 400_000.0, "zstd", 125_000.0, "gzip", 100_000.0, "dcz", 200_000.0),
        Map.of());

    assertEquals("Time a response: none 2.00 µs; identity 2.50 µs (+0.50); zstd 8.00 µs (+6.00);"
        + " gzip 10.00 µs (+8.00); dcz 5.00 µs (+3.00).", SmallResponseRoundsMain.microsecondsAdded(result));
  }
}
