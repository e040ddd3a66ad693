package io.github.zipjack.tools.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Jackson 3 against Jackson 2, from Jackson3Benchmark: per dataset and codec, the pipeline's
 * throughput with each generation's mapper beside its own serial ceiling 1 / (1/S + 1/C) (S: that
 * mapper alone, C: the engine alone on its bytes), one fork a figure and never divided into a ratio,
 * which two single forks cannot settle. Not thread-safe.
 */
final class Jackson3Section {
  static final String HEADING = "Jackson 3 against Jackson 2";
  static final String CLASS = "Jackson3Benchmark";
  static final String GENERATION = "jackson";
  static final String JACKSON_2 = "Jackson 2 ops/s";
  static final String JACKSON_2_CEILING = "Jackson 2 ceiling ops/s";
  static final String JACKSON_3 = "Jackson 3 ops/s";
  static final String JACKSON_3_CEILING = "Jackson 3 ceiling ops/s";

  private final ResultSet results;

  Jackson3Section(ResultSet results) {
    this.results = results;
  }

  void appendTo(ReportDocument doc) {
    List<JmhResult> measured = results.of(CLASS, Suite.PIPELINE_MAIN);
    if (!doc.benchmarkSection(HEADING, CLASS, measured)) {
      return;
    }
    doc.paragraph(String.format(Locale.ROOT, "%s, %s: a pipeline on a plain Jackson 2 ObjectMapper and one on"
        + " a plain Jackson 3 JsonMapper (Pipeline.Builder.jackson3Mapper), encodeToBody, each beside its own"
        + " serial ceiling 1 / (1/S + 1/C), S being that mapper alone and C the engine alone on its bytes."
        + " One fork a figure, with JMH's error, and not divided: whether each engine reaches 0.9 of its"
        + " ceiling with Jackson 3 is a target not yet judged in paired rounds (docs/benchmarks.md).", CLASS,
        ResultSet.measuredOn(measured)));
    doc.table(table());
  }

  /** One row per dataset, codec and thread count; package-private for tests. */
  MarkdownTable table() {
    MarkdownTable table = new MarkdownTable("dataset", "codec", "threads", JACKSON_2, JACKSON_2_CEILING, JACKSON_3,
        JACKSON_3_CEILING);
    List<JmhResult> rows = new ArrayList<>(results.of(CLASS, Suite.PIPELINE_MAIN));
    rows.removeIf(r -> !"3".equals(r.param(GENERATION)));
    rows.sort(Comparator.comparing((JmhResult r) -> String.valueOf(r.param(Suite.DATASET)))
        .thenComparing(JmhResult::threads).thenComparing(r -> Suite.codecOrder(r.param(Suite.CODEC))));
    for (JmhResult three : rows) {
      JmhResult two = find(Suite.PIPELINE_MAIN, three, "2", true);
      table.addRow(three.param(Suite.DATASET), three.param(Suite.CODEC), Integer.toString(three.threads()),
          two == null ? MarkdownTable.NONE : Figures.withError(two.opsPerSecond(), two.errorOpsPerSecond()),
          ceiling(two), Figures.withError(three.opsPerSecond(), three.errorOpsPerSecond()), ceiling(three));
    }
    return table;
  }

  /** 1 / (1/S + 1/C) of encodeToBody's generation, codec and threads, in operations a second. */
  private String ceiling(JmhResult encode) {
    if (encode == null) {
      return MarkdownTable.NONE;
    }
    String generation = encode.param(GENERATION);
    JmhResult serialize = find(Suite.SERIALIZE_ONLY, encode, generation, false);
    JmhResult compress = find(Suite.COMPRESS_ONLY, encode, generation, true);
    if (serialize == null || compress == null) {
      return MarkdownTable.NONE;
    }
    return Figures.opsPerSecond(1 / (1 / serialize.opsPerSecond() + 1 / compress.opsPerSecond()));
  }

  private JmhResult find(String method, JmhResult like, String generation, boolean sameCodec) {
    for (JmhResult r : results.of(CLASS, method)) {
      if (generation.equals(r.param(GENERATION)) && r.threads() == like.threads()
          && String.valueOf(r.param(Suite.DATASET)).equals(like.param(Suite.DATASET))
          && (!sameCodec || String.valueOf(r.param(Suite.CODEC)).equals(like.param(Suite.CODEC)))) {
        return r;
      }
    }
    return null;
  }
}
