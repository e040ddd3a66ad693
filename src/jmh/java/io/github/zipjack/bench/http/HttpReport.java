package io.github.zipjack.bench.http;

import io.github.zipjack.bench.report.MarkdownTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Writes the HTTP benchmark's Markdown: a caption saying how it was measured, one row per run
 * (requests per second, its ratio to Jetty's handler at the same dataset and coding, p50 and p99
 * latency, whether Content-Length was sent, the body's size), and the targets: zipjack's
 * filter at least as fast as Jetty's handler while sending Content-Length, its direct helper
 * faster still. {@code bench/http} runs {@link #main}.
 *
 * <pre>
 * HttpReport RUNS_FILE OUT_MD [--wrk "wrk -t2 -c16 -d8s"] [--warmup 2s] [--jdk "JDK 25.0.3"]
 *     [--cores N] [--server-log FILE] [--append-to REPORT_MD]
 * </pre>
 * RUNS_FILE may hold several rounds of a row (lines with the same variant, dataset and coding, in
 * the order measured). {@code --append-to} adds the same Markdown as a section at the end of the
 * suite's report, which {@code bench/run} uses.
 * The server log's {@code variant ...} lines (which engine serves each variant) become notes.
 */
public final class HttpReport {

  /** The variants in the table's order. */
  static final List<String> VARIANTS = List.of("plain", "jetty", "filter", "direct");
  /** The heading of the section appended to the suite's report. */
  static final String SECTION_TITLE = "## HTTP: the servlet filter and the direct helper against Jetty's CompressionHandler";

  private HttpReport() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: HttpReport RUNS_FILE OUT_MD [--wrk TEXT]"
          + " [--warmup TEXT] [--jdk TEXT] [--cores N] [--server-log FILE] [--append-to REPORT_MD]");
    }
    String wrk = "wrk";
    String warmup = "short";
    String jdk = "JDK " + System.getProperty("java.version");
    int cores = Runtime.getRuntime().availableProcessors();
    List<String> notes = new ArrayList<>();
    Path appendTo = null;
    for (int i = 2; i < args.length; i++) {
      switch (args[i]) {
        case "--wrk" -> wrk = args[++i];
        case "--warmup" -> warmup = args[++i];
        case "--jdk" -> jdk = args[++i];
        case "--cores" -> cores = Integer.parseInt(args[++i]);
        case "--server-log" -> {
          for (String line : Files.readAllLines(Path.of(args[++i]))) {
            if (line.startsWith("variant ")) {
              notes.add(line.substring("variant ".length()));
            }
          }
        }
        case "--append-to" -> appendTo = Path.of(args[++i]);
        default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
      }
    }
    String markdown = render(HttpRun.readAll(Path.of(args[0])), caption(wrk, warmup, jdk, cores), notes);
    Path out = Path.of(args[1]);
    if (out.getParent() != null) {
      Files.createDirectories(out.getParent());
    }
    Files.writeString(out, markdown);
    if (appendTo != null) {
      Files.writeString(appendTo, "\n" + SECTION_TITLE + "\n\n" + markdown, java.nio.file.StandardOpenOption.APPEND);
    }
    System.out.print(markdown);
  }

  /** How the figures were made; says that wrk and the server share the cores. */
  static String caption(String wrk, String warmup, String jdk, int cores) {
    return "Requests per second and latency percentiles of one JSON endpoint on loopback, measured by `"
        + wrk + " --latency` after a " + warmup + " warm-up run of the same, with `Accept-Encoding` set to"
        + " the row's coding. With several rounds, each round measures Jetty's handler, the filter and"
        + " the direct helper one after the other; req/s is the mean over the rounds ± their standard"
        + " deviation, × jetty the mean of the rounds' ratios to Jetty's handler on the same dataset and"
        + " coding ± theirs, latencies the mean of the rounds'. The server is embedded Jetty 12.1 on " + jdk
        + "; wrk and the server share the machine's " + cores + " cores, so each takes CPU from the other:"
        + " compare rows, not absolute figures. Body bytes are the response body as sent.";
  }

  /** The whole Markdown section: caption, table, targets and notes. */
  static String render(List<HttpRun> runs, String caption, List<String> notes) {
    List<HttpRow> rows = HttpRow.group(runs);
    StringBuilder out = new StringBuilder();
    out.append(caption).append("\n\n");
    out.append(table(rows));
    List<List<String>> targets = targets(rows);
    if (!targets.isEmpty()) {
      out.append("\nTargets (issue 7): zipjack's filter at least as fast as Jetty's handler at the"
          + " same coding and level while sending Content-Length; its direct helper faster still. A"
          + " mean below the target by less than one standard deviation is a tie within the noise.\n\n");
      out.append(markdown(List.of("target", "figure", "rounds", "required", "holds"), targets));
    }
    if (!notes.isEmpty()) {
      out.append("\nVariants:\n\n");
      for (String note : notes) {
        out.append("- ").append(note).append('\n');
      }
    }
    return out.toString();
  }

  static String table(List<HttpRow> rows) {
    List<List<String>> lines = new ArrayList<>();
    for (HttpRow row : sorted(rows)) {
      Optional<HttpRow> jetty = find(rows, "jetty", row.dataset(), row.coding());
      String ratio = row.coding().equals("identity") || jetty.isEmpty() ? "–"
          : row.variant().equals("jetty") ? "1.00×" : times(row.ratioTo(jetty.get()));
      HttpRow.Spread rps = row.requestsPerSecond();
      lines.add(List.of(row.dataset(), row.variant(), codingLabel(row.coding()),
          String.format(Locale.ROOT, "%,.0f", rps.mean()) + (rps.count() > 1
              ? String.format(Locale.ROOT, " ± %,.0f", rps.sd()) : ""), ratio,
          millis(row.meanP50Micros()), millis(row.meanP99Micros()),
          row.contentLengthSent() ? "yes" : "no", String.format(Locale.ROOT, "%,d", row.bodyBytes()),
          String.format(Locale.ROOT, "%,d", row.errors())));
    }
    return markdown(List.of("dataset", "variant", "coding", "req/s", "× jetty", "p50 ms", "p99 ms",
        "Content-Length", "body bytes", "errors"), lines);
  }

  /** One row per dataset and coding where zipjack's variants and Jetty's were all measured. */
  static List<List<String>> targets(List<HttpRow> rows) {
    List<List<String>> lines = new ArrayList<>();
    for (HttpRow jetty : sorted(rows)) {
      if (!jetty.variant().equals("jetty")) {
        continue;
      }
      String where = " (" + jetty.dataset() + ", " + codingLabel(jetty.coding()) + ")";
      Optional<HttpRow> filter = find(rows, "filter", jetty.dataset(), jetty.coding());
      Optional<HttpRow> direct = find(rows, "direct", jetty.dataset(), jetty.coding());
      if (filter.isPresent()) {
        HttpRow.Spread ratio = filter.get().ratioTo(jetty);
        String holds = !filter.get().contentLengthSent() ? "NO (no Content-Length)" : verdict(ratio, true);
        lines.add(List.of("filter req/s × jetty" + where, times(ratio), Integer.toString(ratio.count()),
            "≥ 1.00× with Content-Length", holds));
      }
      if (filter.isPresent() && direct.isPresent()) {
        HttpRow.Spread ratio = direct.get().ratioTo(filter.get());
        lines.add(List.of("direct req/s × filter" + where, times(ratio), Integer.toString(ratio.count()),
            "> 1.00×", verdict(ratio, false)));
      }
    }
    return lines;
  }

  /** yes, a tie within one standard deviation, or NO. */
  private static String verdict(HttpRow.Spread ratio, boolean equalHolds) {
    if (ratio.mean() > 1.0 || (equalHolds && ratio.mean() == 1.0)) {
      return "yes";
    }
    return ratio.count() > 1 && ratio.mean() + ratio.sd() >= 1.0 ? "tie (within ± sd)" : "NO";
  }

  /** The coding with its level, as every variant of the server uses it: gzip-1, br-5, identity. */
  static String codingLabel(String coding) {
    Integer level = HttpBenchServer.LEVELS.get(coding);
    return level == null ? coding : coding + "-" + level;
  }

  private static List<HttpRow> sorted(List<HttpRow> rows) {
    List<HttpRow> copy = new ArrayList<>(rows);
    List<String> codings = rows.stream().map(HttpRow::coding).distinct().toList();
    // Datasets and codings in the order first measured, identity first; variants in VARIANTS' order.
    List<String> datasets = rows.stream().map(HttpRow::dataset).distinct().toList();
    copy.sort((a, b) -> {
      int byDataset = Integer.compare(datasets.indexOf(a.dataset()), datasets.indexOf(b.dataset()));
      if (byDataset != 0) {
        return byDataset;
      }
      int byCoding = Integer.compare(codingRank(codings, a.coding()), codingRank(codings, b.coding()));
      if (byCoding != 0) {
        return byCoding;
      }
      return Integer.compare(VARIANTS.indexOf(a.variant()), VARIANTS.indexOf(b.variant()));
    });
    return copy;
  }

  private static int codingRank(List<String> codings, String coding) {
    return coding.equals("identity") ? -1 : codings.indexOf(coding);
  }

  private static Optional<HttpRow> find(List<HttpRow> rows, String variant, String dataset, String coding) {
    return rows.stream()
        .filter(r -> r.variant().equals(variant) && r.dataset().equals(dataset) && r.coding().equals(coding))
        .findFirst();
  }

  private static String times(HttpRow.Spread ratio) {
    return String.format(Locale.ROOT, "%.2f×", ratio.mean())
        + (ratio.count() > 1 ? String.format(Locale.ROOT, " ± %.2f", ratio.sd()) : "");
  }

  private static String millis(double micros) {
    return String.format(Locale.ROOT, "%.2f", micros / 1_000);
  }

  /** A GitHub Markdown table with padded columns; columns of figures are right-aligned. */
  static String markdown(List<String> headers, List<List<String>> rows) {
    MarkdownTable table = new MarkdownTable(headers);
    rows.forEach(table::addRow);
    return table.render();
  }
}
