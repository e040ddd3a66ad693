package io.github.zipjack.tools.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.zipjack.tools.compare.TargetRounds.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which configurations the large-body rounds measure for the targets they are asked to judge. */
class LargeBodyTargetsMainTest {
  private static final String SHAPE = "stock-16000";

  private static List<String> measured(Set<String> groups, boolean java25) {
    List<Target> targets = LargeBodyTargetsMain.targets(java25, groups);
    return LargeBodyTargetsMain.configurationsFor(targets, LargeBodyTargetsMain.floorsFor(targets), SHAPE, java25)
        .stream().map(JmhConfiguration::name).toList();
  }

  private static List<String> labels(Set<String> groups) {
    return LargeBodyTargetsMain.targets(true, groups).stream().map(Target::label).toList();
  }

  @Test
  void everyGroupsTargetsNameOnlyConfigurationsItsRoundsMeasure() {
    for (boolean java25 : List.of(false, true)) {
      for (Set<String> groups : List.of(Set.of("zstd"), Set.of("gzip"), Set.of("two-callers"),
          Set.copyOf(LargeBodyTargetsMain.GROUPS))) {
        List<Target> targets = LargeBodyTargetsMain.targets(java25, groups);
        List<String> names = new ArrayList<>(measured(groups, java25));
        LargeBodyTargetsMain.floorsFor(targets).forEach(floor -> names.add(floor.name()));
        new Comparison(names, targets.stream().map(Target::ratio).toList());
      }
    }
  }

  @Test
  void allGroupsMeasureEveryConfiguration() {
    for (boolean java25 : List.of(false, true)) {
      assertEquals(LargeBodyTargetsMain.configurations(SHAPE, java25).stream().map(JmhConfiguration::name).toList(),
          measured(Set.copyOf(LargeBodyTargetsMain.GROUPS), java25));
    }
  }

  @Test
  void twoCallersMeasureTheLoadedPipelinesAndOneSerialCallerForK() {
    assertEquals(List.of("zstd-1 serial", "load zstd-1", "load zstd-1 serial", "load gzip-1", "load gzip-1 serial"),
        measured(Set.of("two-callers"), true));
  }

  @Test
  void zstdMeasuresWhatItsFloorIsMadeOf() {
    assertEquals(List.of("jackson", "zstd-workers", "zstd-1", "zstd-1 serial", "load zstd-1 serial"),
        measured(Set.of("zstd"), true));
  }

  @Test
  void gzipOnJava25MeasuresSerialLibdeflateAndItsFloorsParts() {
    assertEquals(List.of("jackson", "study", "gzip-1", "libdeflate-1 serial", "load gzip-1 serial"),
        measured(Set.of("gzip"), true));
  }

  @Test
  void kIsReportedOnceWithBothGroupsThatUseIt() {
    List<String> labels = labels(Set.of("zstd", "two-callers"));
    assertEquals(1, labels.stream().filter(label -> label.startsWith("k:")).count(), labels.toString());
    assertTrue(labels(Set.of("gzip")).stream().noneMatch(label -> label.startsWith("k:")));
  }

  @Test
  void anUnknownGroupIsRefusedNamingItAndTheGroups() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> LargeBodyTargetsMain.groups("zstd,brotli"));
    assertTrue(e.getMessage().contains("'brotli'"), e.getMessage());
    assertTrue(e.getMessage().contains("zstd, gzip, two-callers"), e.getMessage());
  }

  @Test
  void anEmptyListOfGroupsIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> LargeBodyTargetsMain.groups(""));
  }

  @Test
  void groupsAreReadCommaSeparated() {
    assertEquals(Set.of("zstd", "two-callers"), LargeBodyTargetsMain.groups("zstd,two-callers"));
  }

  @Test
  void theUsageLineNamesTheTargetsOptionAndItsGroups() {
    String usage = TargetRounds.Arguments.usage("LargeBodyTargetsMain", LargeBodyTargetsMain.TARGETS_OPTION,
        LargeBodyTargetsMain.SHAPES);
    assertTrue(usage.startsWith("usage: LargeBodyTargetsMain [--targets zstd,gzip,two-callers] SECONDS_PER_SET OUT.md"),
        usage);
  }
}
