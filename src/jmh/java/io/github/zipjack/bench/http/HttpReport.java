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
 *     [--cores N] [--server-log FILE]
 * </pre>
 * The server log's {@code variant ...} lines (which engine serves each variant) become notes.
 */
public final class HttpReport {

  /** The variants in the table's order. */
  static final List<String> VARIANTS = List.of("plain", "jetty", "filter", "direct");

  private HttpReport() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      throw new IllegalArgumentException("usage: HttpReport RUNS_FILE OUT_MD [--wrk TEXT]"
          + " [--warmup TEXT] [--jdk TEXT] [--cores N] [--server-log FILE]");
    }
    String wrk = "wrk";
    String warmup = "short";
    String jdk = "JDK " + System.getProperty("java.version");
    int cores = Runtime.getRuntime().availableProcessors();
    List<String> notes = new ArrayList<>();
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
        default -> throw new IllegalArgumentException("unknown argument: " + args[i]);
      }
    }
    String markdown = render(HttpRun.readAll(Path.of(args[0])), caption(wrk, warmup, jdk, cores), notes);
    Path out = Path.of(args[1]);
    if (out.getParent() != null) {
      Files.createDirectories(out.getParent());
    }
    Files.writeString(out, markdown);
    System.out.print(markdown);
  }

  /** How the figures were made; says that wrk and the server share the cores. */
  static String caption(String wrk, String warmup, String jdk, int cores) {
    return "Requests per second and latency percentiles of one JSON endpoint on loopback, each row"
        + " measured by `" + wrk + " --latency` after a " + warmup + " warm-up run of the same, with"
        + " `Accept-Encoding` set to the row's coding. The server is embedded Jetty 12.1 on " + jdk
        + "; wrk and the server"
        + " share the machine's " + cores + " cores, so each takes CPU from the other: compare rows,"
        + " not absolute figures. × jetty divides by Jetty's CompressionHandler on the same dataset and"
        + " coding. Body bytes are the response body as sent.";
  }

  /** The whole Markdown section: caption, table, targets and notes. */
  static String render(List<HttpRun> runs, String caption, List<String> notes) {
    StringBuilder out = new StringBuilder();
    out.append(caption).append("\n\n");
    out.append(table(runs));
    List<List<String>> targets = targets(runs);
    if (!targets.isEmpty()) {
      out.append("\nTargets (issue 7): zipjack's filter at least as fast as Jetty's handler at the"
          + " same coding and level while sending Content-Length; its direct helper faster still.\n\n");
      out.append(markdown(List.of("target", "figure", "required", "holds"), targets));
    }
    if (!notes.isEmpty()) {
      out.append("\nVariants:\n\n");
      for (String note : notes) {
        out.append("- ").append(note).append('\n');
      }
    }
    return out.toString();
  }

  static String table(List<HttpRun> runs) {
    List<List<String>> rows = new ArrayList<>();
    for (HttpRun run : sorted(runs)) {
      Optional<HttpRun> jetty = find(runs, "jetty", run.dataset(), run.coding());
      String ratio = run.coding().equals("identity") || jetty.isEmpty() ? "–"
          : times(run.wrk().requestsPerSecond() / jetty.get().wrk().requestsPerSecond());
      rows.add(List.of(run.dataset(), run.variant(), codingLabel(run.coding()),
          String.format(Locale.ROOT, "%,.0f", run.wrk().requestsPerSecond()), ratio,
          millis(run.wrk().p50Micros()), millis(run.wrk().p99Micros()),
          run.contentLengthSent() ? "yes" : "no", String.format(Locale.ROOT, "%,d", run.bodyBytes()),
          String.format(Locale.ROOT, "%,d", run.wrk().errors())));
    }
    return markdown(List.of("dataset", "variant", "coding", "req/s", "× jetty", "p50 ms", "p99 ms",
        "Content-Length", "body bytes", "errors"), rows);
  }

  /** One row per dataset and coding where zipjack's variants and Jetty's were all measured. */
  static List<List<String>> targets(List<HttpRun> runs) {
    List<List<String>> rows = new ArrayList<>();
    for (HttpRun jetty : sorted(runs)) {
      if (!jetty.variant().equals("jetty")) {
        continue;
      }
      String where = " (" + jetty.dataset() + ", " + codingLabel(jetty.coding()) + ")";
      Optional<HttpRun> filter = find(runs, "filter", jetty.dataset(), jetty.coding());
      Optional<HttpRun> direct = find(runs, "direct", jetty.dataset(), jetty.coding());
      if (filter.isPresent()) {
        double ratio = filter.get().wrk().requestsPerSecond() / jetty.wrk().requestsPerSecond();
        boolean holds = ratio >= 1.0 && filter.get().contentLengthSent();
        rows.add(List.of("filter req/s × jetty" + where, times(ratio), "≥ 1.00× with Content-Length",
            holds ? "yes" : filter.get().contentLengthSent() ? "NO" : "NO (no Content-Length)"));
      }
      if (filter.isPresent() && direct.isPresent()) {
        double ratio = direct.get().wrk().requestsPerSecond() / filter.get().wrk().requestsPerSecond();
        rows.add(List.of("direct req/s × filter" + where, times(ratio), "> 1.00×",
            ratio > 1.0 ? "yes" : "NO"));
      }
    }
    return rows;
  }

  /** The coding with its level, as every variant of the server uses it: gzip-1, br-5, identity. */
  static String codingLabel(String coding) {
    Integer level = HttpBenchServer.LEVELS.get(coding);
    return level == null ? coding : coding + "-" + level;
  }

  private static List<HttpRun> sorted(List<HttpRun> runs) {
    List<HttpRun> copy = new ArrayList<>(runs);
    List<String> codings = new ArrayList<>();
    for (HttpRun run : runs) {
      if (!codings.contains(run.coding())) {
        codings.add(run.coding());
      }
    }
    // Datasets and codings in the order first measured, identity first; variants in VARIANTS' order.
    List<String> datasets = runs.stream().map(HttpRun::dataset).distinct().toList();
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

  private static Optional<HttpRun> find(List<HttpRun> runs, String variant, String dataset,
      String coding) {
    return runs.stream()
        .filter(r -> r.variant().equals(variant) && r.dataset().equals(dataset)
            && r.coding().equals(coding))
        .findFirst();
  }

  private static String times(double ratio) {
    return String.format(Locale.ROOT, "%.2f×", ratio);
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
