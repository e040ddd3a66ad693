package io.github.zipjack.tools.tune;

import io.github.zipjack.tools.report.MarkdownTable;
import io.github.zipjack.tools.tune.SettingResult.Figure;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * bench/tune's verdict from its results: the settings ranked by encoding throughput at one thread,
 * the Pareto front of zipjack's settings (none both faster and smaller), and the recommendation: the
 * fastest zipjack setting within the size limit, with the code that selects it. Immutable.
 */
final class TuneTable {
  private final List<SettingResult> ranked;
  private final int threads;
  private final double maxSizePercent;
  /** The trained dictionary's file, as the code to use it names it; null without one. */
  private final String dictionary;
  /** What paired rounds chose among the fastest, or null when they did not run. */
  private final SpeedRunoff.Outcome runoff;

  /**
   * @param results one per setting, in any order
   * @param threads the thread count of the "all cores" columns
   * @param maxSizePercent the size limit, % of the JSON; NaN for none
   * @param dictionary the trained dictionary's file, or null
   */
  TuneTable(List<SettingResult> results, int threads, double maxSizePercent, String dictionary) {
    List<SettingResult> sorted = new ArrayList<>(results);
    sorted.sort(Comparator.comparingDouble((SettingResult r) -> Double.isNaN(r.speed()) ? 0 : -r.speed()));
    this.ranked = List.copyOf(sorted);
    this.threads = threads;
    this.maxSizePercent = maxSizePercent;
    this.dictionary = dictionary;
    this.runoff = null;
  }

  private TuneTable(TuneTable table, SpeedRunoff.Outcome runoff) {
    this.ranked = table.ranked;
    this.threads = table.threads;
    this.maxSizePercent = table.maxSizePercent;
    this.dictionary = table.dictionary;
    this.runoff = runoff;
  }

  /** This table with the recommendation that paired rounds chose among the fastest settings. */
  TuneTable withRunoff(SpeedRunoff.Outcome outcome) {
    return new TuneTable(this, outcome);
  }

  /** The zipjack settings that may be recommended: measured and within the size limit, fastest first. */
  List<SettingResult> eligible() {
    return ranked.stream()
        .filter(r -> !r.setting().study() && !Double.isNaN(r.speed()))
        .filter(r -> Double.isNaN(maxSizePercent) || r.sizePercent() <= maxSizePercent)
        .toList();
  }

  List<SettingResult> ranked() {
    return ranked;
  }

  /** Whether no other zipjack setting is at least as fast and as small, and better in one. */
  boolean onFront(SettingResult r) {
    if (r.setting().study()) {
      return false;
    }
    for (SettingResult other : ranked) {
      if (other != r && !other.setting().study()
          && other.speed() >= r.speed() && other.sizePercent() <= r.sizePercent()
          && (other.speed() > r.speed() || other.sizePercent() < r.sizePercent())) {
        return false;
      }
    }
    return true;
  }

  /** The front, fastest first. */
  List<SettingResult> front() {
    return ranked.stream().filter(this::onFront).toList();
  }

  /**
   * The fastest zipjack setting within the limit (any size without one), if any is; after a runoff,
   * the setting it chose.
   */
  Optional<SettingResult> recommended() {
    return runoff != null ? Optional.of(runoff.chosen()) : best(false);
  }

  /** As {@link #recommended()} among the settings the servlet filter can serve (no private dictionary). */
  Optional<SettingResult> recommendedForHttp() {
    return best(true);
  }

  private Optional<SettingResult> best(boolean http) {
    return eligible().stream().filter(r -> !http || r.setting().codings() != null).findFirst();
  }

  /** The ranked table as Markdown (also what is printed). */
  String markdown() {
    String all = threads + " threads";
    MarkdownTable table = new MarkdownTable(List.of("rank", "setting", "size % of JSON",
        "encode MB/s, 1 thread", "encode MB/s, " + all, "decode MB/s, 1 thread", "decode MB/s, " + all,
        "Pareto front"));
    int rank = 1;
    for (SettingResult r : ranked) {
      table.addRow(List.of(Integer.toString(rank++), label(r.setting()), percent(r.sizePercent()),
          cell(r.encodeOne()), cell(r.encodeAll()), cell(r.decodeOne()), cell(r.decodeAll()),
          onFront(r) ? "yes" : ""));
    }
    return table.render();
  }

  /** The recommendation: a line starting {@code recommended:} and the code that selects it. */
  List<String> recommendationLines() {
    List<String> lines = new ArrayList<>();
    String limit = Double.isNaN(maxSizePercent) ? "" : " within --max-size " + percent(maxSizePercent) + "%";
    Optional<SettingResult> best = recommended();
    if (best.isEmpty()) {
      SettingResult smallest = ranked.stream().filter(r -> !r.setting().study())
          .min(Comparator.comparingDouble(SettingResult::sizePercent)).orElseThrow();
      lines.add("recommended: nothing" + limit + ": the smallest setting, " + smallest.setting() + ", makes "
          + percent(smallest.sizePercent()) + "% of the JSON");
      return lines;
    }
    SettingResult r = best.get();
    String why = runoff == null ? "the fastest to encode at 1 thread" + limit
        : runoff.reason() + (limit.isEmpty() ? "" : ";" + limit);
    lines.add("recommended: " + r.setting() + " (" + why + ": " + r.encodeOne().format() + " MB/s, "
        + percent(r.sizePercent()) + "% of the JSON)");
    addCode(lines, r.setting());
    if (runoff != null) {
      lines.add("  the fastest by JMH against its closest, in paired rounds (a fresh JVM per setting each round):");
      lines.addAll(runoff.lines());
    }
    if (r.setting().codings() == null) {
      Optional<SettingResult> http = recommendedForHttp();
      if (http.isPresent()) {
        lines.add("recommended for HTTP: " + http.get().setting() + " (no browser has your dictionary: "
            + http.get().encodeOne().format() + " MB/s, " + percent(http.get().sizePercent()) + "% of the JSON)");
        addCode(lines, http.get().setting());
      }
    }
    return lines;
  }

  private void addCode(List<String> lines, Setting s) {
    lines.add("  builder:     Pipeline.builder().compression(" + s.compressionCall(dictionary) + ").build()");
    if (s.codings() == null) {
      lines.add("  filter:      not for the servlet filter or Spring Boot: HTTP's zstd coding cannot carry a"
          + " private dictionary");
    } else {
      lines.add("  filter:      <init-param><param-name>codings</param-name><param-value>" + s.codings()
          + "</param-value></init-param>");
      lines.add("  Spring Boot: zipjack.compression.codings=" + s.codings());
    }
  }

  private static String label(Setting s) {
    return s.study() ? s + " (the study: GZIPOutputStream)" : s.toString();
  }

  private static String cell(Figure f) {
    return f == null ? "–" : f.format();
  }

  static String percent(double value) {
    return String.format(Locale.ROOT, "%.1f", value);
  }
}
