package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the engines' paired rounds measure and judge; the rounds themselves run in bench/run. */
class EngineTargetsMainTest {
  private static final List<String> JDK17_CODECS = List.of("zlib-1", "zlib-6", "zstd-1", "zstd-3", "brotli-4", "brotli-5");

  @Test
  void everyTargetNamesAConfigurationTheRoundsMeasureOrDerive() {
    for (List<String> codecs : List.of(JDK17_CODECS, EngineTargetsMain.CODECS)) {
      for (String dataset : EngineTargetsMain.DATASETS) {
        List<String> names = new ArrayList<>(EngineTargetsMain.configurations(dataset, codecs).stream()
            .map(JmhConfiguration::name).toList());
        if (dataset.equals(EngineTargetsMain.X1)) {
          EngineTargetsMain.ceilings(codecs).forEach(c -> names.add(c.name()));
        }
        for (TargetRounds.Target target : EngineTargetsMain.targets(dataset, codecs)) {
          assertTrue(names.contains(target.ratio().numerator()) && names.contains(target.ratio().denominator()),
              dataset + ": " + target + " against " + names);
        }
        new Comparison(names, EngineTargetsMain.targets(dataset, codecs).stream().map(TargetRounds.Target::ratio)
            .toList());
      }
    }
  }

  @Test
  void withoutLibdeflateItsTargetsAreLeftOut() {
    List<String> labels = EngineTargetsMain.targets(EngineTargetsMain.X1, JDK17_CODECS).stream()
        .map(TargetRounds.Target::label).toList();
    assertTrue(labels.stream().noneMatch(l -> l.contains("libdeflate")), labels.toString());
  }

  @Test
  void aCeilingIsSerializingThenCompressingInEachTurn() throws Exception {
    RoundRunner measured = (order, seed) -> new Round(Map.of(EngineTargetsMain.SERIALIZE, List.of(100.0, 300.0),
        "zstd-1 compress only", List.of(100.0, 600.0)));
    Round round = DerivedConfiguration.adding(measured, EngineTargetsMain.ceilings(List.of("zstd-1")))
        .run(List.of("zstd-1 ceiling", EngineTargetsMain.SERIALIZE, "zstd-1 compress only"), 1);
    assertEquals(List.of(50.0, 200.0), round.opsPerSecondByTurn().get("zstd-1 ceiling"));
  }

  @Test
  void theTwoThreadConfigurationsRunOnTwoThreads() {
    JmhConfiguration two = EngineTargetsMain.configurations(EngineTargetsMain.X1, JDK17_CODECS).stream()
        .filter(c -> c.name().equals("zstd-1 2 threads")).findFirst().orElseThrow();
    assertEquals("2", two.params().get(JmhConfiguration.THREADS));
  }
}
