package io.github.zipjack.tools.report;

import io.github.zipjack.Format;
import java.util.ArrayList;
import java.util.List;

/**
 * The size tables, computed by encoding the datasets now (see {@link PayloadSizes}): the study's
 * table (raw, gzip 6 and gzip 1 for x1 and x10; gzip here is always the JDK's zlib, as in the
 * study, so the tables are the same on every JDK), the sjson-new seed's comparison of plain JSON,
 * gzip JSON, MessagePack and gzip MessagePack, and every dataset and format at every level.
 */
final class SizeSection {

  /** The level of the format comparison: gzip's own default. */
  static final String COMPARISON_LEVEL = "6";
  /** The codec of the format comparison: gzip 6 through the JDK's zlib, the same bytes on every JDK. */
  static final String COMPARISON_CODEC = Suite.STUDY_LEVEL_6;

  private final PayloadSizes sizes;
  private final List<String> datasets;

  /** @param datasets the datasets to measure; one that cannot be loaded is left out with a note */
  SizeSection(PayloadSizes sizes, List<String> datasets) {
    this.sizes = sizes;
    this.datasets = List.copyOf(datasets);
  }

  void appendTo(ReportDocument doc) {
    doc.heading(2, "Sizes");
    doc.paragraph("Measured by encoding the datasets with zipjack's pipeline while this report was"
        + " written; not taken from the benchmark run. KiB = 1,024 bytes.");
    List<String> loadable = new ArrayList<>();
    for (String dataset : datasets) {
      try {
        sizes.jsonBytes(dataset);
        loadable.add(dataset);
      } catch (RuntimeException e) {
        doc.note("Sizes of " + dataset + " left out: " + e.getMessage());
      }
    }
    doc.heading(3, "The study's table (JSON)");
    MarkdownTable study = studyTable();
    if (study.isEmpty()) {
      doc.note("The study's datasets " + Suite.STUDY_X1 + " and " + Suite.STUDY_X10 + " could not be loaded.");
    } else {
      doc.table(study);
    }
    doc.heading(3, "JSON and MessagePack, plain and gzip " + COMPARISON_LEVEL + " (bytes, % of JSON)");
    doc.table(formatTable(loadable));
    doc.heading(3, "Compressed size per level, % of the uncompressed size");
    doc.table(levelTable(loadable));
  }

  MarkdownTable studyTable() {
    MarkdownTable table = new MarkdownTable(
        "payload", "raw KiB", "gzip 6 KiB", "gzip 6 %", "gzip 1 KiB", "gzip 1 %");
    for (String dataset : List.of(Suite.STUDY_X1, Suite.STUDY_X10)) {
      if (!datasets.contains(dataset)) {
        continue;
      }
      long raw = sizes.jsonBytes(dataset);
      long six = sizes.bytes(dataset, Format.JSON, Suite.STUDY_LEVEL_6);
      long one = sizes.bytes(dataset, Format.JSON, Suite.STUDY_LEVEL_1);
      String label = (dataset.equals(Suite.STUDY_X1) ? "x1 " : "x10 ") + "(" + dataset + ")";
      table.addRow(label, Figures.kib(raw), Figures.kib(six), Figures.percent(six, raw),
          Figures.kib(one), Figures.percent(one, raw));
    }
    return table;
  }

  MarkdownTable formatTable(List<String> measured) {
    MarkdownTable table = new MarkdownTable(
        "dataset", "JSON bytes", "gzip JSON", "MessagePack", "gzip MessagePack");
    for (String dataset : measured) {
      long json = sizes.jsonBytes(dataset);
      long gzipJson = sizes.bytes(dataset, Format.JSON, COMPARISON_CODEC);
      long msgpack = sizes.bytes(dataset, Format.MSGPACK, Suite.NO_COMPRESSION);
      long gzipMsgpack = sizes.bytes(dataset, Format.MSGPACK, COMPARISON_CODEC);
      table.addRow(dataset, Figures.bytes(json), ofJson(gzipJson, json), ofJson(msgpack, json),
          ofJson(gzipMsgpack, json));
    }
    return table;
  }

  /** A size with its share of the plain JSON size: {@code 34,512 (30.0%)}. */
  private static String ofJson(long bytes, long json) {
    return Figures.bytes(bytes) + " (" + Figures.percent(bytes, json) + ")";
  }

  MarkdownTable levelTable(List<String> measured) {
    List<String> headers = new ArrayList<>(List.of("dataset", "format", "bytes"));
    for (String codec : PayloadSizes.ZLIB_LEVELS) {
      headers.add("gzip " + codec.substring(codec.indexOf('-') + 1));
    }
    MarkdownTable table = new MarkdownTable(headers);
    for (String dataset : measured) {
      for (Format format : Format.values()) {
        long raw = sizes.bytes(dataset, format, Suite.NO_COMPRESSION);
        List<String> cells = new ArrayList<>(List.of(dataset, format.name(), Figures.bytes(raw)));
        for (String codec : PayloadSizes.ZLIB_LEVELS) {
          cells.add(Figures.percent(sizes.bytes(dataset, format, codec), raw));
        }
        table.addRow(cells);
      }
    }
    return table;
  }
}
