package io.github.zipjack.tools.http;

import io.github.zipjack.tools.compare.RatioEstimate;
import io.github.zipjack.tools.compare.Verdict;
import io.github.zipjack.tools.report.MarkdownTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Writes the HTTP benchmark's Markdown: a caption saying how it was measured, one row per run
 * (requests per second, its ratio to Jetty's handler at the same dataset and coding, p50 and p99
 * latency, whether Content-Length was sent, the body's size), and the targets (docs/benchmarks.md,
 * "HTTP: the filter and the helper against Jetty's CompressionHandler"): zipjack's
 * filter at least as fast as Jetty's handler while sending Content-Length, its direct helper
 * faster still. {@code bench/http} runs {@link #main}.
 *
 * <pre>
 * HttpReport RUNS_FILE OUT_MD [--wrk "wrk -t2 -c16 -d8s"] [--warmup 2s] [--jdk "JDK 25.0.3"]
 *     [--cores N] [--server-log FILE] [--server jetty|spring|webflux] [--append-to REPORT_MD]
 * </pre>
 * RUNS_FILE may hold several rounds of a row (lines with the same variant, dataset and coding, in
 * the order measured). {@code --append-to} adds the same Markdown as a section at the end of the
 * suite's report, which {@code bench/run} uses.
 * The server log's {@code variant ...} lines (which engine serves each variant) become notes.
 */
public final class HttpReport {

  /** The variants of the Jetty server in the table's order. */
  static final List<String> VARIANTS = List.of("plain", "jetty", "filter", "direct");
  /** The variants of the Spring Boot server ({@link SpringBenchServer}) in the table's order. */
  static final List<String> SPRING_VARIANTS = List.of("plain", "boot", "filter", "converter");
  /** The heading of the Spring Boot section appended to the suite's report. */
  public static final String SPRING_SECTION_TITLE = "## HTTP: a Spring Boot 4 service, Boot's server.compression against zipjack's";
  /** Targets on x1 for the Spring Boot service (docs/benchmarks.md, "HTTP: Spring Boot"). */
  static final double SPRING_MIN_SPEEDUP = 2.0;
  static final double SPRING_MAX_SIZE_RATIO = 1.10;
  /** The variants of the WebFlux server ({@code SpringBenchServer --reactive}) in the table's order. */
  static final List<String> WEBFLUX_VARIANTS = List.of("plain", "netty", "writer");
  /** The heading of the WebFlux section appended to the suite's report. */
  public static final String WEBFLUX_SECTION_TITLE = "## HTTP: a Spring Boot 4 WebFlux service, Netty's compression"
      + " against zipjack's writer";
  /** On x1 at gzip, the least the writer's requests per second over Netty's compressor's (its gzip-6). */
  static final double WEBFLUX_MIN_SPEEDUP = 2.5;
  /** On one record, the most dcz's body may be of Netty's own zstd body, the 40-byte header included. */
  static final double WEBFLUX_DCZ_MAX_SIZE_VS_NETTY = 0.6;
  /**
   * The byte targets of dcz on one record, as a share of zstd(1)'s body, the 40-byte dcz header
   * included (docs/dictionaries.md).
   */
  public static final Map<String, Double> DCZ_MAX_SIZE_RATIO = Map.of("orders-1", 0.5, "people-1", 0.6);
  /** The datasets of one record, where compression must cost the service almost nothing. */
  static final List<String> SMALL_BODIES = List.of("people-1", "orders-1");
  /**
   * On one record, the least share of the uncompressed requests per second each coding must keep:
   * zstd(1) and dcz 0.95, gzip(1) 0.90.
   */
  static final Map<String, Double> SMALL_BODY_MIN_SHARE = Map.of("zstd", 0.95, "dcz", 0.95, "gzip", 0.90);
  /** On one record, the most p99 latency may grow over uncompressed. */
  static final double SMALL_BODY_MAX_P99 = 1.1;
  /** What the small-body targets require, in words. */
  static final String SMALL_BODY_TARGETS_TEXT = " On one record (people-1, orders-1), each of zipjack's variants"
      + " compressing at least 0.95× the requests per second of the same server sending it uncompressed at"
      + " zstd(1) and dcz, 0.90× at gzip(1), with a p99 latency at most 1.1× uncompressed.";
  /** What the targets of dcz require, in words. */
  static final String DCZ_TARGETS_TEXT = " dcz (one record, the client holding the dictionary the response"
      + " links) at least zstd(1)'s requests per second on the same variant with Content-Length, its body at"
      + " most 0.5× zstd(1)'s for orders-1 and 0.6× for people-1.";
  /** How the dcz rows were made, for the captions. */
  static final String DCZ_CAPTION = " dcz rows (one record): wrk sends `Accept-Encoding: zstd, dcz` and the"
      + " `Available-Dictionary` of the dictionary the endpoint's Link names, fetched once before (for"
      + " orders-1 trained on 1,000 other order events, for people-1 on 1,000 other people); zipjack answers"
      + " zstd 1 with the dictionary as history.";
  /** The heading of the section appended to the suite's report. */
  public static final String SECTION_TITLE = "## HTTP: the servlet filter and the direct helper against Jetty's CompressionHandler";

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
    String server = "jetty";
    for (int i = 2; i < args.length; i++) {
      switch (args[i]) {
        case "--server" -> {
          server = args[++i];
          if (!List.of("jetty", "spring", "webflux").contains(server)) {
            throw new IllegalArgumentException("--server is jetty, spring or webflux: " + server);
          }
        }
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
    List<HttpRun> runs = HttpRun.readAll(Path.of(args[0]));
    String markdown = switch (server) {
      case "spring" -> renderSpring(runs, springCaption(wrk, warmup, jdk, cores), notes);
      case "webflux" -> renderWebflux(runs, webfluxCaption(wrk, warmup, jdk, cores), notes);
      default -> render(runs, caption(wrk, warmup, jdk, cores), notes);
    };
    Path out = Path.of(args[1]);
    if (out.getParent() != null) {
      Files.createDirectories(out.getParent());
    }
    Files.writeString(out, markdown);
    if (appendTo != null) {
      String title = switch (server) {
        case "spring" -> SPRING_SECTION_TITLE;
        case "webflux" -> WEBFLUX_SECTION_TITLE;
        default -> SECTION_TITLE;
      };
      Files.writeString(appendTo, "\n" + title + "\n\n" + markdown,
          java.nio.file.StandardOpenOption.APPEND);
    }
    System.out.print(markdown);
  }

  /** How the figures were made; says that wrk and the server share the cores. */
  static String caption(String wrk, String warmup, String jdk, int cores) {
    return "Requests per second and latency percentiles of one JSON endpoint on loopback, measured by `"
        + wrk + " --latency` after a " + warmup + " warm-up run of the same, with `Accept-Encoding` set to"
        + " the row's coding." + roundsText("Jetty's handler") + " The server is embedded Jetty 12.1 on " + jdk
        + "; wrk and the server share the machine's " + cores + " cores, so each takes CPU from the other:"
        + " compare rows, not absolute figures. Body bytes are the response body as sent." + DCZ_CAPTION;
  }

  /**
   * How the rounds were run and what the figures are, the ratios taken to {@code baseline}'s row of
   * the same dataset and coding.
   */
  static String roundsText(String baseline) {
    return " Every row is checked and warmed up before the first round; each round then measures every"
        + " row of a dataset once, uncompressed included, in a fresh random order. req/s is the mean over"
        + " the rounds ± their standard deviation; a ratio (× " + baseline + ", and the targets') is the"
        + " geometric mean of the ratios taken within each round, with its 95% interval over the rounds; a"
        + " target holds only when the whole interval is on its side, misses when all of it is on the"
        + " other, and is inconclusive otherwise; latencies are the mean of the rounds'.";
  }

  /** How the Spring Boot figures were made. */
  static String springCaption(String wrk, String warmup, String jdk, int cores) {
    return "Requests per second and latency percentiles of one JSON endpoint of a Spring Boot 4 service on"
        + " loopback (a controller returning the dataset's records; Boot's Jackson 3 mapper), measured by `"
        + wrk + " --latency` after a " + warmup + " warm-up run of the same, with `Accept-Encoding` set to"
        + " the row's coding. Four applications of the same code, each in its own JVM, configured by properties only: plain"
        + " (no compression), boot (Boot's `server.compression`: Tomcat's gzip at zlib's level 6, which Boot"
        + " cannot change, chunked), filter (zipjack auto-configured, converter off: the filter compresses"
        + " what Spring's converter wrote) and converter (zipjack as it comes: its converter writes straight"
        + " into the compressed body); zipjack's gzip is level 1 (boot sends one record, 1 KB, uncompressed:"
        + " below its 2 KB minimum)." + roundsText("boot") + " Embedded"
        + " Tomcat on " + jdk + "; wrk and the server share the machine's " + cores + " cores. Body bytes are"
        + " the response body as sent. Boot's compression is measured in gzip only, the one coding it has."
        + DCZ_CAPTION;
  }

  /** The Spring Boot section: caption, table, the targets on x1 ({@link #springTargets}), notes. */
  static String renderSpring(List<HttpRun> runs, String caption, List<String> notes) {
    List<HttpRow> rows = HttpRow.group(runs);
    List<List<String>> targets = new ArrayList<>(springTargets(rows));
    targets.addAll(dictionaryTargets(rows, List.of("filter", "converter")));
    targets.addAll(smallBodyTargets(rows, List.of("filter", "converter")));
    targets.addAll(identityFigures(rows, List.of("filter", "converter")));
    return section(caption, table(rows, "boot", SPRING_VARIANTS), targets, "Targets, on x1 at"
        + " gzip: zipjack at least " + SPRING_MIN_SPEEDUP + "× the requests per second of Boot's server.compression,"
        + " with a body at most " + SPRING_MAX_SIZE_RATIO + "× its size and an exact Content-Length; the converter"
        + " at least as fast as the filter." + DCZ_TARGETS_TEXT + SMALL_BODY_TARGETS_TEXT, notes);
  }

  /** How the WebFlux figures were made. */
  static String webfluxCaption(String wrk, String warmup, String jdk, int cores) {
    return "Requests per second and latency percentiles of one JSON endpoint of a Spring Boot 4 WebFlux service"
        + " on loopback (a controller returning the dataset's records; Boot's Jackson 3 mapper), measured by `"
        + wrk + " --latency` after a " + warmup + " warm-up run of the same, with `Accept-Encoding` set to"
        + " the row's coding. Three applications of the same code on Reactor Netty, each in its own JVM, configured by properties"
        + " only: plain (no compression), netty (Boot's `server.compression` with `min-response-size=0`:"
        + " Netty's compressor, gzip at level 6 and zstd at level 3, its defaults, which Boot cannot change;"
        + " a single value is one full response, so Netty sends its compressed length too) and writer"
        + " (zipjack as it comes: its codec writer"
        + " serializes straight into the compressed body, gzip and zstd at level 1)." + roundsText("netty")
        + " " + jdk + "; wrk and the server share the machine's " + cores + " cores. Body bytes are the"
        + " response body as sent." + DCZ_CAPTION;
  }

  /** The WebFlux section: caption, table, the targets against Netty's compressor ({@link #webfluxTargets}), notes. */
  static String renderWebflux(List<HttpRun> runs, String caption, List<String> notes) {
    List<HttpRow> rows = HttpRow.group(runs);
    List<List<String>> targets = new ArrayList<>(webfluxTargets(rows));
    targets.addAll(dictionaryTargets(rows, List.of("writer")));
    targets.addAll(smallBodyTargets(rows, List.of("writer")));
    targets.addAll(identityFigures(rows, List.of("writer")));
    return section(caption, table(rows, "netty", WEBFLUX_VARIANTS), targets, "Targets: on x1 at gzip, the writer"
        + " at least " + WEBFLUX_MIN_SPEEDUP + "× the requests per second of Netty's compressor, with an exact"
        + " Content-Length; on one record, the writer's zstd(1) and dcz at least the requests per second of"
        + " Netty's own zstd, zstd(1) at most its bytes and dcz at most " + WEBFLUX_DCZ_MAX_SIZE_VS_NETTY + "× of"
        + " them." + DCZ_TARGETS_TEXT + SMALL_BODY_TARGETS_TEXT, notes);
  }

  /**
   * The writer against Netty's compressor: on x1 (people-100) at gzip, requests per second; on each
   * record of {@link #SMALL_BODIES}, zstd(1) and dcz against Netty's zstd, requests per second and bytes.
   */
  static List<List<String>> webfluxTargets(List<HttpRow> rows) {
    List<List<String>> lines = new ArrayList<>();
    Optional<HttpRow> nettyGzip = find(rows, "netty", HttpBenchServer.DATASETS.get(0), "gzip");
    Optional<HttpRow> writerGzip = find(rows, "writer", HttpBenchServer.DATASETS.get(0), "gzip");
    if (nettyGzip.isPresent() && writerGzip.isPresent()) {
      lines.add(speedWithLength("writer req/s × netty (x1, gzip)", writerGzip.get(), nettyGzip.get(),
          WEBFLUX_MIN_SPEEDUP));
    }
    for (String dataset : SMALL_BODIES) {
      Optional<HttpRow> nettyZstd = find(rows, "netty", dataset, "zstd");
      if (nettyZstd.isEmpty()) {
        continue;
      }
      for (String coding : List.of("zstd", "dcz")) {
        Optional<HttpRow> writer = find(rows, "writer", dataset, coding);
        if (writer.isEmpty()) {
          continue;
        }
        String where = " (" + dataset + ")";
        lines.add(speedWithLength("writer " + coding + " req/s × netty zstd" + where, writer.get(), nettyZstd.get(),
            1.0));
        lines.add(bytesAtMost("writer " + coding + " body bytes × netty zstd" + where, writer.get(), nettyZstd.get(),
            coding.equals("dcz") ? WEBFLUX_DCZ_MAX_SIZE_VS_NETTY : 1.0));
      }
    }
    return lines;
  }

  /** Caption, table, the targets with what they require (when any was measured), and the variants' notes. */
  private static String section(String caption, String table, List<List<String>> targets, String targetsText,
      List<String> notes) {
    StringBuilder out = new StringBuilder();
    out.append(caption).append("\n\n");
    out.append(table);
    if (!targets.isEmpty()) {
      out.append("\n").append(targetsText).append("\n\n");
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

  /** The targets where x1 (people-100) was measured at gzip by boot and zipjack's variants. */
  static List<List<String>> springTargets(List<HttpRow> rows) {
    List<List<String>> lines = new ArrayList<>();
    Optional<HttpRow> boot = find(rows, "boot", HttpBenchServer.DATASETS.get(0), "gzip");
    if (boot.isEmpty()) {
      return lines;
    }
    for (String variant : List.of("filter", "converter")) {
      Optional<HttpRow> zipjack = find(rows, variant, boot.get().dataset(), "gzip");
      if (zipjack.isEmpty()) {
        continue;
      }
      lines.add(speedWithLength(variant + " req/s × boot (x1, gzip)", zipjack.get(), boot.get(), SPRING_MIN_SPEEDUP));
      lines.add(bytesAtMost(variant + " body bytes × boot (x1, gzip)", zipjack.get(), boot.get(),
          SPRING_MAX_SIZE_RATIO));
    }
    Optional<HttpRow> filter = find(rows, "filter", boot.get().dataset(), "gzip");
    Optional<HttpRow> converter = find(rows, "converter", boot.get().dataset(), "gzip");
    if (filter.isPresent() && converter.isPresent()) {
      RatioEstimate ratio = converter.get().ratioTo(filter.get());
      lines.add(List.of("converter req/s × filter (x1, gzip)", times(ratio), Integer.toString(ratio.rounds()),
          "≥ 1.00×", verdict(ratio, 1.0)));
    }
    return lines;
  }

  /** The whole Markdown section: caption, table, targets and notes. */
  static String render(List<HttpRun> runs, String caption, List<String> notes) {
    List<HttpRow> rows = HttpRow.group(runs);
    List<List<String>> targets = new ArrayList<>(targets(rows));
    targets.addAll(dictionaryTargets(rows, List.of("filter", "direct")));
    targets.addAll(smallBodyTargets(rows, List.of("filter", "direct")));
    targets.addAll(identityFigures(rows, List.of("filter", "direct")));
    return section(caption, table(rows), targets, "Targets: zipjack's filter at least as fast as"
        + " Jetty's handler at the same coding and level while sending Content-Length; its direct helper at least"
        + " as fast as the filter." + DCZ_TARGETS_TEXT + SMALL_BODY_TARGETS_TEXT, notes);
  }

  static String table(List<HttpRow> rows) {
    return table(rows, "jetty", VARIANTS);
  }

  /** The table with each row's ratio to {@code baseline}'s row of the same dataset and coding. */
  static String table(List<HttpRow> rows, String baseline, List<String> variantOrder) {
    List<List<String>> lines = new ArrayList<>();
    for (HttpRow row : sorted(rows, variantOrder)) {
      Optional<HttpRow> base = find(rows, baseline, row.dataset(), row.coding());
      String ratio = row.coding().equals("identity") || base.isEmpty() ? "–"
          : row.variant().equals(baseline) ? "1.00×" : times(row.ratioTo(base.get()));
      HttpRow.Spread rps = row.requestsPerSecond();
      // the Jetty server's variants share one level per coding; the Spring table's caption gives its levels
      lines.add(List.of(row.dataset(), row.variant(), baseline.equals("jetty") ? codingLabel(row.coding()) : row.coding(),
          String.format(Locale.ROOT, "%,.0f", rps.mean()) + (rps.count() > 1
              ? String.format(Locale.ROOT, " ± %,.0f", rps.sd()) : ""), ratio,
          millis(row.meanP50Micros()), millis(row.meanP99Micros()),
          row.contentLengthSent() ? "yes" : "no", String.format(Locale.ROOT, "%,d", row.bodyBytes()),
          String.format(Locale.ROOT, "%,d", row.errors())));
    }
    return markdown(List.of("dataset", "variant", "coding", "req/s", "× " + baseline, "p50 ms", "p99 ms",
        "Content-Length", "body bytes", "errors"), lines);
  }

  /** One row per dataset and coding where zipjack's variants and Jetty's were all measured. */
  static List<List<String>> targets(List<HttpRow> rows) {
    List<List<String>> lines = new ArrayList<>();
    for (HttpRow jetty : sorted(rows, VARIANTS)) {
      if (!jetty.variant().equals("jetty")) {
        continue;
      }
      String where = " (" + jetty.dataset() + ", " + codingLabel(jetty.coding()) + ")";
      Optional<HttpRow> filter = find(rows, "filter", jetty.dataset(), jetty.coding());
      Optional<HttpRow> direct = find(rows, "direct", jetty.dataset(), jetty.coding());
      if (filter.isPresent()) {
        lines.add(speedWithLength("filter req/s × jetty" + where, filter.get(), jetty, 1.0));
      }
      if (filter.isPresent() && direct.isPresent()) {
        RatioEstimate ratio = direct.get().ratioTo(filter.get());
        lines.add(List.of("direct req/s × filter" + where, times(ratio), Integer.toString(ratio.rounds()),
            "≥ 1.00×", verdict(ratio, 1.0)));
      }
    }
    return lines;
  }

  /**
   * dcz against zstd(1) on the same variant and dataset, for each of {@code variants} where both were
   * measured: requests per second at least zstd's, with Content-Length; the body at most
   * {@link #DCZ_MAX_SIZE_RATIO} of zstd's.
   */
  static List<List<String>> dictionaryTargets(List<HttpRow> rows, List<String> variants) {
    List<List<String>> lines = new ArrayList<>();
    for (HttpRow dcz : sorted(rows, variants)) {
      Optional<HttpRow> zstd = find(rows, dcz.variant(), dcz.dataset(), "zstd");
      if (!dcz.coding().equals("dcz") || !variants.contains(dcz.variant()) || zstd.isEmpty()) {
        continue;
      }
      String where = " (" + dcz.dataset() + ")";
      lines.add(speedWithLength(dcz.variant() + " dcz req/s × zstd-1" + where, dcz, zstd.get(), 1.0));
      Double max = DCZ_MAX_SIZE_RATIO.get(dcz.dataset());
      if (max != null) {
        lines.add(bytesAtMost(dcz.variant() + " dcz body bytes × zstd-1" + where, dcz, zstd.get(), max));
      }
    }
    return lines;
  }

  /**
   * One record sent compressed against the same server sending it uncompressed (plain), for each of
   * {@code variants} and each coding with a share in {@link #SMALL_BODY_MIN_SHARE}: requests per
   * second at least that share, p99 latency at most {@link #SMALL_BODY_MAX_P99}, both paired within
   * the rounds.
   */
  static List<List<String>> smallBodyTargets(List<HttpRow> rows, List<String> variants) {
    List<List<String>> lines = new ArrayList<>();
    for (HttpRow row : sorted(rows, variants)) {
      Double share = SMALL_BODY_MIN_SHARE.get(row.coding());
      Optional<HttpRow> plain = find(rows, "plain", row.dataset(), "identity");
      if (share == null || !SMALL_BODIES.contains(row.dataset()) || !variants.contains(row.variant()) || plain.isEmpty()) {
        continue;
      }
      String where = " (" + row.dataset() + ", " + codingLabel(row.coding()) + ")";
      RatioEstimate rps = row.ratioTo(plain.get());
      lines.add(List.of(row.variant() + " req/s × uncompressed" + where, times(rps), Integer.toString(rps.rounds()),
          String.format(Locale.ROOT, "≥ %.2f×", share), verdict(rps, share)));
      RatioEstimate p99 = row.p99RatioTo(plain.get());
      lines.add(List.of(row.variant() + " p99 × uncompressed" + where, times(p99), Integer.toString(p99.rounds()),
          String.format(Locale.ROOT, "≤ %.2f×", SMALL_BODY_MAX_P99), Verdict.against(p99, SMALL_BODY_MAX_P99, false)));
    }
    return lines;
  }

  /**
   * What zipjack costs a body it does not compress, and what compressing then adds: each of
   * {@code variants}' identity rows (a client that accepts no coding) against the same server's
   * uncompressed variant, then each of that variant's compressed rows of the dataset against its
   * identity row, paired within the rounds. No target: the verdict says faster, slower, tie or
   * inconclusive.
   */
  static List<List<String>> identityFigures(List<HttpRow> rows, List<String> variants) {
    List<List<String>> lines = new ArrayList<>();
    List<HttpRow> ordered = sorted(rows, variants);
    for (HttpRow identity : ordered) {
      Optional<HttpRow> plain = find(rows, "plain", identity.dataset(), "identity");
      if (!identity.coding().equals("identity") || !variants.contains(identity.variant()) || plain.isEmpty()) {
        continue;
      }
      RatioEstimate rps = identity.ratioTo(plain.get());
      lines.add(List.of(identity.variant() + " req/s × uncompressed (" + identity.dataset() + ", no coding accepted)",
          times(rps), Integer.toString(rps.rounds()), "none", Verdict.of(rps)));
      for (HttpRow coded : ordered) {
        if (coded.variant().equals(identity.variant()) && coded.dataset().equals(identity.dataset())
            && !coded.coding().equals("identity")) {
          RatioEstimate step = coded.ratioTo(identity);
          lines.add(List.of(coded.variant() + " req/s, " + codingLabel(coded.coding()) + " × no coding accepted ("
              + coded.dataset() + ")", times(step), Integer.toString(step.rounds()), "none", Verdict.of(step)));
        }
      }
    }
    return lines;
  }

  /**
   * A target row: {@code row}'s requests per second over {@code base}'s, paired within the rounds, at
   * least {@code minimum}, with a Content-Length ("NO" without one, whatever the ratio).
   */
  private static List<String> speedWithLength(String name, HttpRow row, HttpRow base, double minimum) {
    RatioEstimate ratio = row.ratioTo(base);
    return List.of(name, times(ratio), Integer.toString(ratio.rounds()),
        String.format(Locale.ROOT, "≥ %.2f× with Content-Length", minimum),
        !row.contentLengthSent() ? "NO (no Content-Length)" : verdict(ratio, minimum));
  }

  /** A target row: {@code row}'s body bytes over {@code base}'s, exact (one figure), at most {@code maximum}. */
  private static List<String> bytesAtMost(String name, HttpRow row, HttpRow base, double maximum) {
    double size = (double) row.bodyBytes() / base.bodyBytes();
    return List.of(name, String.format(Locale.ROOT, "%.3f×", size), "1", String.format(Locale.ROOT, "≤ %.2f×", maximum),
        size <= maximum ? "yes" : "NO");
  }

  /**
   * The paired verdict on a ratio that must be at least {@code target}: holds only when the whole 95%
   * interval over the rounds is at or above it, misses when all of it is below, else inconclusive
   * (always with one round).
   */
  private static String verdict(RatioEstimate ratio, double target) {
    return Verdict.against(ratio, target, true);
  }

  /** The coding with its level, as every variant of the server uses it: gzip-1, br-5, identity. */
  static String codingLabel(String coding) {
    Integer level = HttpBenchServer.LEVELS.get(coding);
    return level == null ? coding : coding + "-" + level;
  }

  private static List<HttpRow> sorted(List<HttpRow> rows, List<String> variantOrder) {
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
      return Integer.compare(variantOrder.indexOf(a.variant()), variantOrder.indexOf(b.variant()));
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

  /** The geometric mean of the rounds' ratios and its 95% interval: {@code 0.97× [0.91, 1.03]}. */
  private static String times(RatioEstimate ratio) {
    return String.format(Locale.ROOT, "%.2f×", ratio.ratio())
        + (ratio.rounds() > 1 ? String.format(Locale.ROOT, " [%.2f, %.2f]", ratio.low(), ratio.high()) : "");
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
