package io.github.zipjack.tools.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * zstd dictionaries on one-record bodies, from DictionaryBenchmark: per dataset, the body's size
 * with zstd(1) and with zstd(1) and a dictionary trained on other bodies of its kind (exact, from
 * {@code DictionaryTraining.sizes}), and the encode and decode throughput of each, one fork a figure
 * with JMH's error. Sizes are divided (they are exact); throughputs are not, since one fork each cannot
 * settle a ratio. Not thread-safe.
 */
final class DictionarySection {
  static final String HEADING = "zstd dictionaries on small bodies";
  static final String CLASS = "DictionaryBenchmark";
  static final String ENCODE = "encode";
  static final String DECODE = "decode";
  static final String DICTIONARY = "dictionary";
  static final String NONE = "none";
  static final String TRAINED = "trained";

  private final ResultSet results;
  /** A dataset's {JSON, zstd(1), zstd(1) with its dictionary} sizes in bytes, or null if unknown. */
  private final Function<String, long[]> sizes;

  DictionarySection(ResultSet results, Function<String, long[]> sizes) {
    this.results = results;
    this.sizes = sizes;
  }

  void appendTo(ReportDocument doc) {
    List<JmhResult> measured = results.ofClass(CLASS);
    if (!doc.benchmarkSection(HEADING, CLASS, measured)) {
      return;
    }
    doc.paragraph(String.format(Locale.ROOT, "%s, %s: one record of about 1 KB (people-1: a person; orders-1: an"
        + " order event), zstd(1) against zstd(1) with a 64 KB dictionary trained on 1,000 other records of the"
        + " same kind (never the measured one). encode: serialize and compress through the pipeline; decode:"
        + " decompress and deserialize. Sizes are exact (target: at most 0.50× zstd-1's); throughputs are one"
        + " fork each with JMH's error, not divided: dcz against zstd(1) over HTTP is judged in paired rounds"
        + " (bench/http).", CLASS,
        ResultSet.measuredOn(measured)));
    doc.table(table());
  }

  /** One row per dataset and thread count; package-private for tests. */
  MarkdownTable table() {
    MarkdownTable table = new MarkdownTable("dataset", "threads", "JSON bytes", "zstd-1 bytes", "with dictionary",
        "size ×", "encode ops/s", "encode with dictionary", "decode ops/s", "decode with dictionary");
    TreeSet<String> keys = new TreeSet<>();
    for (JmhResult r : results.ofClass(CLASS)) {
      keys.add(r.param(Suite.DATASET) + "\t" + r.threads());
    }
    for (String key : keys) {
      String dataset = key.substring(0, key.indexOf('\t'));
      int threads = Integer.parseInt(key.substring(key.indexOf('\t') + 1));
      long[] bytes = sizes.apply(dataset);
      List<String> row = new ArrayList<>(List.of(dataset, Integer.toString(threads)));
      if (bytes == null) {
        row.addAll(List.of(MarkdownTable.NONE, MarkdownTable.NONE, MarkdownTable.NONE, MarkdownTable.NONE));
      } else {
        row.addAll(List.of(Figures.bytes(bytes[0]), Figures.bytes(bytes[1]), Figures.bytes(bytes[2]),
            Figures.ratio((double) bytes[2] / bytes[1])));
      }
      for (String method : List.of(ENCODE, DECODE)) {
        JmhResult without = find(method, dataset, threads, NONE);
        JmhResult with = find(method, dataset, threads, TRAINED);
        row.add(scoreOf(without));
        row.add(scoreOf(with));
      }
      table.addRow(row.toArray(new String[0]));
    }
    return table;
  }

  private static String scoreOf(JmhResult r) {
    return r == null ? MarkdownTable.NONE : Figures.withError(r.opsPerSecond(), r.errorOpsPerSecond());
  }

  private JmhResult find(String method, String dataset, int threads, String dictionary) {
    for (JmhResult r : results.of(CLASS, method)) {
      if (dataset.equals(r.param(Suite.DATASET)) && r.threads() == threads && dictionary.equals(r.param(DICTIONARY))) {
        return r;
      }
    }
    return null;
  }
}
